/**
 * "Turn the fix on": is the goal still reachable within the budget? Two ways to ask, both over the
 * challenge's start (the story's seed, its script off), each checked by the goal's own checker:
 *
 * - the explorer (src/sim/explore), when its bounds fit the budget (exploreFits: one crash or one
 *   pause past the TTL): every schedule of at most `total` faults at the run's event boundaries. Run to its end, it decides ("no way to break it within these bounds"); stopped at its
 *   schedule cap, it decides nothing, and the sample below answers instead;
 * - a sample: schedules drawn at random within the budget (each kind at most its max, at most `total`,
 *   any time, any node, any length; a repair after a fault half the time), at least 1,000 of them.
 *   A sample is not a proof, and the page says so.
 *
 * Both step one schedule at a time, so a page or a worker can slice them and stay responsive.
 */
import { createRng, hashString, type Rng } from '../../lib/rng.ts';
import { explore } from '../explore/explore.ts';
import { MENU_KINDS, ttlMsOf } from '../explore/menu.ts';
import type { FaultKind } from '../faults/table.ts';
import { type Fault, specOf } from '../faults/table.ts';
import type { SimOptions } from '../inputs.ts';
import { scenarioParams } from '../inputs.ts';
import type { Params } from '../params.ts';
import type { Scenario, TimedFault } from '../scenario/schema.ts';
import type { Trace } from '../trace/trace.ts';
import {
  type Broken,
  type Challenge,
  fixKnobs,
  goalReached,
  REPAIR_KINDS,
  withinBudget,
} from './challenge.ts';

/** The sample's size: the floor. */
export const SAMPLE_SCHEDULES = 1000;

export type Simulate = (scenario: Scenario, opts: SimOptions) => Trace;

export interface SearchInput {
  /** The challenge's start (challengeStart). */
  start: Scenario;
  challenge: Challenge;
  /** Search with the fix on (the question), or off (the control: the same search must break it). */
  fix: boolean;
  simulate: Simulate;
  /** How many schedules to draw (default SAMPLE_SCHEDULES); it stops at the first break. */
  schedules?: number;
}

/** What a search found: a break (the faults that did it), or none in `tried` schedules. */
export type SearchResult =
  | { kind: 'broken'; tried: number; faults: TimedFault[]; at: Broken; exhaustive: boolean }
  | { kind: 'none'; tried: number; exhaustive: boolean; pauseMs?: number };

/** The hosts a schedule may name, and the lengths it draws from. */
interface World {
  nodes: string[];
  /** Every host but clients: links may name the store and the storage. */
  hosts: string[];
  stores: string[];
  durationMs: number;
  /** The algorithm's TTL (explore ttlMsOf): pauses, delays and clock steps are drawn around it. */
  ttlMs: number;
  /**
   * The moments of the run without faults where a node did something (sent, wrote, marked, changed role):
   * half of the faults land just after one of them, on that node. A fault that matters lands between
   * a check and the act it guards (the GC pause after the lease check), a window of a few hundred ms
   * that a uniform time would hit once in hundreds of draws.
   */
  moments: { t: number; node: string }[];
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)] as T;

