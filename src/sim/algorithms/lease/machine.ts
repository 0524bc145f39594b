/**
 * The etcd lease candidate: leadership is one key in etcd, taken by compare-and-swap and attached to
 * a lease the holder keeps alive, the pattern of Kubernetes, Patroni and etcd's concurrency package
 * (etcd client/v3/concurrency election.go; k8s.io/client-go/tools/leaderelection; Patroni's etcd3 DCS).
 *
 * Life of a candidate:
 * 1. grant a lease (LEASE_GRANT ttl), its "session" (clientv3/concurrency NewSession), kept alive
 *    every renewS for as long as the node lives, whether it leads or not;
 * 2. read the election keys (RANGE), then campaign with one TXN: "if create_revision(leader) == 0 and
 *    the token counter is as I read it, put leader = me (with my lease) and counter + 1; else read
 *    both" (Election.Campaign's create_revision compare, plus a fencing counter
 *    bumped in the same txn, `token = token + 1 WHERE token = $current`);
 * 3. lost: follow, and retry the same TXN every retryMs (client-go RetryPeriod polls the same way);
 * 4. won: lead, with the fencing token the TXN produced, and do the job (WRITE to `storage` with the
 *    token) on a schedule; step down when a keepalive answer says TTL 0, when the lease's local
 *    deadline passes, or when the storage fences a write off.
 */
import { assign, setup } from 'xstate';
import type { ProcessEnv } from '../../net/host.ts';
import type { KeyValue, ResponseOp } from '../../store/api.ts';
import { prefixEnd } from '../../store/order.ts';
import { ELECTION_PREFIX, LEADER_KEY, STORAGE_HOST, STORE_HOST, TOKEN_KEY } from './keys.ts';
import { grantingState, keepaliveRegion, sessionActions } from './session.ts';
import { msToNextSlot, msToNextTick, slotOffsetMs } from './timing.ts';

export interface LeaseConfig {
  ttlS: number;
  renewS: number;
  retryMs: number;
  requestTimeoutMs: number;
  driftMarginRatio: number;
  checkLeaseBeforeAct: boolean;
  /** Only answered keepalives move the deadline (off: a keepalive counts when sent). */
  confirmRenew: boolean;
  /** The leader writes to its own copy of the data, not to the shared storage. */
  ownCopy: boolean;
  tokenFromRevision: boolean;
  writeIntervalMs: number;
  workMs: number;
}

export interface LeaseInput {
  env: ProcessEnv;
  /** 0-based position of the node in the cluster's id order: fixes its retry slot. */
  rank: number;
  clusterSize: number;
  cfg: LeaseConfig;
}

interface Counter {
  value: number;
  /** mod_revision of the counter key (0 = absent), the value the campaign's compare checks. */
  mod: number;
}

export interface LeaseContext {
  env: ProcessEnv;
  cfg: LeaseConfig;
  rank: number;
  clusterSize: number;
  /** Last request id used (echoed by the store as reqId). */
  seq: number;
  /** The session lease, or null while none is granted. */
  lease: number | null;
  /** TTL the store granted (it raises requests under its minimum), in ms. */
  ttlMs: number;
  /** Local time until which this node trusts its lease (see `trustedUntil`). */
  deadline: number;
  grantReq: { reqId: number; sentAt: number } | null;
  /** Keepalives in flight: their local send times give the conservative deadline. */
  kaSent: Array<{ reqId: number; sentAt: number }>;
  /** The campaign TXN in flight: the lease it used and the token it would give. */
  campaignReq: { reqId: number; lease: number; token: number } | null;
  /** Token counter as last read (null until read; unused with tokenFromRevision). */
  counter: Counter | null;
  /** Holder of the leader key as last seen. */
  leader: string | null;
  /** Fencing token while leading (machineProcess reports it with the role). */
  token: number | undefined;
  /** Writes sent so far (names the values). */
  writes: number;
}

