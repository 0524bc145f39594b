import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * Sharded leadership: five nodes, twelve shards, a leader per shard (Kafka's partition leaders,
 * MongoDB's primary per shard). Each node keeps one etcd session lease; each shard has its own key
 * `/shards/<nn>/leader` under its leader's lease, and the key's create_revision is that shard's
 * fencing token. Every shard ranks the nodes by rendezvous hashing (src/sim/algorithms/sharded/keys.ts);
 * the first candidate campaigns at once and each next one a poll later, so the shards start on the
 * nodes they prefer: node-2 tops shards 01 and 10 (and shard 01 alone with shards=1). node-2 crashes
 * at 12 s; its lease expires a TTL after its last keepalive, both its keys go, and each moves to its
 * own next candidate (01 to node-1, 10 to node-5). The ten other shards keep their leader and their
 * writes: metrics.unavailableShardFraction is 2/12. With `--set shards=1`, one leader for the whole
 * cluster, the same crash stops every write: 1.
 */
export default {
  id: 'sharded-leadership',
  title: 'Sharded leadership',
  summary:
    'Five nodes share twelve shards, each with a leader of its own elected on its own etcd key, as Kafka runs a leader per partition and MongoDB a primary per shard. node-2 crashes: only its shards wait for a failover, each to its own next candidate, while the other shards keep writing. With shards=1, one leader for the whole cluster, the same crash stops every write.',
  tagline: 'A leader per shard, not per cluster: a crash stops only the dead node’s shards.',
  group: 'systems',
  algorithm: 'sharded',
  nodes: 5,
  seed: 1,
  durationMs: 40_000,
  timeScale: 2,
  params: { shards: 12, ttlS: 10, renewS: 3, retryMs: 2000, writeIntervalMs: 2000, fencing: true },
  faults: [{ atMs: 12_000, fault: { kind: 'crash', node: 'node-2' } }],
  steps: [
    {
      id: 'preferred-shards',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'mark', node: 'node-1', type: 'shard-won' },
      caption:
        'Each node opens one etcd session lease and reads /shards/. Every shard ranks the nodes by rendezvous hashing (a hash of the shard’s path and the node’s id), and a node campaigns at once for the free shards it tops. node-1 takes shard {shard}: its key /shards/{shard}/leader now lives under node-1’s lease, and the key’s create_revision, {token}, is the shard’s fencing token.',
    },
    {
      id: 'shard-writes',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'write', status: 'accepted' },
      caption:
        'Within one retry period every node leads the shards it tops, two or three each, as the chips under the nodes show. {node} writes {key} with token {token}. The storage keeps the highest token per shard, so one shard’s token is never compared with another’s.',
    },
    {
      id: 'node-2-crashes',
      shows: { roles: { 'node-2': 'down' } },
      anchor: { k: 'fault', type: 'crash', node: 'node-2' },
      caption:
        'node-2 crashes with the shards it leads. Its keepalives stop, but its keys stay in etcd until its lease expires, {ttlS} s after the last keepalive etcd saw.',
    },
    {
      id: 'others-keep-writing',
      shows: { roles: { 'node-3': 'leader' } },
      anchor: { k: 'write', status: 'accepted' },
      caption:
        '{node} writes {key} with token {token}, as before the crash. The shards led by the four live nodes never notice: their leaders, leases and tokens have not changed.',
    },
    {
      id: 'lease-expires',
      shows: { roles: { 'node-2': 'down' } },
      anchor: { k: 'store', type: 'lease-expire' },
      caption:
        'etcd expires node-2’s lease and deletes every key under it at once: node-2’s shards, and only those, have no leader now.',
    },
    {
      id: 'shard-moves',
      shows: { roles: { 'node-5': 'leader' } },
      anchor: { k: 'mark', type: 'shard-won' },
      caption:
        '{node} takes shard {shard} with token {token}, higher than the old leader’s. Its first candidate is dead, so the shard’s next one in rendezvous order took it a poll after it saw the key free.',
    },
    {
      id: 'second-shard-moves',
      shows: { roles: { 'node-1': 'leader' } },
      anchor: { k: 'mark', type: 'shard-won' },
      caption:
        '{node} takes shard {shard}: a different node. Rendezvous hashing spreads a dead node’s shards over the survivors instead of piling them onto one.',
    },
    {
      id: 'only-its-shards',
      shows: {},
      anchor: { k: 'end' },
      caption:
        'Only the dead node’s shards waited for a failover; every other shard kept its leader and its writes. With shards=1, a single leader for the whole cluster, the same crash stops all the writes until the failover ends: unavailableShardFraction 1 instead of about 1/5.',
    },
  ],
  // Compare: twelve shards against one leader for the whole cluster.
  compare: { knob: 'shards', value: 1 },
  adr: ['matrix.sharded-leadership'],
  expect: {
    noViolations: ['stale-write-accepted', 'split-brain', 'two-lease-holders'],
  },
} satisfies ScenarioInput;
