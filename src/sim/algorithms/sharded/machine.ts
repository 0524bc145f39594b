/**
 * A sharded node: one leader per shard instead of one per cluster, as Kafka runs a leader per
 * partition ("Each partition has one server which acts as the leader ... each server acts as a leader
 * for some of its partitions and a follower for others so load is well balanced within the cluster",
 * Kafka documentation, "Distribution") and MongoDB a primary per shard (each shard is its own replica
 * set with its own election; MongoDB Manual, "Shards" and "Replica Set Elections").
 *
 * The election is the etcd lease election (src/sim/algorithms/lease) once per shard:
 * 1. grant one session lease and keep it alive every renewS (etcd concurrency.NewSession; one
 *    session carries many elections, each under its own key prefix);
 * 2. in its retry slot, read `/shards/` (RANGE) and campaign for the free shards it should take
 *    (plan.ts: rendezvous order), one TXN per shard: "if create_revision(/shards/<nn>/leader) == 0,
 *    put it = me under my lease" (Election.Campaign's compare);
 * 3. lead each shard won, with the TXN's revision (the key's create_revision) as that shard's fencing
 *    token, and write every writeIntervalMs to the storage, one WRITE per shard, each fenced per shard;
 * 4. give everything up when the lease's local deadline passes or the store says TTL 0, and one shard
 *    when the storage fences its write off or a read shows its key gone.
 */
import { assign, setup } from 'xstate';
import type { ProcessEnv } from '../../net/host.ts';
import type { KeyValue } from '../../store/api.ts';
import { prefixEnd } from '../../store/order.ts';
import { grantingState, keepaliveRegion, sessionActions } from '../lease/session.ts';
import { msToNextSlot, msToNextTick, slotOffsetMs } from '../lease/timing.ts';
import { SHARD_PREFIX, STORAGE_HOST, STORE_HOST, shardItem, shardKey, shardName } from './keys.ts';
import { planPoll } from './plan.ts';

export interface ShardedConfig {
  shards: number;
  ttlS: number;
  renewS: number;
  retryMs: number;
  requestTimeoutMs: number;
  driftMarginRatio: number;
  writeIntervalMs: number;
  workMs: number;
}

export interface ShardedInput {
  env: ProcessEnv;
  rank: number;
  nodeIds: readonly string[];
  cfg: ShardedConfig;
}

export interface ShardedContext {
  env: ProcessEnv;
  cfg: ShardedConfig;
  rank: number;
  nodeIds: readonly string[];
  seq: number;
  lease: number | null;
  ttlMs: number;
  deadline: number;
  grantReq: { reqId: number; sentAt: number } | null;
  kaSent: Array<{ reqId: number; sentAt: number }>;
  readReq: number | null;
  /** Campaign TXNs in flight: request id -> shard. */
  campaigns: Record<number, number>;
  /** shard -> its fencing token, for the shards this node leads. */
  held: Record<number, number>;
  freeSeen: number[];
  writes: number;
}

type FromStore = { from: string; reqId?: number | null };
type ShardedEvent =
  | (FromStore & { type: 'LEASE_GRANTED'; lease: number; ttl: number })
  | (FromStore & { type: 'KEEPALIVE_ACK'; lease: number; ttl: number })
  | (FromStore & { type: 'RANGE_RESULT'; kvs: KeyValue[] })
  | (FromStore & { type: 'TXN_RESULT'; succeeded: boolean; revision: number })
  | (FromStore & { type: 'TXN_ERROR'; error: string })
  | (FromStore & { type: 'WRITE_OK'; key?: string })
  | (FromStore & { type: 'WRITE_REJECTED'; key?: string; token: number | null });
type Ev<T extends ShardedEvent['type']> = Extract<ShardedEvent, { type: T }>;

const list = (shards: readonly number[]) => shards.map(shardName).join(',');
const heldShards = (ctx: ShardedContext) => Object.keys(ctx.held).map(Number);
const shardOfItem = (item: unknown) =>
  typeof item === 'string' && item.startsWith('shard-') ? Number(item.slice(6)) : null;
const leaseGone = (ctx: ShardedContext, e: ShardedEvent) =>
  e.type === 'KEEPALIVE_ACK' && e.lease === ctx.lease && e.ttl <= 0;

/** Everything goes with the lease: resign (best effort) and start over with a new session. */
const giveUpAll = <R extends 'deadline' | 'ttl-0' | 'lease-unknown'>(reason: R) =>
  ({
    target: '#sharded.granting',
    actions: [{ type: 'markStepDown', params: { reason } }, 'revokeLease', 'dropLease'],
  }) as const;

