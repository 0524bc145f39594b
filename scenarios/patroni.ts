import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The Patroni story: pg-1's processes (Postgres and the Patroni agent) are killed on a live host, its
 * lease expires, the replicas' etcd watch wakes them at once, pg-2 (the healthiest replica) wins the
 * CAS on /service/batman/leader, promotes itself, and HAProxy's /primary checks move client traffic.
 * It follows a real Patroni 3.0.2 / PostgreSQL 15 / etcd 3.4 / HAProxy 2.6 cluster with the defaults
 * (ttl 30, loop_wait 10, retry_timeout 10) and Patroni's haproxy.cfg example; measured after three
 * SIGKILLs of the primary's Patroni and postmaster, seconds after the kill (min / median / max):
 * leader key deleted 28.70 / 28.73 / 28.91, a new key 0.10-0.12 later, the new primary writable
 * 0.27-0.54 after the deletion, HAProxy marks pg-1 DOWN 6.8 / 8.3 / 8.9 and the new primary UP
 * 31.8 / 33.9 / 34.8, client writes out for 31.9 / 34.0 / 34.9 (patroni.test.ts checks each figure).
 * The host-dark variant is the same story with a `crash` instead of the `kill`: checks time out.
 *
 * Determinism: pg-1's agent starts first and bootstraps the cluster (it creates /initialize and takes the
 * leader key; pg-2 and pg-3 start 1 s and 2 s later, find a leader and become its replicas). pg-3's
 * replication link to pg-1 is cut at 12 s, so pg-3 stops receiving WAL and pg-2 is the healthiest
 * replica when pg-1 dies, whatever the seed.
 */