/** One fault of this kind, on the run's hosts, or null when the run has nothing it could name. */
function drawFault(rng: Rng, kind: FaultKind, w: World, at: { t: number; node?: string }): Fault | null {
  const node = at.node ?? pick(rng, w.nodes);
  // Up to 1.75 TTL, and over before the run ends (a pause that outlives the run shows nothing).
  const length = () => {
    const left = Math.max(1, w.durationMs - at.t);
    // Half the time past the TTL: the lease stories' pause outlives the lease.
    const lo = Math.min((rng.chance(0.5) ? 1 : 0.25) * w.ttlMs, left / 2);
    const hi = Math.min(1.75 * w.ttlMs, left);
    return Math.max(1, Math.round(lo + (hi - lo) * rng.next()));
  };
  const pair = (): [string, string] => {
    const a = pick(rng, w.hosts);
    return [
      a,
      pick(
        rng,
        w.hosts.filter((h) => h !== a),
      ),
    ];
  };
  switch (kind) {
    case 'crash':
    case 'kill':
      return { kind, node };
    case 'pause':
      return { kind, node, durationMs: length() };
    case 'partition': {
      if (w.nodes.length < 2) return null;
      const shuffled = [...w.nodes].sort(() => rng.next() - 0.5);
      const k = rng.int(1, w.nodes.length - 1);
      return { kind, groups: [shuffled.slice(0, k), shuffled.slice(k)] };
    }
    case 'isolate':
      return { kind, node, from: w.stores.length > 0 && rng.chance(0.5) ? 'store' : 'all' };
    case 'cut-link': {
      const [a, b] = pair();
      return { kind, a, b };
    }
    case 'cut-oneway': {
      const [from, to] = pair();
      return { kind, from, to };
    }
    case 'delay-link': {
      const [a, b] = pair();
      return { kind, a, b, extraMs: length() };
    }
    case 'clock-drift':
      return { kind, node, rate: Math.round(50 + rng.next() * 150) / 100 };
    case 'clock-skew':
      return { kind, node, offsetMs: Math.round((rng.next() * 4 - 2) * w.ttlMs) };
    case 'store-unavailable':
      return w.stores.length > 0 ? { kind, node: pick(rng, w.stores), durationMs: length() } : null;
    case 'server':
      return w.stores.length > 0
        ? { kind, node: pick(rng, w.stores), server: rng.int(1, 3), act: 'kill' }
        : null;
    default:
      return null;
  }
}

/**
 * One schedule within the budget: 1 to `total` faults, each of a kind with budget left, at any time
 * of the run; after each, half the time, its repair (free) somewhat later.
 */
export function drawSchedule(rng: Rng, c: Challenge, w: World): TimedFault[] {
  const left = new Map(
    Object.entries(c.budget.faults).filter(([, n]) => (n ?? 0) > 0) as [FaultKind, number][],
  );
  const out: TimedFault[] = [];
  const n = rng.int(1, c.budget.total);
  for (let i = 0; i < n && left.size > 0; i++) {
    const kind = pick(rng, [...left.keys()]);
    const rest = (left.get(kind) ?? 1) - 1;
    if (rest > 0) left.set(kind, rest);
    else left.delete(kind);
    const moment = w.moments.length > 0 && rng.chance(0.5) ? pick(rng, w.moments) : undefined;
    const atMs = moment
      ? Math.min(w.durationMs - 1, moment.t + rng.int(1, 50))
      : rng.int(0, w.durationMs - 1);
    const fault = drawFault(rng, kind, w, { t: atMs, ...(moment ? { node: moment.node } : {}) });
    if (!fault) continue;
    out.push({ atMs, fault });
    const undo = specOf(fault).undo?.(fault as never);
    if (undo && REPAIR_KINDS.includes(undo.kind) && rng.chance(0.5)) {
      const later = atMs + 1 + rng.int(0, 2 * w.ttlMs);
      if (later < w.durationMs) out.push({ atMs: later, fault: undo });
    }
  }
  return out.sort((a, b) => a.atMs - b.atMs);
}

/** The run's hosts, lengths and moments, from the start's run without faults. */
function worldOf(input: SearchInput, params: Partial<Params>): World {
  const head = input.simulate(input.start, { params, states: false });
  const nodes = new Set(head.hosts.filter((h) => h.kind === 'node').map((h) => h.id));
  const moments = head.events.flatMap((e) => {
    const node = e.k === 'send' ? e.from : e.k === 'write' || e.k === 'role' || e.k === 'mark' ? e.node : '';
    return nodes.has(node) ? [{ t: e.t, node }] : [];
  });
  return {
    moments,
    nodes: head.hosts.filter((h) => h.kind === 'node').map((h) => h.id),
    hosts: head.hosts.filter((h) => h.kind !== 'client').map((h) => h.id),
    stores: head.hosts.filter((h) => h.kind === 'store').map((h) => h.id),
    durationMs: input.start.durationMs,
    ttlMs: ttlMsOf(scenarioParams(input.start, params)),
  };
}

/** The search's knobs: the start's, and the fix's when it is on. */
export const searchParams = (input: Pick<SearchInput, 'challenge' | 'fix'>): Partial<Params> =>
  input.fix ? fixKnobs(input.challenge) : {};

/** A search one schedule at a time: `step()` runs one and returns the result once there is one. */
export interface Stepper {
  step(): SearchResult | null;
  readonly tried: number;
  readonly total: number;
}

