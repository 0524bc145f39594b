import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The Patroni story's cluster, but pg-1's Patroni is stopped (SIGSTOP: a stuck agent, a VM paused by
 * its hypervisor) instead of killed, and its Postgres runs on. Patroni's watchdog is off, its default:
 * nothing stops pg-1's Postgres, which stays a writable primary while pg-2 promotes after the TTL. A
 * second app writes straight to pg-1's port (a stale address, a pooler without health checks), so two
 * primaries take writes: split-brain. When pg-1's Patroni resumes it demotes pg-1 on seeing pg-2's key.
 *
 * Measured on the real cluster (npm run live -- --system patroni, the primary's Patroni SIGSTOPped,
 * quiet machine): all 25 writes straight to pg-1 were accepted, 9 of them after pg-2 had promoted;
 * the leader key expired 29.2 s after the SIGSTOP, pg-2 was primary 33.0 s after it. HAProxy took
 * pg-1 out 23.0 s after it: its checks to the stopped REST API each wait `timeout check` (5 s), the
 * next `inter` (3 s) later, as the model's do (21 to 24 s after the stop; haproxy.ts).
 *
 * The fix is Patroni's watchdog (Patroni docs, Watchdog support:
 * https://patroni.readthedocs.io/en/latest/watchdog.html): a leader keeps it alive after each
 * leader-key update, and one not kept alive for ttl - safety_margin (5 s) resets the host, so pg-1's
 * Postgres is gone before its key expires.
 */
