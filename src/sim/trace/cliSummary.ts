import type { StoryFigure } from '../algorithms/algorithm.ts';
import { declarationOf } from '../algorithms/registry.ts';
import { jobMetrics } from '../metrics/jobs.ts';
import { type CliFigures, cliFigures, computeMetrics } from '../metrics/metrics.ts';
import type { Scenario } from '../scenario/schema.ts';
import { type Summary, summarize } from './summary.ts';
import type { Trace } from './trace.ts';

/** The CLI's json document: the summary of the trace, and the metrics the CLI contract names. */
export interface CliSummary extends Summary {
  /**
   * The figures of `cliFigures` (src/sim/metrics). twoLeaderMs: how long two or more nodes believed
   * they led at once. A metric, not an alarm (split-brain is defined beside src/sim/check/splitBrain.ts).
   */
  /** The one-leader figures are null where leadership is per shard or absent (oneLeaderFiguresOff). */
  metrics: Omit<CliFigures, 'twoLeaderMs' | 'leaderlessMs' | 'elections'> & {
    twoLeaderMs: number | null;
    leaderlessMs: number | null;
    elections: number | null;
    /**
     * Writes the protected resource accepted from a deposed leader (a token lower than one it had
     * accepted): the damage of a lease without fencing (metrics.ts `writes.staleAccepted`).
     */
    staleWritesAccepted: number;
  } & Readonly<Record<string, StoryFigure>>;
}

/** A derived caption (src/sim/trace/derive.ts) as the CLI tells it, after the step it follows. */
export interface ToldStep {
  atMs: number;
  id: string;
  caption: string;
  /** Index of the numbered step it follows; -1 before the first. */
  after: number;
}

/** The story's steps with the derived captions after the steps they follow. */
export function withDerived<S extends { atMs: number; id: string; caption: string }>(
  steps: readonly S[],
  derived: readonly ToldStep[],
): Array<S | { atMs: number; id: string; caption: string }> {
  const tell = (k: number) =>
    derived.filter((d) => d.after === k).map(({ atMs, id, caption }) => ({ atMs, id, caption }));
  return [...tell(-1), ...steps.flatMap((s, i) => [s, ...tell(i)])];
}

/**
 * The one-leader figures mean nothing where a healthy run has several leaders (one per shard: four
 * "leaders" at once is not two-leader time) or none (a job queue, a CronJob: the whole run is not
 * "leaderless"): they are null there, and the algorithm's own figures say what happened.
 */
function oneLeaderFiguresOff(scope: 'cluster' | 'shard' | 'none' | undefined) {
  if (scope === 'shard') return { twoLeaderMs: null, leaderlessMs: null };
  if (scope === 'none') return { twoLeaderMs: null, leaderlessMs: null, elections: null };
  return {};
}

export function cliSummary(trace: Trace, scenario?: Scenario, derived: readonly ToldStep[] = []): CliSummary {
  const sum = summarize(trace, scenario);
  const metrics = computeMetrics(trace);
  return {
    ...sum,
    steps: withDerived(sum.steps, derived),
    metrics: {
      ...cliFigures(metrics),
      ...oneLeaderFiguresOff(declarationOf(trace.algorithm)?.leadership.scope),
      staleWritesAccepted: metrics.writes.staleAccepted,
      // An algorithm's own figures (its declaration's storyMetrics), after the shared ones.
      ...declarationOf(trace.algorithm)?.storyMetrics?.(trace.events, trace.params),
      // The job runner's figures (jobRuns, emailsPerCustomer...) where the run has its database.
      ...(jobMetrics(trace) ?? {}),
    },
  };
}
