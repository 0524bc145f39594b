import { createStore, type StoreApi } from 'zustand/vanilla';
import { canonicalFaults, type SimOptions } from '../sim/inputs.ts';
import type { Params, ParamValue } from '../sim/params.ts';
import { withFix } from '../sim/scenario/fix.ts';
import { isFreePlay, withAlgorithm } from '../sim/scenario/sandbox.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { TraceIndex } from '../sim/trace/frame.ts';
import { type Trace, traceOf } from '../sim/trace/trace.ts';
import { type RunUpdate, type SimEngine, syncEngine } from './engine/client.ts';
import { importedInputs } from './importedInputs.ts';
import { type PaceModel, paceAt, paceModel } from './pace.ts';
import { needSimulator } from './simulator.ts';
import { MAX_SPEED, MIN_SPEED } from './speed.ts';
import * as nav from './steps.ts';

/** One simulated run and what the player derives from it once. */
export interface Run {
  scenario: Scenario;
  trace: Trace;
  index: TraceIndex;
  pace: PaceModel;
  /**
   * Simulated through this virtual ms. A long run is shown while it is still being simulated: its
   * events stop here, and the player does not go past it. The run's length once complete.
   */
  until: number;
  complete: boolean;
  /** Its inputs (the memo key); null for an imported trace. */
  key: string | null;
}

/**
 * The scenario the run on screen used: the story as chosen, or with its fix when the run's knobs
 * turn it on (scenario/fix.ts: the fix may change the algorithm, size, faults and script). Views,
 * knobs and narration read this one; re-simulation starts from `run.scenario`, the story.
 */
export function shownScenario(run: Pick<Run, 'scenario' | 'trace'>): Scenario {
  return withFix(run.scenario, run.trace.params).scenario;
}

