/**
 * The runs a player has simulated, memoized by their inputs: what the engine is asked to simulate for
 * a scenario and its inputs (`jobFor`), the cache bounded by count and by events, and the first run,
 * simulated at once so that the page opens on a picture.
 */
import { canonicalFaults, type SimOptions } from '../../sim/inputs.ts';
import { withAlgorithm } from '../../sim/scenario/sandbox.ts';
import { replayedStory } from '../../sim/scenario/schedule.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { TraceIndex } from '../../sim/trace/frame.ts';
import { type Trace, traceOf } from '../../sim/trace/trace.ts';
import { syncEngine } from '../engine/client.ts';
import { type PaceModel, paceModel } from '../pace.ts';
import type { PlayerOptions, Run, RunInput } from './types.ts';

/** What the engine runs for a scenario and its inputs, and the memo keys of that run. */
export interface RunJob {
  scenario: Scenario;
  opts: SimOptions;
  /** The inputs without the faults: runs with one stem share a past (engine checkpoints). */
  stem: string;
  key: string;
}

export type Runs = ReturnType<typeof createRuns>;

export function createRuns(opts: PlayerOptions, simulate: (scenario: Scenario, o: SimOptions) => Trace) {
  const cacheSize = opts.cacheSize ?? 8;
  const cacheEvents = opts.cacheEvents ?? 1_000_000;
  const cache = new Map<string, Run>();
  let cachedEvents = 0;
  const given = opts.scenarios;
  const known = typeof given === 'function' ? given : () => given;
  /** Stories opened from files: beside the player's own, under ids no built-in story has (file-…). */
  const adopted = new Map<string, Scenario>();
  const find = (id: string) => known().find((s) => s.id === id) ?? adopted.get(id);
  const adopt = (s: Scenario) => {
    adopted.set(s.id, s);
    // A file opened again may have changed: its runs are simulated anew.
    for (const [key, run] of cache) if (run.scenario.id === s.id) cache.delete(key);
  };
  const first = known()[0];
  if (!first) throw new Error('createPlayerStore needs at least one scenario');

  /** The scenario, the engine's job and the memo keys for these inputs; or why they cannot run. */
  const jobFor = (
    scenarioId: string,
    algorithm: string | undefined,
    input: RunInput,
  ): RunJob | { error: string } => {
    let scenario: Scenario;
    try {
      scenario = withAlgorithm(find(scenarioId) ?? first, algorithm);
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
    const { seed, params, interventions, nodes, durationMs, choices } = input;
    // A schedule's run has no script: the run's scenario says so, so what lists the run's faults
    // (Compare's "one fault left out", its titles, Branch here) does not count the story's; and it is
    // told from its trace, not by the story's steps (scenario/schedule.ts).
    if (choices) scenario = { ...replayedStory(scenario), faults: [] };
    // The simulator puts interventions in canonical order, so the same set in any order is one run.
    const stem = [scenario.id, scenario.algorithm, seed ?? null, params, nodes ?? null, durationMs ?? null];
    // A schedule is a run of its own (its draws), not the seeded run's past.
    if (choices) stem.push(choices.draws.join(','));
    const simOpts: SimOptions = {
      ...(seed !== undefined ? { seed } : {}),
      params,
      interventions,
      ...(nodes !== undefined ? { nodes } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
      // The schedule stands for the whole run: the explorer's runs leave the script out (--no-script).
      ...(choices ? { choices, withoutScript: true } : {}),
    };
    return {
      scenario,
      opts: simOpts,
      stem: JSON.stringify(stem),
      key: JSON.stringify([...stem, canonicalFaults(interventions)]),
    };
  };

  const remember = (run: Run) => {
    if (!run.key) return;
    cache.set(run.key, run);
    cachedEvents += run.trace.events.length;
    // Bounded by count and by size (long runs); the newest run (on screen) always stays.
    while (cache.size > 1 && (cache.size > cacheSize || cachedEvents > cacheEvents)) {
      const [oldest, old] = cache.entries().next().value ?? [];
      if (oldest === undefined || !old) break;
      cache.delete(oldest);
      cachedEvents -= old.trace.events.length;
    }
  };

  const cached = (key: string): Run | undefined => {
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
    }
    return hit;
  };

  const completeRun = (scenario: Scenario, trace: Trace, key: string | null, pace?: PaceModel): Run => ({
    scenario,
    trace,
    index: new TraceIndex(trace),
    pace: pace ?? paceModel(trace, scenario.timeScale),
    until: trace.durationMs,
    complete: true,
    key,
  });

  /** The first run, simulated at once (the page opens on a picture). */
  const runNow = (
    scenarioId: string,
    algorithm: string | undefined,
    input: RunInput,
  ): { run: Run | null; error: string | null } => {
    const job = jobFor(scenarioId, algorithm, input);
    if ('error' in job) return { run: null, error: job.error };
    const hit = cached(job.key);
    if (hit) return { run: hit, error: null };
    if (opts.prebuilt?.key === job.key) {
      const run = completeRun(job.scenario, opts.prebuilt.trace, job.key);
      remember(run);
      return { run, error: null };
    }
    let result: { run: Run | null; error: string | null } = { run: null, error: 'not simulated' };
    syncEngine(simulate).run({ ...job }, (u) => {
      if (u.kind === 'error') result = { run: null, error: u.message };
      else if (u.done) {
        const run = completeRun(
          job.scenario,
          traceOf(u.done.trace, u.events, u.done.trace.steps),
          job.key,
          u.done.pace,
        );
        remember(run);
        result = { run, error: null };
      }
    });
    return result;
  };

  return { find, first, adopt, jobFor, remember, cached, completeRun, runNow };
}
