/**
 * Where the player's simulations run: in a Web Worker when the page may start one (the custom
 * element loaded from another origin starts it from a blob of its own origin: startWorker), else on
 * the page in short slices that yield (a page whose Content-Security-Policy allows no such worker,
 * or a browser without workers), and synchronously for the CLI, the tests and Node.
 */
import { startWorker } from '../../lib/startWorker.ts';
import type { SimOptions } from '../../sim/inputs.ts';
import type { MetricsData } from '../../sim/metrics/metrics.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { DigestDelta } from '../../sim/trace/messageDigest.ts';
import { ListSharer } from '../../sim/trace/sharedLists.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { paceModel } from '../pace.ts';
import type { EngineCore } from './core.ts';
import { isPacked } from './packed.ts';
import {
  errorParts,
  type FromEngine,
  type Hint,
  type RunDone,
  type RunJob,
  type ToEngine,
} from './protocol.ts';
// The worker's bundled script, by its URL (startWorker).
import simWorkerUrl from './sim.worker.ts?worker&url';
import { macrotask } from './yield.ts';

export type RunUpdate =
  | {
      kind: 'events';
      keep?: number;
      head?: Omit<Trace, 'events' | 'steps'>;
      events: TraceEvent[];
      through: number;
      /** The message digest's new part (engine/core.ts); absent where the page derives it (syncEngine). */
      digest?: DigestDelta;
      /** The run's metrics so far, with the piece to show first (engine/core.ts). */
      metrics?: MetricsData;
      done?: RunDone;
    }
  | { kind: 'error'; message: string; name: string; detail: Record<string, unknown> };

export interface SimEngine {
  /** Simulates; the listener gets the events in pieces and the end. Returns a cancel. */
  run(job: RunJob, listener: (u: RunUpdate) => void): () => void;
  /** Where the player rests: the engine keeps a checkpoint there (null: none). */
  hint(h: Hint | null): void;
  readonly where: 'worker' | 'page' | 'sync';
  /** Starts what the engine needs (a worker) ahead of the first run. */
  warm?(): void;
}

/** Runs each job at once, before run() returns: the CLI's and the tests' path, no worker. */
export function syncEngine(sim: (s: Scenario, o: SimOptions) => Trace): SimEngine {
  return {
    where: 'sync',
    run(job, listener) {
      let trace: Trace;
      try {
        trace = sim(job.scenario, job.opts);
      } catch (e) {
        listener({ kind: 'error', ...errorParts(e) });
        return () => {};
      }
      const { events, ...rest } = trace;
      listener({
        kind: 'events',
        events,
        through: trace.durationMs,
        done: { trace: rest, pace: paceModel(trace, job.scenario.timeScale) },
      });
      return () => {};
    },
    hint() {},
  };
}

/** The engine's messages to one listener per run id. */
function router() {
  const listeners = new Map<number, (u: RunUpdate) => void>();
  const decoder = new TextDecoder();
  /** A worker's state records' lists, shared once parsed (a page engine's are shared already). */
  const lists = new ListSharer();
  /** A worker's messages still to read, a segment of events per task (queue). */
  const steps: Array<() => void> = [];
  let later: ((fn: () => void) => void) | null = null;
  const pump = () => {
    steps.shift()?.();
    if (steps.length === 0) return;
    later ??= macrotask();
    later(pump);
  };
  /** Segment `i` of `n` of an events message, as its own update: `n` is 1 for an array of events. */
  const deliver = (msg: FromEngine, i = 0, n = 1) => {
    const l = listeners.get(msg.id);
    if (!l) return;
    if (msg.type === 'error') {
      listeners.delete(msg.id);
      l({ kind: 'error', message: msg.message, name: msg.name, detail: msg.detail });
      return;
    }
    const last = i === n - 1;
    if (last && msg.done) listeners.delete(msg.id);
    let events = msg.events as TraceEvent[];
    if (isPacked(msg.events)) {
      events = JSON.parse(decoder.decode(msg.events[i])) as TraceEvent[];
      lists.share(events);
    }
    // The run's head, what the page keeps and the digest (which may run ahead of the events: it
    // follows the whole run so far, engine/core.ts send) come first; the metrics shown with the
    // piece and the run's end come last.
    l({
      kind: 'events',
      ...(i === 0 && msg.keep !== undefined ? { keep: msg.keep } : {}),
      ...(i === 0 && msg.head ? { head: msg.head } : {}),
      events,
      through: last ? msg.through : (msg.segmentThrough?.[i] ?? msg.through),
      ...(i === 0 ? { digest: msg.digest } : {}),
      ...(last && msg.metrics ? { metrics: msg.metrics } : {}),
      ...(last && msg.done ? { done: msg.done } : {}),
    });
  };
  return {
    listeners,
    deliver,
    /**
     * A worker's message: its events read one segment per task (packed.ts SEGMENT_EVENTS), after
     * the messages before it. The first segment is read in the message's own task.
     */
    queue(msg: FromEngine) {
      const idle = steps.length === 0;
      const n = msg.type === 'events' && isPacked(msg.events) ? msg.events.length : 1;
      for (let i = 0; i < n; i++) steps.push(() => deliver(msg, i, n));
      if (idle) pump();
    },
    /** Forgets the messages not read yet (the runs move to another engine). */
    clear() {
      steps.length = 0;
    },
  };
}

