/**
 * Runs one chaos schedule through simulate() and checks its properties. It lives above src/sim because
 * its base runs are scenarios (scenarios/), which the simulator never imports.
 */
import { scenarioById } from '../../../scenarios/index.ts';
import {
  type BoundResult,
  checkBound,
  checkLiveness,
  checkSafety,
  type Failure,
  type LivenessResult,
  type MetricBound,
} from '../../sim/chaos/properties.ts';
import {
  type ChaosAlgorithm,
  type ChaosSchedule,
  hooksOf,
  interventionsOf,
} from '../../sim/chaos/schedule.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { simulate } from '../../sim/simulate.ts';
import type { Trace } from '../../sim/trace/trace.ts';

/** The scenario the algorithm's chaos hooks name as their base run. */
export function baseScenarioOf(alg: ChaosAlgorithm): Scenario {
  const id = hooksOf(alg).base;
  const s = scenarioById(id);
  if (!s) throw new Error(`chaos: base scenario ${id} is missing`);
  return s;
}

/** The trace of a schedule: the base scenario without its script, plus the schedule's faults. */
export function traceOf(s: ChaosSchedule): Trace {
  return simulate(baseScenarioOf(s.algorithm), {
    states: false, // the properties read roles, writes and violations, never the charts
    withoutScript: true,
    seed: s.seed,
    nodes: s.nodes,
    params: s.params,
    interventions: interventionsOf(s),
    durationMs: s.durationMs,
  });
}

export interface ChaosOutcome {
  schedule: ChaosSchedule;
  /** Fault events the schedule's random faults put in the trace (those that changed something). */
  faultsInjected: number;
  safety: Failure[];
  /** Null when the run had random message loss: the faults never stop, so liveness is not claimed. */
  liveness: LivenessResult | null;
  /** Violation kinds simulate()'s own checkers raised (cross-check of the properties). */
  violationKinds: string[];
}

export function runSchedule(s: ChaosSchedule): ChaosOutcome {
  const trace = traceOf(s);
  const F = s.faultsEndMs;
  let faultsInjected = 0;
  for (const e of trace.events)
    if (e.k === 'fault' && e.source === 'intervention' && e.t < F) faultsInjected++;
  const violationKinds = [
    ...new Set(trace.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []))),
  ].sort();
  return {
    schedule: s,
    faultsInjected,
    safety: checkSafety(s.algorithm, trace),
    liveness: Number(s.params.dropRate) > 0 ? null : checkLiveness(s.algorithm, trace, s),
    violationKinds,
  };
}

/** The first thing wrong with an outcome, as one line (null = all properties hold). */
export function firstProblem(o: ChaosOutcome): string | null {
  const f = o.safety[0] ?? o.liveness?.failure ?? null;
  return f ? `${f.property} at ${f.atMs} ms: ${f.detail}` : null;
}

/** A pitfall story's metric bound (src/sim/chaos/properties.ts) on one seed, with or without its fix. */
export function boundOutcome(b: MetricBound, seed: number, fix: boolean): BoundResult {
  const s = scenarioById(b.story);
  if (!s) throw new Error(`chaos: pitfall story ${b.story} is missing`);
  return checkBound(b, simulate(s, { seed, params: fix ? { fix: true } : {}, states: false }));
}
