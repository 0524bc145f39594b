/**
 * The explorer's speed (issue #41): fixed searches, each timed whole. Schedules per second is the
 * figure that bounds what a time limit can cover: each schedule is a run from 0 ms to the horizon.
 * Replay against snapshot: the seeded run to the horizon (what every schedule costs, replayed from
 * 0 ms) and to half of it (the mean shared prefix of a one-fault level, which a snapshot at the
 * branching point would save; the machines cannot be copied, so there is no snapshot to time).
 */
import { scenarioById } from '../../scenarios/index.ts';
import { type Bounds, explore } from '../../src/sim/explore/explore.ts';
import { simulate } from '../../src/sim/simulate.ts';

export interface ExploreRow {
  name: string;
  outcome: string;
  schedules: number;
  distinct: number;
  seconds: number;
  perSecond: number;
  /** Median ms of the seeded run to the horizon, and to half of it. */
  replayMs: number;
  halfMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const CASES: Array<{ name: string; id: string; params: Record<string, number | boolean>; bounds: Bounds }> = [
  {
    name: 'bully, 3 nodes, L=1 D=2, 1 s',
    id: 'bully',
    params: {},
    bounds: { nodes: 3, faults: 0, losses: 1, deviations: 2, horizonMs: 1000, pauseMs: 1000 },
  },
  {
    name: 'split-brain quorum off, 3 nodes, K=1, 6 s',
    id: 'split-brain',
    params: { quorum: false },
    bounds: { nodes: 3, faults: 1, losses: 0, deviations: 0, horizonMs: 6000, pauseMs: 3301 },
  },
  {
    name: 'lease fixed (fencing), 3 nodes, K=1, 60 s',
    id: 'lease-no-fencing',
    params: { fix: true },
    bounds: { nodes: 3, faults: 1, losses: 0, deviations: 0, horizonMs: 60_000, pauseMs: 33_000 },
  },
];

export function runExplore(log: (s: string) => void): ExploreRow[] {
  return CASES.map((c) => {
    const scenario = scenarioById(c.id);
    if (!scenario) throw new Error(`bench: no scenario ${c.id}`);
    log(`  explore ${c.name}`);
    const t0 = performance.now();
    const r = explore({ scenario, params: c.params, bounds: c.bounds });
    const seconds = (performance.now() - t0) / 1000;
    const timed = (durationMs: number) =>
      median(
        [1, 2, 3, 4, 5].map(() => {
          const t1 = performance.now();
          simulate(scenario, {
            withoutScript: true,
            nodes: c.bounds.nodes,
            params: c.params,
            durationMs,
            states: false,
          });
          return performance.now() - t1;
        }),
      );
    return {
      replayMs: timed(c.bounds.horizonMs),
      halfMs: timed(c.bounds.horizonMs / 2),
      name: c.name,
      outcome: r.outcome,
      schedules: r.stats.schedules,
      distinct: r.stats.distinct,
      seconds,
      perSecond: r.stats.schedules / seconds,
    };
  });
}

export function exploreTable(rows: readonly ExploreRow[]): string {
  return [
    '| explore | outcome | schedules | distinct traces | wall s | schedules/s | a run from 0 ms, ms | to half the horizon, ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.outcome} | ${r.schedules} | ${r.distinct} | ${r.seconds.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${r.replayMs.toFixed(1)} | ${r.halfMs.toFixed(1)} |`,
    ),
  ].join('\n');
}