/** The sample: `schedules` draws within the budget, seeded by the story so that a run repeats. */
export function sampleSearch(input: SearchInput): Stepper {
  const params = searchParams(input);
  const w = worldOf(input, params);
  const total = input.schedules ?? SAMPLE_SCHEDULES;
  const seed = hashString(`${input.start.id}/${input.fix ? 'fix' : 'start'}`);
  let tried = 0;
  let found: SearchResult | null = null;
  return {
    get tried() {
      return tried;
    },
    total,
    step() {
      if (found) return found;
      const rng = createRng(seed + tried);
      const faults = drawSchedule(rng, input.challenge, w);
      tried++;
      const trace = input.simulate(input.start, { params, interventions: faults, states: false });
      const at = goalReached(trace.events, input.challenge.goal);
      if (at && withinBudget(input.challenge, faults))
        found = { kind: 'broken', tried, faults, at, exhaustive: false };
      else if (tried >= total) found = { kind: 'none', tried, exhaustive: false };
      return found;
    },
  };
}

/** Runs a stepper to its end (tests, the CLI). */
export function runToEnd(s: Stepper): SearchResult {
  for (;;) {
    const r = s.step();
    if (r) return r;
  }
}

/**
 * The explorer's bounds fit the budget: at most one fault (two already make tens of thousands of
 * schedules on a story's cluster and length: fencing-token with one pause took 1,937 schedules,
 * about 40 s on a busy 2-core machine), of kinds its menu has (crash, pause, isolate).
 */
export const EXPLORE_MAX_FAULTS = 1;
/** Past this many schedules the explorer has proved nothing, and the sample answers instead. */
export const EXPLORE_CAP = 3000;

export function exploreFits(c: Challenge): boolean {
  return (
    c.budget.total <= EXPLORE_MAX_FAULTS &&
    Object.entries(c.budget.faults).every(
      ([k, n]) => (n ?? 0) === 0 || EXPLORED_KINDS.includes(k as FaultKind),
    )
  );
}

/**
 * The budget's kinds the explorer's menu covers whole: a crash, and a pause (of one length, past the
 * TTL: the answer says which). Its isolation is from everyone only, where the What-if menu also
 * isolates from the store, so a budget with isolations is left to the sample.
 */
const EXPLORED_KINDS: readonly FaultKind[] = ['crash', 'pause'];

/**
 * The explorer over the start, at most `cap` schedules: every way to place up to `total` faults of the
 * budget's kinds at the run's event boundaries (a pause past the TTL), the seed's draws otherwise.
 * Returns null when it stopped at the cap (it proved nothing) or found a break the budget does not
 * allow (more of a kind than its max: the menu counts only the total).
 */
export function exploreSearch(
  input: SearchInput,
  cap: number,
  progress?: (schedules: number) => void,
): SearchResult | null {
  const c = input.challenge;
  if (!exploreFits(c)) return null;
  const params = searchParams(input);
  const ttl = ttlMsOf(scenarioParams(input.start, params));
  const pauseMs = Math.ceil(ttl * 1.1);
  const kinds = Object.entries(c.budget.faults).flatMap(([k, n]) =>
    (n ?? 0) > 0 ? [k as Fault['kind']] : [],
  );
  const r = explore({
    scenario: input.start,
    params,
    bounds: {
      nodes: input.start.nodes,
      faults: c.budget.total,
      losses: 0,
      deviations: 0,
      horizonMs: input.start.durationMs,
      pauseMs,
      kinds: [...kinds, ...REPAIR_KINDS.filter((k) => MENU_KINDS.includes(k))],
    },
    stop: (s) => {
      progress?.(s.schedules);
      return s.schedules >= cap;
    },
  });
  if (r.outcome === 'clean') return { kind: 'none', tried: r.stats.schedules, exhaustive: true, pauseMs };
  const ce = r.counterexample;
  if (r.outcome !== 'violation' || !ce || ce.violation.kind !== c.goal) return null;
  const faults = ce.choices.faults ?? [];
  if (!withinBudget(c, faults)) return null;
  return {
    kind: 'broken',
    tried: r.stats.schedules,
    faults,
    at: { t: ce.atMs, violation: ce.violation },
    exhaustive: true,
  };
}
