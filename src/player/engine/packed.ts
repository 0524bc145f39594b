/**
 * An engine message as a worker posts it to the page, and what it moves (transfers) rather than
 * copies. Events go as JSON bytes in a transferred buffer: moving it costs nothing, and the page
 * parses one chunk at a time (about 1 ms per thousand events), where a structured clone of the same
 * objects costs 3x more. Long lists of numbers go as typed arrays, moved.
 */
import type { MetricsData } from '../../sim/metrics/metrics.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { FromEngine } from './protocol.ts';

const encoder = new TextEncoder();

/**
 * Events per segment of a message (a piece has up to PIECE_EVENTS): the page parses and indexes one
 * segment per task (client.ts). A 10,000-event piece read in one task made a 24 h run's longest task
 * on the page: the garbage collector's marking steps are paid by the task that allocates, and they
 * grew with the piece (issue #40).
 */
export const SEGMENT_EVENTS = 2_500;

/** Whether a message's events are JSON segments (a worker's), not an array of events. */
export const isPacked = (events: TraceEvent[] | ArrayBuffer[]): events is ArrayBuffer[] =>
  events[0] instanceof ArrayBuffer;

export function packed(msg: FromEngine): { message: FromEngine; transfer: Transferable[] } {
  if (msg.type !== 'events' || isPacked(msg.events)) return { message: msg, transfer: [] };
  const all = msg.events;
  const segments: ArrayBuffer[] = [];
  const segmentThrough: number[] = [];
  for (let i = 0; i === 0 || i < all.length; i += SEGMENT_EVENTS) {
    segments.push(encoder.encode(JSON.stringify(all.slice(i, i + SEGMENT_EVENTS))).buffer as ArrayBuffer);
    // A segment that leaves events behind is complete only before the first of them (core.ts send).
    const next = all[i + SEGMENT_EVENTS];
    if (next) segmentThrough.push(Math.min(msg.through, next.t - 1));
  }
  // The digest's arrays too move without a copy (a 24 h run's first piece has ~100k chatter ids
  // and ~360k send times).
  const d = msg.digest;
  const moved: ArrayBuffer[] = [d.chatter, d.sends, d.sendCounts, d.lostAt].map(
    (a) => a.buffer as ArrayBuffer,
  );
  const f = (xs: ArrayLike<number>) => {
    const a = xs instanceof Float64Array ? xs : Float64Array.from(xs);
    moved.push(a.buffer as ArrayBuffer);
    return a;
  };
  // The metrics' send and drop times as typed arrays, moved: a structured clone of ~700k numbers
  // in plain arrays would cost the page as much as counting them itself. (A snapshot's are typed
  // arrays already, copies of the builder's.)
  const typed = (data: MetricsData): MetricsData => {
    const m = data.messages;
    const messages = {
      sendTimes: f(m.sendTimes),
      typeTimes: new Map([...m.typeTimes].map(([k, v]) => [k, f(v)] as const)),
      dropTimes: f(m.dropTimes),
    };
    return { ...data, messages };
  };
  const message: FromEngine = {
    ...msg,
    events: segments,
    ...(segmentThrough.length > 0 ? { segmentThrough } : {}),
  };
  if (msg.metrics) message.metrics = typed(msg.metrics);
  if (msg.done) {
    // The pace's busy intervals likewise: a 24 h run has ~320k of them, about 3 MB the page's last
    // piece copied in its structured clone (issue #40).
    const pace = msg.done.pace;
    const busy = { ...pace.busy, starts: f(pace.busy.starts), ends: f(pace.busy.ends) };
    message.done = {
      ...msg.done,
      ...(msg.done.metrics ? { metrics: typed(msg.done.metrics) } : {}),
      pace: { ...pace, busy },
    };
  }
  return { message, transfer: [...segments, ...moved] };
}
