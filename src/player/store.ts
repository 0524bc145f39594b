import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Params, ParamValue } from '../sim/params.ts';
import { isFreePlay, withAlgorithm } from '../sim/scenario/sandbox.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import { canonicalFaults, simulate as runSimulation, type SimOptions } from '../sim/simulate.ts';
import { TraceIndex } from '../sim/trace/frame.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { importedInputs } from './importedInputs.ts';
import { type PaceModel, paceAt, paceModel } from './pace.ts';
import { MAX_SPEED, MIN_SPEED } from './speed.ts';
import * as nav from './steps.ts';

/** One simulated run and what the player derives from it once. */
export interface Run {
  scenario: Scenario;
  trace: Trace;
  index: TraceIndex;
  pace: PaceModel;
}

/** What a run is simulated from, besides the scenario: one undo / redo entry. */
export interface RunInput {
  seed: number | undefined;
  params: Partial<Params>;
  /** Cluster size override (the What-if knobs), undefined = the scenario's. */
  nodes: number | undefined;
  interventions: TimedFault[];
  /** Run length override in virtual ms (the sandbox's Length, a `duration` link), undefined = the scenario's. */
  durationMs: number | undefined;
}

const RUN_INPUT_KEYS = ['seed', 'params', 'nodes', 'interventions', 'durationMs'] as const;
const inputOf = (s: RunInput): RunInput => ({
  seed: s.seed,
  params: s.params,
  nodes: s.nodes,
  interventions: s.interventions,
  durationMs: s.durationMs,
});

export interface PlayerState extends RunInput {
  scenarioId: string;
  /** The sandbox's algorithm (free-play scenarios only), undefined = the scenario's. */
  algorithm: string | undefined;
  /** Run inputs before (past) and after (future) the current ones: undo / redo of faults and knobs. */
  history: { past: RunInput[]; future: RunInput[] };
  /** The What-if sandbox (faults at the cursor, knobs, metrics) is open. */
  whatIf: boolean;
  /** Length of a GC pause applied from the sandbox, null = a default for the run. */
  pauseMs: number | null;
  /** Compare: a second run beside the main one with this one knob changed, else null. */
  compare: { name: string; value: ParamValue } | null;
  run: Run | null;
  /** Why the run could not be simulated (a bad parameter), else null. */
  error: string | null;
  /** Why the last change of seed, params, nodes or interventions was refused (the run on screen is kept). */
  rejected: string | null;
  /** The run on screen is an imported trace (loadTrace), not a simulation of the inputs above. */
  imported: boolean;
  /** Cursor: virtual ms. */
  t: number;
  /** The narration step on screen (-1 before the first). */
  stepIndex: number;
  playing: boolean;
  /** Chosen speed: 1 = scenario.timeScale virtual ms per wall ms. */
  speed: number;
  /** Pace multiplier in effect while playing: < 1 focus slow motion, > 1 quiet-time fast-forward. */
  pace: number;

  selectScenario(id: string, step?: number): void;
  /**
   * Runs the sandbox with another algorithm, from a clean slate (knobs, faults and history reset;
   * `params` are the preset's knobs). Refused (`rejected`) for a story scenario or an unknown name.
   */
  setAlgorithm(algorithm: string, params?: Partial<Params>): boolean;
  setDuration(durationMs: number | undefined): void;
  setSeed(seed: number | undefined): void;
  setParams(params: Partial<Params>): void;
  /** Knobs and cluster size back to the scenario's, as one undoable change. */
  resetKnobs(): void;
  setNodes(nodes: number | undefined): void;
  setInterventions(interventions: TimedFault[]): void;
  /** Adds a fault at its time (normally the cursor): the past stays, the future is re-simulated. */
  addIntervention(fault: TimedFault): void;
  /** Removes the intervention at this position of `interventions`. */
  removeIntervention(index: number): void;
  undo(): void;
  redo(): void;
  setWhatIf(on: boolean): void;
  setPauseMs(ms: number | null): void;
  setCompare(compare: { name: string; value: ParamValue } | null): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  restart(): void;
  seek(t: number): void;
  stepForward(): void;
  stepBack(): void;
  goToStep(index: number): void;
  setSpeed(speed: number): void;
  /** Advances playback by a wall-clock interval (the rAF ticker calls this). */
  tick(wallMs: number): void;
  /**
   * Shows a trace from elsewhere (import) instead of simulating: the run is built from it as is.
   * Returns false, changing nothing, when its scenario is not one of this player's.
   */
  loadTrace(trace: Trace): boolean;
}