/**
 * The engine on the page: each slice at most 8 ms, then the page handles input and draws. Each of
 * its messages reaches the store in a task of its own, after the slice that made it, as a worker's
 * do: a 24 h run's slice and the page's read of its piece (parse, digest, index) in one task made
 * the no-worker path's longest task, and the garbage collector's marking steps, paid by whatever
 * task allocates, grew with both (issue #40). The simulator is a chunk of its own, fetched when this
 * engine is made (a worker could not start): messages wait for it, and if it cannot be fetched each
 * waiting run ends in an error that says so.
 */
export function pageEngine(): SimEngine {
  const r = router();
  let next = 1;
  let core: EngineCore | null = null;
  /** Why the simulator could not be loaded, once its fetch failed. */
  let failed: string | null = null;
  const queued: ToEngine[] = [];
  const send = (m: ToEngine) => {
    if (core) core.receive(m);
    else if (failed === null) queued.push(m);
    else if (m.type === 'run') r.deliver({ type: 'error', id: m.id, ...errorParts(new Error(failed)) });
  };
  /** Its own queue: a message waits for no slice, and messages keep their order. */
  const toPage = macrotask();
  import('./core.ts').then(
    ({ EngineCore }) => {
      core = new EngineCore({
        now: () => performance.now(),
        later: macrotask(),
        post: (m) => toPage(() => r.deliver(m)),
        sliceMs: 8,
        sendEveryMs: 150,
      });
      for (const m of queued.splice(0)) core.receive(m);
    },
    (e: unknown) => {
      failed = `the simulator could not be loaded (${e instanceof Error ? e.message : String(e)})`;
      for (const m of queued.splice(0)) send(m);
    },
  );
  return {
    where: 'page',
    run(job, listener) {
      const id = next++;
      r.listeners.set(id, listener);
      send({ type: 'run', id, job });
      return () => {
        r.listeners.delete(id);
        send({ type: 'cancel', id });
      };
    },
    hint(h) {
      send({ type: 'hint', hint: h });
    },
  };
}

/**
 * The engine in a Web Worker (startWorker), falling back to the page's when no worker may start (a
 * Content-Security-Policy that forbids it: the constructor throws) or its script does not load
 * (offline before it was fetched, or no CORS for a blob's import: an error event). Runs under way
 * then move to the page's engine, from the start. The worker starts on first use or warm(): not
 * while the page draws its first picture.
 */
export function workerEngine(): SimEngine {
  let worker: Worker | null = null;
  let fallback: SimEngine | null = null;
  const r = router();
  let next = 1;
  const jobs = new Map<number, RunJob>();
  const moved = new Map<number, () => void>();
  let lastHint: Hint | null = null;
  const toPage = () => {
    r.clear();
    worker?.terminate();
    worker = null;
    fallback = pageEngine();
    for (const [id, job] of jobs) {
      const l = r.listeners.get(id);
      if (l) moved.set(id, fallback.run(job, l));
    }
    jobs.clear();
    fallback.hint(lastHint);
  };
  const ensure = (): Worker | null => {
    if (worker || fallback) return worker;
    try {
      worker = startWorker(new URL(simWorkerUrl, import.meta.url));
    } catch {
      toPage();
      return null;
    }
    worker.onmessage = (e: MessageEvent<FromEngine>) => {
      const m = e.data;
      if (m.type === 'error' || m.done) jobs.delete(m.id);
      r.queue(m);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      toPage();
    };
    return worker;
  };
  return {
    get where() {
      return fallback ? 'page' : 'worker';
    },
    run(job, listener) {
      const w = ensure();
      if (fallback) return fallback.run(job, listener);
      const id = next++;
      r.listeners.set(id, listener);
      jobs.set(id, job);
      w?.postMessage({ type: 'run', id, job });
      return () => {
        r.listeners.delete(id);
        jobs.delete(id);
        moved.get(id)?.();
        moved.delete(id);
        worker?.postMessage({ type: 'cancel', id });
      };
    },
    hint(h) {
      lastHint = h;
      if (!h && !worker && !fallback) return;
      const w = ensure();
      if (fallback) fallback.hint(h);
      else if (h) {
        // The run's events stay on the page: a worker makes its own (a structured clone would copy them).
        const { past: _, ...rest } = h;
        w?.postMessage({ type: 'hint', hint: rest });
      } else w?.postMessage({ type: 'hint', hint: h });
    },
    warm() {
      ensure();
    },
  };
}

let shared: SimEngine | null = null;

/** One engine per page: every player on it (docs with several elements) shares one worker. */
export function sharedEngine(): SimEngine {
  shared ??= workerEngine();
  return shared;
}
