/**
 * Failover measured against a real three-member etcd cluster (live mode, src/live/) and the same
 * schedule simulated: the leader crashes `CRASH_AT_MS` after the start; the failover is the time
 * from the crash to another node's first 'leader' role. For each TTL, RUNS live runs (a fresh
 * cluster each) and RUNS simulated ones (seeds 1..RUNS); prints min / median / max of each.
 * Wall-clock numbers: not part of `npm test`.
 *
 *   npx tsx scripts/liveFailover.ts [--runs 5] [--ttl 3,10]
 */
import { scenarios } from '../scenarios/index.ts';
import { parseLiveArgs } from '../src/live/args.ts';
import { startSession } from '../src/live/session.ts';
import { withAlgorithm } from '../src/sim/scenario/sandbox.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { Trace } from '../src/sim/trace/trace.ts';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
};
const RUNS = Number(arg('--runs', '5'));
const TTLS = arg('--ttl', '3,10').split(',').map(Number);
const CRASH_AT_MS = 4000;

/** Crash time to the next leader of another node, in ms (null: none). */
function failover(trace: Trace, crashed: string, at: number): number | null {
  const e = trace.events.find(
    (x) => x.k === 'role' && x.role === 'leader' && x.node !== crashed && x.t >= at,
  );
  return e ? e.t - at : null;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0] ?? NaN, median: s[Math.floor(s.length / 2)] ?? NaN, max: s[s.length - 1] ?? NaN };
};

const sandbox = withAlgorithm(
  scenarios.find((s) => s.id === 'sandbox') as (typeof scenarios)[number],
  'lease',
);

for (const ttl of TTLS) {
  const a = parseLiveArgs(['--set', `ttlS=${ttl}`]);
  const durationMs = CRASH_AT_MS + 4 * ttl * 1000;
  const real: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await startSession(a);
    await new Promise((r) => setTimeout(r, CRASH_AT_MS - s.run.now()));
    const leader = s.run.leadersNow()[0]?.node ?? 'node-1';
    const at = s.run.now();
    s.run.nodeFault({ kind: 'crash', node: leader });
    const start = Date.now();
    while (!s.run.leadersNow().some((l) => l.node !== leader) && Date.now() - start < 4 * ttl * 1000)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    const trace = await s.stop();
    const ms = failover(trace, leader, at);
    if (ms !== null) real.push(ms);
    process.stderr.write(`ttl ${ttl} s, live run ${i + 1}: ${ms} ms\n`);
  }
  const simulated: number[] = [];
  for (let seed = 1; seed <= RUNS; seed++) {
    const probe = simulate(sandbox, { seed, nodes: a.nodes, params: a.params, durationMs: CRASH_AT_MS });
    const last = probe.events.filter((e) => e.k === 'role' && e.role === 'leader').at(-1);
    const leader = last?.k === 'role' ? last.node : 'node-1';
    const trace = simulate(sandbox, {
      seed,
      nodes: a.nodes,
      params: a.params,
      durationMs,
      interventions: [{ atMs: CRASH_AT_MS, fault: { kind: 'crash', node: leader } }],
    });
    const ms = failover(trace, leader, CRASH_AT_MS);
    if (ms !== null) simulated.push(ms);
  }
  const r = stats(real);
  const m = stats(simulated);
  console.log(
    `TTL ${ttl} s (renew ${a.params.renewS} s, retry ${a.params.retryMs} ms), ${RUNS} runs each: ` +
      `real etcd min ${r.min} / median ${r.median} / max ${r.max} ms (${real.length} failovers); ` +
      `simulated min ${m.min} / median ${m.median} / max ${m.max} ms (${simulated.length} failovers)`,
  );
}
process.exit(0);