/** A run being simulated while the one on screen stays: how far it is. */
export interface Pending {
  through: number;
  durationMs: number;
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

/** Side by side, two statecharts still fit beside the cluster at 1920 px. */
export const MAX_INSPECTED = 2;

export interface PlayerState extends RunInput {
  scenarioId: string;
  /** The sandbox's algorithm (free-play scenarios only), undefined = the scenario's. */
  algorithm: string | undefined;
  /** Run inputs before (past) and after (future) the current ones: undo / redo of faults and knobs. */
  history: { past: RunInput[]; future: RunInput[] };
  /** The What-if sandbox (faults at the cursor, knobs, metrics) is open. */
  whatIf: boolean;
  /** Nodes whose statechart the inspector shows, in the order they were opened (at most two). */
  inspect: string[];
  /** Length of a GC pause applied from the sandbox, null = a default for the run. */
  pauseMs: number | null;
  /**
   * A live recording is growing on screen (src/player/live.ts): a fault goes to the real cluster now,
   * whatever the cursor, so the What-if panel offers only what live mode can do, and no knobs or undo.
   */
  liveRecording: boolean;
  /** Compare: a second run beside the main one with this one knob changed, else null. */
  compare: { name: string; value: ParamValue } | null;
  run: Run | null;
  /** Why the run could not be simulated (a bad parameter), else null. */
  error: string | null;
  /** Why the last change of seed, params, nodes or interventions was refused (the run on screen is kept). */
  rejected: string | null;
  /** The run on screen is an imported trace (loadTrace), not a simulation of the inputs above. */
  imported: boolean;
  /**
   * Simulated through this virtual ms of the run on screen: its length once complete. While a long
   * run streams in, this moves and the run object stays (views derive from it once).
   */
  until: number;
  /** Where this player's simulations run (a second run such as Compare's goes there too). */
  readonly engine: SimEngine;
  /** The change being simulated (the run on screen stays until the new one reaches the cursor), else null. */
  pending: Pending | null;
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
  /**
   * The inputs a visit starts from (a link's seed, knobs, nodes, faults and length), simulated once;
   * not an undoable change: the history starts empty from there.
   */
  setInputs(patch: Partial<RunInput>): void;
  /** Stops the change being simulated: the run and inputs before it stay. */
  cancelPending(): void;
  /** Calls fn once no change is being simulated (at once when none is). */
  whenSettled(fn: () => void): void;
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
  /** Shows these nodes' statecharts (the inspector; link `inspect=`). */
  setInspect(nodes: string[]): void;
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
  /**
   * The scenarios this player can show, the first being its default. A function when the list grows:
   * the page starts with its first story only and gets the rest from a chunk (app/scenarioList.ts).
   */
  scenarios: readonly Scenario[] | (() => readonly Scenario[]);
  /**
   * Fetches the rest of the catalogue: a change that names a scenario the list does not have yet
   * waits for it (one change: `whenSettled` waits too), and a failed fetch is `rejected`.
   */
  more?: () => Promise<unknown>;
  /** Scenario to open (default: the first). */
  scenarioId?: string;
  /** 0-based narration step to open at. */
  step?: number;
  speed?: number;
  /** Sandbox algorithm to open with (free-play scenarios). */
  algorithm?: string;
  /** Injected for tests; else the installed simulator (simulator.ts), looked up when first needed. */
  simulate?: (scenario: Scenario, opts: SimOptions) => Trace;
  /**
   * Where changes are simulated: a Web Worker in the app (engine/client.ts workerEngine), at once
   * by default (`simulate`, synchronously: the tests, Node). The first run is always simulated at
   * once, so the page opens on a picture.
   */
  engine?: SimEngine;
  /**
   * The first run as the build simulated it (the default view's, main.tsx reads it from the page):
   * used instead of simulating when its key is this store's first key, so that view loads no simulator.
   */
  prebuilt?: { key: string; trace: Trace };
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
  const simulate = (scenario: Scenario, o: SimOptions): Trace =>
    (opts.simulate ?? needSimulator('the player').simulate)(scenario, o);
  const engine = opts.engine ?? syncEngine(simulate);
  const cacheSize = opts.cacheSize ?? 8;
  const cacheEvents = opts.cacheEvents ?? 1_000_000;
  const cache = new Map<string, Run>();
  let cachedEvents = 0;
  const given = opts.scenarios;
  const known = typeof given === 'function' ? given : () => given;
  const find = (id: string) => known().find((s) => s.id === id);
  const first = known()[0];
  if (!first) throw new Error('createPlayerStore needs at least one scenario');

  /** The scenario, the engine's job and the memo keys for these inputs; or why they cannot run. */
  const jobFor = (scenarioId: string, algorithm: string | undefined, input: RunInput) => {
    let scenario: Scenario;
    try {
      scenario = withAlgorithm(find(scenarioId) ?? first, algorithm);
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) } as const;
    }
    const { seed, params, interventions, nodes, durationMs } = input;
    // The simulator puts interventions in canonical order, so the same set in any order is one run.
    const stem = [scenario.id, scenario.algorithm, seed ?? null, params, nodes ?? null, durationMs ?? null];
    const simOpts: SimOptions = {
      ...(seed !== undefined ? { seed } : {}),
      params,
      interventions,
      ...(nodes !== undefined ? { nodes } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
    };
    return {
      scenario,
      opts: simOpts,
      stem: JSON.stringify(stem),
      key: JSON.stringify([...stem, canonicalFaults(interventions)]),
    } as const;
  };

  const remember = (run: Run) => {
    if (!run.key) return;
    cache.set(run.key, run);
    cachedEvents += run.trace.events.length;
    // Bounded by count and by size (long runs); the newest run (on screen) always stays.
    while (cache.size > 1 && (cache.size > cacheSize || cachedEvents > cacheEvents)) {
      const [oldest, old] = cache.entries().next().value ?? [];
      if (oldest === undefined || !old) break;
      cache.delete(oldest);
      cachedEvents -= old.trace.events.length;
    }
  };

