/**
 * A real Patroni 3.0.2 / PostgreSQL 15 / etcd 3.4 / HAProxy 2.6 cluster on loopback, the primary's
 * Patroni and postmaster SIGKILLed three times: min / max, in seconds after the kill (deletion to the
 * new key and to writable: after the leader key's deletion). scenarios/patroni.ts tells the story
 * from them; its test holds the simulation to them and the live test (patroni.live.test.ts) the real
 * cluster.
 */
export const PATRONI_MEASURED = {
  deletion: [28.7, 28.91],
  deletionToKey: [0.1, 0.12],
  deletionToWritable: [0.27, 0.54],
  down: [6.8, 8.9],
  up: [31.8, 34.8],
  outage: [31.9, 34.9],
} as const;

/**
 * A measured range widened by 10 % each side, at least 0.5 s: how far a run on a busy machine, or
 * the simulation's median, may stray from the three measured failovers before it needs a cause.
 */
export function widened([lo, hi]: readonly [number, number]): [number, number] {
  return [lo - Math.max(0.5, lo * 0.1), hi + Math.max(0.5, hi * 0.1)];
}

/**
 * The same cluster, the primary's Patroni SIGSTOPped once (no watchdog; `--fault
 * '10000:{"kind":"pause","node":"pg-1"}' --duration 60000`, quiet: load 0.9 to 0.3), seconds after the
 * stop: HAProxy marked pg-1 DOWN, the leader key expired, pg-2 was primary (the README's figures).
 * scenarios/patroni-watchdog.ts tells it; figures.test.ts holds the simulation's DOWN to it.
 */
export const PATRONI_SIGSTOP_MEASURED = {
  down: [23.0, 23.0],
  deletion: [29.2, 29.2],
  promoted: [33.0, 33.0],
} as const;

/**
 * Five headless runs of the story's kill on this lab's live cluster (`npm run -s live -- --system
 * patroni --headless --compare --runs 5`; 2-core machine, load average 0.1 to 2.2, 2026-12-06), as
 * `--compare` prints them: seconds after the kill. The README's table; figures.test.ts holds the
 * simulation's medians to them by the 10 % rule.
 */
export const PATRONI_LIVE_RUNS = [
  {
    keyDeleted: 28.554,
    newKey: 28.603,
    writable: 28.789,
    haproxyDown: 7.397,
    haproxyUp: 32.405,
    outage: 32.402,
  },
  {
    keyDeleted: 28.822,
    newKey: 28.87,
    writable: 29.039,
    haproxyDown: 6.517,
    haproxyUp: 34.528,
    outage: 35.508,
  },
  {
    keyDeleted: 28.563,
    newKey: 28.613,
    writable: 28.786,
    haproxyDown: 7.176,
    haproxyUp: 32.18,
    outage: 32.18,
  },
  {
    keyDeleted: 28.844,
    newKey: 28.943,
    writable: 29.032,
    haproxyDown: 6.589,
    haproxyUp: 34.598,
    outage: 36.088,
  },
  {
    keyDeleted: 28.864,
    newKey: 28.956,
    writable: 29.275,
    haproxyDown: 7.043,
    haproxyUp: 35.05,
    outage: 36.041,
  },
] as const;
