/** The pitfall stories' metric bounds: broken without the fix, kept with it (properties.ts). */

import { type CliFigures, cliFigures, computeMetrics } from '../metrics/metrics.ts';
import type { Params } from '../params.ts';
import type { Trace } from '../trace/trace.ts';

// ------------------------------------------------------------------------------------- metric bounds

/**
 * A liveness or cost pitfall (issue #13) breaks no safety property: its story keeps a bound on one
 * figure of the CLI summary instead (`cliFigures`, src/sim/metrics). The story's run without its fix
 * must break the bound (the bad figure) and the run with the fix must keep it (the good figure), so
 * the bound can fail. The runner that plays the stories is src/testing/chaos/run.ts (`boundOutcome`).
 */
export interface MetricBound {
  /** The pitfall story (scenarios/<id>.ts). */
  story: string;
  metric: Exclude<keyof CliFigures, 'twoLeaderMs'>;
  /** The largest acceptable value, from the run (its resolved params, length and hosts). */
  max: (trace: Trace) => number;
  /** Why this bound, with its source. */
  why: string;
}

export interface BoundResult {
  story: string;
  metric: MetricBound['metric'];
  value: number;
  max: number;
  ok: boolean;
}

/** The bound's figure in this trace, and whether it keeps the bound. */
export function checkBound(b: MetricBound, trace: Trace): BoundResult {
  const value = cliFigures(computeMetrics(trace))[b.metric];
  const max = b.max(trace);
  return { story: b.story, metric: b.metric, value, max, ok: value <= max };
}

const knob = (p: Params, k: string): number => Number(p[k]);

export const metricBounds: MetricBound[] = [
  // even-quorum
  {
    story: 'even-quorum',
    metric: 'leaderlessMs',
    // The first election and one failover, each within a few randomized timeouts.
    max: ({ params: p }) => 2 * knob(p, 'electionTimeoutMaxMs') + knob(p, 'electionTimeoutMinMs'),
    why: 'a cluster with a majority on one side of a cut elects within its election timeouts (Raft 5.2); floor(n/2)+1 of an even n is on neither side of an even split',
  },
  // short-timeout
  {
    story: 'short-timeout',
    metric: 'elections',
    // The first election, and at most one more per ten minutes of a cluster where nothing crashes.
    max: ({ durationMs }) => 1 + Math.floor(durationMs / 600_000),
    why: 'an election timeout well above the GC pauses and the latency tail rides them out; production clusters run 10-30 s with jitter (Raft 5.2: broadcastTime << electionTimeout << MTBF)',
  },
  // bully-at-scale
  {
    story: 'bully-at-scale',
    metric: 'messagesPerMinute',
    // Linear in the cluster: 150 messages per node per minute, whatever the network between the nodes does.
    max: ({ hosts }) => 150 * hosts.filter((h) => h.kind === 'node').length,
    why: 'an election through a lease costs each node its own requests to the store (etcd election.go: one txn per campaign, a keepalive per renewal); Bully costs O(n^2) per change of coordinator (Garcia-Molina 1982)',
  },
];