  const cached = (key: string): Run | undefined => {
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
    }
    return hit;
  };

  const completeRun = (scenario: Scenario, trace: Trace, key: string | null, pace?: PaceModel): Run => ({
    scenario,
    trace,
    index: new TraceIndex(trace),
    pace: pace ?? paceModel(trace, scenario.timeScale),
    until: trace.durationMs,
    complete: true,
    key,
  });

  /** The first run, simulated at once (the page opens on a picture). */
  const runNow = (
    scenarioId: string,
    algorithm: string | undefined,
    input: RunInput,
  ): { run: Run | null; error: string | null } => {
    const job = jobFor(scenarioId, algorithm, input);
    if ('error' in job) return { run: null, error: job.error ?? null };
    const hit = cached(job.key);
    if (hit) return { run: hit, error: null };
    if (opts.prebuilt?.key === job.key) {
      const run = completeRun(job.scenario, opts.prebuilt.trace, job.key);
      remember(run);
      return { run, error: null };
    }
    let result: { run: Run | null; error: string | null } = { run: null, error: 'not simulated' };
    syncEngine(simulate).run({ ...job }, (u) => {
      if (u.kind === 'error') result = { run: null, error: u.message };
      else if (u.done) {
        const run = completeRun(
          job.scenario,
          traceOf(u.done.trace, u.events, u.done.trace.steps),
          job.key,
          u.done.pace,
        );
        remember(run);
        result = { run, error: null };
      }
    });
    return result;
  };

  const cursorAtStep = (run: Run | null, step: number | undefined): nav.Cursor => {
    if (!run) return { t: 0, stepIndex: -1 };
    if (step === undefined) return nav.startOf(nav.stepsOf(run));
    return nav.goToStep(nav.stepsOf(run), step);
  };

  const initialId = opts.scenarioId ?? first.id;
  const clean: RunInput = {
    seed: undefined,
    params: {},
    nodes: undefined,
    interventions: [],
    durationMs: undefined,
  };
  const initial = runNow(initialId, opts.algorithm, clean);

  const store = createStore<PlayerState>()((set, get) => {
    /** The change being simulated: the state it will make (`patch`), and its cancel. */
    let job: { patch: Partial<PlayerState>; cancel: () => void; before: PlayerState | null } | null = null;
    const waiting: Array<() => void> = [];
    const settle = () => {
      job = null;
      if (get().pending) set({ pending: null });
      for (const fn of waiting.splice(0)) fn();
    };
    /** A change that cannot be made: the run on screen stays and `rejected` says why (no run: `error`). */
    const refuse = (error: string) => {
      if (get().run) set({ rejected: error });
      else set({ run: null, error });
    };
    /** The inputs as they will be once the change under way lands: a second change builds on it. */
    const effective = (): PlayerState => ({ ...get(), ...(job?.patch ?? {}) });

    const clampTo = (run: Run) => {
      const t = Math.min(get().t, run.until);
      return { t, stepIndex: nav.stepAt(nav.stepsOf(run), t), until: run.until };
    };
    /** A new run of the same story on screen, the cursor kept where it can be. */
    const landed = (run: Run) => ({
      run,
      error: null,
      rejected: null,
      imported: false,
      ...clampTo(run),
      pace: 1,
    });
    /** Whether a patch leaves every run input as it is. */
    const sameInputs = (patch: Partial<RunInput>, s: RunInput) =>
      RUN_INPUT_KEYS.every((k) => !(k in patch) || patch[k] === s[k]);

    /**
     * Simulates the state `patch` asks for, through the engine, while the run on screen stays. The
     * new run is shown once it reaches the minute after the cursor (all of it, for a story); a long
     * one then fills in behind (`pending` says how far). `shown(run)` is the state it makes then;
     * inputs that cannot be simulated are refused: the previous run and inputs stay, `rejected` says
     * why (never clamped).
     */
    const launch = (
      patch: Partial<PlayerState> & Pick<PlayerState, 'scenarioId' | 'algorithm'> & RunInput,
      shown: (run: Run) => Partial<PlayerState>,
    ): void => {
      const superseded = job;
      job?.cancel();
      job = null;
      const spec = jobFor(patch.scenarioId, patch.algorithm, patch);
      if ('error' in spec) {
        refuse(spec.error ?? 'cannot simulate');
        settle();
        return;
      }
      const hit = cached(spec.key);
      if (hit) {
        set({ ...patch, ...shown(hit), until: hit.until });
        settle();
        return;
      }
      const s = get();
      const cur = s.run;
      const cursor = s.t;
      const durationMs = spec.opts.durationMs ?? spec.scenario.durationMs;
      const firstUntil = Math.min(durationMs, cursor + FIRST_MS);
      const base =
        cur?.complete && cur.key && !s.imported
          ? { key: cur.key, events: cur.trace.events.length }
          : undefined;
      let trace: Trace | null = null;
      let index: TraceIndex | null = null;
      let on = false;
      const me = { patch, cancel: () => {}, before: superseded?.before ?? null };
      job = me;
      const listener = (u: RunUpdate) => {
        if (job !== me) return;
        if (u.kind === 'error') {
          if (on && me.before) set(me.before);
          refuse(u.message);
          settle();
          return;
        }
        if (!trace || !index) {
          const keep = u.keep !== undefined && cur ? u.keep : 0;
          const events: TraceEvent[] = keep > 0 && cur ? cur.trace.events.slice(0, keep) : [];
          const head = u.head ?? u.done?.trace;
          if (!head) throw new Error('the engine sent events without the run they belong to');
          // Steps before the cursor are the old run's: its past is this run's past.
          const steps = keep > 0 && cur ? cur.trace.steps.filter((st) => st.atMs < cursor) : [];
          const first: Trace = traceOf(head, events, steps);
          trace = first;
          index = keep > 0 && cur ? cur.index.continuedAs(first, keep) : new TraceIndex(first);
        }
        const events = trace.events;
        for (const e of u.events) events.push(e);
        const now: Trace = u.done ? traceOf(u.done.trace, events, u.done.trace.steps) : { ...trace };
        trace = now;
        index.follow(now);
        // Views memoize what they derive from the whole run on its index: while a run streams in they
        // keep the part first shown, and a complete run is a new index (on the same data).
        if (u.done && on) index = index.reissued();
        const complete = u.done !== undefined;
        // Before the minute after the cursor, and between pieces once the run is on screen, only the
        // progress moves: views derive from a run object once, not per piece.
        if (!complete && (on || u.through < firstUntil)) {
          set(
            on
              ? { until: u.through, pending: { through: u.through, durationMs } }
              : { pending: { through: u.through, durationMs } },
          );
          return;
        }
        const run: Run = {
          scenario: spec.scenario,
          trace: now,
          index,
          pace: u.done ? u.done.pace : flatPace(durationMs, spec.scenario.timeScale),
          until: complete ? durationMs : u.through,
          complete,
          key: spec.key,
        };
        if (complete) remember(run);
        if (!on) me.before = me.before ?? get();
        const next = on ? { run, ...clampTo(run) } : { ...patch, ...shown(run) };
        on = true;
        set({ ...next, until: run.until, pending: complete ? null : { through: u.through, durationMs } });
        if (complete) settle();
      };
      const cancel = engine.run(
        {
          scenario: spec.scenario,
          opts: spec.opts,
          key: spec.key,
          stem: spec.stem,
          ...(base ? { base } : {}),
          firstUntil,
        },
        listener,
      );
      me.cancel = cancel;
      if (job === me && !on) set({ pending: { through: get().pending?.through ?? 0, durationMs } });
    };

    /**
     * A change naming a scenario the list does not have yet: the rest of the catalogue is fetched
     * first, and `then` makes the change. Meanwhile it is the change under way (a newer one cancels
     * it, `whenSettled` waits for it); a failed fetch is refused as any change is.
     */
    const fetchMore = (more: () => Promise<unknown>, then: () => void) => {
      const superseded = job;
      job?.cancel();
      const me = { patch: {}, cancel: () => {}, before: superseded?.before ?? null };
      job = me;
      more().then(
        () => {
          if (job !== me) return;
          job = null;
          then();
        },
        (e: unknown) => {
          if (job !== me) return;
          refuse(e instanceof Error ? e.message : String(e));
          settle();
        },
      );
    };

    /**
     * Re-simulates with new inputs; keeps the cursor time (the past is unchanged for interventions).
     */
    const rerun = (patch: Partial<RunInput> & Partial<Pick<PlayerState, 'history'>>): void => {
      const s = { ...effective(), ...patch };
      launch(
        { ...(job?.patch ?? {}), ...patch, scenarioId: s.scenarioId, algorithm: s.algorithm, ...inputOf(s) },
        landed,
      );
    };

    /** A change of the run's inputs as one undoable step (a refused change leaves no entry). */
    const change = (patch: Partial<RunInput>) => {
      const s = effective();
      if (sameInputs(patch, s)) return;
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

    /** Opens a scenario at its start, or at one of its steps. */
    const select = (id: string, step: number | undefined) => {
      const scenario = find(id);
      const algorithm = scenario && isFreePlay(scenario) ? scenario.algorithm : undefined;
      launch(
        {
          scenarioId: scenario?.id ?? id,
          algorithm,
          ...clean,
          history: { past: [], future: [] },
          pauseMs: null,
          compare: null,
        },
        (run) => ({
          scenarioId: run.scenario.id,
          algorithm: isFreePlay(run.scenario) ? run.scenario.algorithm : undefined,
          ...(isFreePlay(run.scenario) ? { whatIf: true } : {}),
          run,
          error: null,
          rejected: null,
          imported: false,
          ...cursorAtStep(run, step),
          playing: false,
          pace: 1,
        }),
      );
    };

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
      speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, opts.speed ?? 1)),
      pace: 1,

      selectScenario(id, step) {
        // Not in the list yet: the rest of the catalogue first (once: an id it lacks too opens the first).
        if (!find(id) && opts.more) fetchMore(opts.more, () => select(id, step));
        else select(id, step);
      },
      setAlgorithm(algorithm, params = {}) {
        const { scenarioId } = effective();
        const base = find(scenarioId) ?? first;
        try {
          withAlgorithm(base, algorithm);
        } catch (e) {
          set({ rejected: e instanceof Error ? e.message : String(e) });
          return false;
        }
        const input = { ...clean, params };
        launch(
          { scenarioId, algorithm, ...input, history: { past: [], future: [] }, compare: null },
          (run) => ({ algorithm: run.scenario.algorithm, ...landed(run), playing: false }),
        );
        return true;
      },
      setDuration(durationMs) {
        change({ durationMs });
      },
      setInputs(patch) {
        const s = effective();
        if (sameInputs(patch, s)) return;
        rerun({ ...patch, history: { past: [], future: [] } });
      },
      cancelPending() {
        const j = job;
        if (!j) return;
        j.cancel();
        job = null;
        // A long run already on screen in part goes back to the run before it.
        if (j.before && get().run !== j.before.run) set({ ...j.before, playing: false });
        settle();
      },
      whenSettled(fn) {
        if (job) waiting.push(fn);
        else fn();
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
        changeInterventions([...effective().interventions, fault]);
      },
      removeIntervention(index) {
        const list = effective().interventions;
        if (index < 0 || index >= list.length) return;
        changeInterventions(list.filter((_, i) => i !== index));
      },
      undo() {
        const s = effective();
        const prev = s.history.past[s.history.past.length - 1];
        if (!prev) return;
        rerun({
          ...prev,
          history: { past: s.history.past.slice(0, -1), future: [inputOf(s), ...s.history.future] },
        });
      },
      redo() {
        const s = effective();
        const next = s.history.future[0];
        if (!next) return;
        rerun({
          ...next,
          history: { past: [...s.history.past, inputOf(s)], future: s.history.future.slice(1) },
        });
      },
      setWhatIf(on) {
        // Changes come from there: the engine (a worker) starts now, not while a story plays.
        if (on) engine.warm?.();
        set({ whatIf: on });
      },
      setInspect(nodes) {
        set({ inspect: [...new Set(nodes)].slice(0, MAX_INSPECTED) });
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
        if (t >= run.trace.durationMs && run.complete) set(nav.startOf(nav.stepsOf(run)));
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
        set({ ...(run ? nav.startOf(nav.stepsOf(run)) : { t: 0, stepIndex: -1 }), pace: 1 });
      },
      seek(tRaw) {
        const { run } = get();
        if (!run) return;
        const t = Math.max(0, Math.min(get().until, tRaw));
        set({ t, stepIndex: nav.stepAt(nav.stepsOf(run), t), pace: 1 });
      },
      stepForward() {
        const { run, t, stepIndex } = get();
        if (!run) return;
        const free = stops(run);
        if (free) {
          const to = free.find((x) => x > t) ?? run.trace.durationMs;
          set({ t: to, stepIndex: nav.stepAt(nav.stepsOf(run), to), playing: false, pace: 1 });
          return;
        }
        set({
          ...nav.stepForward(nav.stepsOf(run), { t, stepIndex }, run.trace.durationMs),
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
          set({ t: to, stepIndex: nav.stepAt(nav.stepsOf(run), to), playing: false, pace: 1 });
          return;
        }
        set({ ...nav.stepBack(nav.stepsOf(run), { t, stepIndex }), playing: false, pace: 1 });
      },
      goToStep(index) {
        const { run } = get();
        if (!run) return;
        set({ ...nav.goToStep(nav.stepsOf(run), index), playing: false, pace: 1 });
      },
      setSpeed(speed) {
        set({ speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed)) });
      },
      tick(wallMs) {
        const { run, t, playing, speed, until } = get();
        if (!run || !playing) return;
        const dt = Math.max(0, Math.min(MAX_TICK_MS, wallMs));
        const pace = paceAt(run.pace, t, speed);
        // A run still being simulated plays up to where it is, and goes on when more arrives.
        const next = Math.min(until, t + dt * run.scenario.timeScale * speed * pace);
        if (next === t && !run.complete) return;
        set({
          t: next,
          stepIndex: nav.stepAt(nav.stepsOf(run), next),
          pace,
          playing: next < run.trace.durationMs,
        });
      },
      loadTrace(trace) {
        const base = find(trace.scenario);
        if (!base) return false;
        let scenario: Scenario;
        try {
          scenario = withAlgorithm(base, trace.algorithm);
        } catch {
          return false;
        }
        // Whatever was being simulated gives way to the imported trace.
        job?.cancel();
        job = null;
        const run = completeRun(scenario, trace, null);
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
          until: trace.durationMs,
          ...nav.startOf(nav.stepsOf(run)),
          playing: false,
          pace: 1,
        });
        settle();
        return true;
      },
    };
  });

  // The engine keeps a checkpoint where the player rests on a complete run: a fault added there
  // continues it instead of simulating the past again.
  store.subscribe((s, prev) => {
    if (s.run === prev.run && s.t === prev.t && s.playing === prev.playing) return;
    if (s.playing) return;
    const run = s.run;
    if (!run?.complete || !run.key || s.imported) return engine.hint(null);
    const spec = jobFor(s.scenarioId, s.algorithm, s);
    if ('error' in spec || spec.key !== run.key) return engine.hint(null);
    engine.hint({
      job: { scenario: spec.scenario, opts: spec.opts, key: spec.key, stem: spec.stem },
      cursor: Math.round(s.t),
    });
  });
  return store;
}

/** The new run is shown once it is simulated this far past the cursor: the minute the user looks at. */
const FIRST_MS = 60_000;

/** Pace for a run still being simulated: the chosen speed throughout (no slow motion, no fast-forward). */
function flatPace(durationMs: number, timeScale: number): PaceModel {
  return {
    busy: { starts: [0], ends: [durationMs], durationMs },
    focus: { at: [], pre: 0, post: 0, ramp: 1, flightMs: 1 },
    timeScale,
  };
}
