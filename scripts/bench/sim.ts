/**
 * Simulation cost and seek cost: Bully worst case for growing n, a 5-node lease cluster for long
 * virtual durations, lease message count against n, and frameAt at random instants of a 24 h trace.
 * Each timed run is preceded by an untimed warm-up (JIT) and a forced GC when available.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { scenarioById } from '../../scenarios/index.ts';
import { createRng } from '../../src/lib/rng.ts';
import type { SimOptions } from '../../src/sim/inputs.ts';
import type { Scenario } from '../../src/sim/scenario/schema.ts';
import { simulate } from '../../src/sim/simulate.ts';
import { TraceIndex } from '../../src/sim/trace/frame.ts';
import type { Trace } from '../../src/sim/trace/trace.ts';
import { logLogSlope, pairedRatio, type Spread, spread } from './stats.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('typeof gc === "function" ? gc : null') as (() => void) | null;

function time<T>(fn: () => T): [number, T] {
  const t0 = performance.now();
  const r = fn();
  return [performance.now() - t0, r];
}

function need(id: string): Scenario {
  const s = scenarioById(id);
  if (!s) throw new Error(`scenario ${id} missing`);
  return s;
}

const sends = (tr: Trace) => tr.events.reduce((a, e) => a + (e.k === 'send' ? 1 : 0), 0);

export interface SimRow {
  /** Nodes (Bully, lease-vs-n) or virtual hours (lease duration). */
  n?: number;
  hours?: number;
  ms: Spread;
  events: number;
  messages: number;
  eventsPerSec: number;
}

export interface SimResults {
  repeat: number;
  bully: { rows: SimRow[]; messagesVsNSlope: number; reference: string };
  lease: { rows: SimRow[]; timeVsEventsSlope: number };
  leaseVsN: { hours: number; rows: SimRow[]; messagesVsNSlope: number };
  seek: { traceHours: number; events: number; indexBuildMs: number; samples: number; us: Spread };
}

function measure(repeat: number, run: () => Trace, warm = true): { ms: Spread; trace: Trace } {
  if (warm) run(); // untimed: lets the JIT settle
  const runs: number[] = [];
  let trace: Trace | null = null;
  for (let i = 0; i < repeat; i++) {
    trace = null;
    gc?.();
    const [ms, tr] = time(run);
    runs.push(ms);
    trace = tr;
  }
  return { ms: spread(runs), trace: trace as Trace };
}

function row(extra: { n?: number; hours?: number }, ms: Spread, trace: Trace): SimRow {
  const events = trace.events.length;
  return { ...extra, ms, events, messages: sends(trace), eventsPerSec: events / (ms.median / 1000) };
}

export function runSim(repeat: number, log: (s: string) => void): SimResults {
  // Bully worst case: the highest node down from the start, the lowest notices first (scenarios/bully.ts).
  const bully = need('bully');
  const bullyRows: SimRow[] = [];
  for (const n of [5, 10, 20, 50, 100, 200]) {
    const { ms, trace } = measure(repeat, () => simulate(bully, { nodes: n }));
    bullyRows.push(row({ n }, ms, trace));
    log(`  bully n=${n}: ${ms.median.toFixed(1)} ms`);
  }

  // A 5-node lease cluster (etcd-lease: node-1 crashes at 35 s, node-2 takes over) run for hours.
  const lease = need('etcd-lease');
  const leaseRows: SimRow[] = [];
  let longTrace: Trace | null = null;
  for (const hours of [1, 6, 24]) {
    const reps = hours === 24 ? Math.max(1, Math.min(3, Math.ceil(repeat / 2))) : repeat;
    const run = () => simulate(lease, { durationMs: hours * 3_600_000 });
    // The 1 h and 6 h runs already warmed the code: no extra 24 h warm-up run.
    const { ms, trace } = measure(reps, run, hours !== 24);
    leaseRows.push(row({ hours }, ms, trace));
    if (hours === 24) longTrace = trace;
    log(`  lease ${hours} h: ${ms.median.toFixed(0)} ms`);
  }

  // Lease messages against cluster size, 10 min of virtual time each.
  const vsNHours = 1 / 6;
  const leaseVsN: SimRow[] = [];
  for (const n of [3, 5, 10, 20, 50]) {
    const { ms, trace } = measure(Math.max(1, Math.ceil(repeat / 2)), () =>
      simulate(lease, { nodes: n, durationMs: vsNHours * 3_600_000 }),
    );
    leaseVsN.push(row({ n }, ms, trace));
  }
  log('  lease messages vs n: done');

  // Seek: frameAt at random instants of the 24 h trace.
  const tr = longTrace as Trace;
  gc?.();
  const [indexBuildMs, index] = time(() => new TraceIndex(tr));
  const rng = createRng(1);
  for (let i = 0; i < 200; i++) index.frameAt(Math.floor(rng.next() * tr.durationMs)); // warm-up
  const seeks: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t = Math.floor(rng.next() * tr.durationMs);
    const [ms] = time(() => index.frameAt(t));
    seeks.push(ms * 1000);
  }
  log('  seek: done');

  return {
    repeat,
    bully: {
      rows: bullyRows,
      messagesVsNSlope: logLogSlope(bullyRows.map((r) => [r.n as number, r.messages] as const)),
      reference: 'n(n-1) election-round messages',
    },
    lease: {
      rows: leaseRows,
      timeVsEventsSlope: logLogSlope(leaseRows.map((r) => [r.events, r.ms.median] as const)),
    },
    leaseVsN: {
      hours: vsNHours,
      rows: leaseVsN,
      messagesVsNSlope: logLogSlope(leaseVsN.map((r) => [r.n as number, r.messages] as const)),
    },
    seek: {
      traceHours: 24,
      events: tr.events.length,
      indexBuildMs,
      samples: seeks.length,
      us: spread(seeks),
    },
  };
}

