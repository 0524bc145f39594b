/// <reference lib="webworker" />
/**
 * The simulation engine in a Web Worker: the page never runs simulate() itself. Events go back as
 * JSON bytes in a transferred buffer: moving it costs nothing, and the page parses one chunk at a
 * time (about 1 ms per thousand events), where a structured clone of the same objects costs 3x more.
 */
import type { MetricsData } from '../../sim/metrics/metrics.ts';
import { EngineCore } from './core.ts';
import type { ToEngine } from './protocol.ts';
import { macrotask } from './yield.ts';

declare const self: DedicatedWorkerGlobalScope;

const encoder = new TextEncoder();
const core = new EngineCore({
  now: () => performance.now(),
  later: macrotask(),
  post(msg) {
    if (msg.type === 'events' && Array.isArray(msg.events)) {
      const bytes = encoder.encode(JSON.stringify(msg.events)).buffer as ArrayBuffer;
      // The digest's arrays too move without a copy (a 24 h run's first piece has ~100k chatter ids
      // and ~360k send times).
      const d = msg.digest;
      const moved = [d.chatter, d.sendAt, d.sendType, d.lostAt].map((a) => a.buffer as ArrayBuffer);
      // The metrics' send and drop times as typed arrays, moved: a structured clone of ~700k
      // numbers in plain arrays would cost the page as much as counting them itself. (A snapshot's
      // are typed arrays already, copies of the builder's.)
      const typed = (data: MetricsData): MetricsData => {
        const f = (xs: ArrayLike<number>) => {
          const a = xs instanceof Float64Array ? xs : Float64Array.from(xs);
          moved.push(a.buffer as ArrayBuffer);
          return a;
        };
        const m = data.messages;
        const messages = {
          sendTimes: f(m.sendTimes),
          typeTimes: new Map([...m.typeTimes].map(([k, v]) => [k, f(v)] as const)),
          dropTimes: f(m.dropTimes),
        };
        return { ...data, messages };
      };
      if (msg.done?.metrics) msg.done.metrics = typed(msg.done.metrics);
      if (msg.metrics) msg.metrics = typed(msg.metrics);
      self.postMessage({ ...msg, events: bytes }, [bytes, ...moved]);
    } else self.postMessage(msg);
  },
  // Long slices: nothing else runs here, and messages (a cancel) are read between them.
  sliceMs: 40,
  sendEveryMs: 150,
});
self.onmessage = (e: MessageEvent<ToEngine>) => core.receive(e.data);
