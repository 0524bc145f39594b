/**
 * The explorer (src/sim/explore) as the app runs it: in its own Web Worker (explore.worker.ts), one
 * search at a time, telling the page how far it is a few times a second. A search is synchronous and
 * long (seconds to a minute); Cancel terminates the worker, so nothing here polls for it.
 */
import { type Bounds, type Counterexample, explore, type Stats } from '../../sim/explore/explore.ts';
import { ttlMsOf } from '../../sim/explore/menu.ts';
import { scenarioParams } from '../../sim/inputs.ts';
import type { Params } from '../../sim/params.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';

/** The bounds a user may pick in the app: small enough to answer in about a minute (issue #41). */
export const EXPLORE_LIMITS = { faults: 2, losses: 1, horizonS: 120 } as const;
/** The cluster the app explores: the 3 nodes, the smallest with a majority that can lose one. */
export const EXPLORE_NODES = 3;
/** Wall time a search may take before it stops and says where (the CLI's --time-limit default). */
export const EXPLORE_TIME_LIMIT_MS = 60_000;

export interface ExploreJob {
  scenario: Scenario;
  params: Partial<Params>;
  faults: number;
  losses: number;
  horizonMs: number;
  timeLimitMs: number;
}

export interface ExploreProgress {
  stats: Stats;
  elapsedMs: number;
}

export type FromExplorer =
  | ({ type: 'progress' } & ExploreProgress)
  | ({
      type: 'done';
      outcome: 'clean' | 'violation' | 'stopped';
      bounds: Bounds;
      counterexample?: Counterexample;
    } & ExploreProgress)
  | { type: 'error'; message: string };

/** The TTL-derived defaults the CLI uses: a horizon of two TTLs, a pause 10% past one. */
export function exploreDefaults(
  scenario: Scenario,
  params: Partial<Params>,
): { horizonMs: number; pauseMs: number } {
  const ttl = ttlMsOf(scenarioParams(scenario, params));
  return { horizonMs: 2 * ttl, pauseMs: Math.ceil(ttl * 1.1) };
}

/** Runs one search; `post` gets progress at most every `everyMs` of wall time, then the answer. */
export function runExploreJob(
  job: ExploreJob,
  post: (m: FromExplorer) => void,
  now: () => number,
  // Four a second: each is a render on the page, which a loaded machine makes long (a 2-core box at
  // load 20 stretched 100 ms updates into 60-160 ms frames).
  everyMs = 250,
): void {
  const started = now();
  let last = started;
  try {
    const bounds: Bounds = {
      nodes: EXPLORE_NODES,
      faults: Math.min(job.faults, EXPLORE_LIMITS.faults),
      losses: Math.min(job.losses, EXPLORE_LIMITS.losses),
      // Draws stay at the seed's values: the controls' minimum bounds (docs/architecture.md, "Explore").
      deviations: 0,
      horizonMs: Math.min(job.horizonMs, EXPLORE_LIMITS.horizonS * 1000),
      pauseMs: exploreDefaults(job.scenario, job.params).pauseMs,
    };
    const r = explore({
      scenario: job.scenario,
      params: job.params,
      bounds,
      stop: (stats) => {
        const t = now();
        if (t - last >= everyMs) {
          last = t;
          post({ type: 'progress', stats: { ...stats }, elapsedMs: t - started });
        }
        return t - started > job.timeLimitMs;
      },
    });
    post({
      type: 'done',
      outcome: r.outcome,
      bounds,
      stats: r.stats,
      elapsedMs: now() - started,
      ...(r.counterexample ? { counterexample: r.counterexample } : {}),
    });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
}
