import { describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { createMetricsIndex } from '../../sim/metrics/metrics.ts';
import { withFix } from '../../sim/scenario/fix.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import { simulate } from '../../sim/simulate.ts';
import { deriveSteps } from '../../sim/trace/derive.ts';
import { messageDigestOf, TraceIndex } from '../../sim/trace/frame.ts';
import { type CountIndex, countIndex, countLists } from '../../sim/trace/messageCounts.ts';
import { digestOfMessages } from '../../sim/trace/messageDigest.ts';
import { traceOf } from '../../sim/trace/trace.ts';
import { busyBySort, paceModel } from '../pace.ts';
import { navSteps, stepsOf } from '../steps.ts';
import { shownScenario } from '../store/types.ts';
import { createPlayerStore, type PlayerStore } from '../store.ts';
import { pageEngine, type RunUpdate, type SimEngine, syncEngine, workerEngine } from './client.ts';
import { EngineCore, PIECE_EVENTS } from './core.ts';
import { packed, SEGMENT_EVENTS } from './packed.ts';
import type { FromEngine } from './protocol.ts';

/** A count index as plain lists (countLists), or undefined. */
const lists = (c: CountIndex | undefined) => c && countLists(c);

/**
 * The player with its simulations off the call: the page's engine in slices (the worker's engine
 * runs the same core). Changes land later, byte-identical to simulate() from time 0.
 */

const lease = scenarios.find((s) => s.id === 'etcd-lease') as Scenario;
const bully = scenarios.find((s) => s.id === 'bully') as Scenario;

/** The page engine, with every update it sends recorded. */
function spied(): { engine: SimEngine; updates: RunUpdate[] } {
  const inner = pageEngine();
  const updates: RunUpdate[] = [];
  return {
    updates,
    engine: {
      where: 'page',
      hint: (h) => inner.hint(h),
      run: (job, l) =>
        inner.run(job, (u) => {
          updates.push(u);
          l(u);
        }),
    },
  };
}

const settled = (store: PlayerStore) => new Promise<void>((r) => store.getState().whenSettled(r));
const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const json = (x: unknown) => JSON.stringify(x);

describe('the engine on the page', () => {
  it('hands the store at most one piece of events per task: a task reads a few thousand events, not a slice of a run', async () => {
    const engine = pageEngine();
    const durationMs = 3_600_000;
    let sameTask = 0;
    let inTask = false;
    const sizes: number[] = [];
    const got: unknown[] = [];
    await new Promise<void>((done) =>
      engine.run({ scenario: lease, opts: { durationMs }, key: 'k', stem: 's' }, (u) => {
        if (u.kind === 'error') throw new Error(u.message);
        // Microtasks run when a task ends: still set here means a second message in the same task.
        if (inTask) sameTask++;
        inTask = true;
        queueMicrotask(() => {
          inTask = false;
        });
        sizes.push(u.events.length);
        for (const e of u.events) got.push(e);
        if (u.done) done();
      }),
    );
    expect(json(got)).toBe(json(simulate(lease, { durationMs }).events));
    expect(sizes.length).toBeGreaterThan(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PIECE_EVENTS);
    expect(sameTask).toBe(0);
  }, 60_000);

  it("reads no message in the slice that made it: a slice's simulation and the page's read of its piece are two tasks", async () => {
    // The core's slice, marked while it runs (private: reached through the prototype).
    const proto = EngineCore.prototype as unknown as { slice: () => void };
    const slice = proto.slice;
    let inSlice = false;
    proto.slice = function (this: unknown) {
      inSlice = true;
      try {
        slice.call(this);
      } finally {
        inSlice = false;
      }
    };
    try {
      let read = 0;
      let inside = 0;
      await new Promise<void>((done) =>
        pageEngine().run({ scenario: lease, opts: { durationMs: 3_600_000 }, key: 'k', stem: 's' }, (u) => {
          if (u.kind === 'error') throw new Error(u.message);
          read++;
          if (inSlice) inside++;
          if (u.done) done();
        }),
      );
      expect(read).toBeGreaterThan(1);
      expect(inside).toBe(0);
    } finally {
      proto.slice = slice;
    }
  });
});

describe('the engine in a worker', () => {
  it("is hinted without the run's events: they stay on the page (a worker makes its own)", () => {
    const sent: unknown[] = [];
    const real = globalThis.Worker;
    globalThis.Worker = class {
      onmessage = null;
      onerror = null;
      postMessage(m: unknown) {
        sent.push(m);
      }
      terminate() {}
    } as unknown as typeof Worker;
    try {
      const job = { scenario: lease, opts: {}, key: 'k', stem: 's' };
      workerEngine().hint({ job, cursor: 5, past: simulate(lease).events });
      expect(sent).toEqual([{ type: 'hint', hint: { job, cursor: 5 } }]);
    } finally {
      globalThis.Worker = real;
    }
  });
});

describe("a worker's pieces on the page", () => {
  it('are read one segment per task, in order: the head and digest with the first, the end with the last', async () => {
    // A 1 h run as the worker's core posts it, packed as the worker sends it.
    const posts: FromEngine[] = [];
    const tasks: Array<() => void> = [];
    const core = new EngineCore({
      now: () => 0,
      later: (fn) => tasks.push(fn),
      post: (m) => posts.push(packed(m).message),
      sliceMs: 1e9,
      sendEveryMs: 1e9,
    });
    const job = { scenario: lease, opts: { durationMs: 3_600_000 }, key: 'k', stem: 's' };
    core.receive({ type: 'run', id: 1, job });
    for (let n = 0; tasks.length > 0 && n < 10_000; n++) tasks.shift()?.();
    const segmented = posts.filter((m) => m.type === 'events' && m.events.length > 1);
    expect(segmented.length).toBeGreaterThan(1);
    const fake: { worker: { onmessage: ((e: { data: FromEngine }) => void) | null } | null } = {
      worker: null,
    };
    const real = globalThis.Worker;
    globalThis.Worker = class {
      onmessage = null;
      onerror = null;
      constructor() {
        fake.worker = this;
      }
      postMessage() {}
      terminate() {}
    } as unknown as typeof Worker;
    try {
      const updates: RunUpdate[] = [];
      workerEngine().run(job, (u) => updates.push(u));
      // Every message arrives at once, as a busy page finds them queued.
      const inTask: number[] = [];
      for (const m of posts) {
        const before = updates.length;
        fake.worker?.onmessage?.({ data: m });
        inTask.push(updates.length - before);
      }
      // Only the first segment is read in the first message's task; the rest wait for tasks of their own.
      expect(inTask[0]).toBe(1);
      expect(inTask.slice(1).every((n) => n === 0)).toBe(true);
      const segments = posts.reduce((n, m) => n + (m.type === 'events' ? m.events.length : 1), 0);
      for (let i = 0; updates.length < segments && i < 10_000; i++) await idle(0);
      expect(updates).toHaveLength(segments);
      const whole = simulate(lease, job.opts);
      const events = updates.flatMap((u) => (u.kind === 'events' ? u.events : []));
      expect(json(events)).toBe(json(whole.events));
      let through = -1;
      for (const u of updates) {
        if (u.kind !== 'events') throw new Error('an error update');
        expect(u.events.length).toBeLessThanOrEqual(SEGMENT_EVENTS);
        // Each update is complete through its own `through`: no later event is at or before it.
        for (const e of u.events) expect(e.t).toBeGreaterThan(through);
        expect(u.through).toBeGreaterThanOrEqual(through);
        through = u.through;
      }
      // The first update brings the run's head and the digest; only the last brings its end.
      const first = updates[0];
      expect(first?.kind === 'events' && first.head !== undefined && first.digest !== undefined).toBe(true);
      expect(updates.slice(0, -1).some((u) => u.kind === 'events' && u.done)).toBe(false);
      const last = updates.at(-1);
      expect(last?.kind === 'events' && last.done?.trace.steps).toEqual(whole.steps);
    } finally {
      globalThis.Worker = real;
    }
  });
});

describe('the player store on an asynchronous engine', () => {
  it('sets a piece in a task after the one that read it: React renders a store change in its own task', async () => {
    // An engine off the call whose answer comes when the test says: the whole run, in one message.
    const delivered: Array<() => void> = [];
    const inner = syncEngine(simulate);
    const engine: SimEngine = {
      where: 'worker',
      hint() {},
      run(job, l) {
        delivered.push(() => inner.run(job, l));
        return () => {};
      },
    };
    const store = createPlayerStore({ scenarios: [lease, bully], engine });
    const s = () => store.getState();
    for (let n = 0; n < 5 && delivered.length > 0; n++) {
      delivered.shift()?.();
      await idle(0);
    }
    await settled(store);
    expect(s().scenarioId).toBe('etcd-lease');
    s().selectScenario('bully');
    delivered.shift()?.();
    // The message is read (the run is known), not yet set: the page draws it in the next task.
    expect(s().scenarioId).toBe('etcd-lease');
    expect(s().pending).not.toBeNull();
    await settled(store);
    expect(s().scenarioId).toBe('bully');
    expect(json(s().run?.trace)).toBe(json(simulate(bully)));
  });

  it('moves the progress once for pieces that come in a burst, and once more for the next burst', async () => {
    // An engine off the call that sends a run as the test says: pieces in bursts, then its end.
    let send = (_u: RunUpdate) => {};
    const engine: SimEngine = {
      where: 'worker',
      hint() {},
      run(_job, l) {
        send = l;
        return () => {};
      },
    };
    const store = createPlayerStore({ scenarios: [lease, bully], engine });
    const s = () => store.getState();
    const whole = simulate(bully);
    const { events, ...rest } = whole;
    const head = (({ steps: _, ...h }) => h)(rest);
    const pieces = Array.from({ length: 20 }, (_, k) =>
      events.slice(Math.floor((k * events.length) / 20), Math.floor(((k + 1) * events.length) / 20)),
    );
    s().selectScenario('bully');
    const moves: number[] = [];
    store.subscribe((st, prev) => {
      if (st.pending && st.pending !== prev.pending) moves.push(st.pending.through);
    });
    const piece = (k: number) => {
      const e = pieces[k] as typeof events;
      // Before the minute after the cursor (0): progress only, as a worker's first pieces of a run.
      send({ kind: 'events', ...(k === 0 ? { head } : {}), events: e, through: -1 });
    };
    for (let k = 0; k < 10; k++) piece(k);
    // The burst's one draw is a MessageChannel task: wait for it, not for a timer, which a loaded
    // machine can fire first (the second burst then joined the first, and the test saw one move).
    await vi.waitFor(() => expect(moves).toHaveLength(1));
    for (let k = 10; k < 20; k++) piece(k);
    send({
      kind: 'events',
      events: [],
      through: whole.durationMs,
      done: { trace: rest, pace: paceModel(whole, bully.timeScale) },
    });
    await settled(store);
    // The second burst's draw ran before the end's, in the store's one queue.
    expect(moves).toHaveLength(2);
    expect(json(s().run?.trace)).toBe(json(whole));
  });

  it('keeps the run on screen until the new one arrives, then shows exactly what simulate() gives', async () => {
    const { engine } = spied();
    const store = createPlayerStore({ scenarios: [lease, bully], engine });
    const s = () => store.getState();
    const before = s().run;
    const f: TimedFault = { atMs: 20_000, fault: { kind: 'crash', node: 'node-1' } };
    s().addIntervention(f);
    expect(s().run).toBe(before);
    expect(s().interventions).toEqual([]);
    expect(s().pending).not.toBeNull();
    await settled(store);
    expect(s().pending).toBeNull();
    expect(s().interventions).toEqual([f]);
    expect(json(s().run?.trace)).toBe(json(simulate(lease, { interventions: [f] })));
    s().selectScenario('bully');
    expect(s().scenarioId).toBe('etcd-lease');
    await settled(store);
    expect(s().scenarioId).toBe('bully');
    expect(json(s().run?.trace)).toBe(json(simulate(bully)));
  });

  it('a fault at the resting cursor continues the checkpoint there: the past is not simulated again', async () => {
    const { engine, updates } = spied();
    const store = createPlayerStore({ scenarios: [lease], engine });
    const s = () => store.getState();
    s().seek(30_000);
    await idle(300); // the engine's copy of the run gets to the cursor
    const f: TimedFault = { atMs: 30_000, fault: { kind: 'isolate', node: 'node-1' } };
    s().addIntervention(f);
    await settled(store);
    const first = updates.find((u) => u.kind === 'events');
    const whole = simulate(lease, { interventions: [f] });
    // It kept every event before the cursor and simulated only from there.
    expect(first?.kind === 'events' && first.keep).toBe(whole.events.filter((e) => e.t < 30_000).length);
    expect(first?.kind === 'events' && first.keep).toBeGreaterThan(100);
    expect(json(s().run?.trace)).toBe(json(whole));
    // The index continued from the old one shows the new run's frames.
    const run = s().run;
    if (!run) throw new Error('no run');
    for (const t of [29_000, 30_000, 31_000, 45_000])
      expect(json(run.index.frameAt(t))).toContain('"isolated"');
    // The message digest came from the engine (the past's part from its checkpoint copy), and is the
    // one the page would derive from the whole run's messages.
    expect(run.index.digest?.pairs.length).toBeGreaterThan(0);
    expect(messageDigestOf(run.index)).toEqual(digestOfMessages(new TraceIndex(whole).messages));
    // The message counts too: the engine's, equal to what the page's panel would count itself.
    expect(lists(run.index.digest?.counts)).toEqual(countLists(countIndex(new TraceIndex(whole).messages)));
    // The metrics too: the engine's (continued from its checkpoint copy), taken by the page as they
    // came, answer as the page's own index of the whole run.
    const last = updates.at(-1);
    const sent = last?.kind === 'events' ? last.done?.metrics : undefined;
    expect(sent).toBeDefined();
    const ix = createMetricsIndex(run.trace);
    expect(ix.series).toBe(sent?.leadership.series);
    const page = createMetricsIndex({ ...whole });
    expect(ix.detections).toEqual(page.detections);
    for (const t of [0, 10_000, 29_999, 30_000, 30_001, 45_000, whole.durationMs])
      expect(ix.at(t)).toEqual(page.at(t));
    expect(page.at().failovers.length).toBeGreaterThan(0);
    // The busy time the pace fast-forwards by, followed by the engine (the past's part in its
    // checkpoint copy): the one sorted from the whole run.
    expect(run.pace.busy).toEqual(busyBySort(whole));
  });

  it('a long run shows the minute after the cursor first, then fills in behind it', async () => {
    const { engine, updates } = spied();
    const store = createPlayerStore({ scenarios: [lease], engine });
    const s = () => store.getState();
    const hour = 3_600_000;
    s().setDuration(hour);
    await settled(store);
    s().seek(10 * 60_000);
    await idle(400);
    const f: TimedFault = { atMs: 10 * 60_000, fault: { kind: 'crash', node: 'node-2' } };
    const from = updates.length;
    s().addIntervention(f);
    let shownEvents = 0;
    const partial = await new Promise<NonNullable<ReturnType<typeof s>['run']>>((resolve) => {
      const off = store.subscribe((st) => {
        if (st.interventions.length === 1 && st.run) {
          off();
          shownEvents = st.run.trace.events.length;
          resolve(st.run);
        }
      });
    });
    expect(partial.complete).toBe(false);
    // The piece shown first brings the metrics so far, as the page would build them from its events.
    const shown = updates.slice(from).filter((u) => u.kind === 'events' && u.metrics);
    expect(shown).toHaveLength(1);
    const sofar = { ...partial.trace, events: partial.trace.events.slice(0, shownEvents) };
    const page = createMetricsIndex(sofar);
    const adopted = createMetricsIndex(partial.trace);
    expect(adopted).not.toBe(page);
    expect(adopted.series).toEqual(page.series);
    expect(adopted.detections).toEqual(page.detections);
    for (const t of [0, 60_000, 9 * 60_000, 10 * 60_000, 10 * 60_000 + 1, 10.5 * 60_000, partial.until])
      expect(adopted.at(t)).toEqual(page.at(t));
    expect(page.at(partial.until).messages.total).toBeGreaterThan(0);
    expect(partial.until).toBeGreaterThanOrEqual(11 * 60_000);
    expect(partial.until).toBeLessThan(hour);
    expect(s().t).toBe(10 * 60_000);
    await settled(store);
    expect(s().run?.complete).toBe(true);
    const whole = simulate(lease, { durationMs: hour, interventions: [f] });
    expect(json(s().run?.trace)).toBe(json(whole));
    expect(s().run?.index.digest).toEqual(digestOfMessages(new TraceIndex(whole).messages));
    expect(lists(s().run?.index.digest?.counts)).toEqual(
      countLists(countIndex(new TraceIndex(whole).messages)),
    );
  });

  it('a run continued from the cursor is told, until it is complete, by the steps of the run before it up to the cursor', async () => {
    const { engine } = spied();
    const store = createPlayerStore({ scenarios: [lease], engine });
    const s = () => store.getState();
    s().setDuration(3_600_000);
    await settled(store);
    // A crash the story does not tell: the run diverges, and a caption is derived for its failover.
    s().addIntervention({ atMs: 1_000, fault: { kind: 'crash', node: 'node-2' } });
    await settled(store);
    const cursor = 10 * 60_000;
    s().seek(cursor);
    await idle(400);
    const previous = s().run;
    if (!previous) throw new Error('no run');
    const derived = deriveSteps(previous.trace, shownScenario(previous));
    expect(derived.filter((st) => st.atMs < cursor).length).toBeGreaterThan(0);
    s().addIntervention({ atMs: cursor, fault: { kind: 'crash', node: 'node-4' } });
    const partial = await new Promise<NonNullable<ReturnType<typeof s>['run']>>((resolve) => {
      const off = store.subscribe((st) => {
        if (st.interventions.length === 2 && st.run) {
          off();
          resolve(st.run);
        }
      });
    });
    expect(partial.complete).toBe(false);
    expect(partial.trace.events.length).toBeLessThan(
      simulate(lease, { durationMs: 3_600_000 }).events.length,
    );
    // The same past, the same captions: the very objects of the run before, not a pass of the page's
    // own over the events the two share, and nothing told after the cursor yet.
    expect(stepsOf(partial)).toEqual(stepsOf(previous).filter((st) => st.atMs < cursor));
    const told = deriveSteps(partial.trace, shownScenario(partial));
    expect(told).toHaveLength(derived.filter((st) => st.atMs < cursor).length);
    for (const [i, st] of told.entries()) expect(st).toBe(derived[i]);
    await settled(store);
    // Complete, it is told by its own narration.
    const run = s().run;
    if (!run) throw new Error('no run');
    expect(run.complete).toBe(true);
    const fresh = traceOf(run.trace, run.trace.events, run.trace.steps);
    expect(json(deriveSteps(run.trace, shownScenario(run)))).toBe(
      json(deriveSteps(fresh, shownScenario(run))),
    );
  });

  it('two changes in a row both land, and Cancel keeps the run and inputs before them', async () => {
    const { engine } = spied();
    const store = createPlayerStore({ scenarios: [lease], engine });
    const s = () => store.getState();
    const a: TimedFault = { atMs: 5000, fault: { kind: 'crash', node: 'node-3' } };
    const b: TimedFault = { atMs: 9000, fault: { kind: 'pause', node: 'node-2', durationMs: 3000 } };
    s().addIntervention(a);
    s().addIntervention(b);
    await settled(store);
    expect(s().interventions).toEqual([a, b]);
    expect(json(s().run?.trace)).toBe(json(simulate(lease, { interventions: [a, b] })));
    s().undo();
    await settled(store);
    expect(s().interventions).toEqual([a]);
    const shown = s().run;
    s().setDuration(6 * 3_600_000);
    expect(s().pending).not.toBeNull();
    s().cancelPending();
    expect(s().pending).toBeNull();
    expect(s().run).toBe(shown);
    expect(s().durationMs).toBeUndefined();
    expect(s().history.future).toHaveLength(1);
  });

  it('a change the simulator refuses says why and keeps the run', async () => {
    const { engine } = spied();
    const store = createPlayerStore({ scenarios: [lease], engine });
    const s = () => store.getState();
    const run = s().run;
    s().setInterventions([{ atMs: 1, fault: { kind: 'crash', node: 'node-99' } }]);
    await settled(store);
    expect(s().rejected).toMatch(/node-99/);
    expect(s().run).toBe(run);
    expect(s().interventions).toEqual([]);
  });

  it('a change whose run spends its budget says so, and the run on screen stays', async () => {
    const inner = pageEngine();
    // The default budget (2 M events) in miniature: the lease story holds about 1,250.
    const engine: SimEngine = {
      where: 'page',
      hint: (h) => inner.hint(h),
      run: (job, l) => inner.run({ ...job, opts: { ...job.opts, budget: { events: 600 } } }, l),
    };
    const store = createPlayerStore({ scenarios: [lease], engine });
    const s = () => store.getState();
    const run = s().run;
    s().addIntervention({ atMs: 20_000, fault: { kind: 'crash', node: 'node-1' } });
    await settled(store);
    expect(s().rejected).toMatch(/^the run stopped at \d+ ms: more than 600 trace events \(its budget\)/);
    expect(s().run).toBe(run);
    expect(s().interventions).toEqual([]);
  });

  it("a run lands with the narration the engine derived: the page's steps and captions are those, made by no pass of its own", async () => {
    const pitfall = scenarios.find((x) => x.id === 'lease-no-fencing') as Scenario;
    for (const [sc, params] of [
      [lease, {}],
      // With the fix on, the stage narrates the fixed story (shownScenario): derived there too.
      [pitfall, { fix: true }],
    ] as const) {
      const { engine, updates } = spied();
      const store = createPlayerStore({ scenarios: [sc], engine });
      const s = () => store.getState();
      const f: TimedFault = { atMs: 9_000, fault: { kind: 'crash', node: 'node-2' } };
      if (Object.keys(params).length > 0) s().setParams(params);
      await settled(store);
      s().addIntervention(f);
      await settled(store);
      const done = updates.flatMap((u) => (u.kind === 'events' && u.done ? [u.done] : [])).at(-1);
      const run = s().run;
      if (!run || !done?.told) throw new Error('no run, or no narration with it');
      // The page reads the engine's arrays (the memo is primed), not a copy it derived itself.
      expect(stepsOf(run)).toBe(done.told.nav);
      expect(deriveSteps(run.trace, run.scenario)).toBe(done.told.derived);
      expect(deriveSteps(run.trace, shownScenario(run))).toBe(done.told.fixed ?? done.told.derived);
      expect(done.told.fixed !== undefined).toBe(params.fix === true);
      // And they are what the page would derive from the same run.
      const fresh = traceOf(run.trace, run.trace.events, run.trace.steps);
      expect(json(done.told.nav)).toBe(json(navSteps(fresh, run.scenario)));
      expect(json(done.told.derived)).toBe(json(deriveSteps(fresh, run.scenario)));
      if (done.told.fixed)
        expect(json(done.told.fixed)).toBe(
          json(deriveSteps(fresh, withFix(run.scenario, run.trace.params).scenario)),
        );
    }
  });
});
