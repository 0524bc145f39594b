/** Messages sent (in all and per type) and dropped, up to any time. */
import { upperBound } from '../../lib/search.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Metrics } from './types.ts';

// Trackers are closures, not classes: their state is local names the minifier shortens (first view).
export function messageTracker() {
  const sendTimes: number[] = [];
  const typeTimes = new Map<string, number[]>();
  const dropTimes: number[] = [];
  return {
    observe(e: TraceEvent): void {
      if (e.k === 'drop') dropTimes.push(e.t);
      if (e.k !== 'send') return;
      sendTimes.push(e.t);
      let ts = typeTimes.get(e.type);
      if (!ts) {
        ts = [];
        typeTimes.set(e.type, ts);
      }
      ts.push(e.t);
    },
    at(t: number): Pick<Metrics, 'messages' | 'messagesPerMinute'> {
      const count = (arr: number[]) => upperBound(arr.length, (i) => arr[i] as number, t);
      const byType: Record<string, number> = {};
      for (const type of [...typeTimes.keys()].sort()) {
        const c = count(typeTimes.get(type) as number[]);
        if (c > 0) byType[type] = c;
      }
      const sent = count(sendTimes);
      return {
        messages: { total: sent, byType, dropped: count(dropTimes) },
        messagesPerMinute: t > 0 ? (sent * 60_000) / t : 0,
      };
    },
  };
}