export type PlayerStore = StoreApi<PlayerState>;

export interface PlayerOptions {
  scenarios: readonly Scenario[];
  /** Scenario to open (default: the first). */
  scenarioId?: string;
  /** 0-based narration step to open at. */
  step?: number;
  speed?: number;
  /** Sandbox algorithm to open with (free-play scenarios). */
  algorithm?: string;
  /** Injected for tests; the real simulator by default. */
  simulate?: (scenario: Scenario, opts: SimOptions) => Trace;
  /** How many runs to keep memoized (switching back to a scenario does not simulate again). */
  cacheSize?: number;
  /** And at most this many trace events in all: a 24 h lease run alone has ~800k (~200 MB of heap). */
  cacheEvents?: number;
}

/** The longest wall interval one tick may cover: a hidden tab coming back does not jump ahead. */
const MAX_TICK_MS = 100;

/**
 * Builds one player's state. A factory, not a module singleton: two players on one page (docs
 * embeds) each own their store. simulate() runs only when scenario, seed, params or interventions
 * change, and recent runs are memoized by those inputs.
 */
export function createPlayerStore(opts: PlayerOptions): PlayerStore {
  const simulate = opts.simulate ?? runSimulation;
  const cacheSize = opts.cacheSize ?? 8;
  const cacheEvents = opts.cacheEvents ?? 1_000_000;
  const cache = new Map<string, Run>();
  let cachedEvents = 0;
  const first = opts.scenarios[0];
  if (!first) throw new Error('createPlayerStore needs at least one scenario');

  const runFor = (
    scenarioId: string,
    algorithm: string | undefined,
    { seed, params, interventions, nodes, durationMs }: RunInput,
  ): { run: Run | null; error: string | null } => {
    let scenario: Scenario;
    try {
      scenario = withAlgorithm(opts.scenarios.find((s) => s.id === scenarioId) ?? first, algorithm);
    } catch (e) {
      return { run: null, error: e instanceof Error ? e.message : String(e) };
    }
    // The simulator puts interventions in canonical order, so the same set in any order is one run.
    const key = JSON.stringify([
      scenario.id,
      scenario.algorithm,
      seed ?? null,
      params,
      canonicalFaults(interventions),
      nodes ?? null,
      durationMs ?? null,
    ]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return { run: hit, error: null };
    }
    try {
      const trace = simulate(scenario, {
        ...(seed !== undefined ? { seed } : {}),
        params,
        interventions,
        ...(nodes !== undefined ? { nodes } : {}),
        ...(durationMs !== undefined ? { durationMs } : {}),
      });
      const run: Run = {
        scenario,
        trace,
        index: new TraceIndex(trace),
        pace: paceModel(trace, scenario.timeScale),
      };
      cache.set(key, run);
      cachedEvents += trace.events.length;
      // Bounded by count and by size (long runs); the newest run (on screen) always stays.
      while (cache.size > 1 && (cache.size > cacheSize || cachedEvents > cacheEvents)) {
        const [oldest, old] = cache.entries().next().value ?? [];
        if (oldest === undefined || !old) break;
        cache.delete(oldest);
        cachedEvents -= old.trace.events.length;
      }
      return { run, error: null };
    } catch (e) {
      return { run: null, error: e instanceof Error ? e.message : String(e) };
    }
  };

  const cursorAtStep = (run: Run | null, step: number | undefined): nav.Cursor => {
    if (!run) return { t: 0, stepIndex: -1 };
    if (step === undefined) return nav.startOf(run.trace.steps);
    return nav.goToStep(run.trace.steps, step);
  };

  const initialId = opts.scenarioId ?? first.id;
  const clean: RunInput = {
    seed: undefined,
    params: {},
    nodes: undefined,
    interventions: [],
    durationMs: undefined,
  };
  const initial = runFor(initialId, opts.algorithm, clean);

  return createStore<PlayerState>()((set, get) => {
    /**
     * Re-simulates with new inputs; keeps the cursor time (the past is unchanged for interventions).
     * Inputs that cannot be simulated are refused: the previous run and inputs stay, `rejected` says
     * why (never clamped). Returns whether the change was taken.
     */
    const rerun = (patch: Partial<RunInput> & Partial<Pick<PlayerState, 'history'>>): boolean => {
      const s = { ...get(), ...patch };
      const { run, error } = runFor(s.scenarioId, s.algorithm, s);
      if (!run && get().run) {
        set({ rejected: error });
        return false;
      }
      const t = run ? Math.min(get().t, run.trace.durationMs) : 0;
      set({
        ...patch,
        run,
        error,
        rejected: null,
        imported: false,
        t,
        stepIndex: run ? nav.stepAt(run.trace.steps, t) : -1,
        pace: 1,
      });
      return true;
    };

    /** A change of the run's inputs as one undoable step (a refused change leaves no entry). */
    const change = (patch: Partial<RunInput>) => {
      const s = get();
      if (RUN_INPUT_KEYS.every((k) => !(k in patch) || patch[k] === s[k])) return;
      rerun({ ...patch, history: { past: [...s.history.past, inputOf(s)], future: [] } });
    };
    const changeInterventions = (interventions: TimedFault[]) => change({ interventions });

    /** Free play has one intro step: Step back / forward jump between the interventions' moments. */
    const stops = (run: Run): number[] | null =>
      isFreePlay(run.scenario)
        ? [...new Set([0, ...run.trace.interventions.map((f) => f.atMs), run.trace.durationMs])]
            .filter((x) => x <= run.trace.durationMs)
            .sort((a, b) => a - b)
        : null;

    return {
      scenarioId: initial.run?.scenario.id ?? initialId,
      algorithm: initial.run && isFreePlay(initial.run.scenario) ? initial.run.scenario.algorithm : undefined,
      ...clean,
      history: { past: [], future: [] },
      // Free play starts with the What-if panel open: it is the only way to change anything there.
      whatIf: initial.run ? isFreePlay(initial.run.scenario) : false,
      pauseMs: null,
      compare: null,
      run: initial.run,
      error: initial.error,
      rejected: null,
      imported: false,
      ...cursorAtStep(initial.run, opts.step),
      playing: false,
      speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, opts.speed ?? 1)),
      pace: 1,

      selectScenario(id, step) {
        const { run, error } = runFor(id, undefined, clean);
        set({
          scenarioId: run?.scenario.id ?? id,
          algorithm: run && isFreePlay(run.scenario) ? run.scenario.algorithm : undefined,
          ...clean,
          history: { past: [], future: [] },
          ...(run && isFreePlay(run.scenario) ? { whatIf: true } : {}),
          pauseMs: null,
          compare: null,
          run,
          error,
          rejected: null,
          imported: false,
          ...cursorAtStep(run, step),
          playing: false,
          pace: 1,
        });
      },
      setAlgorithm(algorithm, params = {}) {
        const { scenarioId, t } = get();
        const input = { ...clean, params };
        const { run, error } = runFor(scenarioId, algorithm, input);
        if (!run) {
          set({ rejected: error });
          return false;
        }
        set({
          algorithm: run.scenario.algorithm,
          ...input,
          history: { past: [], future: [] },
          compare: null,
          run,
          error: null,
          rejected: null,
          imported: false,
          t: Math.min(t, run.trace.durationMs),
          stepIndex: nav.stepAt(run.trace.steps, Math.min(t, run.trace.durationMs)),
          playing: false,
          pace: 1,
        });
        return true;
      },
      setDuration(durationMs) {
        change({ durationMs });
      },
      setSeed(seed) {
        change({ seed });
      },
      setParams(params) {
        change({ params });
      },
      resetKnobs() {
        change({ params: {}, nodes: undefined });
      },
      setNodes(nodes) {
        change({ nodes });
      },
      setInterventions(interventions) {
        changeInterventions(interventions);
      },
      addIntervention(fault) {
        changeInterventions([...get().interventions, fault]);
      },
      removeIntervention(index) {
        const list = get().interventions;
        if (index < 0 || index >= list.length) return;
        changeInterventions(list.filter((_, i) => i !== index));
      },
      undo() {
        const s = get();
        const prev = s.history.past[s.history.past.length - 1];
        if (!prev) return;
        rerun({
          ...prev,
          history: { past: s.history.past.slice(0, -1), future: [inputOf(s), ...s.history.future] },
        });
      },
      redo() {
        const s = get();
        const next = s.history.future[0];
        if (!next) return;
        rerun({
          ...next,
          history: { past: [...s.history.past, inputOf(s)], future: s.history.future.slice(1) },
        });
      },
      setWhatIf(on) {
        set({ whatIf: on });
      },
      setPauseMs(ms) {
        set({ pauseMs: ms });
      },
      setCompare(compare) {
        set({ compare });
      },
      play() {
        const { run, t } = get();
        if (!run) return;
        if (t >= run.trace.durationMs) set(nav.startOf(run.trace.steps));
        set({ playing: true });
      },
      pause() {
        set({ playing: false, pace: 1 });
      },
      togglePlay() {
        if (get().playing) get().pause();
        else get().play();
      },
      restart() {
        const { run } = get();
        set({ ...(run ? nav.startOf(run.trace.steps) : { t: 0, stepIndex: -1 }), pace: 1 });
      },
      seek(tRaw) {
        const { run } = get();
        if (!run) return;
        const t = Math.max(0, Math.min(run.trace.durationMs, tRaw));
        set({ t, stepIndex: nav.stepAt(run.trace.steps, t), pace: 1 });
      },
      stepForward() {
        const { run, t, stepIndex } = get();
        if (!run) return;
        const free = stops(run);
        if (free) {
          const to = free.find((x) => x > t) ?? run.trace.durationMs;
          set({ t: to, stepIndex: nav.stepAt(run.trace.steps, to), playing: false, pace: 1 });
          return;
        }
        set({
          ...nav.stepForward(run.trace.steps, { t, stepIndex }, run.trace.durationMs),
          playing: false,
          pace: 1,
        });
      },
      stepBack() {
        const { run, t, stepIndex } = get();
        if (!run) return;
        const free = stops(run);
        if (free) {
          const to = free.findLast((x) => x < t) ?? 0;
          set({ t: to, stepIndex: nav.stepAt(run.trace.steps, to), playing: false, pace: 1 });
          return;
        }
        set({ ...nav.stepBack(run.trace.steps, { t, stepIndex }), playing: false, pace: 1 });
      },
      goToStep(index) {
        const { run } = get();
        if (!run) return;
        set({ ...nav.goToStep(run.trace.steps, index), playing: false, pace: 1 });
      },
      setSpeed(speed) {
        set({ speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed)) });
      },
      tick(wallMs) {
        const { run, t, playing, speed } = get();
        if (!run || !playing) return;
        const dt = Math.max(0, Math.min(MAX_TICK_MS, wallMs));
        const pace = paceAt(run.pace, t, speed);
        const end = run.trace.durationMs;
        const next = Math.min(end, t + dt * run.scenario.timeScale * speed * pace);
        set({
          t: next,
          stepIndex: nav.stepAt(run.trace.steps, next),
          pace,
          playing: next < end,
        });
      },
      loadTrace(trace) {
        const base = opts.scenarios.find((s) => s.id === trace.scenario);
        if (!base) return false;
        let scenario: Scenario;
        try {
          scenario = withAlgorithm(base, trace.algorithm);
        } catch {
          return false;
        }
        const run: Run = {
          scenario,
          trace,
          index: new TraceIndex(trace),
          pace: paceModel(trace, scenario.timeScale),
        };
        set({
          scenarioId: scenario.id,
          algorithm: isFreePlay(scenario) ? scenario.algorithm : undefined,
          seed: trace.seed,
          // Its own inputs, so the link carries them (Copy link reproduces the view).
          ...importedInputs(trace, scenario),
          history: { past: [], future: [] },
          pauseMs: null,
          compare: null,
          run,
          error: null,
          rejected: null,
          imported: true,
          ...nav.startOf(trace.steps),
          playing: false,
          pace: 1,
        });
        return true;
      },
    };
  });
}
