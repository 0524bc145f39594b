import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The etcd-lease story on a store that is itself a 3-member Raft group (storeMembers 3). node-1 holds
 * the leader key under a 30 s lease. The store's leader, member-1, is killed: the two others elect a
 * new leader within etcd's election timeout, whose lessor Promote gives every lease its TTL again
 * plus that timeout (lease/lessor.go), so the key survives and node-1 keeps leading. Then a second
 * member is lost: one of three is no majority, no leader is elected, and no grant, renewal or write is
 * answered; node-1 steps down at its own deadline and nobody can take over.
 */
export default {
  id: 'etcd-leader-change',
  title: 'When etcd itself changes leader',
  tagline: 'The store is a 3-member Raft group: it survives one lost member, not two.',
  summary:
    'node-1 leads on an etcd lease, and etcd is three members. The store’s leader crashes; a new one is elected, extends every lease, and node-1 keeps leading. A second member is lost: without a majority etcd answers nothing, and nobody can lead.',
  group: 'systems',
  algorithm: 'lease',
  nodes: 5,
  seed: 1,
  durationMs: 65_000,
  timeScale: 2.5,
  params: { ttlS: 30, renewS: 10, storeMembers: 3 },
  faults: [
    { atMs: 15_000, fault: { kind: 'server', node: 'etcd', server: 1, act: 'kill' } },
    { atMs: 35_000, fault: { kind: 'server', node: 'etcd', server: 2, act: 'kill' } },
  ],
  steps: [
    {
      id: 'campaign-won',
      shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 }, storeLeader: 'member-1' },
      anchor: { k: 'mark', node: 'node-1', type: 'campaign-won' },
      caption:
        'node-1 takes the leader key with a {ttlS} s lease and leads with token {token}. etcd here is three members; member-1 leads them and commits each write on a majority.',
    },
    {
      id: 'store-leader-crash',
      shows: { roles: { 'node-1': 'leader' }, storeLeader: null },
      anchor: { k: 'fault', type: 'server', node: 'etcd' },
      caption:
        'member-1, the store’s leader, is killed. Two members of three are left: still a majority, but for now no leader.',
    },
    {
      id: 'store-leader-elected',
      shows: {
        roles: { 'node-1': 'leader' },
        storeLeader: 'member-2',
        holder: { key: '/election/leader', node: 'node-1' },
      },
      anchor: { k: 'mark', node: 'etcd', type: 'store-leader' },
      caption:
        'member-2 wins the store’s election. Taking over, its lessor gives every lease its whole TTL again plus an election timeout: the leader key and node-1’s lease survive.',
    },
    {
      id: 'renewal-answered',
      shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
      anchor: { k: 'deliver', type: 'KEEPALIVE_ACK', to: 'node-1' },
      caption:
        'node-1’s next keepalive reaches a member, goes on to the new leader and is answered. node-1 keeps leading: it never noticed the store’s failover.',
    },
    {
      id: 'majority-lost',
      shows: { roles: { 'node-1': 'leader' }, storeLeader: null },
      anchor: { k: 'fault', type: 'server', node: 'etcd' },
      caption: 'member-2 is lost too. One member of three is no majority: no store leader can be elected.',
    },
    {
      id: 'renewal-unanswered',
      shows: { roles: { 'node-1': 'leader' }, storeLeader: null },
      anchor: { k: 'send', type: 'KEEPALIVE', from: 'node-1', offsetMs: 1000 },
      caption:
        'A second after node-1’s keepalive, still no answer: without a majority etcd grants no lease, renews none and commits no write.',
    },
    {
      id: 'node-1-steps-down',
      shows: {
        roles: { 'node-1': 'follower' },
        storeLeader: null,
        holder: { key: '/election/leader', node: 'node-1' },
      },
      anchor: { k: 'role', node: 'node-1', role: 'follower' },
      caption:
        'node-1 steps down at its own deadline. The key still names it, since no store leader expires a lease, and no other node can take over: the store must be HA, which means a majority of its members up.',
    },
  ],
  compare: { knob: 'ttlS' },
  adr: ['matrix.lease', 'consequence.etcd-ha'],
  expect: {
    finalLeader: null,
    leadersInOrder: ['node-1'],
    tokens: [42],
    noViolations: ['split-brain', 'stale-write-accepted', 'two-lease-holders'],
  },
} satisfies ScenarioInput;
