import type { TraceEvent, Violation } from '../trace/events.ts';
import type { Checker } from './checker.ts';

/** The store must grant a key to at most one lease at a time: a put may not move a live key to another lease. */
export function leaseHoldersChecker(): Checker {
  const holder = new Map<string, number>();
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'store') return [];
      const c = e.change;
      if (c.kind === 'delete') holder.delete(c.key);
      if (c.kind !== 'put' || c.kv.lease === 0) return [];
      const prev = holder.get(c.kv.key);
      holder.set(c.kv.key, c.kv.lease);
      if (prev === undefined || prev === c.kv.lease) return [];
      return [
        {
          kind: 'two-lease-holders',
          nodes: [],
          detail: `${c.kv.key} moved from lease ${prev} to ${c.kv.lease} while held`,
        },
      ];
    },
  };
}
