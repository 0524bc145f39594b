import { pushAll } from '../lib/extent.ts';
import type { TraceEvent } from '../sim/trace/events.ts';

/** Keeps events until they are final (older than the lag), then hands them out in time order. */
export class Recorder {
  readonly events: TraceEvent[] = [];
  private pending: Array<{ e: TraceEvent; seq: number }> = [];
  private seq = 0;
  private released = 0;

  push(e: TraceEvent): void {
    this.pending.push({ e, seq: this.seq++ });
  }

  /** Releases every event at or before `upTo` (all with Infinity); returns the new ones. */
  release(upTo: number): TraceEvent[] {
    const ready = this.pending.filter((p) => p.e.t <= upTo);
    if (ready.length === 0) return [];
    this.pending = this.pending.filter((p) => p.e.t > upTo);
    ready.sort((a, b) => a.e.t - b.e.t || a.seq - b.seq);
    const out = ready.map((p) => {
      // Late by more than the lag (a stalled event loop): kept, at the last time already released.
      if (p.e.t < this.released) {
        p.e.t = this.released;
        // A message is not delivered before it is sent (trace import refuses it).
        if (p.e.k === 'send' && p.e.deliverAt < p.e.t) p.e.deliverAt = p.e.t;
      }
      return p.e;
    });
    this.released = out[out.length - 1]?.t ?? this.released;
    pushAll(this.events, out);
    return out;
  }
}
