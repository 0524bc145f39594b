import type { TraceEvent } from '../trace/events.ts';

/** The mark a fencing window leaves in the trace, on the resource that accepted the write. */
export const FENCING_WINDOW_MARK = 'fencing-window';

export interface FencingWindow {
  resource: string;
  data: { node: string; token: number; newer: number; newerNode: string; seen: number | null };
}

/**
 * Fencing's window: a deposed holder's write accepted because the resource has not yet seen the newer
 * token. A resource can only refuse a token lower than one it has seen (Kleppmann, "How to do
 * distributed locking", 2016), so between a new leader's election and its first write there, the old
 * holder's write still lands. It is a notice, not a violation: nothing the resource knew was broken,
 * and the safety checkers and chaos verdicts stay as they are. Writes that name an item (a shard) are
 * fenced per item with tokens of their own, so only whole-resource writes are compared with the
 * newest token a leader was given (the metrics' "stale but accepted", src/sim/metrics/writes.ts).
 */
export function fencingWindowNotice(): { observe(e: TraceEvent): FencingWindow[]; state(): unknown } {
  let newest: { token: number; node: string } | null = null;
  return {
    state: () => newest,
    observe(e) {
      if (e.k === 'role' && e.role === 'leader' && e.token !== undefined) {
        if (!newest || e.token > newest.token) newest = { token: e.token, node: e.node };
        return [];
      }
      if (e.k !== 'write' || e.status !== 'accepted' || e.token === null || e.key !== undefined) return [];
      // A node's writes into its own copy of the data are split-brain's case, not fencing's.
      if (e.resource === e.node) return [];
      if (!newest || e.token >= newest.token || e.node === newest.node) return [];
      // Seen already: the storage took it over a token it knew, the stale-write violation's case.
      if (e.seen !== null && e.seen >= newest.token) return [];
      return [
        {
          resource: e.resource,
          data: { node: e.node, token: e.token, newer: newest.token, newerNode: newest.node, seen: e.seen },
        },
      ];
    },
  };
}
