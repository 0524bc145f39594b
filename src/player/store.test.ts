import { describe, expect, it, vi } from 'vitest';
import { scenarios as realScenarios } from '../../scenarios/index.ts';
import { algorithmIds } from '../sim/algorithms/registry.ts';
import type { SimOptions } from '../sim/inputs.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { stepsOf } from './steps.ts';
import { createPlayerStore } from './store.ts';
import { type FrameScheduler, startTicker } from './ticker.ts';

function scenario(id: string, timeScale = 1): Scenario {
  return {
    id,
    title: id,
    summary: id,
    algorithm: 'bully',
    nodes: 2,
    seed: 7,
    durationMs: 10_000,
    timeScale,
    params: {},
    faults: [],
    steps: [],
    adr: [],
    expect: {},
  };
}

function fakeSimulate() {
  return vi.fn(
    (s: Scenario, o: SimOptions): Trace => ({
      version: 2,
      scenario: s.id,
      algorithm: s.algorithm,
      seed: o.seed ?? s.seed,
      hosts: [{ id: 'node-1', kind: 'node' }],
      durationMs: o.durationMs ?? s.durationMs,
      interventions: o.interventions ?? [],
      // Busy all the time (one long message) and far from steps, so no pacing interferes with the arithmetic.
      params: { latencyMinMs: 0, latencyMaxMs: 0 },
      events: [{ k: 'send', t: 0, id: 1, from: 'node-1', to: 'node-1', type: 'X', deliverAt: s.durationMs }],
      steps: [
        { id: 'a', atMs: 0, eventIndex: -1, vars: {} },
        { id: 'b', atMs: 2000, eventIndex: -1, vars: {} },
        { id: 'c', atMs: 6000, eventIndex: -1, vars: {} },
      ],
    }),
  );
}

const scenarios = [scenario('one', 2), scenario('two')];