export default {
  id: 'patroni-watchdog',
  title: 'Patroni without a watchdog: a stopped agent',
  summary:
    "pg-1's Patroni is stopped (SIGSTOP) while its Postgres runs on. HAProxy takes pg-1 out, the leader key expires and pg-2 promotes, but pg-1 is still a writable primary: an app that reaches it directly writes to it while HAProxy's writes go to pg-2. Two primaries take writes. The fix is Patroni's watchdog: it resets pg-1's host before the key expires.",
  tagline: 'A stopped Patroni leaves its Postgres a primary: two primaries take writes.',
  group: 'pitfalls',
  algorithm: 'patroni',
  nodes: 3,
  seed: 5,
  durationMs: 66_000,
  timeScale: 2.2,
  params: { directWriteNode: 1, watchdog: false },
  faults: [
    { atMs: 12_000, fault: { kind: 'cut-link', a: 'pg-1', b: 'pg-3' } },
    { atMs: 21_500, fault: { kind: 'agent', node: 'pg-1', act: 'stop' } },
    { atMs: 62_000, fault: { kind: 'agent', node: 'pg-1', act: 'resume' } },
  ],
  steps: [
    {
      id: 'two-apps',
      shows: { roles: { 'pg-1': 'leader' } },
      anchor: { k: 'mark', node: 'pg-1', type: 'bootstrap' },
      caption:
        "pg-1 bootstraps and runs as the primary. Two apps write: one through HAProxy, one straight to pg-1's Postgres port. Patroni's watchdog is off, its default.",
    },
    {
      id: 'pg-3-falls-behind',
      shows: { roles: { 'pg-1': 'leader', 'pg-2': 'follower', 'pg-3': 'follower' } },
      anchor: { k: 'fault', type: 'cut-link' },
      caption: 'pg-3 loses its replication link to pg-1: it stops receiving WAL and falls behind pg-2.',
    },
    {
      id: 'agent-stopped',
      shows: { roles: { 'pg-1': 'leader' }, holder: { key: '/service/batman/leader', node: 'pg-1' } },
      anchor: { k: 'fault', type: 'agent' },
      caption:
        "pg-1's Patroni is stopped (SIGSTOP), as a stuck process or a paused VM would be. Its Postgres runs on as the primary and takes both apps' writes, but nobody refreshes pg-1's lease now.",
    },
    {
      id: 'haproxy-marks-pg-1-down',
      shows: { roles: { 'pg-1': 'leader' } },
      anchor: { k: 'mark', node: 'haproxy', type: 'backend-down' },
      caption:
        "pg-1's REST API is Patroni's, and it answers nothing: after {haproxyFall} checks without an answer HAProxy marks {backend} down. Writes through HAProxy fail from now on; the direct app still writes to pg-1.",
    },
    {
      id: 'lease-expires',
      shows: { roles: { 'pg-1': 'leader' }, holder: { key: '/service/batman/leader', node: null } },
      anchor: { k: 'store', type: 'lease-expire' },
      caption:
        "pg-1's lease expires {ttlS} s after its last refresh: etcd deletes the leader key. pg-1's Postgres is still the primary.",
    },
    {
      id: 'pg-2-promotes',
      shows: { roles: { 'pg-2': 'candidate' }, holder: { key: '/service/batman/leader', node: 'pg-2' } },
      anchor: { k: 'mark', node: 'pg-2', type: 'promote' },
      caption: 'pg-2 wins the leader key and runs pg_ctl promote.',
    },
    {
      id: 'old-timeline-write',
      shows: { roles: { 'pg-1': 'leader', 'pg-2': 'leader' } },
      anchor: { k: 'mark', type: 'fencing-window' },
      caption:
        'pg-2 is the primary on timeline 2, and pg-1 still takes the direct app’s writes on timeline 1: nothing on pg-1 knows of the newer timeline.',
    },
    {
      id: 'two-primaries',
      shows: { roles: { 'pg-1': 'leader', 'pg-2': 'leader' }, alarm: 'split-brain' },
      anchor: { k: 'violation', type: 'split-brain' },
      caption:
        "HAProxy sends the first app's writes to pg-2 while the second app's still land on pg-1: two primaries take writes, on two timelines. Split-brain.",
    },
    {
      id: 'pg-1-demoted',
      shows: { roles: { 'pg-1': 'follower', 'pg-2': 'leader' } },
      anchor: { k: 'mark', node: 'pg-1', type: 'demote' },
      caption:
        "pg-1's Patroni resumes, finds pg-2 holding the leader key and demotes pg-1. The writes pg-1 took after pg-2's promotion are on a timeline nobody follows.",
    },
  ],
  adr: ['consequence.failover-ttl', 'consequence.etcd-ha'],
  expect: {
    leadersInOrder: ['pg-1', 'pg-2'],
    violations: ['split-brain'],
  },
  fix: {
    params: { watchdog: true },
    steps: [
      {
        id: 'watchdog-on',
        shows: {},
        anchor: { k: 'start' },
        caption:
          "The fix is Patroni's watchdog: a leading Patroni keeps a watchdog device alive after each update of its leader key, and one not kept alive for ttl minus safety_margin (5 s) resets the host. Same apps, same faults.",
      },
      {
        id: 'agent-stopped-armed',
        shows: { roles: { 'pg-1': 'leader' } },
        anchor: { k: 'fault', type: 'agent' },
        caption: "pg-1's Patroni is stopped (SIGSTOP), and with it the watchdog's keepalives.",
      },
      {
        id: 'watchdog-resets',
        shows: { roles: { 'pg-1': 'follower' }, holder: { key: '/service/batman/leader', node: 'pg-1' } },
        anchor: { k: 'mark', node: 'pg-1', type: 'watchdog-reset' },
        caption:
          "The watchdog resets pg-1's host 5 s before its leader key would expire: its Postgres is gone, and the direct app's writes time out.",
      },
      {
        id: 'pg-2-promotes',
        shows: { roles: { 'pg-2': 'candidate' }, holder: { key: '/service/batman/leader', node: 'pg-2' } },
        anchor: { k: 'mark', node: 'pg-2', type: 'promote' },
        caption: 'pg-2 wins the leader key and runs pg_ctl promote.',
      },
      {
        id: 'one-primary',
        shows: { roles: { 'pg-2': 'leader' } },
        anchor: { k: 'mark', node: 'haproxy', type: 'backend-up' },
        caption:
          'After {haproxyRise} good checks HAProxy marks {backend} up: writes land on pg-2, the one primary left.',
      },
    ],
    expect: {
      leadersInOrder: ['pg-1', 'pg-2'],
      noViolations: ['split-brain', 'two-lease-holders'],
    },
  },
} satisfies ScenarioInput;