type FromStore = { from: string; reqId?: number | null };
export type LeaseEvent =
  | (FromStore & { type: 'LEASE_GRANTED'; lease: number; ttl: number })
  | (FromStore & { type: 'KEEPALIVE_ACK'; lease: number; ttl: number })
  | (FromStore & { type: 'RANGE_RESULT'; kvs: KeyValue[]; count: number; revision: number })
  | (FromStore & { type: 'TXN_RESULT'; succeeded: boolean; revision: number; responses: ResponseOp[] })
  | (FromStore & { type: 'TXN_ERROR'; error: string })
  | (FromStore & { type: 'WRITE_OK'; token: number | null })
  | (FromStore & {
      type: 'WRITE_REJECTED';
      token: number | null;
      code: number;
      reason: string;
      seen: number | null;
    });

type Ev<T extends LeaseEvent['type']> = Extract<LeaseEvent, { type: T }>;

function rangeKv(op: ResponseOp | undefined): KeyValue | undefined {
  return op && 'range' in op ? op.range.kvs[0] : undefined;
}

function counterOf(kv: KeyValue | undefined): Counter {
  return kv ? { value: Number(kv.value), mod: kv.modRevision } : { value: 0, mod: 0 };
}

type Outcome =
  | { kind: 'won'; token: number }
  | { kind: 'open'; counter: Counter | null }
  | { kind: 'lost'; leader: string; counter: Counter | null };

/** What a campaign TXN's answer means for this node. Failure answers carry fresh copies of both keys. */
function campaignOutcome(ctx: LeaseContext, e: Ev<'TXN_RESULT'>): Outcome | null {
  const req = ctx.campaignReq;
  if (!req || e.reqId !== req.reqId || req.lease !== ctx.lease) return null;
  if (e.succeeded) return { kind: 'won', token: ctx.cfg.tokenFromRevision ? e.revision : req.token };
  const leaderKv = rangeKv(e.responses[0]);
  const counter = ctx.cfg.tokenFromRevision ? null : counterOf(rangeKv(e.responses[1]));
  if (!leaderKv) return { kind: 'open', counter }; // the key is free but the counter moved: retry now
  if (leaderKv.lease === ctx.lease) {
    // Our own key (an earlier answer was lost): we already lead, with the token that TXN set.
    return {
      kind: 'won',
      token: ctx.cfg.tokenFromRevision ? leaderKv.createRevision : (counter?.value ?? 0),
    };
  }
  return { kind: 'lost', leader: leaderKv.value, counter };
}

/** A keepalive answer with TTL 0 for our lease: etcd no longer knows it (expired or revoked). */
const leaseGone = (ctx: LeaseContext, e: LeaseEvent) =>
  e.type === 'KEEPALIVE_ACK' && e.lease === ctx.lease && e.ttl <= 0;

const outcomeIs = (kind: Outcome['kind']) => (ctx: LeaseContext, e: LeaseEvent) =>
  e.type === 'TXN_RESULT' && campaignOutcome(ctx, e)?.kind === kind;

/** The lease's local deadline has passed: resign (best effort) and start over with a new lease. */
const stepDownAtDeadline = {
  guard: 'deadlinePassed',
  target: '#lease.granting',
  actions: [
    'markDeadlinePassed',
    { type: 'markStepDown', params: { reason: 'deadline' } },
    'revokeLease',
    'dropLease',
  ],
} as const;

