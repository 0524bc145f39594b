import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fast` (`vitest run --mode fast`) leaves these out: they start real processes (etcd,
 * ZooKeeper, the live service, its reaper) or run long property searches. `npm test` runs them all.
 */
const slow = [
  'src/live/live.test.ts', // a real etcd cluster and the live service
  'src/live/reaper.test.ts', // spawns and kills processes
  'src/live/signals.test.ts', // npm run live with a real etcd, signalled
  'src/live/patroni/patroni.live.test.ts', // a real Patroni cluster, its primary killed
  'src/live/zookeeper/zookeeper.live.test.ts', // a real ZooKeeper ensemble, a leader crashed and a server killed
  'src/sim/store/conformance.test.ts', // the store model against a real etcd
  'src/sim/algorithms/zookeeper/ensemble.test.ts', // the ZooKeeper model against a real ensemble
  'src/sim/chaos/chaos.test.ts', // random fault schedules, every algorithm
  'src/sim/chaos/pitfalls.test.ts', // each pitfall's bound over many seeds
  'src/sim/resume.test.ts', // checkpoints against runs from 0, random faults
  'src/sim/challenge/fixSearch.test.ts', // 1,000 schedules with each challenge's fix
  'src/sim/explore/controls.test.ts', // exhaustive searches of every pitfall, without and with its fix
  'src/sim/scenario/fuzz.test.ts', // random scenarios
  'src/sim/metrics/sweep.test.ts', // parameter sweeps
  'src/cli/fuzz.test.ts', // random argument vectors
  'src/app/link/fuzz.test.ts', // random links
];

// Playwright specs live in e2e/ and must not be collected here.
export default defineConfig(({ mode }) => ({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scenarios/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(mode === 'fast' ? slow : [])],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 60_000,
    // Both cores, where vitest's default leaves one to itself: the slow files mostly wait on real
    // clusters (etcd, ZooKeeper, Patroni), so two at a time cut the whole suite from 771 s to 594 s
    // here. The fast tier also shares one module graph per worker (the setup's catalogue and
    // simulator are loaded once, not once per file: 150 s -> 70 s); the whole suite isolates each file.
    maxWorkers: 2,
    ...(mode === 'fast' ? { isolate: false } : {}),
  },
}));