export interface StateCostRow {
  label: string;
  /** Median CPU ms of a run without and with state recording. */
  without: number;
  with: number;
  /** The median of the rounds' ratios (pairedRatio), and their spread. */
  ratio: number;
  ratioMin: number;
  ratioMax: number;
  rounds: number;
  stateEvents: number;
  events: number;
}

/** The budget for recording states: a run with them at most this much slower than one without. */
export const STATE_COST_BUDGET = 1.1;

/**
 * What recording every node's statechart moves (the inspector's `state` events) costs: each of the
 * three runs with and without, after an untimed warm-up of each. A round runs every case's pair back
 * to back, alternating which goes first (A B, B A, ...), so that a spell of other work on the machine
 * falls on both runs of a pair and on every case alike; the figure is the median of the pairs'
 * ratios, beside their min and max. The process's CPU time, not wall time: on a shared machine the
 * wall clock also counts the time other work held the core.
 */
export function runStateCost(rounds: number, log: (s: string) => void): StateCostRow[] {
  const cases = (
    [
      ['Bully, n = 200', 'bully', { nodes: 200 }],
      ['etcd lease, 1 h', 'etcd-lease', { durationMs: 3_600_000 }],
      ['Patroni, 1 h', 'patroni', { durationMs: 3_600_000 }],
    ] as Array<[string, string, SimOptions]>
  ).map(([label, id, opts]) => {
    const s = need(id);
    return {
      label,
      run: (states: boolean) => simulate(s, states ? opts : { ...opts, states: false }),
      without: [] as number[],
      with: [] as number[],
    };
  });
  for (const c of cases) {
    c.run(true);
    c.run(false);
  }
  const cpuMs = (fn: () => void) => {
    gc?.();
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  for (let i = 0; i < rounds; i++)
    for (const c of cases)
      for (const withStates of i % 2 === 0 ? [false, true] : [true, false])
        (withStates ? c.with : c.without).push(cpuMs(() => c.run(withStates)));
  return cases.map((c) => {
    const tr = c.run(true);
    const r = pairedRatio(c.without, c.with);
    const row: StateCostRow = {
      label: c.label,
      without: spread(c.without).median,
      with: spread(c.with).median,
      ratio: r.median,
      ratioMin: r.min,
      ratioMax: r.max,
      rounds,
      stateEvents: tr.events.reduce((n, e) => n + (e.k === 'state' ? 1 : 0), 0),
      events: tr.events.length,
    };
    log(
      `  states ${c.label}: ${row.without.toFixed(0)} ms without, ${row.with.toFixed(0)} ms with (${row.ratio.toFixed(2)}x, rounds ${row.ratioMin.toFixed(2)}-${row.ratioMax.toFixed(2)}x)`,
    );
    return row;
  });
}

export function stateCostTable(rows: StateCostRow[]): string {
  return [
    `| run (state recording), CPU time, median of ${rows[0]?.rounds ?? 0} rounds | without | with | ratio (rounds' min-max) | budget |`,
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.label} (${r.stateEvents} of ${r.events} events are states) | ${r.without.toFixed(0)} ms | ${r.with.toFixed(0)} ms | ${r.ratio.toFixed(2)}x (${r.ratioMin.toFixed(2)}-${r.ratioMax.toFixed(2)}) | < ${STATE_COST_BUDGET}x: ${r.ratio < STATE_COST_BUDGET ? 'met' : 'missed'} |`,
    ),
  ].join('\n');
}
