/**
 * One player's state, as one zustand store built from slices (./store/), each one idea:
 * - `runs.ts`: the runs simulated so far, memoized by their inputs, and the first run;
 * - `flight.ts`: the change being simulated through the engine while the run on screen stays;
 * - `inputs.ts`: the run's inputs and their undo / redo history;
 * - `catalogue.ts`: which scenario (and sandbox algorithm) is on screen;
 * - `playback.ts`: the playback clock and the narration steps;
 * - `sandbox.ts`: the What-if panel, the inspector, the pause length and Compare;
 * - `import.ts`: a trace from elsewhere shown as is.
 * A factory, not a module singleton: two players on one page (docs embeds) each own their store.
 */
import { createStore } from 'zustand/vanilla';
import type { SimOptions } from '../sim/inputs.ts';
import { isFreePlay } from '../sim/scenario/sandbox.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { syncEngine } from './engine/client.ts';
import { needSimulator } from './simulator.ts';
import { catalogueSlice, cursorAtStep } from './store/catalogue.ts';
import type { SliceContext } from './store/context.ts';
import { createFlight } from './store/flight.ts';
import { importSlice } from './store/import.ts';
import { inputsSlice } from './store/inputs.ts';
import { clampSpeed, playbackSlice } from './store/playback.ts';
import { createRuns } from './store/runs.ts';
import { sandboxSlice } from './store/sandbox.ts';
import { clean, type PlayerOptions, type PlayerState, type PlayerStore } from './store/types.ts';

export {
  MAX_INSPECTED,
  type Pending,
  type PlayerOptions,
  type PlayerState,
  type PlayerStore,
  type Run,
  type RunInput,
  shownScenario,
} from './store/types.ts';

/**
 * Builds one player's state. simulate() runs only when scenario, seed, params or interventions
 * change, and recent runs are memoized by those inputs.
 */
export function createPlayerStore(opts: PlayerOptions): PlayerStore {
  const simulate = (scenario: Scenario, o: SimOptions): Trace =>
    (opts.simulate ?? needSimulator('the player').simulate)(scenario, o);
  const engine = opts.engine ?? syncEngine(simulate);
  const runs = createRuns(opts, simulate);
  const initialId = opts.scenarioId ?? runs.first.id;
  const initial = runs.runNow(initialId, opts.algorithm, clean);

  const store = createStore<PlayerState>()((set, get) => {
    const flight = createFlight(set, get, runs, engine);
    const ctx: SliceContext = { set, get, opts, engine, runs, flight };
    return {
      scenarioId: initial.run?.scenario.id ?? initialId,
      algorithm: initial.run && isFreePlay(initial.run.scenario) ? initial.run.scenario.algorithm : undefined,
      ...clean,
      history: { past: [], future: [] },
      // Free play starts with the What-if panel open: it is the only way to change anything there.
      whatIf: initial.run ? isFreePlay(initial.run.scenario) : false,
      inspect: [],
      pauseMs: null,
      liveRecording: false,
      liveRequest: null,
      compare: null,
      engine,
      run: initial.run,
      until: initial.run?.until ?? 0,
      error: initial.error,
      rejected: null,
      imported: false,
      pending: null,
      ...cursorAtStep(initial.run, opts.step),
      playing: false,
      speed: clampSpeed(opts.speed ?? 1),
      pace: 1,
      ...catalogueSlice(ctx),
      ...inputsSlice(ctx),
      ...playbackSlice(ctx),
      ...sandboxSlice(ctx),
      ...importSlice(ctx),
    };
  });

  // The engine keeps a checkpoint where the player rests on a complete run: a fault added there
  // continues it instead of simulating the past again.
  store.subscribe((s, prev) => {
    if (s.run === prev.run && s.t === prev.t && s.playing === prev.playing) return;
    if (s.playing) return;
    const run = s.run;
    if (!run?.complete || !run.key || s.imported) return engine.hint(null);
    const spec = runs.jobFor(s.scenarioId, s.algorithm, s);
    if ('error' in spec || spec.key !== run.key) return engine.hint(null);
    engine.hint({
      job: { scenario: spec.scenario, opts: spec.opts, key: spec.key, stem: spec.stem },
      cursor: Math.round(s.t),
      past: run.trace.events,
    });
  });
  return store;
}
