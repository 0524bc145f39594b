import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * The pitfall "gossip for strong consistency": leadership is spread by gossip (src/sim/algorithms/gossip),
 * slowed down to rounds of 1 s with fanout 2 so they can be watched (memberlist: 200 ms and 3). Five
 * database nodes, no coordination store. node-1 claims first and leads; it crashes at 8 s. About a
 * suspicion timeout later node-2 and node-3 both suspect it within the same round, each claims
 * epoch 2 and takes writes into its own copy: BOTH WRITE, until the next round carries node-2's
 * claim (same epoch, lower id) to node-3, which yields. Harmless for service discovery, a disaster
 * for a primary database.
 *
 * The fix (`fix.algorithm: 'lease'`): the same five nodes elect their primary through an etcd lease
 * (the fix adds the store), with the same crash. etcd expires node-1's lease and exactly one node
 * takes the key: twoLeaderMs is 0.
 */
export default {
  id: 'gossip-leader',
  title: 'Leader by gossip',
  summary:
    'Five database nodes spread who leads by gossip, with no store and no votes. When the leader crashes, two nodes suspect it in the same round and each claims the leadership: both take writes until the next round tells one of them about the other. Fine for service discovery, a disaster for a primary database. The fix: a lease in etcd.',
  tagline:
    'Gossip spreads leadership eventually: between rounds two nodes lead, and a database gets two primaries.',
  group: 'pitfalls',
  algorithm: 'gossip',
  nodes: 5,
  // Seed 7: node-2 and node-3 claim within the same round after the crash.
  seed: 7,
  durationMs: 25_000,
  // ~25 s of wall time at 1x: one gossip round a second.
  timeScale: 1,
  params: { gossipIntervalMs: 1000, fanout: 2, suspectTimeoutMs: 6000, writeIntervalMs: 500 },
  faults: [{ atMs: 8000, fault: { kind: 'crash', node: 'node-1' } }],
  steps: [
    {
      id: 'gossip-views',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'Five database nodes and no coordination store. Every {gossipIntervalMs} ms each node pushes its view of who leads to {fanout} random peers, the way service discovery spreads membership.',
    },
    {
      id: 'first-claim',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'mark', node: 'node-1', type: 'claimed' },
      caption:
        'node-1 has heard of no leader, so it claims epoch {epoch} and leads: nobody is asked. Its claim reaches a few peers per round, and they pass it on.',
    },
    {
      id: 'leader-crashes',
      shows: { roles: { 'node-1': 'down' } },
      anchor: { k: 'fault', type: 'crash', node: 'node-1' },
      caption:
        'node-1 crashes. Nothing announces it: the heartbeat counter it spread through the gossip simply stops rising.',
    },
    {
      id: 'first-claimant',
      shows: { roles: { 'node-1': 'down', 'node-2': 'leader' } },
      anchor: { k: 'mark', type: 'claimed' },
      caption:
        '{node} has seen no new heartbeat from node-1 for {suspectTimeoutMs} ms. It claims epoch {epoch} and starts taking writes as the primary.',
    },
    {
      id: 'second-claimant',
      shows: { roles: { 'node-1': 'down', 'node-3': 'leader' } },
      anchor: { k: 'mark', type: 'claimed' },
      caption:
        'Before that claim has reached it, {node} suspects node-1 too and claims epoch {epoch}. Between two gossip rounds, two nodes believe they lead.',
    },
    {
      id: 'both-write',
      shows: { roles: { 'node-2': 'leader', 'node-3': 'leader' }, alarm: 'split-brain' },
      anchor: { k: 'violation', type: 'split-brain' },
      caption:
        'BOTH WRITE: {nodes} both accepted writes into their own copies. For service discovery this would be harmless: a client asks again and reaches whoever leads now. For a primary database the copies diverge.',
    },
    {
      id: 'yields',
      shows: { roles: { 'node-2': 'leader', 'node-3': 'follower' } },
      anchor: { k: 'mark', type: 'yielded' },
      caption:
        'A gossip round brings {to}’s claim to {node}: the same epoch from a lower id, so {node} yields. The views converge, but the writes {node} took exist only on its copy.',
    },
    {
      id: 'why-lease',
      shows: {},
      anchor: { k: 'end' },
      when: { step: 'both-write', told: true },
      caption:
        'Gossip makes leadership eventually consistent: how long two nodes lead depends on the round and the fanout, and nothing keeps it at zero. Turn the fix on: a lease in etcd, which one node at a time can hold.',
    },
    {
      id: 'lucky-rounds',
      anchor: { k: 'end' },
      when: { step: 'both-write', told: false },
      caption:
        'This time the claims did not overlap long enough for both to write, but nothing in gossip prevents it: it only makes the views agree eventually. Turn the fix on: a lease in etcd, which one node at a time can hold.',
    },
  ],
  adr: ['matrix.heartbeat', 'matrix.lease', 'decision'],
  expect: {
    leadersInOrder: ['node-1', 'node-2', 'node-3'],
    finalLeader: 'node-2',
    violations: ['split-brain'],
  },
  fix: {
    algorithm: 'lease',
    // The primary keeps its data itself (ownCopy), like the gossip nodes; the TTL is the gossip run's
    // suspicion timeout, so both runs fail over after about the same silence.
    params: { ttlS: 6, renewS: 2, retryMs: 1000, writeIntervalMs: 500, ownCopy: true },
    steps: [
      {
        id: 'lease-start',
        shows: {},
        anchor: { k: 'start' },
        caption:
          'The fix: the same five database nodes elect their primary through one key in etcd, held under a {ttlS} s lease. Only the holder of the key takes writes.',
      },
      {
        id: 'lease-holder',
        shows: { roles: { 'node-1': 'leader' }, tokens: { 'node-1': 42 } },
        anchor: { k: 'role', node: 'node-1', role: 'leader' },
        caption: 'node-1 takes the key with token {token} and is the only primary.',
      },
      {
        id: 'lease-holder-crashes',
        shows: { roles: { 'node-1': 'down' } },
        anchor: { k: 'fault', type: 'crash', node: 'node-1' },
        caption: 'node-1 crashes, as in the gossip run. Its lease keeps the key for up to {ttlS} s.',
      },
      {
        id: 'lease-expires',
        shows: {},
        anchor: { k: 'store', type: 'lease-expire' },
        caption: 'etcd has heard no keepalive for {ttlS} s: the lease expires and the key is free.',
      },
      {
        id: 'one-new-leader',
        shows: { roles: { 'node-2': 'leader' }, tokens: { 'node-2': 43 } },
        anchor: { k: 'role', role: 'leader', nth: 1 },
        caption:
          '{node} takes the key with token {token}. The others try too, but the compare-and-swap lets only one of them win.',
      },
      {
        id: 'one-at-a-time',
        shows: {},
        anchor: { k: 'end' },
        caption:
          'One primary at a time: the store decides who leads, so no two nodes believe it at once. The price is the wait for the lease to expire, and a store that must stay up.',
      },
    ],
    expect: {
      leadersInOrder: ['node-1', 'node-2'],
      finalLeader: 'node-2',
      noViolations: ['split-brain', 'stale-write-accepted', 'two-lease-holders'],
    },
  },
} satisfies ScenarioInput;
