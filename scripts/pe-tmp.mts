import { scenarioById } from '/work/main/scenarios/index.ts';
import { pageEngine, syncEngine } from '/work/main/src/player/engine/client.ts';

const sc = scenarioById('etcd-lease')!;
for (const [name, e] of [
  ['sync', syncEngine()],
  ['page', pageEngine()],
] as const) {
  const t0 = performance.now();
  let n = 0;
  await new Promise<void>((res) =>
    e.run({ scenario: sc, opts: { durationMs: 3_600_000 }, key: 'k', stem: 's' }, (u) => {
      n++;
      if (u.kind === 'error' || u.done) res();
    }),
  );
  console.log(name, (performance.now() - t0).toFixed(0), 'ms', n, 'updates');
}
