import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The Patroni story: pg-1 (primary) dies, its lease expires, pg-2 (the healthiest replica) wins the
 * CAS on /service/batman/leader, promotes itself, and HAProxy's /primary checks move client traffic.
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
    'The primary pg-1 dies: HAProxy marks it down, the lease expires, pg-2 (the healthiest replica) wins the key, ' +
    'promotes itself on a new timeline and HAProxy sends the client writes to it.',
  algorithm: 'patroni',
  nodes: 3,
  seed: 5,
  durationMs: 66_000,
  timeScale: 2.2,
  params: {},
  faults: [
    { atMs: 12_000, fault: { kind: 'cut-link', a: 'pg-1', b: 'pg-3' } },
    { atMs: 21_500, fault: { kind: 'crash', node: 'pg-1' } },
  ],
  steps: [
    {
      id: 'pg-1-bootstraps',
      anchor: { k: 'mark', node: 'pg-1', type: 'bootstrap' },
      caption:
        'pg-1 starts first: it creates /service/batman/initialize and the leader key in one etcd transaction, so it runs as the primary.',
    },
    {
      id: 'writes-reach-pg-1',
      anchor: { k: 'write', status: 'accepted' },
      caption:
        "The app's INSERTs go through HAProxy to pg-1, the only node whose /primary health check answers 200.",
    },
    {
      id: 'pg-3-falls-behind',
      anchor: { k: 'fault', type: 'cut-link' },
      caption: 'pg-3 loses its replication link to pg-1: it stops receiving WAL and falls behind pg-2.',
    },
    {
      id: 'pg-1-crashes',
      anchor: { k: 'fault', type: 'crash', node: 'pg-1' },
      caption:
        'pg-1 crashes, Postgres and Patroni agent together. Its leader key stays in etcd until the lease runs out.',
    },
    {
      id: 'haproxy-marks-pg-1-down',
      anchor: { k: 'mark', node: 'haproxy', type: 'backend-down' },
      caption:
        'HAProxy marks {backend} down after {haproxyFall} checks without an answer. No backend answers 200, so every client write fails now.',
    },
    {
      id: 'lease-expires',
      anchor: { k: 'store', type: 'lease-expire' },
      caption:
        "pg-1's lease expires {ttlS} s after its last refresh: etcd deletes the leader key and pg-1's member key.",
    },
    {
      id: 'pg-2-is-healthiest',
      anchor: { k: 'mark', node: 'pg-2', type: 'healthiest' },
      caption:
        'pg-2 finds no leader key. Over the REST API it asks the others for their WAL position ({answers}): nobody is ahead of its {lsn}, so it races for the key.',
    },
    {
      id: 'pg-2-promotes',
      anchor: { k: 'mark', node: 'pg-2', type: 'promote' },
      caption:
        'pg-2 wins the compare-and-swap (create only if the key does not exist) and runs pg_ctl promote.',
    },
    {
      id: 'pg-2-is-primary',
      anchor: { k: 'role', node: 'pg-2', role: 'leader' },
      caption: 'pg-2 is the writable primary on timeline {token}. pg-3 follows it and catches up.',
    },
    {
      id: 'writes-reach-pg-2',
      anchor: { k: 'mark', node: 'haproxy', type: 'backend-up' },
      caption:
        'After {haproxyRise} good checks HAProxy marks {backend} up: client writes land on the new primary again.',
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
