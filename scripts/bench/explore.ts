/**
 * The explorer's speed (issue #41): fixed searches, each timed whole. Schedules per second is the
 * figure that bounds what a time limit can cover: each schedule is a run from 0 ms to the horizon.
 */
import { scenarioById } from '../../scenarios/index.ts';
import { type Bounds, explore } from '../../src/sim/explore/explore.ts';

export interface ExploreRow {
  name: string;
  outcome: string;
  schedules: number;
  distinct: number;
  seconds: number;
  perSecond: number;
}

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
    return {
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
    '| explore | outcome | schedules | distinct traces | wall s | schedules/s |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.outcome} | ${r.schedules} | ${r.distinct} | ${r.seconds.toFixed(1)} | ${r.perSecond.toFixed(0)} |`,
    ),
  ].join('\n');
}
