/**
 * The player's state and its inputs: what the slices of the store (this folder) build together and
 * what the views read through `createPlayerStore` (../store.ts).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SimOptions } from '../../sim/inputs.ts';
import type { Choices } from '../../sim/kernel/choices.ts';
import type { Params, ParamValue } from '../../sim/params.ts';
import { withFix } from '../../sim/scenario/fix.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import type { TraceIndex } from '../../sim/trace/frame.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import type { SimEngine } from '../engine/client.ts';
import type { PaceModel } from '../pace.ts';

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
  // One object per run: what is derived from it is memoized by identity (deriveSteps).
  const hit = shown.get(run.trace);
  if (hit?.scenario === run.scenario) return hit.shown;
  const s = withFix(run.scenario, run.trace.params).scenario;
  shown.set(run.trace, { scenario: run.scenario, shown: s });
  return s;
}
const shown = new WeakMap<object, { scenario: Scenario; shown: Scenario }>();

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
  /**
   * A schedule to replay (the explorer's, a `choices` link): its draws replace the seed's and the
   * story's script is left out (its faults are the interventions), undefined = the seeded run.
   */
  choices: Choices | undefined;
}

export const RUN_INPUT_KEYS = ['seed', 'params', 'nodes', 'interventions', 'durationMs', 'choices'] as const;
export const inputOf = (s: RunInput): RunInput => ({
  seed: s.seed,
  params: s.params,
  nodes: s.nodes,
  interventions: s.interventions,
  durationMs: s.durationMs,
  choices: s.choices,
});

/** The inputs of a run with nothing changed: the scenario's own. */
export const clean: RunInput = {
  seed: undefined,
  params: {},
  nodes: undefined,
  interventions: [],
  durationMs: undefined,
  choices: undefined,
};

/** Whether a patch leaves every run input as it is. */
export const sameInputs = (patch: Partial<RunInput>, s: RunInput) =>
  RUN_INPUT_KEYS.every((k) => !(k in patch) || patch[k] === s[k]);

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
  /**
   * While a live recording grows: sends one request of the service's own fault list as it is (a live
   * Patroni run's `{"kind":"pause","node":"pg-2"}`), for the faults that are not the simulation's.
   */
  liveRequest: ((request: Record<string, unknown>) => void) | null;
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
  /** Several inputs at once as one undoable change (a schedule opened from the explorer). */
  changeInputs(patch: Partial<RunInput>): void;
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
  /**
   * Opens a story from a file (src/sim/scenario/storyFile.ts): the player adopts it beside its own
   * scenarios and simulates it as any story, What-if included.
   */
  openStory(scenario: Scenario): void;
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
