/**
 * Behaviour snapshot of the simulator, for refactors that must not change it:
 *   npx tsx scripts/simSnapshot.ts OUTDIR      (writes one file per run)
 *   diff -r BEFORE AFTER                       (byte-identical or not)
 * Each file is exactly what `npm run -s sim -- <argv>` prints (the CLI's run() is called in-process,
 * which is what the npm script runs). Every scenario x three seeds x every format, the sandbox with every
 * algorithm, and a few knob and fault variants.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarios } from '../scenarios/index.ts';
import { run } from '../src/cli/main.ts';
import { algorithmIds } from '../src/sim/algorithms/registry.ts';
import { computeMetrics } from '../src/sim/metrics/index.ts';
import { simulate } from '../src/sim/simulate.ts';
import { TraceIndex } from '../src/sim/trace/frame.ts';

const out = process.argv[2];
if (!out) {
  console.error('usage: tsx scripts/simSnapshot.ts OUTDIR');
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const runs: string[][] = [];
for (const s of scenarios) {
  for (const seed of ['1', '7', '42']) {
    for (const format of ['json', 'text', 'mermaid']) {
      if (s.id === 'sandbox') {
        for (const a of algorithmIds)
          runs.push([s.id, '--algorithm', a, '--seed', seed, '--format', format, '--duration', '60000']);
      } else runs.push([s.id, '--seed', seed, '--format', format]);
    }
  }
}
runs.push(['split-brain', '--set', 'quorum=on']);
runs.push(['fencing-token', '--set', 'fencing=off']);
runs.push(['etcd-lease', '--set', 'ttlS=5', '--set', 'renewS=1.5']);
runs.push(['bully', '--nodes', '50']);
runs.push(['patroni', '--fault', '30000:{"kind":"partition","groups":[["pg-1"],["pg-2","pg-3","etcd"]]}']);
runs.push(['etcd-lease', '--fault', '12000:{"kind":"crash","node":"node-2"}', '--no-script']);
runs.push([
  'sandbox',
  '--algorithm',
  'lease',
  '--set',
  'fencing=on',
  '--fault',
  '20000:{"kind":"crash","node":"node-1"}',
]);
runs.push([
  'sandbox',
  '--algorithm',
  'heartbeat',
  '--set',
  'quorum=on',
  '--fault',
  '5000:{"kind":"pause","node":"node-5","durationMs":8000}',
]);
runs.push(['--list']);

let i = 0;
for (const argv of runs) {
  const r = run(argv);
  const name = `${String(i++).padStart(3, '0')}_${argv
    .join('_')
    .replace(/[^a-zA-Z0-9=.-]+/g, '_')
    .slice(0, 100)}`;
  writeFileSync(join(out, name), `exit ${r.code}\n--- stdout\n${r.out}--- stderr\n${r.err}`);
}
// The whole trace (the export format), 300 frames and the metrics at 10 moments, per scenario at seed 7.
for (const s of scenarios) {
  const trace = simulate(s, { seed: 7, ...(s.id === 'sandbox' ? { durationMs: 60000 } : {}) });
  const index = new TraceIndex(trace);
  const frames = [];
  for (let k = 0; k <= 300; k++) frames.push(index.frameAt((trace.durationMs * k) / 300));
  const metrics = [];
  for (let k = 1; k <= 10; k++) metrics.push(computeMetrics(trace, (trace.durationMs * k) / 10));
  writeFileSync(join(out, `trace_${s.id}.json`), JSON.stringify(trace));
  writeFileSync(join(out, `frames_${s.id}.json`), JSON.stringify(frames));
  writeFileSync(join(out, `metrics_${s.id}.json`), JSON.stringify(metrics));
}
console.log(`${runs.length} runs and ${scenarios.length} traces written to ${out}`);