describe('createPlayerStore', () => {
  it('opens the requested scenario at the requested step', () => {
    const store = createPlayerStore({ scenarios, simulate: fakeSimulate(), scenarioId: 'two', step: 1 });
    expect(store.getState()).toMatchObject({ scenarioId: 'two', t: 2000, stepIndex: 1, playing: false });
  });

  it('simulates once per input set and memoizes switching back', () => {
    const sim = fakeSimulate();
    const store = createPlayerStore({ scenarios, simulate: sim });
    store.getState().selectScenario('two');
    store.getState().selectScenario('one');
    store.getState().stepForward();
    store.getState().seek(300);
    expect(sim).toHaveBeenCalledTimes(2);
    store.getState().setSeed(99);
    expect(sim).toHaveBeenCalledTimes(3);
    expect(sim.mock.calls[2]?.[1]).toMatchObject({ seed: 99 });
  });

  it("opens on a prebuilt run only when its key is the first run's (the page's first-run block)", () => {
    const sim = fakeSimulate();
    const built = createPlayerStore({ scenarios, simulate: sim }).getState().run;
    if (!built?.key) throw new Error('no first run');
    const prebuilt = { key: built.key, trace: { ...built.trace, seed: 4242 } };
    sim.mockClear();
    // Same key: that trace, nothing simulated.
    const same = createPlayerStore({ scenarios, simulate: sim, prebuilt });
    expect(sim).not.toHaveBeenCalled();
    expect(same.getState().run?.trace.seed).toBe(4242);
    // Another story opened (a link's), or another key: simulated as if there were none.
    const other = createPlayerStore({ scenarios, simulate: sim, prebuilt, scenarioId: 'two' });
    expect(sim).toHaveBeenCalledTimes(1);
    expect(other.getState().run?.scenario.id).toBe('two');
    const stale = createPlayerStore({ scenarios, simulate: sim, prebuilt: { ...prebuilt, key: '["old"]' } });
    expect(sim).toHaveBeenCalledTimes(2);
    expect(stale.getState().run?.trace.seed).not.toBe(4242);
  });

  it('runs for a chosen duration, memoized by it, until another scenario is picked', () => {
    const sim = fakeSimulate();
    const store = createPlayerStore({ scenarios, simulate: sim });
    const s = store.getState;
    s().setDuration(86_400_000);
    expect(sim.mock.calls[1]?.[1]).toMatchObject({ durationMs: 86_400_000 });
    expect(s()).toMatchObject({ durationMs: 86_400_000, run: { trace: { durationMs: 86_400_000 } } });
    s().seek(50_000_000);
    expect(s().t).toBe(50_000_000);
    s().setDuration(undefined);
    expect(s()).toMatchObject({ t: 10_000, run: { trace: { durationMs: 10_000 } } });
    s().setDuration(86_400_000);
    expect(sim).toHaveBeenCalledTimes(2); // memoized
    s().selectScenario('two');
    expect(s()).toMatchObject({ durationMs: undefined, run: { trace: { durationMs: 10_000 } } });
  });

  it('keeps fewer memoized runs when they are big (bounded by events, not only by count)', () => {
    const sim = fakeSimulate(); // one event per run
    const store = createPlayerStore({ scenarios, simulate: sim, cacheSize: 8, cacheEvents: 2 });
    const s = store.getState;
    s().setSeed(1);
    s().setSeed(2); // three runs of one event: the first one is dropped
    expect(sim).toHaveBeenCalledTimes(3);
    s().setSeed(1);
    expect(sim).toHaveBeenCalledTimes(3); // still cached
    s().setSeed(undefined);
    expect(sim).toHaveBeenCalledTimes(4); // was evicted
    const small = createPlayerStore({ scenarios, simulate: sim, cacheEvents: 0 });
    small.getState().setSeed(5);
    expect(small.getState().run?.trace.seed).toBe(5); // the run on screen is never dropped
  });

  it('gives each player its own state', () => {
    const a = createPlayerStore({ scenarios, simulate: fakeSimulate() });
    const b = createPlayerStore({ scenarios, simulate: fakeSimulate() });
    a.getState().selectScenario('two');
    a.getState().seek(5000);
    expect(b.getState()).toMatchObject({ scenarioId: 'one', t: 0 });
  });

  it('plays at timeScale x speed virtual ms per wall ms and stops at the end', () => {
    const store = createPlayerStore({ scenarios, simulate: fakeSimulate() });
    const s = store.getState;
    s().setSpeed(1.5);
    s().seek(500);
    s().play();
    s().tick(50);
    expect(s().t).toBe(650); // timeScale 2 x speed 1.5 x 50 ms
    s().tick(5000); // clamped to one 100 ms frame
    expect(s().t).toBe(950);
    s().seek(9990);
    s().tick(100);
    // Step 4: the run's outcome, derived from the trace after the last scripted step (player/steps.ts).
    expect(s()).toMatchObject({ t: 10_000, playing: false, stepIndex: 3 });
    s().play();
    expect(s()).toMatchObject({ t: 0, playing: true, stepIndex: 0 });
  });

  it('steps land exactly on step moments and back undoes forward', () => {
    const store = createPlayerStore({ scenarios, simulate: fakeSimulate() });
    const s = store.getState;
    s().play();
    s().stepForward();
    expect(s()).toMatchObject({ t: 2000, stepIndex: 1, playing: false });
    s().stepForward();
    s().stepForward();
    // The derived outcome after the last scripted step is step 4, at the end of the run.
    expect(s()).toMatchObject({ t: 10_000, stepIndex: 3 });
    s().stepBack();
    expect(s()).toMatchObject({ t: 6000, stepIndex: 2 });
    s().stepBack();
    expect(s()).toMatchObject({ t: 2000, stepIndex: 1 });
  });

  it('keeps the speed within 0.1x to 10x', () => {
    const store = createPlayerStore({ scenarios, simulate: fakeSimulate() });
    store.getState().setSpeed(50);
    expect(store.getState().speed).toBe(10);
    store.getState().setSpeed(0);
    expect(store.getState().speed).toBe(0.1);
  });

  it('reports a simulation error instead of throwing', () => {
    const store = createPlayerStore({
      scenarios,
      simulate: () => {
        throw new Error('ttlS must be at least 2');
      },
    });
    expect(store.getState()).toMatchObject({ run: null, error: 'ttlS must be at least 2' });
    store.getState().play();
    expect(store.getState().playing).toBe(false);
  });
});

