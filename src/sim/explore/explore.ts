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
 * Three reductions. Bounding: every option but a point's first spends a budget (K faults, L losses, D
 * deviations of a latency, a timeout or a pick from its first value), and the search goes level by
 * level in the total spent (iterative deepening), so the first violation it finds spends the fewest
 * choices of any. Delay-bounding (Emmi, Qadeer, Rakamarić, "Delay-bounded scheduling", POPL 2011)
 * argues why few deviations find most bugs: a counterexample needs only the few choices that matter.
 * Merging (state caching, as SPIN's and TLC's visited sets, Holzmann, "The model checker SPIN", TSE
 * 1997): at each event boundary the world is fingerprinted (Simulation.world, plus each random
 * stream's position); a schedule that reaches a world already explored with the same budgets left
 * and the same horizon left stops there, since everything after it was explored from the first one.
 * Reducing the fault boundaries (reduce.ts, a partial-order reduction): a crash, an isolation or a
 * rejoin of a node is offered only where the previous millisecond touched that node.
 */
import { hashString } from '../../lib/rng.ts';
import { freshLife } from '../faults/fold.ts';
import type { Choices, Chooser, Draw } from '../kernel/choices.ts';
import { openNet } from '../net/reach.ts';
import type { TimedFault } from '../scenario/schema.ts';
import { type Simulation, simulate, startSimulation } from '../simulate.ts';
import type { TraceEvent, Violation } from '../trace/events.ts';
import { type Budget, domainOf } from './domains.ts';
import { faultMenu, follow, type World } from './menu.ts';
import { Reduction } from './reduce.ts';
import type { Bounds, Counterexample, ExploreInput, ExploreResult, Stats } from './types.ts';

export type { Bounds, Counterexample, ExploreInput, ExploreResult, Stats } from './types.ts';

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

/** A 64-bit hash of a text (two 32-bit string hashes). */
const hash64 = (s: string): string => `${hashString(s, 1).toString(36)}.${hashString(s, 2).toString(36)}`;

/** A 64-bit fingerprint of a trace's events. */
export function fingerprint(events: readonly TraceEvent[]): string {
  return hash64(JSON.stringify(events));
}

/**
 * What the search keeps across schedules: the worlds met, and the keys (world, budgets left, horizon
 * left) whose subtrees are explored.
 */
export interface Memory {
  worlds: Set<string>;
  explored: Set<string>;
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
  /** Stopped at a world explored already (merging). */
  pruned?: boolean;
}

/** What a schedule may spend: of each budget, and in all. */
export interface Caps {
  fault: number;
  loss: number;
  dev: number;
  total: number;
}

const options = (spent: Record<Budget | 'fault', number>, caps: Caps, total: number) => ({
  dev: total < caps.total && spent.dev < caps.dev,
  loss: total < caps.total && spent.loss < caps.loss,
  fault: total < caps.total && spent.fault < caps.fault,
});

/** A level's caps: every budget's bound, `level` in all. */
const capsOf = (b: Bounds, level: number): Caps => ({
  fault: b.faults,
  loss: b.losses,
  dev: b.deviations,
  total: level,
});

/**
 * A level split by what it spends, faults first: (K', L', D') with K' + L' + D' = level, the most
 * faults first, then the most losses. Each schedule of the level spends exactly one of them, so the
 * passes hold the level's schedules once each, and a violation a fault reaches is met before the
 * one-loss schedules (one per message sent within the horizon) are all run.
 */
export function passesOf(b: Bounds, level: number): Caps[] {
  const out: Caps[] = [];
  for (let fault = Math.min(b.faults, level); fault >= 0; fault--)
    for (let loss = Math.min(b.losses, level - fault); loss >= 0; loss--) {
      const dev = level - fault - loss;
      if (dev <= b.deviations) out.push({ fault, loss, dev, total: level });
    }
  return out;
}

/** Picks an option at choice point `index` of `size` options. */
export type Picker = (index: number, size: number) => number;

/** The path's picks, then every later point's first option. */
const along =
  (path: readonly number[]): Picker =>
  (i) =>
    i < path.length ? (path[i] as number) : 0;

/**
 * One schedule, its options picked by `pick`, spending at most `level` in all. With `memory`, each
 * world met at an event boundary is written down, and when the input merges the run stops at one
 * explored already with the same budgets and horizon left. The boundaries before choice point
 * `replayed` are the ones the previous schedule passed (a depth-first walk replays the path to its
 * last branch): they are the same nodes of the tree, not new arrivals, and are not checked.
 */
export function runPath(
  input: ExploreInput,
  pick: Picker,
  level: number | Caps,
  memory?: Memory,
  replayed = 0,
): Run {
  const b = input.bounds;
  const caps = typeof level === 'number' ? capsOf(b, level) : level;
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
  // Each stream's position (its raw steps): the seed's values still to come, part of the world.
  const steps = new Map<string, number>();
  const chooser: Chooser = {
    draw(d, seeded) {
      if (!(d.kind === 'chance' && d.min <= 0)) steps.set(d.stream, (steps.get(d.stream) ?? 0) + 1);
      const open = options(spent, caps, total);
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
  const reduction = new Reduction(
    input.reduce ?? 'sound',
    input.unsoundReduction === true,
    input.sleepSets !== false,
  );
  const sim: Simulation = startSimulation(input.scenario, {
    watch: reduction.watch,
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
  let pruned = false;
  let lastTotal = -1;
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
    // Fingerprinted where a choice is still open (a world met again there prunes a subtree), and at
    // the first boundary after the last one (it prunes the rest of the run); not along a tail with
    // nothing left to choose, whose worlds cost more to fingerprint than to run. A replayed boundary
    // was fingerprinted by the schedule that first passed it.
    const open = total < caps.total || total !== lastTotal || input.everyWorld === true;
    lastTotal = total;
    if (memory && open && trail.length >= replayed) {
      const w = sim.world();
      if (w !== null) {
        const streams = [...steps].sort(([a], [c]) => (a < c ? -1 : 1)).join(';');
        const id = hash64(`${w}|${streams}`);
        memory.worlds.add(id);
        const merged = input.mergeOn ? hash64(`${input.mergeOn(w)}|${streams}`) : id;
        const left = [
          caps.fault - spent.fault,
          caps.loss - spent.loss,
          caps.dev - spent.dev,
          caps.total - total,
        ];
        // The reduction's state decides the subtree too: which hosts' faults are offered, who sleeps.
        const key = `${merged}|${left.join(',')}|${b.horizonMs - t}|${reduction.key([...world.lives.keys()])}`;
        if (input.merge !== false && memory.explored.has(key)) {
          pruned = true;
          break;
        }
        memory.explored.add(key);
      }
    }
    const menu = options(spent, caps, total).fault
      ? reduction.offered(faultMenu(world, b.pauseMs).filter((f) => !b.kinds || b.kinds.includes(f.kind)))
      : [];
    const k = next(1 + menu.length);
    const fault = k > 0 ? menu[k - 1] : undefined;
    reduction.chose(menu, k);
    if (fault) {
      spent.fault++;
      total++;
      const tf = { atMs: t, fault };
      faults.push(tf);
      sim.retarget([...sim.interventions, tf]);
    }
    sim.advance(t);
    reduction.ran();
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
    ...(pruned ? { pruned } : {}),
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
  const stats: Stats = { schedules: 0, worlds: 0, pruned: 0, traces: 0, deepest: 0, level: 0 };
  const memory: Memory = { worlds: new Set(), explored: new Set() };
  const traces = new Set<string>();
  const result = (outcome: ExploreResult['outcome'], counterexample?: Counterexample): ExploreResult => ({
    stats,
    outcome,
    ...(counterexample ? { counterexample } : {}),
    worlds: memory.worlds,
    traces,
  });
  const top = b.faults + b.losses + b.deviations;
  const from = input.deepening === false ? top : 0;
  for (let level = from; level <= top; level++) {
    stats.level = level;
    // One pass holds every budget at once (no deepening); a level is split faults first.
    const passes = input.deepening === false ? [capsOf(b, level)] : passesOf(b, level);
    for (const [p, caps] of passes.entries()) {
      let path: number[] | null = [];
      while (path) {
        const run = runPath(input, along(path), caps, memory, path.length);
        stats.schedules++;
        stats.worlds = memory.worlds.size;
        stats.deepest = Math.max(stats.deepest, run.trail.length);
        stats.progress = (level - from + (p + treeShare(run.trail)) / passes.length) / (top - from + 1);
        if (run.pruned) stats.pruned++;
        // A schedule that spent less than the pass's total was run at a lower level already.
        else if (
          input.traces === true &&
          (run.spent === caps.total || run.violation || input.deepening === false)
        ) {
          traces.add(fingerprint(run.events));
          stats.traces = traces.size;
        }
        if (run.violation) return result('violation', shrink(input, run));
        if (input.stop?.(stats)) return result('stopped');
        path = nextPath(run.trail);
      }
    }
  }
  stats.progress = 1;
  return result('clean');
}