export const shardedMachine = setup({
  types: { context: {} as ShardedContext, input: {} as ShardedInput, events: {} as ShardedEvent },
  guards: {
    isOurGrant: ({ context, event }) =>
      event.type === 'LEASE_GRANTED' && event.reqId === context.grantReq?.reqId,
    isOurLease: ({ context, event }) => 'lease' in event && event.lease === context.lease,
    leaseGone: ({ context, event }) => leaseGone(context, event),
    isOurRead: ({ context, event }) => event.reqId != null && event.reqId === context.readReq,
    isOurCampaign: ({ context, event }) => event.reqId != null && event.reqId in context.campaigns,
    leadsAny: ({ context }) => heldShards(context).length > 0,
    leadsNone: ({ context }) => heldShards(context).length === 0,
    deadlinePassed: ({ context }) => context.env.now() >= context.deadline,
    /** The lease must outlast the work: the writes leave workMs after this check. */
    leaseTooShortToAct: ({ context }) => context.env.now() + context.cfg.workMs >= context.deadline,
  },
  actions: {
    ...sessionActions<ShardedContext, ShardedEvent>(),

    sendRead: assign(({ context }) => {
      const reqId = context.seq + 1;
      context.env.send(STORE_HOST, 'RANGE', { key: SHARD_PREFIX, rangeEnd: prefixEnd(SHARD_PREFIX), reqId });
      return { seq: reqId, readReq: reqId };
    }),
    /** Learn who holds what, then campaign (one TXN per shard) for the free shards this node should take. */
    pollAndCampaign: assign(({ context, event }) => {
      const { env, cfg } = context;
      const e = event as Ev<'RANGE_RESULT'>;
      const plan = planPoll(
        {
          me: env.id,
          nodeIds: context.nodeIds,
          shards: cfg.shards,
          lease: context.lease ?? 0,
          held: context.held,
          freeSeen: context.freeSeen,
        },
        e.kvs,
      );
      if (plan.lost.length > 0) env.mark('shards-lost', { shards: list(plan.lost), reason: 'key-gone' });
      for (const s of plan.adopted)
        env.mark('shard-won', { shard: shardName(s), token: plan.held[s] ?? null });
      let seq = context.seq;
      const campaigns: Record<number, number> = {};
      // A lease past its local deadline is not campaigned with: the deadline watch is about to drop it.
      if (env.now() < context.deadline)
        for (const s of plan.campaign) {
          seq++;
          campaigns[seq] = s;
          const key = shardKey(s);
          env.send(STORE_HOST, 'TXN', {
            compare: [{ key, target: 'CREATE', result: 'EQUAL', value: 0 }],
            success: [{ put: { key, value: env.id, lease: context.lease ?? 0 } }],
            failure: [{ range: { key } }],
            key,
            reqId: seq,
          });
        }
      return { seq, campaigns, held: plan.held, freeSeen: plan.freeSeen, readReq: null };
    }),
    takeShard: assign(({ context, event }) => {
      const e = event as Ev<'TXN_RESULT'>;
      const shard = context.campaigns[e.reqId ?? -1];
      const campaigns = { ...context.campaigns };
      delete campaigns[e.reqId ?? -1];
      if (shard === undefined || !e.succeeded) return { campaigns };
      // The TXN's revision is the key's create_revision: the shard's fencing token.
      context.env.mark('shard-won', { shard: shardName(shard), token: e.revision });
      return { campaigns, held: { ...context.held, [shard]: e.revision } };
    }),

    markLeaseChecked: ({ context }) =>
      context.env.mark('lease-checked', {
        remainingMs: context.deadline - context.env.now(),
        shards: list(heldShards(context)),
      }),
    sendWrites: assign(({ context }) => {
      let writes = context.writes;
      for (const s of heldShards(context)) {
        writes++;
        context.env.send(STORAGE_HOST, 'WRITE', {
          token: context.held[s] ?? null,
          key: shardItem(s),
          value: `${context.env.id}#${writes}`,
        });
      }
      return { writes };
    }),
    /** The storage refused a shard's write: another node leads it with a higher token now. */
    dropFenced: assign(({ context, event }) => {
      const e = event as Ev<'WRITE_REJECTED'>;
      const shard = shardOfItem(e.key);
      if (shard === null || context.held[shard] === undefined || context.held[shard] !== e.token) return {};
      context.env.mark('shards-lost', { shards: shardName(shard), reason: 'fenced' });
      const held = { ...context.held };
      delete held[shard];
      return { held };
    }),
    markStepDown: ({ context }, params: { reason: string }) => {
      const shards = heldShards(context);
      if (shards.length > 0) context.env.mark('shards-lost', { shards: list(shards), reason: params.reason });
    },
    revokeLease: ({ context }) => {
      if (context.lease !== null) context.env.send(STORE_HOST, 'LEASE_REVOKE', { lease: context.lease });
    },
    dropLease: assign({ lease: null, held: {}, campaigns: {}, kaSent: [], deadline: 0, readReq: null }),
  },
  delays: {
    startDelay: ({ context }) => slotOffsetMs(context.rank, context.nodeIds.length, context.cfg.retryMs),
    requestTimeout: ({ context }) => context.cfg.requestTimeoutMs,
    nextSlot: ({ context }) =>
      msToNextSlot(context.env.now(), context.rank, context.nodeIds.length, context.cfg.retryMs),
    renewDelay: ({ context }) => context.cfg.renewS * 1000,
    untilNextWrite: ({ context }) => msToNextTick(context.env.now(), context.cfg.writeIntervalMs),
    workDelay: ({ context }) => context.cfg.workMs,
    untilDeadline: ({ context }) => Math.max(0, context.deadline - context.env.now()),
  },
}).createMachine({
  id: 'sharded',
  context: ({ input }) => ({
    env: input.env,
    cfg: input.cfg,
    rank: input.rank,
    nodeIds: input.nodeIds,
    seq: 0,
    lease: null,
    ttlMs: input.cfg.ttlS * 1000,
    deadline: 0,
    grantReq: null,
    kaSent: [],
    readReq: null,
    campaigns: {},
    held: {},
    freeSeen: [],
    writes: 0,
  }),
  initial: 'starting',
  states: {
    /** Each node starts in its retry slot, so first reads are in id order. */
    starting: { after: { startDelay: 'granting' } },
    granting: grantingState(['takeLease']),
    session: {
      type: 'parallel',
      on: {
        KEEPALIVE_ACK: [
          { guard: 'leaseGone', ...giveUpAll('ttl-0') },
          { guard: 'isOurLease', actions: 'extendDeadline' },
        ],
        // A TXN fails outright when its lease is unknown: the lease expired before the campaign.
        TXN_ERROR: { guard: 'isOurCampaign', ...giveUpAll('lease-unknown') },
        TXN_RESULT: { guard: 'isOurCampaign', actions: 'takeShard' },
        WRITE_REJECTED: { actions: 'dropFenced' },
        LEASE_GRANTED: { actions: 'revokeStrayLease' },
      },
      states: {
        keepalive: keepaliveRegion,
        /** A node that leads at least one shard shows as a leader; which shards, the store's keys say. */
        role: {
          initial: 'standby',
          states: {
            standby: { always: { guard: 'leadsAny', target: 'leading' } },
            leading: { tags: ['leader'], always: { guard: 'leadsNone', target: 'standby' } },
          },
        },
        poll: {
          initial: 'reading',
          states: {
            waiting: { after: { nextSlot: 'reading' } },
            reading: {
              entry: 'sendRead',
              on: { RANGE_RESULT: { guard: 'isOurRead', target: 'waiting', actions: 'pollAndCampaign' } },
              after: { requestTimeout: 'waiting' },
            },
          },
        },
        work: {
          initial: 'idle',
          states: {
            idle: {
              after: {
                untilNextWrite: [
                  { guard: 'leadsNone', target: 'idle', reenter: true },
                  { guard: 'deadlinePassed', ...giveUpAll('deadline') },
                  { guard: 'leaseTooShortToAct', target: 'idle', reenter: true },
                  { target: 'preparing', actions: 'markLeaseChecked' },
                ],
              },
            },
            // Kleppmann's gap: the lease was checked, the writes leave workMs later. A pause in here
            // sends them late, with tokens of keys that may have passed to another node.
            preparing: { after: { workDelay: { target: 'idle', actions: 'sendWrites' } } },
          },
        },
        watch: {
          initial: 'armed',
          states: {
            armed: {
              after: {
                untilDeadline: [
                  { guard: 'deadlinePassed', ...giveUpAll('deadline') },
                  // A keepalive moved the deadline since this timer was set.
                  { target: 'armed', reenter: true },
                ],
              },
            },
          },
        },
      },
    },
  },
});
