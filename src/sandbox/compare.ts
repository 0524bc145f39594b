import type { SimEngine } from '../player/engine/client.ts';
import { algorithmFor } from '../sim/algorithms/registry.ts';
import type { SimOptions } from '../sim/inputs.ts';
import type { Choices } from '../sim/kernel/choices.ts';
import { createMetricsIndex, type MetricsIndex } from '../sim/metrics/index.ts';
import { ParamError, type ParamProblem, type Params, type ParamValue } from '../sim/params.ts';
import { replayedStory } from '../sim/scenario/schedule.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { TraceIndex } from '../sim/trace/frame.ts';
import { type Trace, traceOf } from '../sim/trace/trace.ts';
import { DRAW } from './branch.ts';
import { type Knob, knobsOf, withKnob } from './knobs.ts';
import { type RunFault, validWithout, WITHOUT, withoutFault } from './variants.ts';

/**
 * The one knob that differs in the comparison run, and its value there; or, with the name WITHOUT
 * (variants.ts), the fault the comparison run leaves out.
 */
export interface CompareSpec {
  name: string;
  value: ParamValue;
}

/** The inputs of the run on screen that the comparison run shares. */
export interface CompareInputs {
  scenario: Scenario;
  seed: number | undefined;
  params: Partial<Params>;
  nodes: number | undefined;
  interventions: TimedFault[];
  /** Run length override (the sandbox). */
  durationMs?: number | undefined;
  /** The run's schedule (a `choices` link, the explorer's): the second run replays it too, without the script. */
  choices?: Choices | undefined;
}

/** The scenario as the run on screen ran it: a schedule's run leaves the story's script out. */
export const ranStory = (scenario: Scenario, choices: Choices | undefined): Scenario =>
  choices ? { ...replayedStory(scenario), faults: [] } : scenario;

export interface CompareRun {
  spec: CompareSpec;
  trace: Trace;
  index: TraceIndex;
  metrics: MetricsIndex;
  /** Knobs changed as well to keep the run valid (ttlS shorter than renewS: renewS follows). */
  adjusted: CompareSpec[];
  /** The faults this run leaves out (a WITHOUT spec): the chosen one and the one that ends it. */
  dropped: RunFault[];
}

/** A refused comparison: the simulator's English message, and its ParamProblem when a knob was refused. */
export type CompareResult = { run: CompareRun } | { error: string; problem?: ParamProblem };

/** The knobs a comparison can change: the algorithm's own, with the values of the run on screen. */
export function compareKnobs(scenario: Scenario, params: Params): Knob[] {
  const own = algorithmFor(scenario.algorithm).params;
  return knobsOf(scenario, params).filter((k) => Object.hasOwn(own, k.name));
}

/**
 * The value to compare against: a switch flipped; a TTL of 10 s against 30 s (and back); a shard
 * count against one shard; any other number doubled, within its bounds.
 */
export function presetValue(knob: Knob, story?: Scenario['compare']): ParamValue {
  const v = knob.value;
  // The story says what to hold its run against (when the knob is not already there).
  if (story?.knob === knob.name && story.value !== undefined && story.value !== v) return story.value;
  if (typeof v === 'boolean') return !v;
  if (knob.name === 'ttlS') return v <= 10 ? 30 : 10;
  // Sharded leadership against a single leader for the whole cluster (shards=1), and back.
  if (knob.name === 'shards') return v === 1 ? 12 : 1;
  const max = knob.spec.max ?? Number.POSITIVE_INFINITY;
  const doubled = v === 0 ? 1 : v * 2;
  return doubled <= max ? doubled : knob.spec.min !== undefined ? Math.max(knob.spec.min, v / 2) : v / 2;
}

/** A renew interval that fits a TTL: a third of it, on a half-second grid (10 -> 3, 30 -> 10). */
export function renewFor(ttlS: number): number {
  return Math.max(0.5, Math.floor((ttlS / 3) * 2) / 2);
}

const cache = new Map<string, CompareResult>();
const CACHE_SIZE = 6;
/** Comparisons being simulated, so two views asking for the same one share it. */
const inFlight = new Map<string, Promise<CompareResult>>();

const keyOf = (inputs: CompareInputs, spec: CompareSpec) =>
  JSON.stringify([
    inputs.scenario.id,
    inputs.scenario.algorithm,
    inputs.durationMs ?? null,
    inputs.seed ?? null,
    inputs.params,
    inputs.nodes ?? null,
    inputs.interventions,
    inputs.choices?.draws.join(',') ?? null,
    spec,
  ]);

interface Attempt {
  scenario: Scenario;
  opts: SimOptions;
  adjusted: CompareSpec[];
  dropped: RunFault[];
}

/**
 * The runs to try, in order, for the comparison: the first that simulates is the result. One knob
 * changed, or one fault left out (WITHOUT, variants.ts); a TTL the renew interval no longer fits is
 * tried again with renewS following the TTL.
 */
