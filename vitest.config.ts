import { defineConfig } from 'vitest/config';

/**
 * Files that start real processes (etcd, ZooKeeper, Patroni and PostgreSQL, the live service, its
 * reaper): timed against real clusters, they run one at a time with the machine to themselves.
 */
const live = [
  'src/live/live.test.ts', // a real etcd cluster and the live service
  'src/live/reaper.test.ts', // spawns and kills processes
  'src/live/signals.test.ts', // npm run live with a real etcd, signalled
  'src/live/patroni/patroni.live.test.ts', // a real Patroni cluster, its primary killed
  'src/live/zookeeper/zookeeper.live.test.ts', // a real ZooKeeper ensemble, a leader crashed and a server killed
  'src/sim/store/conformance.test.ts', // the store model against a real etcd
  'src/sim/algorithms/zookeeper/ensemble.test.ts', // the ZooKeeper model against a real ensemble
];

/**
 * `npm run test:fast` (`vitest run --mode fast`) leaves these out, with the files above: they run
 * long property searches. `npm test` runs them all.
 */
const slow = [
  ...live,
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

const include = ['src/**/*.test.{ts,tsx}', 'scenarios/**/*.test.ts', 'scripts/**/*.test.ts'];
// Playwright specs live in e2e/ and must not be collected here.
const exclude = ['**/node_modules/**'];

export default defineConfig(({ mode }) => ({
  test: {
    // Each project names its own files: a project that extends this config adds its lists to these.
    ...(mode === 'fast' ? { include } : {}),
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 60_000,
    // The fast tier shares one module graph per worker (the setup's catalogue and simulator are loaded
    // once, not once per file: 150 s -> 70 s here) and uses both cores.
    ...(mode === 'fast'
      ? { exclude: [...exclude, ...slow], isolate: false, maxWorkers: 2 }
      : {
          // The whole suite in two groups that never overlap (sequence.groupOrder): the real
          // clusters one file at a time, so that no timed cluster shares the cores with a CPU-bound
          // search, and the rest on both cores, where vitest's default leaves one idle (the unit
          // phase of a fresh-clone CI: 771 s on one worker, 618-683 s so).
          projects: [
            {
              extends: true,
              test: {
                name: 'live',
                include: live,
                exclude,
                fileParallelism: false,
                sequence: { groupOrder: 0 },
              },
            },
            {
              extends: true,
              test: {
                name: 'unit',
                include,
                exclude: [...exclude, ...live],
                maxWorkers: 2,
                sequence: { groupOrder: 1 },
              },
            },
          ],
        }),
  },
}));
