/**
 * The explorer (issue #41): every schedule of a small cluster within bounds, run as the CLI's
 * `--no-script` runs a story's machines, checked by the simulator's own checkers.
 *
 * A schedule is a path of choice points: each draw (domains.ts) and, before each millisecond in which
 * something is due (an event boundary), "no fault" or one fault of the menu (faultMenu). The search is
 * stateless: each schedule replays from time 0 (the machines are XState actors over closures in one
 * queue, which cannot be copied), and the next path is the last choice point that has an option left,
 * moved one on (depth-first, as VeriSoft and CHESS do).
 *
 * The reduction is bounding, not merging: every option but a point's first spends a budget (K faults,
 * L losses, D deviations of a latency, a timeout or a pick from its first value), and the search goes
 * level by level in the total spent (iterative deepening), so the first violation it finds spends the
 * fewest choices of any. Delay-bounding (Emmi, Qadeer, Rakamarić, "Delay-bounded scheduling", POPL
 * 2011) argues why few deviations find most bugs: a counterexample needs only the few choices that
 * matter, the rest can stay at their defaults.
 */
import { hashString } from '../../lib/rng.ts';
import { foldFault, freshLife } from '../faults/fold.ts';
import type { HostLife } from '../faults/table.ts';
import type { Choices, Chooser, Draw } from '../kernel/choices.ts';
import { type NetState, openNet } from '../net/reach.ts';
import type { Params } from '../params.ts';
import type { Scenario, TimedFault } from '../scenario/schema.ts';
import { type Simulation, simulate, startSimulation } from '../simulate.ts';
import type { Fault, TraceEvent, Violation } from '../trace/events.ts';
import { type Budget, domainOf } from './domains.ts';

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
}

