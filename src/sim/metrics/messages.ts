/** Messages sent (in all and per type) and dropped, up to any time. */
import { upperBound } from '../../lib/search.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Metrics } from './types.ts';

export class MessageTracker {
  private readonly sendTimes: number[] = [];
  private readonly typeTimes = new Map<string, number[]>();
  private readonly dropTimes: number[] = [];

  observe(e: TraceEvent): void {
    if (e.k === 'drop') this.dropTimes.push(e.t);
    if (e.k !== 'send') return;
    this.sendTimes.push(e.t);
    let ts = this.typeTimes.get(e.type);
    if (!ts) {
      ts = [];
      this.typeTimes.set(e.type, ts);
    }
    ts.push(e.t);
  }

  at(t: number): Pick<Metrics, 'messages' | 'messagesPerMinute'> {
    const count = (arr: number[]) => upperBound(arr.length, (i) => arr[i] as number, t);
    const byType: Record<string, number> = {};
    for (const type of [...this.typeTimes.keys()].sort()) {
      const c = count(this.typeTimes.get(type) as number[]);
      if (c > 0) byType[type] = c;
    }
    const sent = count(this.sendTimes);
    return {
      messages: { total: sent, byType, dropped: count(this.dropTimes) },
      messagesPerMinute: t > 0 ? (sent * 60_000) / t : 0,
    };
  }
}