describe('startTicker', () => {
  function manualScheduler() {
    const queue = new Map<number, (now: number) => void>();
    let next = 1;
    const sched: FrameScheduler = {
      request(cb) {
        queue.set(next, cb);
        return next++;
      },
      cancel(id) {
        queue.delete(id);
      },
    };
    const frame = (now: number) => {
      const cbs = [...queue.values()];
      queue.clear();
      for (const cb of cbs) cb(now);
    };
    return { sched, frame, pending: () => queue.size };
  }

  it('requests frames only while playing and feeds wall time between frames', () => {
    const store = createPlayerStore({ scenarios, simulate: fakeSimulate() });
    const m = manualScheduler();
    const stop = startTicker(store, m.sched);
    expect(m.pending()).toBe(0);
    store.getState().seek(500);
    store.getState().play();
    expect(m.pending()).toBe(1);
    m.frame(1000); // first frame only records the time
    m.frame(1016);
    expect(store.getState().t).toBe(532); // 16 ms x timeScale 2
    store.getState().pause();
    expect(m.pending()).toBe(0);
    store.getState().play();
    m.frame(5000);
    m.frame(5010);
    expect(store.getState().t).toBe(552); // the pause gap is not counted
    stop();
    expect(m.pending()).toBe(0);
  });
});

describe('undo / redo of the whole run input', () => {
  const crash: TimedFault = { atMs: 1000, fault: { kind: 'crash', node: 'node-1' } };

  it('knobs, cluster size, seed and duration are undoable like faults, in one history', () => {
    const store = createPlayerStore({ scenarios, simulate: fakeSimulate() });
    const s = () => store.getState();
    s().addIntervention(crash);
    s().setParams({ dropRate: 0.1 });
    s().setNodes(4);
    s().setSeed(9);
    s().setDuration(5000);
    expect(s()).toMatchObject({ params: { dropRate: 0.1 }, nodes: 4, seed: 9, durationMs: 5000 });
    expect(s().run?.trace.durationMs).toBe(5000);
    s().undo();
    expect(s()).toMatchObject({ seed: 9, durationMs: undefined });
    expect(s().run?.trace.durationMs).toBe(10_000);
    s().undo();
    s().undo();
    expect(s()).toMatchObject({ params: { dropRate: 0.1 }, nodes: undefined, seed: undefined });
    s().undo();
    // Each entry holds the whole input: undoing the knob keeps the fault added before it.
    expect(s()).toMatchObject({ params: {}, interventions: [crash] });
    s().undo();
    expect(s()).toMatchObject({ params: {}, interventions: [] });
    s().redo();
    s().redo();
    s().redo();
    expect(s()).toMatchObject({ params: { dropRate: 0.1 }, nodes: 4, interventions: [crash] });
  });

  it('a refused knob leaves no history entry', () => {
    const sim = vi.fn((sc: Scenario, o: SimOptions): Trace => {
      if (o.params?.ttlS === 1) throw new Error('ttlS must be >= 2, got 1');
      return fakeSimulate()(sc, o);
    });
    const store = createPlayerStore({ scenarios, simulate: sim });
    store.getState().setParams({ ttlS: 1 });
    expect(store.getState().history.past).toEqual([]);
    expect(store.getState().rejected).toMatch(/ttlS/);
  });

  it('with the real simulator: undoing a knob restores the previous trace exactly', () => {
    const lease = realScenarios.find((x) => x.id === 'etcd-lease');
    if (!lease) throw new Error('etcd-lease scenario missing');
    const store = createPlayerStore({ scenarios: [lease] });
    const before = JSON.stringify(store.getState().run?.trace);
    store.getState().setParams({ ttlS: 12, renewS: 3 });
    expect(JSON.stringify(store.getState().run?.trace)).not.toBe(before);
    store.getState().undo();
    expect(JSON.stringify(store.getState().run?.trace)).toBe(before);
  });
});

