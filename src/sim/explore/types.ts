/**
 * The search's shapes (explore.ts): its bounds, its input and options, its counts, and its answer.
 */
import type { Choices } from '../kernel/choices.ts';
import type { Params } from '../params.ts';
import type { Scenario } from '../scenario/schema.ts';
import type { Fault, Violation } from '../trace/events.ts';
import type { ReduceMode } from './reduce.ts';

export interface Bounds {
  nodes: number;
  /** K: faults in a schedule. */
  faults: number;
  /** L: messages lost in a schedule. */
  losses: number;
  /** D: draws away from their first value. */
  deviations: number;
  horizonMs: number;
  /** How long a pause from the menu lasts (longer than the TTL). */
  pauseMs: number;
  /** Only these kinds of the menu (all when absent). */
  kinds?: readonly Fault['kind'][];
}

export interface ExploreInput {
  /** The scenario as it runs (its fix applied by the caller's params, as simulate does). */
  scenario: Scenario;
  params: Partial<Params>;
  bounds: Bounds;
  /** Asked after each schedule: true stops the search (a time or schedule budget, the caller's). */
  stop?: (stats: Stats) => boolean;
  /** Raise 'leaderless' past this bound (liveness within the horizon, a separate option). */
  leaderlessBoundMs?: number;
  /**
   * Level by level in the choices spent (the default), or every budget at once in one depth-first
   * pass: the same schedules, each run once, but the first violation found is not the cheapest.
   */
  deepening?: boolean;
  /** Prune at a world already explored (the default); false runs every schedule to its end. */
  merge?: boolean;
  /**
   * Count distinct traces, for the exact-count tests, which read them. Off by default: the CLI, the
   * app and the challenges show no such count, and each is a JSON text of a finished schedule's whole
   * trace, 6% of the search's time on the fixed lease at K = 2 (node --cpu-prof). Traces decide
   * nothing: not a merge, not the outcome.
   */
  traces?: boolean;
  /**
   * Offer a fault only at the boundaries that can make a difference (reduce.ts): 'sound', the
   * default, reduces crash, isolate and rejoin; 'coarse' pauses and restarts too (a narrower menu);
   * 'off' offers the whole menu at every boundary.
   */
  reduce?: ReduceMode;
  /** Tests only: a reduction that treats deliveries as independent of their ends (unsound). */
  unsoundReduction?: boolean;
  /** Tests only: false leaves the reduction's sleep sets out. */
  sleepSets?: boolean;
  /** Tests only: fingerprint every boundary, not only where a choice is open (sets compare whole). */
  everyWorld?: boolean;
  /**
   * The part of a world's text (Simulation.world) that merging compares: all of it by default. Tests
   * only: one that leaves part of the world out merges different futures, and the search then
   * misses worlds.
   */
  mergeOn?: (world: string) => string;
}

export interface Stats {
  /** Schedules run (every level's, each from time 0; a pruned one up to the world it stopped at). */
  schedules: number;
  /** Distinct worlds met at event boundaries: 64-bit hashes of their fingerprints. */
  worlds: number;
  /** Schedules stopped at a world already explored with the same budgets and horizon left. */
  pruned: number;
  /** Distinct traces of the schedules that ran to their end (a pruned one has none); 0 when not counted. */
  traces: number;
  /** The most choice points one schedule passed. */
  deepest: number;
  /** The level (total budget spent) under way or last finished. */
  level: number;
  /**
   * How far the search is, 0 to 1: the levels finished, plus the share of the level's tree that lies
   * to the left of the last schedule (each point's pick over its options, nested). An estimate for a
   * progress bar: later levels hold more schedules than earlier ones.
   */
  progress?: number;
}

export interface Counterexample {
  violation: Violation;
  atMs: number;
  choices: Choices;
  /** Choices that spend a budget (faults, losses, deviations), before and after shrinking. */
  found: number;
  shrunk: number;
}

export interface ExploreResult {
  stats: Stats;
  outcome: 'clean' | 'violation' | 'stopped';
  counterexample?: Counterexample;
  /** Every distinct world's fingerprint hash (tests compare sets). */
  worlds: Set<string>;
  /** Every distinct trace's hash, of the schedules run to their end. */
  traces: Set<string>;
}