export default {
  id: 'patroni',
  title: 'Patroni failover behind HAProxy',
  tagline: 'A PostgreSQL primary dies; Patroni promotes a replica and HAProxy moves the traffic.',
  summary:
    'Each Postgres node runs a Patroni agent; the leader key /service/batman/leader lives in etcd with a 30 s lease. ' +
    "The primary pg-1's processes are killed on a live host: its refused health checks take it out of HAProxy in seconds, " +
    "the lease expires, the replicas' etcd watch wakes them at once, pg-2 (the healthiest replica) wins the key, " +
    'promotes itself on a new timeline and HAProxy sends the client writes to it.',
  algorithm: 'patroni',
  nodes: 3,
  seed: 5,
  durationMs: 66_000,
  timeScale: 2.2,
  params: {},
  faults: [
    { atMs: 12_000, fault: { kind: 'cut-link', a: 'pg-1', b: 'pg-3' } },
    { atMs: 21_500, fault: { kind: 'kill', node: 'pg-1' } },
  ],
  steps: [
    {
      id: 'pg-1-bootstraps',
      shows: { roles: { 'pg-1': 'leader' } },
      anchor: { k: 'mark', node: 'pg-1', type: 'bootstrap' },
      caption:
        'pg-1 starts first: it creates /service/batman/initialize and the leader key, so it runs as the primary. (Patroni creates them one after the other; this model does both in one etcd transaction, a shortcut.)',
    },
    {
      id: 'writes-reach-pg-1',
      shows: { roles: { 'pg-1': 'leader' } },
      anchor: { k: 'write', status: 'accepted' },
      caption:
        "The app's INSERTs go through HAProxy to pg-1, the only node whose /primary health check answers 200.",
    },
    {
      id: 'pg-3-falls-behind',
      shows: { roles: { 'pg-1': 'leader', 'pg-2': 'follower', 'pg-3': 'follower' } },
      anchor: { k: 'fault', type: 'cut-link' },
      caption: 'pg-3 loses its replication link to pg-1: it stops receiving WAL and falls behind pg-2.',
    },
    {
      id: 'pg-1-crashes',
      shows: { roles: { 'pg-1': 'down' }, holder: { key: '/service/batman/leader', node: 'pg-1' } },
      // Any fault of pg-1's: the kill here, a crash in the host-dark variant.
      anchor: { k: 'fault', node: 'pg-1' },
      caption:
        'pg-1 crashes, Postgres and Patroni agent together. Its leader key stays in etcd until the lease runs out.',
    },
    {
      id: 'haproxy-marks-pg-1-down',
      shows: { roles: { 'pg-1': 'down' } },
      anchor: { k: 'mark', node: 'haproxy', type: 'backend-down' },
      caption:
        'HAProxy marks {backend} down after {haproxyFall} checks without an answer. No backend answers 200, so every client write fails now.',
    },
    {
      id: 'refused-not-silent',
      shows: { roles: { 'pg-1': 'down' } },
      anchor: { k: 'mark', node: 'app', type: 'write-failed' },
      caption:
        "How HAProxy learned it: pg-1's processes were killed but its host is up, so its kernel refuses every connection at once and each check " +
        'fails in one round trip: {haproxyFall} of them, {haproxyInterMs} ms apart (each backend on its own beat), are enough. Had the host gone dark ' +
        '(the Crash fault), each check would first have had to time out. Until now HAProxy still sent new client connections to pg-1 and ' +
        'retried each refused one twice; the app gave up at its {clientConnectTimeoutMs} ms connect timeout. From now on new connections are closed at once.',
    },
    {
      id: 'lease-expires',
      shows: { roles: { 'pg-1': 'down' }, holder: { key: '/service/batman/leader', node: null } },
      anchor: { k: 'store', type: 'lease-expire' },
      caption:
        "pg-1's lease expires {ttlS} s after its last refresh: etcd deletes the leader key and pg-1's member key.",
    },
    {
      id: 'watch-fires',
      shows: { roles: { 'pg-2': 'candidate', 'pg-3': 'candidate' } },
      anchor: { k: 'mark', node: 'pg-2', type: 'watch-fired' },
      caption:
        "pg-2 and pg-3 watch the cluster's keys in etcd. The DELETE of the leader key (revision {revision}) reaches them at once and wakes " +
        'their HA loops now, not at their next loop_wait tick, up to {loopWaitS} s later.',
    },
    {
      id: 'pg-2-is-healthiest',
      shows: { roles: { 'pg-2': 'candidate', 'pg-3': 'candidate' } },
      anchor: { k: 'mark', node: 'pg-2', type: 'healthiest' },
      caption:
        'pg-2 finds no leader key. Over the REST API it asks the others for their WAL position ({answers}): nobody is ahead of its {lsn}, so it races for the key.',
    },
    {
      id: 'pg-2-promotes',
      shows: { roles: { 'pg-2': 'candidate' }, holder: { key: '/service/batman/leader', node: 'pg-2' } },
      anchor: { k: 'mark', node: 'pg-2', type: 'promote' },
      caption:
        'pg-2 wins the compare-and-swap (create only if the key does not exist) and runs pg_ctl promote.',
    },
    {
      id: 'pg-2-is-primary',
      shows: { roles: { 'pg-2': 'leader', 'pg-3': 'candidate' } },
      anchor: { k: 'role', node: 'pg-2', role: 'leader' },
      caption:
        'pg-2 is the writable primary on timeline {token}. pg-3 is still in its own HA cycle: it will find pg-2 ahead of it and follow it a moment later.',
    },
    {
      id: 'writes-reach-pg-2',
      shows: { roles: { 'pg-2': 'leader', 'pg-3': 'follower' } },
      anchor: { k: 'mark', node: 'haproxy', type: 'backend-up' },
      caption:
        'After {haproxyRise} good checks HAProxy marks {backend} up: client writes land on the new primary again. pg-3 now replicates from it.',
    },
  ],
  adr: ['consequence.failover-ttl', 'matrix.lease', 'consequence.etcd-ha'],
  expect: {
    finalLeader: 'pg-2',
    leadersInOrder: ['pg-1', 'pg-2'],
    tokens: [1, 2],
    noViolations: ['split-brain', 'stale-write-accepted', 'two-lease-holders'],
  },
} satisfies ScenarioInput;