describe('the sandbox (free play)', () => {
  const sandbox = realScenarios.find((x) => x.id === 'sandbox');
  if (!sandbox) throw new Error('sandbox scenario missing');
  const open = (algorithm?: string) =>
    createPlayerStore({
      scenarios: realScenarios,
      scenarioId: 'sandbox',
      ...(algorithm ? { algorithm } : {}),
    });

  it('runs the chosen algorithm with no script; switching resets knobs, faults and history', () => {
    const store = open();
    const s = () => store.getState();
    expect(s()).toMatchObject({ scenarioId: 'sandbox', algorithm: 'lease' });
    expect(s().run?.trace.durationMs).toBe(120_000);
    expect(s().run?.trace.events.some((e) => e.k === 'fault')).toBe(false);
    s().addIntervention({ atMs: 1000, fault: { kind: 'crash', node: 'node-1' } });
    s().setParams({ ttlS: 10, renewS: 3 });
    expect(s().setAlgorithm('heartbeat', { quorum: true })).toBe(true);
    expect(s()).toMatchObject({
      algorithm: 'heartbeat',
      params: { quorum: true },
      interventions: [],
      history: { past: [], future: [] },
    });
    expect(s().run?.trace.algorithm).toBe('heartbeat');
    expect(s().run?.trace.scenario).toBe('sandbox');
    expect(s().run?.scenario.adr).toEqual(sandbox.freePlay?.heartbeat.adr);
    expect(s().setAlgorithm('paxos')).toBe(false);
    expect(s().rejected).toContain(`unknown algorithm "paxos" (known: ${algorithmIds.join(', ')})`);
    expect(s().algorithm).toBe('heartbeat');
    s().setAlgorithm('patroni');
    expect(s().run?.trace.hosts.map((h) => h.id)).toContain('pg-3');
  });

  it('a story scenario has a fixed algorithm', () => {
    const store = createPlayerStore({ scenarios: realScenarios });
    expect(store.getState().setAlgorithm('lease')).toBe(false);
    expect(store.getState().rejected).toMatch(/bully runs bully only/);
    expect(store.getState().algorithm).toBeUndefined();
  });

  it('Step back / forward jump between the interventions, then to the ends', () => {
    const store = open('bully');
    const s = () => store.getState();
    const end = s().run?.trace.durationMs ?? 0;
    s().stepForward();
    expect(s().t).toBe(end);
    s().stepBack();
    expect(s().t).toBe(0);
    s().addIntervention({ atMs: 30_000, fault: { kind: 'crash', node: 'node-5' } });
    s().addIntervention({ atMs: 10_000, fault: { kind: 'crash', node: 'node-1' } });
    s().seek(0);
    s().stepForward();
    expect(s().t).toBe(10_000);
    s().stepForward();
    expect(s().t).toBe(30_000);
    s().stepForward();
    expect(s().t).toBe(end);
    s().stepBack();
    expect(s().t).toBe(30_000);
    s().seek(20_000);
    s().stepBack();
    expect(s().t).toBe(10_000);
    // The intro caption stays on screen throughout (one step, at 0).
    expect(s().stepIndex).toBe(0);
  });

  it('bully: crash node-5 and node-4 leads', () => {
    const store = open('bully');
    store.getState().seek(5000);
    store.getState().addIntervention({ atMs: 5000, fault: { kind: 'crash', node: 'node-5' } });
    const run = store.getState().run;
    if (!run) throw new Error('no run');
    const leaders = run.trace.events.flatMap((e) => (e.k === 'role' && e.role === 'leader' ? [e.node] : []));
    expect(leaders.at(0)).toBe('node-5');
    expect(leaders.at(-1)).toBe('node-4');
  });

  it('an imported sandbox trace reopens with its algorithm', () => {
    const store = open('heartbeat');
    const trace = store.getState().run?.trace;
    if (!trace) throw new Error('no run');
    const other = createPlayerStore({ scenarios: realScenarios });
    expect(other.getState().loadTrace(trace)).toBe(true);
    expect(other.getState()).toMatchObject({ scenarioId: 'sandbox', algorithm: 'heartbeat', imported: true });
    expect(other.getState().run?.scenario.algorithm).toBe('heartbeat');
  });
});

