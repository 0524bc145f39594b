/**
 * Writes accepted and rejected, and the stale-but-accepted ones: an accepted write whose token is
 * lower than the highest token reported with a 'leader' role before it (issued to any leader).
 */
import { upperBound } from '../../lib/search.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Metrics } from './types.ts';

export class WriteTracker {
  private readonly times: number[] = [];
  /** Prefix counts after each write: [accepted, rejected, staleAccepted]. */
  private readonly counts: Array<[number, number, number]> = [];
  private maxToken = Number.NEGATIVE_INFINITY;
  private acc = 0;
  private rej = 0;
  private stale = 0;

  observe(e: TraceEvent): void {
    if (e.k === 'role' && e.role === 'leader' && e.token !== undefined)
      this.maxToken = Math.max(this.maxToken, e.token);
    if (e.k !== 'write') return;
    if (e.status === 'accepted') {
      this.acc++;
      if (e.token !== null && e.token < this.maxToken) this.stale++;
    } else this.rej++;
    this.times.push(e.t);
    this.counts.push([this.acc, this.rej, this.stale]);
  }

  at(t: number): Pick<Metrics, 'writes'> {
    const w = upperBound(this.times.length, (i) => this.times[i] as number, t);
    const [accepted, rejected, staleAccepted] = this.counts[w - 1] ?? [0, 0, 0];
    return { writes: { accepted, rejected, staleAccepted } };
  }
}
