/**
 * An engine message as a worker posts it to the page, and what it moves (transfers) rather than
 * copies. Events go as JSON bytes in a transferred buffer: moving it costs nothing, and the page
 * parses one chunk at a time (about 1 ms per thousand events), where a structured clone of the same
 * objects costs 3x more. Long lists of numbers go as typed arrays, moved.
 */
import type { MetricsData } from '../../sim/metrics/metrics.ts';
import type { FromEngine } from './protocol.ts';

const encoder = new TextEncoder();

export function packed(msg: FromEngine): { message: FromEngine; transfer: Transferable[] } {
  if (msg.type !== 'events' || !Array.isArray(msg.events)) return { message: msg, transfer: [] };
  const bytes = encoder.encode(JSON.stringify(msg.events)).buffer as ArrayBuffer;
  // The digest's arrays too move without a copy (a 24 h run's first piece has ~100k chatter ids
  // and ~360k send times).
  const d = msg.digest;
  const moved: ArrayBuffer[] = [d.chatter, d.sendAt, d.sendType, d.lostAt].map(
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
  const message: FromEngine = { ...msg, events: bytes };
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
  return { message, transfer: [bytes, ...moved] };
}
