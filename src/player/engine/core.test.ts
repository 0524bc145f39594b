import { describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { simulate } from '../../sim/simulate.ts';
import { deriveSteps } from '../../sim/trace/derive.ts';
import { isPacked } from './packed.ts';
import type { FromEngine } from './protocol.ts';

/** What ran in the engine's current task: the trace's steps, the pace model, the narration, the last piece. */
const log: string[] = [];
/** Every simulation the engine started, newest last. */
const sims: import('../../sim/simulate.ts').Simulation[] = [];

vi.mock('../../sim/simulate.ts', async (load) => {
  const real = await load<typeof import('../../sim/simulate.ts')>();
  return {
    ...real,
    startSimulation: (...a: Parameters<typeof real.startSimulation>) => {
      const sim = real.startSimulation(...a);
      sims.push(sim);
      const finish = sim.finish.bind(sim);
      sim.finish = () => {
        log.push('steps');
        return finish();
      };
      return sim;
    },
  };
});
vi.mock('../pace.ts', async (load) => {
  const real = await load<typeof import('../pace.ts')>();
  return {
    ...real,
    paceModel: (...a: Parameters<typeof real.paceModel>) => {
      log.push('pace');
      return real.paceModel(...a);
    },
  };
});

vi.mock('../../sim/trace/derive.ts', async (load) => {
  const real = await load<typeof import('../../sim/trace/derive.ts')>();
  return {
    ...real,
    startDeriving: (...a: Parameters<typeof real.startDeriving>) => {
      const d = real.startDeriving(...a);
      return {
        advance: (n: number) => {
          log.push('derive');
          return d.advance(n);
        },
      };
    },
  };
});

vi.mock('../steps.ts', async (load) => {
  const real = await load<typeof import('../steps.ts')>();
  return {
    ...real,
    navSteps: (...a: Parameters<typeof real.navSteps>) => {
      log.push('told');
      return real.navSteps(...a);
    },
  };
});

// The fast tier shares a module graph per worker: a file before this one may have loaded the engine
// with the real modules, so this file loads its own copy, with the mocks above.
vi.resetModules();
const { EngineCore } = await import('./core.ts');
const lease = scenarios.find((s) => s.id === 'etcd-lease') as Scenario;

/**
 * An engine whose tasks the test runs by hand (`tasks`), on a clock that ticks once per read, with
 * its messages kept in `posts` (and `onPost` told of each).
 */
function handCore(
  settings: { sliceMs: number; sendEveryMs: number; pieceEvents?: number },
  onPost: (m: FromEngine) => void = () => {},
) {
  const tasks: Array<() => void> = [];
  const posts: FromEngine[] = [];
  let clock = 0;
  const core = new EngineCore({
    now: () => clock++,
    later: (fn) => tasks.push(fn),
    post: (m) => {
      posts.push(m);
      onPost(m);
    },
    ...settings,
  });
  /** Runs the queued tasks, and those they queue, until none is left. */
  const drain = () => {
    for (let n = 0; tasks.length > 0 && n < 100_000; n++) tasks.shift()?.();
  };
  return { core, tasks, posts, drain };
}

describe('the engine finishing a run', () => {
  it("does the trace's steps, the pace model, the narration and the last piece each in a task of its own", () => {
    const { core, tasks, posts } = handCore({ sliceMs: 50, sendEveryMs: 1e9, pieceEvents: 400 }, (m) => {
      if (m.type === 'events') log.push(m.done ? 'done' : 'piece');
    });
    const opts = { durationMs: 120_000 };
    core.receive({ type: 'run', id: 1, job: { scenario: lease, opts, key: 'k', stem: 's' } });
    const perTask: string[][] = [];
    for (let n = 0; tasks.length > 0 && n < 10_000; n++) {
      log.length = 0;
      tasks.shift()?.();
      if (log.length > 0) perTask.push([...log.filter((x) => x !== 'derive')]);
    }
    // The events the run had left to send go first, a piece per task; the last message carries one.
    const pieces = perTask.filter((t) => t.join() === 'piece').length;
    expect(pieces).toBeGreaterThan(0);
    expect(perTask).toEqual([...Array(pieces).fill(['piece']), ['steps'], ['pace'], ['told'], ['done']]);
    // The run the page gets is the one simulate() gives.
    const whole = simulate(lease, opts);
    const got = posts.flatMap((m) => (m.type === 'events' && !isPacked(m.events) ? m.events : []));
    expect(got).toEqual(whole.events);
    const last = posts.at(-1);
    expect(last?.type === 'events' && last.done?.trace.steps).toEqual(whole.steps);
  });
});

describe('the engine sending a long run', () => {
  it('sends no message with more than a piece of events, each complete through its `through`, and narrates the run over several tasks', () => {
    const tellingTasks: number[] = [];
    // A clock read per step: each slice does a little, as on a busy page.
    const { core, tasks, posts } = handCore({ sliceMs: 2, sendEveryMs: 5, pieceEvents: 1_000 });
    const opts = { durationMs: 3_600_000 };
    core.receive({ type: 'run', id: 1, job: { scenario: lease, opts, key: 'k', stem: 's' } });
    for (let n = 0; tasks.length > 0 && n < 100_000; n++) {
      log.length = 0;
      tasks.shift()?.();
      if (log.includes('derive')) tellingTasks.push(n);
    }
    const whole = simulate(lease, opts);
    expect(whole.events.length).toBeGreaterThan(40_000);
    const msgs = posts.filter((m) => m.type === 'events');
    let through = -1;
    const got = [];
    for (const m of msgs) {
      if (isPacked(m.events)) throw new Error('a page engine posts arrays');
      expect(m.events.length).toBeLessThanOrEqual(1_000);
      // Every event at or before the last message's `through` came with it or before.
      for (const e of m.events) expect(e.t).toBeGreaterThan(through);
      expect(m.through).toBeGreaterThanOrEqual(through);
      through = m.through;
      got.push(...m.events);
    }
    expect(got).toEqual(whole.events);
    // The narration was read in pieces, in tasks of its own, and it is the one deriveSteps makes.
    expect(tellingTasks.length).toBeGreaterThan(1);
    const last = msgs.at(-1);
    expect(last?.type === 'events' && last.done?.told?.derived).toEqual(deriveSteps(whole, lease));
  }, 60_000);
});

describe('the checkpoint copy on the page', () => {
  it("holds the page's events of the run in place of its own (one copy of the past in memory), and a fault there still gives simulate()'s run", () => {
    const { core, posts, drain } = handCore({ sliceMs: 50, sendEveryMs: 1e9 });
    const opts = { durationMs: 600_000 };
    const page = simulate(lease, opts);
    const job = { scenario: lease, opts, key: 'k', stem: 's' };
    core.receive({ type: 'hint', hint: { job, cursor: 300_000, past: page.events } });
    drain();
    const copy = sims.at(-1);
    if (!copy) throw new Error('no checkpoint copy');
    expect(copy.through).toBe(299_999);
    expect(copy.events.length).toBeGreaterThan(100);
    // The very objects the page holds, not equal ones of its own.
    expect(copy.events.every((e, i) => e === page.events[i])).toBe(true);
    const fault = { atMs: 300_000, fault: { kind: 'crash' as const, node: 'node-1' } };
    const faulted = { ...opts, interventions: [fault] };
    core.receive({
      type: 'run',
      id: 1,
      job: { ...job, opts: faulted, key: 'k2', base: { key: 'k', events: page.events.length } },
    });
    drain();
    const first = posts[0];
    if (first?.type !== 'events' || isPacked(first.events)) throw new Error('no piece');
    const keep = first.keep ?? 0;
    expect(keep).toBeGreaterThan(100);
    const got = [
      ...page.events.slice(0, keep),
      ...posts.flatMap((m) => (m.type === 'events' && !isPacked(m.events) ? m.events : [])),
    ];
    expect(JSON.stringify(got)).toBe(JSON.stringify(simulate(lease, faulted).events));
  });
});
