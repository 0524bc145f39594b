import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * node-1 takes the leader key in etcd by compare-and-swap with a 30 s lease,
 * renews every 10 s, crashes; the lease expires 30 s after the last renewal reached etcd and node-2's
 * next CAS wins. node-2 is the one because candidates retry in slots ordered by id (node-k at
 * (k-1) x 400 ms past every 2 s): the lease runs out a little after a multiple of 2 s, so node-2's
 * slot comes first (see slotOffsetMs in src/sim/algorithms/lease/).
 */
export default {
  id: 'etcd-lease',
  title: 'Lease-based election (etcd)',
  tagline: 'A leader holds a lease in etcd; when it dies, the TTL decides when another takes over.',
  summary:
    'node-1 takes the leader key in etcd by compare-and-swap, with a lease it renews every 10 s. It crashes; the lease expires 30 s after its last renewal and node-2 takes over. Failover is bounded by the TTL.',
  algorithm: 'lease',
  nodes: 5,
  seed: 1,
  durationMs: 75_000,
  timeScale: 2.5,
  params: { ttlS: 30, renewS: 10 },
  faults: [{ atMs: 35_000, fault: { kind: 'crash', node: 'node-1' } }],
  steps: [
    {
      id: 'lease-granted',
      shows: { roles: { 'node-1': 'candidate' } },
      anchor: { k: 'mark', node: 'node-1', type: 'lease-granted' },
      caption:
        'node-1 asks etcd for a lease with a {ttlS} s TTL: a reservation that lasts only while it is renewed.',
    },
    {
      id: 'campaign-won',
      shows: {
        roles: { 'node-1': 'leader' },
        tokens: { 'node-1': 42 },
        holder: { key: '/election/leader', node: 'node-1' },
      },
      anchor: { k: 'mark', node: 'node-1', type: 'campaign-won' },
      caption:
        'node-1 creates the leader key with a compare-and-swap: "only if nobody holds it". It leads, with fencing token {token}.',
    },
    {
      id: 'campaign-lost',
      shows: { roles: { 'node-2': 'follower' } },
      anchor: { k: 'mark', node: 'node-2', type: 'campaign-lost' },
      caption:
        'node-2 tries the same swap and fails: the key is taken. It follows, and tries again every {retryMs} ms.',
    },
    {
      id: 'renewal',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'send', type: 'KEEPALIVE', from: 'node-1' },
      caption:
        'Every {renewS} s node-1 renews its lease. Each renewal restarts the {ttlS} s countdown in etcd.',
    },
    {
      id: 'crash',
      shows: { roles: { 'node-1': 'down' } },
      anchor: { k: 'fault', type: 'crash', node: 'node-1' },
      caption: 'node-1 crashes. Nobody tells etcd: the renewals simply stop.',
    },
    {
      id: 'leaderless',
      shows: {
        roles: { 'node-1': 'down', 'node-2': 'follower' },
        holder: { key: '/election/leader', node: 'node-1' },
      },
      anchor: { k: 'send', type: 'TXN', from: 'node-2' },
      caption:
        'node-2 keeps trying, but the key still holds node-1’s lease. A {ttlS} s TTL means up to {ttlS} s without a leader.',
    },
    {
      id: 'lease-expires',
      shows: { holder: { key: '/election/leader', node: null } },
      anchor: { k: 'store', type: 'lease-expire' },
      caption:
        '{ttlS} s after the last renewal arrived, etcd expires the lease and deletes the leader key with it.',
    },
    {
      id: 'node-2-leads',
      shows: { roles: { 'node-2': 'leader' }, tokens: { 'node-2': 43 } },
      anchor: { k: 'role', node: 'node-2', role: 'leader' },
      caption:
        'node-2’s next try succeeds: it leads with token {token}. Failover took the TTL plus at most one retry.',
    },
    {
      id: 'node-2-writes',
      shows: { roles: { 'node-2': 'leader' } },
      anchor: { k: 'write', node: 'node-2', status: 'accepted' },
      caption:
        'node-2 does the job now. Patroni on etcd holds its leader key the same way, under a lease. A Kubernetes Lease is different: nothing on the server expires it, and the standbys judge its age on their own clocks.',
    },
  ],
  // Compare holds the story against this knob first.
  compare: { knob: 'ttlS' },
  adr: ['matrix.lease', 'consequence.failover-ttl', 'consequence.etcd-ha'],
  expect: {
    finalLeader: 'node-2',
    leadersInOrder: ['node-1', 'node-2'],
    tokens: [42, 43],
    noViolations: ['split-brain', 'stale-write-accepted', 'two-lease-holders'],
  },
} satisfies ScenarioInput;
