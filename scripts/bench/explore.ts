/**
 * The explorer's speed (issue #41): fixed searches, each timed whole, reduced and merged (the
 * default: faults only at the boundaries that can make a difference, explore/reduce.ts, and worlds
 * explored once), merged but unreduced (`--no-reduce`), and neither (`--no-merge --no-reduce`: the
 * whole menu at every boundary, every schedule to its end). Worlds per second is the figure a time
 * limit covers; each reduction shows as the same worlds in fewer schedules.
 * Replay against snapshot: the seeded run to the horizon (what every schedule costs, replayed from
 * 0 ms) and to half of it (the mean shared prefix of a one-fault level, which a snapshot at the
 * branching point would save; the machines cannot be copied, so there is no snapshot to time).
 */
import { scenarioById } from '../../scenarios/index.ts';
import { type Bounds, explore } from '../../src/sim/explore/explore.ts';
import { simulate } from '../../src/sim/simulate.ts';

export interface ExploreSide {
  outcome: string;
  schedules: number;
  worlds: number;
  pruned: number;
  seconds: number;
  worldsPerSecond: number;
}

export interface ExploreRow {
  name: string;
  reduced: ExploreSide;
  merged: ExploreSide;
  unmerged: ExploreSide;
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
    name: 'etcd-lease, 3 nodes, K=2, 500 ms',
    id: 'etcd-lease',
    params: {},
    bounds: { nodes: 3, faults: 2, losses: 0, deviations: 0, horizonMs: 500, pauseMs: 1000 },
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
    const side = (merge: boolean, reduce: 'sound' | 'off'): ExploreSide => {
      const t0 = performance.now();
      const r = explore({ scenario, params: c.params, bounds: c.bounds, merge, reduce });
      const seconds = (performance.now() - t0) / 1000;
      return {
        outcome: r.outcome,
        schedules: r.stats.schedules,
        worlds: r.stats.worlds,
        pruned: r.stats.pruned,
        seconds,
        worldsPerSecond: r.stats.worlds / seconds,
      };
    };
    // Each side twice, interleaved, and the second kept: the first pays the JIT's warm-up, whichever it is.
    side(true, 'sound');
    side(true, 'off');
    side(false, 'off');
    const reduced = side(true, 'sound');
    const merged = side(true, 'off');
    const unmerged = side(false, 'off');
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
      reduced,
      merged,
      unmerged,
    };
  });
}

export function exploreTable(rows: readonly ExploreRow[]): string {
  return [
    '| explore | search | outcome | schedules | pruned | worlds | wall s | schedules/s | worlds/s | a run from 0 ms, ms | to half the horizon, ms |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.flatMap((r) =>
      (['reduced', 'merged', 'unmerged'] as const).map((k) => {
        const x = r[k];
        const how = { reduced: 'reduced, merged', merged: 'merged (--no-reduce)', unmerged: 'neither' }[k];
        return `| ${r.name} | ${how} | ${x.outcome} | ${x.schedules} | ${x.pruned} | ${x.worlds} | ${x.seconds.toFixed(1)} | ${(x.schedules / x.seconds).toFixed(0)} | ${x.worldsPerSecond.toFixed(0)} | ${r.replayMs.toFixed(1)} | ${r.halfMs.toFixed(1)} |`;
      }),
    ),
  ].join('\n');
}
