import type { TraceEvent, Violation } from '../trace/events.ts';
import type { Checker } from './checker.ts';
import { violation } from './violation.ts';

/**
 * A lock key in the store has at most one holder at a time: while it exists, a put may not hand it to
 * a different holder (value) under another lease. Re-attaching the same holder's key to its new lease
 * is a renewal (Patroni's etcd3 `_update_leader` after an agent restart), not a second holder.
 */
export function leaseHoldersChecker(lockKeys: string[]): Checker {
  const locks = new Set(lockKeys);
  const holder = new Map<string, { lease: number; value: string }>();
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'store') return [];
      const c = e.change;
      if (c.kind === 'delete') holder.delete(c.key);
      if (c.kind !== 'put' || !locks.has(c.kv.key)) return [];
      const prev = holder.get(c.kv.key);
      holder.set(c.kv.key, { lease: c.kv.lease, value: c.kv.value });
      if (!prev || prev.value === c.kv.value || prev.lease === c.kv.lease) return [];
      return [
        violation({
          kind: 'two-lease-holders',
          nodes: [prev.value, c.kv.value].sort(),
          key: c.kv.key,
          pair: [prev.value, c.kv.value],
          leases: [prev.lease, c.kv.lease],
        }),
      ];
    },
    state: () => holder,
  };
}
