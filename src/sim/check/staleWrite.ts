import type { TraceEvent, Violation } from '../trace/events.ts';
import type { Checker } from './checker.ts';
import { violation } from './violation.ts';

/**
 * A resource accepted a write whose fencing token is lower than one it had already accepted: the
 * lost update that fencing tokens exist to prevent (Kleppmann 2016, "How to do distributed locking").
 * Tokens compare per item: a write that names its item (a shard, write.key) is checked against that
 * item's writes only, as the storage fences it.
 */
export function staleWriteChecker(): Checker {
  const highest = new Map<string, number>();
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'write' || e.status !== 'accepted' || e.token === null) return [];
      const item = e.key === undefined ? e.resource : `${e.resource} ${e.key}`;
      const hi = highest.get(item);
      if (hi === undefined || e.token >= hi) {
        highest.set(item, e.token);
        return [];
      }
      return [
        violation({
          kind: 'stale-write-accepted',
          nodes: [e.node],
          resource: e.resource,
          ...(e.key !== undefined ? { key: e.key } : {}),
          token: e.token,
          seen: hi,
        }),
      ];
    },
    state: () => highest,
  };
}
