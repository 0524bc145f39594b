/** Messages sent (in all and per type) and dropped, up to any time. */
import { upperBound } from '../../lib/search.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Metrics } from './types.ts';

/** Sorted times: plain arrays as built, typed arrays once they crossed from the engine's worker. */
type Times = ArrayLike<number>;

/** What `messagesAt` reads: plain data, so the engine can build it and the page read it. */
export interface MessageData {
  sendTimes: Times;
  typeTimes: Map<string, Times>;
  dropTimes: Times;
}

// Trackers are closures, not classes: their state is local names the minifier shortens (first view).
export function messageTracker() {
  const sendTimes: number[] = [];
  const typeTimes = new Map<string, number[]>();
  const dropTimes: number[] = [];
  return {
    data: { sendTimes, typeTimes, dropTimes } satisfies MessageData,
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
  };
}

export function messagesAt(d: MessageData, t: number): Pick<Metrics, 'messages' | 'messagesPerMinute'> {
  const count = (arr: Times) => upperBound(arr.length, (i) => arr[i] as number, t);
  const byType: Record<string, number> = {};
  for (const type of [...d.typeTimes.keys()].sort()) {
    const c = count(d.typeTimes.get(type) as Times);
    if (c > 0) byType[type] = c;
  }
  const sent = count(d.sendTimes);
  return {
    messages: { total: sent, byType, dropped: count(d.dropTimes) },
    messagesPerMinute: t > 0 ? (sent * 60_000) / t : 0,
  };
}
