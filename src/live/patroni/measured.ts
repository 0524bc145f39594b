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
 * The same cluster, the primary's Patroni SIGSTOPped once (no watchdog; load ~19 on 2 cores), seconds
 * after the stop: HAProxy marked pg-1 DOWN, the leader key was deleted, pg-2 was primary.
 * scenarios/patroni-watchdog.ts tells it; figures.test.ts holds the simulation's DOWN to it.
 */
export const PATRONI_SIGSTOP_MEASURED = {
  down: [24.3, 24.3],
  deletion: [25.1, 25.1],
  promoted: [29.3, 29.3],
} as const;
