/**
 * Sharded leadership: a leader per shard, each elected on its own etcd key under the holder's
 * session lease (Kafka's partition leaders, MongoDB's primary per shard). Knobs, rules,
 * declaration (hosts: runtime.ts).
 */
import type { ParamRule, ParamSpecs, Params } from '../../params.ts';
import { etcdFamilies } from '../../store/vocabulary.ts';
import { type Algorithm, numberedIds, pick } from '../algorithm.ts';
import { allShardKeys, MAX_SHARDS, STORAGE_HOST, STORE_HOST } from './keys.ts';
import type { ShardedConfig } from './machine.ts';
import { shardFigures } from './metrics.ts';

const params: ParamSpecs = {
  shards: {
    default: 12,
    min: 1,
    max: MAX_SHARDS,
    integer: true,
    unit: '',
    doc: 'how many shards the work is split into, each with a leader of its own; 1 = a single leader for the whole cluster',
    source:
      'Kafka documentation, "Distribution": each partition has one leader, and each server leads some partitions; MongoDB Manual, "Shards": each shard is a replica set with its own primary',
  },
  ttlS: {
    default: 10,
    min: 1,
    max: 3600,
    integer: true,
    unit: 's',
    doc: 'TTL of each node’s session lease; its shard keys live as long as the lease',
    source: 'etcd concurrency.NewSession WithTTL (default 60 s); 10 s keeps a failover short in the story',
  },
  renewS: {
    default: 3,
    min: 0.1,
    max: 3600,
    unit: 's',
    doc: 'keepalive interval of every node’s session lease',
    source: 'etcd clientv3 (client/v3/lease.go) sends a keepalive every TTL/3',
  },
  retryMs: {
    default: 2000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how often a node reads the shard keys and campaigns for free shards (each node in its own slot of the period)',
    source: 'client-go leaderelection RetryPeriod 2 s',
  },
  requestTimeoutMs: {
    default: 1000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how long a node waits for etcd to answer before it gives up on a request',
    source: 'etcd clientv3: each request runs under its context deadline',
  },
  driftMarginRatio: {
    default: 0.2,
    min: 0,
    max: 0.9,
    unit: 'ratio',
    doc: 'share of the TTL a node gives up early, so a clock running up to this much slow still steps down before the store expires the lease',
    source: 'client-go RenewDeadline 10 s inside LeaseDuration 15 s; Redlock clock drift allowance',
  },
  fencing: {
    default: true,
    unit: '',
    doc: 'the storage keeps the highest token per shard and rejects a lower one for that shard (409 STALE TOKEN)',
    source:
      'Kleppmann, How to do distributed locking (2016); etcd api.md: a key’s create_revision only grows',
  },
  writeIntervalMs: {
    default: 2000,
    min: 1,
    max: 3_600_000,
    integer: true,
    unit: 'ms',
    doc: 'every node writes each shard it leads at every multiple of this on its local clock',
    source: 'a partition leader takes that partition’s writes (Kafka documentation, "Distribution")',
  },
  workMs: {
    default: 200,
    min: 0,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'time between checking the lease and the writes leaving',
    source: 'Kleppmann 2016: the gap between checking a lease and using it',
  },
};

const rules: ParamRule[] = [
  {
    id: 'renew-under-trusted-ttl',
    ok: (p) => Number(p.renewS) < Number(p.ttlS) * (1 - Number(p.driftMarginRatio)),
    message:
      'renew interval must be shorter than the part of the TTL a node trusts (renewS < ttlS × (1 − driftMarginRatio)), or every node gives its shards up between two keepalives',
    source:
      'client-go leaderelection.go NewLeaderElector: "renewDeadline must be greater than retryPeriod*JitterFactor"',
  },
];

export function shardedConfig(p: Params): ShardedConfig {
  return {
    shards: Number(p.shards),
    ttlS: Number(p.ttlS),
    renewS: Number(p.renewS),
    retryMs: Number(p.retryMs),
    requestTimeoutMs: Number(p.requestTimeoutMs),
    driftMarginRatio: Number(p.driftMarginRatio),
    writeIntervalMs: Number(p.writeIntervalMs),
    workMs: Number(p.workMs),
  };
}

export const sharded: Algorithm = {
  id: 'sharded',
  params,
  rules,
  nodeIds: numberedIds('node'),
  minNodes: 1,
  maxNodes: 50,
  vocabulary: {
    families: {
      // The store API (the etcd model answers these), then its own.
      ...etcdFamilies,
      WRITE: 'data',
      WRITE_OK: 'reply',
      WRITE_REJECTED: 'reject',
    },
    chatter: ['KEEPALIVE', 'KEEPALIVE_ACK', 'RANGE', 'RANGE_RESULT', 'WRITE_OK'],
  },
  // A node leads a shard while its key names it; its role says "leader" while it leads any.
  leadership: { scope: 'shard', carries: 'token', keys: allShardKeys },
  topology: { mesh: false },
  failover: {
    leadsThrough: 'store',
    marks: [],
    leaseExpiry: true,
  },
  sandbox: {
    presets: [
      { id: 'sharded', params: { shards: 12 } },
      { id: 'sharded-single', params: { shards: 1 } },
    ],
    variant: { nodes: 5, timeScale: 2, adr: ['matrix.sharded-leadership'] },
    compareKnob: 'shards',
  },
  chaos: {
    base: 'sharded-leadership',
    infra: [STORE_HOST, STORAGE_HOST],
    // etcd stands for a replicated cluster: it may pause and drift, never lose its data.
    slowInfra: [STORE_HOST],
    isolateFromStore: true,
    safety: ['stale-write-accepted', 'two-lease-holders'],
    liveness: 'shard-leaders',
    timing(k, { net, latMax, nodes, unsafe }) {
      const ttlS = pick(k[0], 2, 20);
      // renewS < ttlS x (1 - driftMarginRatio 0.2): at most 0.7 x TTL, at least 0.1 s, in tenths.
      const renewS = Math.max(1, Math.floor(ttlS * 10 * (0.1 + ((k[1] ?? 0) / 1000) * 0.6))) / 10;
      const retryMs = pick(k[2], 200, 3000);
      const requestTimeoutMs = pick(k[3], 200, 2000);
      const p: Params = {
        ...net,
        shards: pick(k[6], 1, 12),
        ttlS,
        renewS,
        retryMs,
        requestTimeoutMs,
        writeIntervalMs: pick(k[4], 200, 5000),
        workMs: pick(k[5], 0, 1000),
        fencing: !unsafe,
      };
      const ttlMs = ttlS * 1000;
      // An orphaned key lives at most a TTL after its holder's last renewal; then its candidates
      // campaign one poll apart in rendezvous order (plan.ts), so the last of n waits n + 1 polls.
      return {
        params: p,
        unitMs: ttlMs,
        boundMs:
          ttlMs + Math.round(renewS * 1000) + (nodes + 1) * retryMs + 2 * requestTimeoutMs + 6 * latMax,
      };
    },
  },
  storyMetrics: (events, p) => shardFigures(events, p),
};
