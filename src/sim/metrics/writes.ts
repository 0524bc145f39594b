/**
 * Writes accepted and rejected, and the stale-but-accepted ones: an accepted write whose token is
 * lower than the highest token reported with a 'leader' role before it (issued to any leader).
 */
import { upperBound } from '../../lib/search.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Metrics } from './types.ts';

/** What `writesAt` reads (plain data). */
export interface WriteData {
  times: number[];
  /** Prefix counts after each write: [accepted, rejected, staleAccepted]. */
  counts: Array<[number, number, number]>;
}

export function writeTracker() {
  const times: number[] = [];
  const counts: Array<[number, number, number]> = [];
  let maxToken = Number.NEGATIVE_INFINITY;
  let acc = 0;
  let rej = 0;
  let stale = 0;
  return {
    data: { times, counts } satisfies WriteData,
    observe(e: TraceEvent): void {
      if (e.k === 'role' && e.role === 'leader' && e.token !== undefined)
        maxToken = Math.max(maxToken, e.token);
      if (e.k !== 'write') return;
      if (e.status === 'accepted') {
        acc++;
        if (e.token !== null && e.token < maxToken) stale++;
      } else rej++;
      times.push(e.t);
      counts.push([acc, rej, stale]);
    },
  };
}

export function writesAt(d: WriteData, t: number): Pick<Metrics, 'writes'> {
  const w = upperBound(d.times.length, (i) => d.times[i] as number, t);
  const [accepted, rejected, staleAccepted] = d.counts[w - 1] ?? [0, 0, 0];
  return { writes: { accepted, rejected, staleAccepted } };
}
