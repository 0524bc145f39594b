import { describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { simulate } from '../../sim/simulate.ts';
import type { FromEngine } from './protocol.ts';

/** What ran in the engine's current task: the trace's steps, the pace model, the narration, the last piece. */
const log: string[] = [];

vi.mock('../../sim/simulate.ts', async (load) => {
  const real = await load<typeof import('../../sim/simulate.ts')>();
  return {
    ...real,
    startSimulation: (...a: Parameters<typeof real.startSimulation>) => {
      const sim = real.startSimulation(...a);
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

describe('the engine finishing a run', () => {
  it("does the trace's steps, the pace model, the narration and the last piece each in a task of its own", () => {
    const tasks: Array<() => void> = [];
    const posts: FromEngine[] = [];
    let clock = 0;
    const core = new EngineCore({
      now: () => clock++,
      later: (fn) => tasks.push(fn),
      post: (m) => {
        posts.push(m);
        if (m.type === 'events' && m.done) log.push('done');
      },
      sliceMs: 50,
      sendEveryMs: 1e9,
    });
    const opts = { durationMs: 120_000 };
    core.receive({ type: 'run', id: 1, job: { scenario: lease, opts, key: 'k', stem: 's' } });
    const perTask: string[][] = [];
    for (let n = 0; tasks.length > 0 && n < 10_000; n++) {
      log.length = 0;
      tasks.shift()?.();
      if (log.length > 0) perTask.push([...log]);
    }
    expect(perTask).toEqual([['steps'], ['pace'], ['told'], ['done']]);
    // The run the page gets is the one simulate() gives.
    const whole = simulate(lease, opts);
    const got = posts.flatMap((m) => (m.type === 'events' && Array.isArray(m.events) ? m.events : []));
    expect(got).toEqual(whole.events);
    const last = posts.at(-1);
    expect(last?.type === 'events' && last.done?.trace.steps).toEqual(whole.steps);
  });
});