export interface Stats {
  /** Schedules run (every level's, each from time 0). */
  schedules: number;
  /** Distinct outcomes: runs whose traces differ, counted by a 64-bit hash of the trace. */
  distinct: number;
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

/** The share of a depth-first walk's tree before this trail: Σ pick_j / size_j × Π_{i<j} 1 / size_i. */
export function treeShare(trail: readonly { size: number; pick: number }[]): number {
  let share = 0;
  let width = 1;
  for (const p of trail) {
    share += (p.pick / p.size) * width;
    width /= p.size;
    if (width < 1e-12) break;
  }
  return share;
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
  /** Every distinct outcome's fingerprint (tests compare sets). */
  fingerprints: Set<string>;
}

/**
 * The nodes' lives and the network as the menu reads them, followed from the trace's fault events by
 * the one fold of the fault stream (faults/fold.ts), as the simulation itself applies them.
 */
interface World {
  lives: Map<string, HostLife>;
  net: NetState;
}

/**
 * The fault menu at a boundary, per node, in this order: crash an up node, restart a crashed one,
 * pause a running one past the TTL, isolate one from everyone (each of the cluster's 1-vs-rest
 * splits, the store on the majority's side), and rejoin it. Left out: kill (a crash that refuses
 * connections: the same to the protocol but for the REFUSED answer), clock drift and skew (a rate
 * and an offset are continuous; the pause already makes a node's view of time stale), one-way cuts,
 * link delays (the latency's max stands for them), three-way partitions and store outages.
 */
export const MENU_KINDS: readonly Fault['kind'][] = ['crash', 'restart', 'pause', 'isolate', 'rejoin'];

export function faultMenu(w: World, pauseMs: number): Fault[] {
  const out: Fault[] = [];
  for (const [node, l] of w.lives) {
    if (l.up && !l.paused) out.push({ kind: 'crash', node });
    if (!l.up) out.push({ kind: 'restart', node });
    if (l.up && !l.paused) out.push({ kind: 'pause', node, durationMs: pauseMs });
    if (!w.net.isolated.has(node)) out.push({ kind: 'isolate', node, from: 'all' });
    else out.push({ kind: 'rejoin', node });
  }
  return out;
}

function follow(w: World, e: TraceEvent): void {
  if (e.k !== 'fault') return;
  const step = foldFault(e.fault, (h) => w.lives.get(h), w.net);
  if (step.host !== undefined && step.life) w.lives.set(step.host, step.life);
  w.net = step.net;
}

/** A 64-bit fingerprint of a trace's events (two 32-bit string hashes). */
export function fingerprint(events: readonly TraceEvent[]): string {
  const s = JSON.stringify(events);
  return `${hashString(s, 1).toString(36)}.${hashString(s, 2).toString(36)}`;
}

interface Point {
  size: number;
  pick: number;
}

export interface Run {
  trail: Point[];
  spent: number;
  draws: number[];
  kinds: Draw[];
  /** What the seed gave each draw (the cost-free option). */
  seeded: number[];
  faults: TimedFault[];
  events: readonly TraceEvent[];
  violation?: { v: Violation; t: number };
}

const options = (spent: Record<Budget | 'fault', number>, level: number, total: number, b: Bounds) => ({
  dev: total < level && spent.dev < b.deviations,
  loss: total < level && spent.loss < b.losses,
  fault: total < level && spent.fault < b.faults,
});

/** Picks an option at choice point `index` of `size` options. */
export type Picker = (index: number, size: number) => number;

/** The path's picks, then every later point's first option. */
const along =
  (path: readonly number[]): Picker =>
  (i) =>
    i < path.length ? (path[i] as number) : 0;

/** One schedule, its options picked by `pick`, spending at most `level` in all. */
export function runPath(input: ExploreInput, pick: Picker, level: number): Run {
  const b = input.bounds;
  const trail: Point[] = [];
  const spent = { dev: 0, loss: 0, fault: 0 };
  let total = 0;
  const next = (size: number): number => {
    const p = pick(trail.length, size);
    trail.push({ size, pick: p });
    return p;
  };
  const draws: number[] = [];
  const kinds: Draw[] = [];
  const seededValues: number[] = [];
  const chooser: Chooser = {
    draw(d, seeded) {
      const open = options(spent, level, total, b);
      // Always drawn, so the stream is where the seeded run has it whatever is picked.
      const base = seeded();
      seededValues.push(base);
      const opts = domainOf(d, base).filter((o) => o.cost === null || open[o.cost]);
      const o = opts[next(opts.length)] ?? opts[0];
      if (!o) throw new Error('explore: a draw with no option');
      if (o.cost) {
        spent[o.cost]++;
        total++;
      }
      draws.push(o.value);
      kinds.push(d);
      return o.value;
    },
  };
  const faults: TimedFault[] = [];
  const sim: Simulation = startSimulation(input.scenario, {
    withoutScript: true,
    nodes: b.nodes,
    params: input.params,
    durationMs: b.horizonMs,
    states: false,
    chooser,
    ...(input.leaderlessBoundMs !== undefined ? { leaderlessBoundMs: input.leaderlessBoundMs } : {}),
  });
  const world: World = {
    lives: new Map(sim.head.hosts.filter((h) => h.kind === 'node').map((h) => [h.id, freshLife])),
    net: openNet,
  };
  let seen = 0;
  const look = (): Run['violation'] => {
    for (; seen < sim.events.length; seen++) {
      const e = sim.events[seen] as TraceEvent;
      follow(world, e);
      if (e.k === 'violation') return { v: e.violation, t: e.t };
    }
    return undefined;
  };
  let violation: Run['violation'];
  for (;;) {
    violation = look();
    if (violation) {
      // The replay runs to the alarm's next ms (its duration is the alarm's time + 1): draw that too.
      sim.advance(Math.min(b.horizonMs, violation.t + 1));
      break;
    }
    const t = sim.nextAt;
    if (t === undefined || t >= b.horizonMs) {
      sim.advance(b.horizonMs);
      violation = look();
      break;
    }
    const menu = options(spent, level, total, b).fault
      ? faultMenu(world, b.pauseMs).filter((f) => !b.kinds || b.kinds.includes(f.kind))
      : [];
    const k = next(1 + menu.length);
    const fault = k > 0 ? menu[k - 1] : undefined;
    if (fault) {
      spent.fault++;
      total++;
      const tf = { atMs: t, fault };
      faults.push(tf);
      sim.retarget([...sim.interventions, tf]);
    }
    sim.advance(t);
  }
  return {
    trail,
    spent: total,
    draws,
    kinds,
    seeded: seededValues,
    faults,
    events: sim.events,
    ...(violation ? { violation } : {}),
  };
}

/** The next path after a run's trail: its last point with an option left, moved one on. */
function nextPath(trail: readonly Point[]): number[] | null {
  for (let j = trail.length - 1; j >= 0; j--) {
    const p = trail[j] as Point;
    if (p.pick + 1 < p.size) return [...trail.slice(0, j).map((x) => x.pick), p.pick + 1];
  }
  return null;
}

/**
 * The schedule a run took, as the `choices` input replays it: every draw, the seed's ones too (a
 * replay never consults the seed).
 */
function choicesOf(run: Run): Choices {
  return {
    version: 1,
    draws: [...run.draws],
    ...(run.faults.length > 0 ? { faults: run.faults } : {}),
  };
}

/** Replays a schedule as `sim --choices` would, and the violation it raises first (of `kind`, if given). */
export function replay(
  input: ExploreInput,
  choices: Choices,
  durationMs = input.bounds.horizonMs,
): { v: Violation; t: number } | undefined {
  let trace: ReturnType<typeof simulate>;
  try {
    trace = simulate(input.scenario, {
      withoutScript: true,
      nodes: input.bounds.nodes,
      params: input.params,
      durationMs,
      states: false,
      choices,
      ...(input.leaderlessBoundMs !== undefined ? { leaderlessBoundMs: input.leaderlessBoundMs } : {}),
    });
  } catch {
    return undefined;
  }
  const e = trace.events.find((x) => x.k === 'violation');
  return e?.k === 'violation' ? { v: e.violation, t: e.t } : undefined;
}

/** Faults, and draws away from the seed's value. */
const costOf = (c: Choices, seeded: readonly number[]): number =>
  (c.faults?.length ?? 0) + c.draws.filter((v, i) => v !== seeded[i]).length;

/**
 * Fewer choices, fewer faults: drops each fault and puts each draw back to the seed's value while the
 * same kind of violation still happens. Greedy, one pass each
 * (delta debugging's 1-minimal step, Zeller and Hildebrandt, TSE 2002).
 */
export function shrink(input: ExploreInput, run: Run): Counterexample {
  const first = run.violation;
  if (!first) throw new Error('explore: shrink needs a violation');
  const kind = first.v.kind;
  let best: Choices = choicesOf(run);
  let at = first;
  const holds = (c: Choices) => {
    const r = replay(input, c, first.t + 1);
    return r && r.v.kind === kind ? r : undefined;
  };
  for (let i = (best.faults?.length ?? 0) - 1; i >= 0; i--) {
    const faults = best.faults?.filter((_, j) => j !== i) ?? [];
    const c: Choices = { version: 1, draws: best.draws, ...(faults.length > 0 ? { faults } : {}) };
    const r = holds(c);
    if (r) [best, at] = [c, r];
  }
  for (let i = best.draws.length - 1; i >= 0; i--) {
    const base = run.seeded[i] as number;
    if (best.draws[i] === base) continue;
    const draws = [...best.draws];
    draws[i] = base;
    const c: Choices = { ...best, draws };
    const r = holds(c);
    if (r) [best, at] = [c, r];
  }
  return {
    violation: at.v,
    atMs: at.t,
    choices: best,
    found: costOf(choicesOf(run), run.seeded),
    shrunk: costOf(best, run.seeded),
  };
}

/** Runs the search to its bounds, to the first violation, or until `stop` says so. */
export function explore(input: ExploreInput): ExploreResult {
  const b = input.bounds;
  const stats: Stats = { schedules: 0, distinct: 0, deepest: 0, level: 0 };
  const fingerprints = new Set<string>();
  const top = b.faults + b.losses + b.deviations;
  const from = input.deepening === false ? top : 0;
  for (let level = from; level <= top; level++) {
    stats.level = level;
    let path: number[] | null = [];
    while (path) {
      const run = runPath(input, along(path), level);
      stats.schedules++;
      stats.deepest = Math.max(stats.deepest, run.trail.length);
      stats.progress = (level - from + treeShare(run.trail)) / (top - from + 1);
      // A schedule that spent less than the level was run at a lower level already.
      if (run.spent === level || run.violation || input.deepening === false) {
        fingerprints.add(fingerprint(run.events));
        stats.distinct = fingerprints.size;
      }
      if (run.violation)
        return { stats, outcome: 'violation', counterexample: shrink(input, run), fingerprints };
      if (input.stop?.(stats)) return { stats, outcome: 'stopped', fingerprints };
      path = nextPath(run.trail);
    }
  }
  stats.progress = 1;
  return { stats, outcome: 'clean', fingerprints };
}

/**
 * The algorithm's TTL: how long the cluster waits before it gives up on a leader (a lease's TTL,
 * Kubernetes' leaseDuration, ZooKeeper's session timeout, Raft's longest election timeout, Bully's
 * heartbeat timeout). The menu's pause outlasts it and the horizon's default is twice it.
 */
export function ttlMsOf(p: Params): number {
  const s = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : undefined);
  return (
    (s('ttlS') ?? s('leaseDurationS') ?? s('leaseTtlS') ?? 0) * 1000 ||
    (s('sessionTimeoutMs') ?? s('electionTimeoutMaxMs') ?? s('heartbeatTimeoutMs') ?? s('ttlMs') ?? 10_000)
  );
}