function plan(given: CompareInputs, spec: CompareSpec): Attempt[] | CompareResult {
  const inputs = { ...given, scenario: ranStory(given.scenario, given.choices) };
  const attempt = (
    params: Partial<Params>,
    adjusted: CompareSpec[],
    variant = { scenario: inputs.scenario, interventions: inputs.interventions, dropped: [] as RunFault[] },
  ): Attempt => ({
    scenario: variant.scenario,
    opts: {
      states: false, // the comparison is drawn, never inspected
      ...(inputs.seed !== undefined ? { seed: inputs.seed } : {}),
      params,
      interventions: variant.interventions,
      ...(inputs.nodes !== undefined ? { nodes: inputs.nodes } : {}),
      ...(inputs.durationMs !== undefined ? { durationMs: inputs.durationMs } : {}),
      ...(inputs.choices ? { choices: inputs.choices } : {}),
    },
    adjusted,
    dropped: variant.dropped,
  });
  if (spec.name === DRAW) {
    // The same schedule with draw i at the seed's value (branch.ts): Branch here's other future.
    const i = spec.value;
    const draws = inputs.choices?.draws;
    if (typeof i !== 'number' || !draws || !Number.isInteger(i) || i < 0 || i >= draws.length)
      return { error: `no draw ${String(i)} to put back` };
    const a = attempt(inputs.params, []);
    return [{ ...a, opts: { ...a.opts, seedFrom: i } }];
  }
  if (spec.name === WITHOUT) {
    const k = spec.value;
    return typeof k === 'number' && validWithout(inputs.scenario, inputs.interventions, k)
      ? [attempt(inputs.params, [], withoutFault(inputs.scenario, inputs.interventions, k))]
      : { error: `no fault ${String(k)} to leave out` };
  }
  const params = withKnob(inputs.scenario, inputs.params, spec.name, spec.value);
  const first = attempt(params, []);
  if (spec.name !== 'ttlS' || typeof spec.value !== 'number') return [first];
  const renewS = renewFor(spec.value);
  return [
    first,
    attempt(withKnob(inputs.scenario, params, 'renewS', renewS), [{ name: 'renewS', value: renewS }]),
  ];
}

function resultOf(spec: CompareSpec, a: Attempt, trace: Trace): CompareResult {
  return {
    run: {
      spec,
      trace,
      index: new TraceIndex(trace),
      metrics: createMetricsIndex(trace),
      adjusted: a.adjusted,
      dropped: a.dropped,
    },
  };
}

function errorOf(e: unknown): CompareResult {
  if (e instanceof ParamError) return { error: e.message, problem: e.problem };
  return { error: e instanceof Error ? e.message : String(e) };
}

/**
 * Simulates the comparison run: the same scenario, seed, cluster size, params and interventions as
 * the run on screen, with one knob changed, or one fault left out (WITHOUT, variants.ts). Pure: a
 * function of its inputs (memoized by them). A value the algorithm's rules refuse is an error (the
 * rule's message), except a TTL the renew interval no longer fits, where renewS follows the TTL.
 */
export function simulateCompare(inputs: CompareInputs, spec: CompareSpec): CompareResult {
  const key = keyOf(inputs, spec);
  const hit = cache.get(key);
  if (hit) return hit;
  const attempts = plan(inputs, spec);
  let result: CompareResult | null = null;
  if (!Array.isArray(attempts)) result = attempts;
  else
    for (const a of attempts) {
      try {
        result = resultOf(spec, a, simulate(a.scenario, a.opts));
        break;
      } catch (e) {
        result ??= errorOf(e);
      }
    }
  const r = result ?? { error: 'nothing to compare' };
  remember(key, r);
  return r;
}

/**
 * The same comparison simulated by the player's engine (a Web Worker in the app): the page does not
 * wait for it. The cached result when there is one, else a promise.
 */
export function compareInEngine(
  inputs: CompareInputs,
  spec: CompareSpec,
  engine: SimEngine,
): CompareResult | Promise<CompareResult> {
  const key = keyOf(inputs, spec);
  const hit = cache.get(key);
  if (hit) return hit;
  const running = inFlight.get(key);
  if (running) return running;
  const attempts = plan(inputs, spec);
  if (!Array.isArray(attempts)) return attempts;
  const go = async (): Promise<CompareResult> => {
    let result: CompareResult | null = null;
    for (const a of attempts) {
      try {
        result = resultOf(spec, a, await traceFrom(engine, a));
        break;
      } catch (e) {
        result ??= errorOf(e);
      }
    }
    const r = result ?? { error: 'nothing to compare' };
    remember(key, r);
    inFlight.delete(key);
    return r;
  };
  const p = go();
  inFlight.set(key, p);
  return p;
}

/** One whole run from the engine (its pieces gathered); a refusal comes back as the simulator's error. */
function traceFrom(engine: SimEngine, a: Attempt): Promise<Trace> {
  return new Promise((resolve, reject) => {
    const events: TraceEvent[] = [];
    engine.run({ scenario: a.scenario, opts: a.opts, key: '', stem: '' }, (u) => {
      if (u.kind === 'error') {
        const problem = u.detail.problem as ParamProblem | undefined;
        reject(u.name === 'ParamError' && problem ? new ParamError(problem) : new Error(u.message));
        return;
      }
      for (const e of u.events) events.push(e);
      if (u.done) resolve(traceOf(u.done.trace, events, u.done.trace.steps));
    });
  });
}

function remember(key: string, result: CompareResult): void {
  cache.set(key, result);
  while (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}