export const leaseMachine = setup({
  types: {
    context: {} as LeaseContext,
    input: {} as LeaseInput,
    events: {} as LeaseEvent,
  },
  guards: {
    isOurGrant: ({ context, event }) =>
      event.type === 'LEASE_GRANTED' && event.reqId === context.grantReq?.reqId,
    isOurLease: ({ context, event }) => 'lease' in event && event.lease === context.lease,
    leaseGone: ({ context, event }) => leaseGone(context, event),
    /** A token is set exactly while leading (takeLeadership .. dropLease). */
    leaseGoneWhileLeading: ({ context, event }) => context.token !== undefined && leaseGone(context, event),
    isOurCampaign: ({ context, event }) => event.reqId != null && event.reqId === context.campaignReq?.reqId,
    campaignWon: ({ context, event }) => outcomeIs('won')(context, event),
    campaignWonTooLate: ({ context, event }) =>
      outcomeIs('won')(context, event) &&
      context.cfg.checkLeaseBeforeAct &&
      context.env.now() >= context.deadline,
    campaignOpen: ({ context, event }) => outcomeIs('open')(context, event),
    campaignLost: ({ context, event }) => outcomeIs('lost')(context, event),
    ownCopy: ({ context }) => context.cfg.ownCopy,
    needsRead: ({ context }) => !context.cfg.tokenFromRevision && context.counter === null,
    notChecking: ({ context }) => !context.cfg.checkLeaseBeforeAct,
    deadlinePassed: ({ context }) => context.cfg.checkLeaseBeforeAct && context.env.now() >= context.deadline,
    /** The lease must outlast the work: the write leaves workMs after this check. */
    leaseTooShortToAct: ({ context }) =>
      context.cfg.checkLeaseBeforeAct && context.env.now() + context.cfg.workMs >= context.deadline,
  },
  actions: {
    ...sessionActions<LeaseContext, LeaseEvent>(),
    markLeaseGranted: ({ context }) =>
      context.env.mark('lease-granted', { lease: context.lease, ttlS: context.ttlMs / 1000 }),
    markTtlZero: ({ context }) => context.env.mark('keepalive-ttl-0', { lease: context.lease }),

    prepareRead: assign(({ context }) => ({ seq: context.seq + 1 })),
    sendRead: ({ context }) =>
      context.env.send(STORE_HOST, 'RANGE', {
        key: ELECTION_PREFIX,
        rangeEnd: prefixEnd(ELECTION_PREFIX),
        reqId: context.seq,
      }),
    learnFromRead: assign(({ event }) => {
      const e = event as Ev<'RANGE_RESULT'>;
      return { counter: counterOf(e.kvs.find((kv) => kv.key === TOKEN_KEY)) };
    }),

    prepareCampaign: assign(({ context }) => ({
      seq: context.seq + 1,
      campaignReq: {
        reqId: context.seq + 1,
        lease: context.lease ?? 0,
        // With tokenFromRevision the token is the TXN's revision instead, known from the answer.
        token: (context.counter?.value ?? 0) + 1,
      },
    })),
    sendCampaign: ({ context }) => {
      const { env, cfg } = context;
      const req = context.campaignReq;
      if (!req) return;
      // create_revision == 0: nobody holds the key (Election.Campaign). The counter compare makes the
      // token a strict +1 per leadership: without it, a candidate that read 42 long ago could win
      // after a later leader and write 43 again. MOD (mod_revision) rather than VALUE also covers a
      // missing counter (0) and an ABA change.
      const takeKey = { put: { key: LEADER_KEY, value: env.id, lease: req.lease } };
      const body = cfg.tokenFromRevision
        ? {
            compare: [{ key: LEADER_KEY, target: 'CREATE', result: 'EQUAL', value: 0 }],
            success: [takeKey],
            failure: [{ range: { key: LEADER_KEY } }],
          }
        : {
            compare: [
              { key: LEADER_KEY, target: 'CREATE', result: 'EQUAL', value: 0 },
              { key: TOKEN_KEY, target: 'MOD', result: 'EQUAL', value: context.counter?.mod ?? 0 },
            ],
            success: [takeKey, { put: { key: TOKEN_KEY, value: String(req.token) } }],
            failure: [{ range: { key: LEADER_KEY } }, { range: { key: TOKEN_KEY } }],
          };
      env.send(STORE_HOST, 'TXN', { ...body, key: LEADER_KEY, reqId: req.reqId });
    },
    takeLeadership: assign(({ context, event }) => {
      const o = campaignOutcome(context, event as Ev<'TXN_RESULT'>);
      return { token: o?.kind === 'won' ? o.token : undefined, leader: context.env.id, campaignReq: null };
    }),
    markCampaignWon: ({ context }) =>
      context.env.mark('campaign-won', { token: context.token ?? null, lease: context.lease }),
    learnFromCampaign: assign(({ context, event }) => {
      const o = campaignOutcome(context, event as Ev<'TXN_RESULT'>);
      if (!o || o.kind === 'won') return {};
      return {
        campaignReq: null,
        counter: o.counter ?? context.counter,
        leader: o.kind === 'lost' ? o.leader : null,
      };
    }),
    /** Marked when the answer names a holder this node did not know of (not at every retry). */
    markCampaignLost: ({ context, event }) => {
      const o = campaignOutcome(context, event as Ev<'TXN_RESULT'>);
      if (o?.kind === 'lost' && o.leader !== context.leader)
        context.env.mark('campaign-lost', { leader: o.leader });
    },

    prepareWrite: assign(({ context }) => ({ writes: context.writes + 1 })),
    markLeaseChecked: ({ context }) =>
      context.env.mark('lease-checked', { remainingMs: context.deadline - context.env.now() }),
    markWriteSkipped: ({ context }) =>
      context.env.mark('write-skipped', { remainingMs: context.deadline - context.env.now() }),
    /**
     * ownCopy: the leader is the database. It checked its lease in this same step and applies the
     * client's write to its own copy: a `write` on itself (the split-brain checker's unfenced copy).
     */
    writeOwnCopy: ({ context }) => {
      const { env } = context;
      env.mark('lease-checked', { remainingMs: context.deadline - env.now() });
      env.record({
        k: 'write',
        node: env.id,
        resource: env.id,
        token: context.token ?? null,
        status: 'accepted',
        code: 200,
        seen: null,
        value: `${env.id}#${context.writes}`,
      });
    },
    sendWrite: ({ context }) => {
      const token = context.token ?? null;
      context.env.send(STORAGE_HOST, 'WRITE', { token, value: `${context.env.id}#${context.writes}` });
      context.env.mark('write-sent', { token });
    },

    markDeadlinePassed: ({ context }) =>
      context.env.mark('deadline-passed', { lateMs: context.env.now() - context.deadline }),
    markStepDown: ({ context }, params: { reason: 'deadline' | 'ttl-0' | 'fenced' }) =>
      context.env.mark('step-down', { reason: params.reason, token: context.token ?? null }),
    /** etcd's Resign: delete our key now rather than let the lease run out (best effort). */
    revokeLease: ({ context }) => {
      if (context.lease !== null) context.env.send(STORE_HOST, 'LEASE_REVOKE', { lease: context.lease });
    },
    dropLease: assign({
      lease: null,
      token: undefined,
      campaignReq: null,
      kaSent: [],
      deadline: 0,
    }),
  },
  delays: {
    startDelay: ({ context }) => slotOffsetMs(context.rank, context.clusterSize, context.cfg.retryMs),
    requestTimeout: ({ context }) => context.cfg.requestTimeoutMs,
    nextSlot: ({ context }) =>
      msToNextSlot(context.env.now(), context.rank, context.clusterSize, context.cfg.retryMs),
    renewDelay: ({ context }) => context.cfg.renewS * 1000,
    untilNextWrite: ({ context }) => msToNextTick(context.env.now(), context.cfg.writeIntervalMs),
    workDelay: ({ context }) => context.cfg.workMs,
    untilDeadline: ({ context }) => Math.max(0, context.deadline - context.env.now()),
  },
}).createMachine({
  id: 'lease',
  context: ({ input }) => ({
    env: input.env,
    cfg: input.cfg,
    rank: input.rank,
    clusterSize: input.clusterSize,
    seq: 0,
    lease: null,
    ttlMs: input.cfg.ttlS * 1000,
    deadline: 0,
    grantReq: null,
    kaSent: [],
    campaignReq: null,
    counter: null,
    leader: null,
    token: undefined,
    writes: 0,
  }),
  initial: 'starting',
  states: {
    /** Each node starts in its retry slot, so first attempts are in id order. */
    starting: { after: { startDelay: 'granting' } },

    granting: grantingState(['takeLease', 'markLeaseGranted']),

    /** Holding a lease: keep it alive (every role), and campaign, follow or lead with it. */
    session: {
      type: 'parallel',
      on: {
        KEEPALIVE_ACK: [
          {
            guard: 'leaseGoneWhileLeading',
            target: 'granting',
            actions: ['markTtlZero', { type: 'markStepDown', params: { reason: 'ttl-0' } }, 'dropLease'],
          },
          { guard: 'leaseGone', target: 'granting', actions: ['markTtlZero', 'dropLease'] },
          { guard: 'isOurLease', actions: 'extendDeadline' },
        ],
        // A TXN fails outright when its lease is unknown: the lease expired before the campaign.
        TXN_ERROR: { guard: 'isOurCampaign', target: 'granting', actions: 'dropLease' },
        LEASE_GRANTED: { actions: 'revokeStrayLease' },
      },
      states: {
        keepalive: keepaliveRegion,
        role: {
          initial: 'reading',
          on: {
            TXN_RESULT: [
              // Won with a lease whose local deadline has passed (keepalives lost): the node cannot
              // trust it, so it gives the key back at once instead of leading on borrowed time.
              {
                guard: 'campaignWonTooLate',
                target: '#lease.granting',
                actions: ['markDeadlinePassed', 'revokeLease', 'dropLease'],
              },
              { guard: 'campaignWon', target: '.leading', actions: ['takeLeadership', 'markCampaignWon'] },
              { guard: 'campaignOpen', target: '.campaigning', reenter: true, actions: 'learnFromCampaign' },
              {
                guard: 'campaignLost',
                target: '.following',
                actions: ['markCampaignLost', 'learnFromCampaign'],
              },
            ],
          },
          states: {
            reading: {
              tags: ['candidate'],
              entry: ['prepareRead', 'sendRead'],
              on: { RANGE_RESULT: { target: 'campaigning', actions: 'learnFromRead' } },
              after: { requestTimeout: 'following' },
            },
            campaigning: {
              tags: ['candidate'],
              entry: ['prepareCampaign', 'sendCampaign'],
              // No answer: follow and try again in the next slot (a late answer is still handled above).
              after: { requestTimeout: 'following' },
            },
            /**
             * A follower polls with the campaign TXN itself, in its slot: if the key is free it wins at
             * once. Polls do not count as candidacy (no tag), so the picture does not flicker.
             */
            following: {
              initial: 'waiting',
              states: {
                waiting: {
                  after: {
                    nextSlot: [
                      { guard: 'needsRead', target: '#lease.session.role.reading' },
                      { target: 'polling' },
                    ],
                  },
                },
                polling: {
                  entry: ['prepareCampaign', 'sendCampaign'],
                  after: { requestTimeout: 'waiting' },
                },
              },
            },
            leading: {
              tags: ['leader'],
              type: 'parallel',
              on: {
                WRITE_REJECTED: {
                  target: '#lease.granting',
                  actions: [
                    { type: 'markStepDown', params: { reason: 'fenced' } },
                    'revokeLease',
                    'dropLease',
                  ],
                },
              },
              states: {
                work: {
                  initial: 'idle',
                  states: {
                    idle: {
                      after: {
                        untilNextWrite: [
                          stepDownAtDeadline,
                          {
                            guard: 'leaseTooShortToAct',
                            target: 'idle',
                            reenter: true,
                            actions: 'markWriteSkipped',
                          },
                          // Its own copy: the write is applied where the lease was checked, no gap.
                          {
                            guard: 'ownCopy',
                            target: 'idle',
                            reenter: true,
                            actions: ['prepareWrite', 'writeOwnCopy'],
                          },
                          { target: 'preparing', actions: 'markLeaseChecked' },
                        ],
                      },
                    },
                    // Kleppmann's gap: the lease was checked, the write leaves workMs later. A pause in
                    // here sends it late, with the token of a lease that may be long gone.
                    preparing: {
                      after: { workDelay: { target: 'idle', actions: ['prepareWrite', 'sendWrite'] } },
                    },
                  },
                },
                watch: {
                  initial: 'armed',
                  states: {
                    armed: {
                      always: { guard: 'notChecking', target: 'off' },
                      after: {
                        untilDeadline: [
                          stepDownAtDeadline,
                          // A keepalive moved the deadline since this timer was set.
                          { target: 'armed', reenter: true },
                        ],
                      },
                    },
                    /** checkLeaseBeforeAct off: believe until the store says TTL 0 (the anti-pattern). */
                    off: {},
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

// ---------------------------------------------------------------- the algorithm