describe('derived captions after the last scripted step are steps (player/steps.ts, navSteps)', () => {
  it('fencing-token with fencing off: Step forward from the last scripted step reaches the stale write accepted', () => {
    const store = createPlayerStore({ scenarios: realScenarios, scenarioId: 'fencing-token' });
    const s = store.getState;
    const scripted = s().run?.trace.steps.length ?? 0;
    s().setParams({ fencing: false });
    const run = s().run;
    if (!run) throw new Error('no run');
    const own = run.trace.steps.length;
    s().goToStep(own - 1);
    s().stepForward();
    expect(s().stepIndex).toBe(own);
    const st = stepsOf(run)[own];
    expect(st?.id).toBe('stale-write');
    expect(s().t).toBe(st?.atMs);
    s().stepBack();
    expect(s().stepIndex).toBe(own - 1);
    // goToStep past the story's count (a `step=` link) and playing through reach it too.
    s().goToStep(own);
    expect(s().stepIndex).toBe(own);
    s().seek(0);
    s().seek(st?.atMs ?? 0);
    expect(s().stepIndex).toBeGreaterThanOrEqual(own);
    // With fencing on the story's steps are as they were.
    s().setParams({});
    expect(s().run?.trace.steps.length).toBe(scripted);
  });
});

describe('a store that starts with one story and gets the rest later (`more`: the page before its catalogue)', () => {
  const setup = (outcome: 'ok' | 'fail') => {
    const all = [scenario('a'), scenario('b')];
    let list: readonly Scenario[] = [all[0] as Scenario];
    let release: () => void = () => {};
    const more = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          release = () => {
            if (outcome === 'fail') reject(new Error('the catalogue could not be loaded'));
            else {
              list = all;
              resolve();
            }
          };
        }),
    );
    const store = createPlayerStore({ scenarios: () => list, more, simulate: fakeSimulate() });
    return { store, more, release: () => release() };
  };

  it('a story it does not have yet opens once the rest has come, as one change that whenSettled waits for', async () => {
    const { store, more, release } = setup('ok');
    store.getState().selectScenario('b', 0);
    expect(more).toHaveBeenCalledTimes(1);
    expect(store.getState().run?.scenario.id).toBe('a');
    let settled = false;
    store.getState().whenSettled(() => {
      settled = true;
    });
    expect(settled).toBe(false);
    release();
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(store.getState().run?.scenario.id).toBe('b');
    expect(store.getState().scenarioId).toBe('b');
  });

  it('a story it has needs no fetch; an id the whole catalogue lacks opens the first, after one fetch', async () => {
    const { store, more, release } = setup('ok');
    store.getState().selectScenario('a');
    expect(more).not.toHaveBeenCalled();
    store.getState().selectScenario('nope');
    release();
    await vi.waitFor(() => expect(more).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(more).toHaveBeenCalledTimes(1);
    expect(store.getState().run?.scenario.id).toBe('a');
  });

  it('a failed fetch is refused with its reason; the story on screen stays', async () => {
    const { store, release } = setup('fail');
    store.getState().selectScenario('b');
    release();
    await vi.waitFor(() => expect(store.getState().rejected).toBe('the catalogue could not be loaded'));
    expect(store.getState().run?.scenario.id).toBe('a');
  });

  it('a newer change while it loads wins', async () => {
    const { store, release } = setup('ok');
    store.getState().selectScenario('b');
    store.getState().setSeed(99);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().run?.scenario.id).toBe('a');
    expect(store.getState().run?.trace.seed).toBe(99);
  });
});
