/**
 * `npm run bench`: simulation cost and seek cost, medians and spread over repeated runs.
 * Writes bench/results.json and prints a table. Wall-clock numbers live here, never in `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { scenarioById } from '../scenarios/index.ts';
import { createRng } from '../src/lib/rng.ts';
import type { Scenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { TraceIndex } from '../src/sim/trace/frame.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { median: q(0.5), min: s[0] as number, max: s[s.length - 1] as number, p95: q(0.95) };
}

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

/** Least-squares slope of log(y) against log(x). */
function slope(points: Array<[number, number]>): number {
  const xs = points.map(([x]) => Math.log(x));
  const ys = points.map(([, y]) => Math.log(y));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * ((ys[i] as number) - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

const results: Record<string, unknown> = { machine: { node: process.version, repeat: REPEAT } };
const rows: string[] = [];

// Bully worst case: the highest node down, the lowest notices.
const bully = need('bully');
const bullyRows: Array<{ n: number; ms: ReturnType<typeof stats>; messages: number; events: number }> = [];
for (const n of [5, 10, 20, 50, 100, 200]) {
  const runs: number[] = [];
  let messages = 0;
  let events = 0;
  for (let i = 0; i < REPEAT; i++) {
    const [ms, tr] = time(() => simulate(bully, { nodes: n }));
    runs.push(ms);
    messages = tr.events.filter((e) => e.k === 'send').length;
    events = tr.events.length;
  }
  bullyRows.push({ n, ms: stats(runs), messages, events });
  rows.push(
    `bully n=${String(n).padEnd(4)} ${stats(runs).median.toFixed(1).padStart(8)} ms  (min ${stats(runs).min.toFixed(1)}, max ${stats(runs).max.toFixed(1)})  messages ${messages}  events ${events}`,
  );
}
const msgSlope = slope(bullyRows.map((r) => [r.n, r.messages]));
rows.push(`bully: log-log slope of messages vs n = ${msgSlope.toFixed(2)} (O(n^2) -> 2)`);
results.bully = { rows: bullyRows, messagesSlope: msgSlope };

// A lease cluster for long virtual durations.
const lease = need('etcd-lease');
const leaseRows: Array<{
  hours: number;
  ms: ReturnType<typeof stats>;
  events: number;
  eventsPerSec: number;
}> = [];
let longTrace: ReturnType<typeof simulate> | null = null;
for (const hours of [1, 6, 24]) {
  const runs: number[] = [];
  let events = 0;
  for (let i = 0; i < Math.max(1, Math.ceil(REPEAT / (hours === 24 ? 3 : 1))); i++) {
    const [ms, tr] = time(() => simulate(lease, { durationMs: hours * 3600_000 }));
    runs.push(ms);
    events = tr.events.length;
    if (hours === 24) longTrace = tr;
  }
  const st = stats(runs);
  leaseRows.push({ hours, ms: st, events, eventsPerSec: events / (st.median / 1000) });
  rows.push(
    `lease ${String(hours).padStart(2)} h      ${st.median.toFixed(1).padStart(8)} ms  events ${events}  (${Math.round(events / (st.median / 1000))} events/s)`,
  );
}
const timeSlope = slope(leaseRows.map((r) => [r.events, r.ms.median]));
rows.push(`lease: log-log slope of wall time vs events = ${timeSlope.toFixed(2)} (linear -> 1)`);
results.lease = { rows: leaseRows, timeVsEventsSlope: timeSlope };

// Seek: frameAt at random instants of the 24 h trace.
if (longTrace) {
  const [buildMs, index] = time(() => new TraceIndex(longTrace as NonNullable<typeof longTrace>));
  const rng = createRng(1);
  const seeks: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t = Math.floor(rng.next() * longTrace.durationMs);
    const [ms] = time(() => index.frameAt(t));
    seeks.push(ms);
  }
  const st = stats(seeks);
  rows.push(
    `seek 24 h trace: index build ${buildMs.toFixed(0)} ms; frameAt p50 ${(st.median * 1000).toFixed(0)} µs, p95 ${(st.p95 * 1000).toFixed(0)} µs, max ${(st.max * 1000).toFixed(0)} µs`,
  );
  results.seek = { buildMs, ...st };
}

mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(rows.join('\n'));
console.log('\nwrote bench/results.json');
