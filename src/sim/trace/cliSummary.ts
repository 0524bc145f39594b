import { computeMetrics } from '../metrics/metrics.ts';
import type { Scenario } from '../scenario/schema.ts';
import { type Summary, summarize } from './summary.ts';
import type { Trace } from './trace.ts';

/** The CLI's json document: the summary of the trace, and the metrics the CLI contract names. */
export interface CliSummary extends Summary {
  /**
   * twoLeaderMs: how long two or more nodes believed they led at once. A metric, not an alarm
   * (split-brain is defined beside src/sim/check/splitBrain.ts).
   */
  metrics: { twoLeaderMs: number };
}

export function cliSummary(trace: Trace, scenario?: Scenario): CliSummary {
  return { ...summarize(trace, scenario), metrics: { twoLeaderMs: computeMetrics(trace).twoLeaderMs } };
}
