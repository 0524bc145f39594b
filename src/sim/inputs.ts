/**
 * What a run is simulated from, checked without running it: the options, the knobs resolved and
 * validated, the cluster size's bounds, and the faults' canonical order. Apart from simulate.ts so that
 * the first view can check a link's inputs without the simulator. It still brings the machines
 * along today: the registry's declarations import them.
 */
import { algorithmFor } from './algorithms/declared.ts';
import type { RunBudget } from './budget.ts';
import type { Choices, Chooser } from './kernel/choices.ts';
import type { Descriptor } from './kernel/queue.ts';
import { netParams, netRules, type Params, resolveParams } from './params.ts';
import { withFix } from './scenario/fix.ts';
import type { Scenario, TimedFault } from './scenario/schema.ts';

export interface SimOptions {
  seed?: number;
  /** Overrides on top of the scenario's params. */
  params?: Partial<Params>;
  /** Cluster size override (the algorithm bounds it). */
  nodes?: number;
  /** User faults, merged with the scenario's script in canonical order. */
  interventions?: TimedFault[];
  durationMs?: number;
  /** Raise a 'leaderless' violation when no node leads for longer than this. */
  leaderlessBoundMs?: number;
  /** Leave the scenario's scripted faults out (sandbox). */
  withoutScript?: boolean;
  /**
   * Record each node's statechart moves (`state` events, algorithms/stateRecord.ts) for the node
   * inspector; on by default. Runs nobody inspects (chaos, sweeps, Compare) leave them out: no
   * checker or metric reads them, and watching the charts (XState's inspection events) makes a run
   * 1.2-1.6 times slower (Bully 200, a 1 h lease, a 1 h Patroni run).
   */
  states?: boolean;
  /** What the run may hold before it stops with a SimError (default DEFAULT_BUDGET; tests inject small ones). */
  budget?: Partial<RunBudget>;
  /** A schedule to replay (kernel/choices.ts): its draws replace the seed's, its faults join the interventions. */
  choices?: Choices;
  /**
   * With `choices`: its draws from this index on take the seed's values instead (kernel/choices.ts,
   * branchingChooser). Compare's "draw i at the seed's value" beside a Branch here pick; a number, not
   * a chooser, so it reaches the engine's worker.
   */
  seedFrom?: number;
  /** Who picks each draw (a recorder, the explorer); the seed's streams when absent. */
  chooser?: Chooser;
  /** Told of every queue entry as it is scheduled and as it runs (EventQueue.watch): the explorer's reduction. */
  watch?: (what: Descriptor) => void;
  /** Tell the chooser each draw's time and event (Draw.atMs, Draw.about): describingChooser reads them. */
  describeDraws?: boolean;
}

export class SimError extends Error {}

export { DEFAULT_BUDGET, type RunBudget } from './budget.ts';

/** Why a run stopped: its budget is spent (one line, for the CLI, the notice and the embed). */
export function overBudget(what: string, limit: number, atMs: number): SimError {
  return new SimError(
    `the run stopped at ${atMs} ms: more than ${limit.toLocaleString('en-US')} ${what} (its budget); try a shorter duration, fewer nodes or fewer faults`,
  );
}

/** Canonical order for faults: by time, then by content, so UI order never changes a run. */
export function canonicalFaults(faults: TimedFault[]): TimedFault[] {
  return faults
    .map((f) => ({ f, key: JSON.stringify(f.fault) }))
    .sort((a, b) => a.f.atMs - b.f.atMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.f);
}

/** All knobs of a scenario's algorithm, resolved (defaults < scenario < overrides) and validated. */
export function scenarioParams(story: Scenario, knobs?: Partial<Params>): Params {
  const { scenario, overrides } = withFix(story, knobs);
  const alg = algorithmFor(scenario.algorithm);
  return resolveParams(
    { ...netParams, ...alg.params },
    [...netRules, ...alg.rules],
    scenario.params,
    overrides,
  );
}

/** Why a cluster size is refused for the scenario's algorithm, or null. */
export function nodesProblem(story: Scenario, n: number, knobs?: Partial<Params>): string | null {
  const { scenario } = withFix(story, knobs);
  const alg = algorithmFor(scenario.algorithm);
  return !Number.isInteger(n) || n < alg.minNodes || n > alg.maxNodes
    ? `${scenario.algorithm} runs with ${alg.minNodes} to ${alg.maxNodes} nodes, got ${n}`
    : null;
}
