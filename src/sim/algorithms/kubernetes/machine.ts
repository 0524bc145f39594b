/**
 * A kube-controller-manager candidate running client-go's leader election against a Lease
 * (k8s.io/client-go/tools/leaderelection/leaderelection.go, `tryAcquireOrRenew`, `acquire`, `renew`;
 * resourcelock/leaselock.go):
 *
 * tryAcquireOrRenew, one attempt:
 * 1. the leader first tries the fast path: UPDATE its last observed record with a new renewTime and
 *    the resourceVersion it read; a 409 falls back to the slow path;
 * 2. slow path: GET the Lease; 404 -> CREATE it (holder = me, leaseTransitions 0);
 * 3. if the record differs from the one last observed, remember it and the local time (observedTime);
 * 4. held by another and `observedTime + leaseDurationSeconds > now` on MY clock -> give up this time;
 * 5. otherwise UPDATE with the resourceVersion read: holder = me, renewTime = now; keep acquireTime
 *    and leaseTransitions if I was the holder, else acquireTime = now and leaseTransitions + 1;
 *    409 Conflict (someone wrote first) -> give up this time.
 *
 * acquire: a standby runs the attempt under `wait.JitterUntil(RetryPeriod, 1.2, sliding)` until it
 * succeeds. renew: the leader runs it every RetryPeriod (`wait.Until`), retrying every RetryPeriod
 * inside one round (`wait.PollImmediateUntil`) until RenewDeadline has passed since the round began,
 * and then stops leading (kube-controller-manager exits with "leaderelection lost"; here it becomes a
 * standby again).
 *
 * `IsLeader()` is `observedRecord.HolderIdentity == identity`: it does not look at any clock. So a
 * leader frozen past LeaseDuration wakes up still believing it leads, and its controller's next write
 * goes out before its renewal learns otherwise; the package says so ("does not guarantee that only
 * one client is acting as a leader (a.k.a. fencing)"). The write carries leaseTransitions as a
 * fencing token; the storage checks it when `fencing` is on (Kleppmann, "How to do distributed
 * locking", 2016).
 */
import { assign, setup } from 'xstate';
import type { ProcessEnv } from '../../net/host.ts';
import { LEASE_NAME, type LeaseObject, type LeaseSpec, leaseText } from './apiserver.ts';
import { APISERVER_HOST, STORAGE_HOST } from './keys.ts';
import { heldByOther, jitteredMs, msToNextTick } from './timing.ts';

export interface KubeLeaseConfig {
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  writeIntervalMs: number;
}

export interface KubeLeaseInput {
  env: ProcessEnv;
  rank: number;
  cfg: KubeLeaseConfig;
}

type Phase = 'fast' | 'get' | 'create' | 'update';

export interface KubeLeaseContext {
  env: ProcessEnv;
  cfg: KubeLeaseConfig;
  rank: number;
  /**
   * holderIdentity: kube-controller-manager's is `<hostname>_<uuid>`, a new uuid at every start
   * (cmd/kube-controller-manager/app/controllermanager.go), so a restarted process is a new candidate.
   */
  identity: string;
  seq: number;
  /** The request of the attempt in flight. */
  req: { reqId: number; phase: Phase; spec?: LeaseSpec; rv?: number } | null;
  /** null while the attempt runs; set by its last answer (or the request timeout). */
  outcome: 'success' | 'fail' | null;
  /** client-go's observedRecord, and the local time it was last seen to change. */
  observed: LeaseObject | null;
  observedTime: number;
  /** Local time the leader's current renew round began. */
  roundStart: number;
  /** leaseTransitions while leading: the fencing token (machineProcess reports it with the role). */
  token: number | undefined;
  writes: number;
}

type Answer = { from: string; reqId?: number | null };
export type KubeLeaseEvent =
  | (Answer & { type: 'GET_OK'; lease: LeaseObject })
  | (Answer & { type: 'NOT_FOUND' })
  | (Answer & { type: 'CREATED'; lease: LeaseObject })
  | (Answer & { type: 'UPDATED'; lease: LeaseObject })
  | (Answer & { type: 'CONFLICT'; code: 409; reason: string })
  | (Answer & { type: 'WRITE_OK' })
  | (Answer & { type: 'WRITE_REJECTED'; token: number | null; seen: number | null });

/** The node an identity belongs to (`node-2_1f3a` -> `node-2`). */
export const nodeOf = (identity: string) => identity.replace(/_[0-9a-f]{4}$/, '');

const isLeader = (c: KubeLeaseContext) => c.observed?.holderIdentity === c.identity;

/** The record as observed (a changed record restarts the candidate's expiry count). */
function observe(
  c: KubeLeaseContext,
  lease: LeaseObject,
): Pick<KubeLeaseContext, 'observed' | 'observedTime'> {
  const same = c.observed !== null && leaseText(c.observed) === leaseText(lease);
  return { observed: lease, observedTime: same ? c.observedTime : c.env.now() };
}

function newRecord(c: KubeLeaseContext, old: LeaseObject | null, leader: boolean): LeaseSpec {
  const now = c.env.now();
  return {
    holderIdentity: c.identity,
    leaseDurationSeconds: Math.round(c.cfg.leaseDurationMs / 1000),
    acquireTime: leader && old ? old.acquireTime : now,
    renewTime: now,
    leaseTransitions: old ? (leader ? old.leaseTransitions : old.leaseTransitions + 1) : 0,
  };
}

/** Context changes for one answer to the attempt in flight (pure: the send happens in `sendReq`). */
function onAnswer(c: KubeLeaseContext, e: KubeLeaseEvent): Partial<KubeLeaseContext> {
  const req = c.req;
  if (!req || e.reqId !== req.reqId) return {};
  const next = (phase: Phase, more: { spec?: LeaseSpec; rv?: number } = {}) => ({
    seq: c.seq + 1,
    req: { reqId: c.seq + 1, phase, ...more },
  });
  switch (e.type) {
    case 'UPDATED':
    case 'CREATED':
      return { ...observe(c, e.lease), req: null, outcome: 'success', token: e.lease.leaseTransitions };
    case 'CONFLICT':
      // The fast path falls back to GET; any other 409 ends this attempt.
      return req.phase === 'fast' ? next('get') : { req: null, outcome: 'fail' };
    case 'NOT_FOUND':
      return next('create', { spec: newRecord(c, null, false) });
    case 'GET_OK': {
      const seen = { ...c, ...observe(c, e.lease) };
      const l = e.lease;
      if (heldByOther(l.holderIdentity, c.identity, seen.observedTime, l.leaseDurationSeconds, c.env.now()))
        return { ...observe(c, l), req: null, outcome: 'fail' };
      return {
        ...observe(c, l),
        ...next('update', { spec: newRecord(seen, l, isLeader(seen)), rv: l.resourceVersion }),
      };
    }
    default:
      return {};
  }
}

const ANSWERS = ['GET_OK', 'NOT_FOUND', 'CREATED', 'UPDATED', 'CONFLICT'] as const;

export const kubeLeaseMachine = setup({
  types: {
    context: {} as KubeLeaseContext,
    input: {} as KubeLeaseInput,
    events: {} as KubeLeaseEvent,
  },
  guards: {
    /** An answer to the request in flight (a late answer to an abandoned one is ignored). */
    ours: ({ context, event }) => event.reqId != null && event.reqId === context.req?.reqId,
    succeeded: ({ context }) => context.outcome === 'success',
    failed: ({ context }) => context.outcome === 'fail',
    stillLeader: ({ context }) => isLeader(context),
    renewDeadlinePassed: ({ context }) =>
      context.env.now() - context.roundStart >= context.cfg.renewDeadlineMs,
  },
  actions: {
    startAttempt: assign(({ context }) => {
      const fast = isLeader(context) && context.observed !== null;
      const o = context.observed;
      return {
        seq: context.seq + 1,
        outcome: null,
        req:
          fast && o
            ? {
                reqId: context.seq + 1,
                phase: 'fast' as const,
                spec: newRecord(context, o, true),
                rv: o.resourceVersion,
              }
            : { reqId: context.seq + 1, phase: 'get' as const },
      };
    }),
    sendReq: ({ context }) => {
      const r = context.req;
      if (!r) return;
      const type = r.phase === 'get' ? 'GET' : r.phase === 'create' ? 'CREATE' : 'UPDATE';
      context.env.send(APISERVER_HOST, type, {
        name: LEASE_NAME,
        reqId: r.reqId,
        ...(r.spec ? { spec: r.spec, holder: r.spec.holderIdentity } : {}),
        ...(r.rv !== undefined ? { resourceVersion: r.rv } : {}),
      });
    },
    answer: assign(({ context, event }) => onAnswer(context, event)),
    markConflict: ({ context, event }) => {
      const r = context.req;
      if (event.type === 'CONFLICT' && r && event.reqId === r.reqId)
        context.env.mark('conflict', { reason: event.reason, resourceVersion: r.rv ?? null, phase: r.phase });
    },
    giveUp: assign({ req: null, outcome: 'fail' as const }),
    beginRound: assign(({ context }) => ({ roundStart: context.env.now() })),
    markAcquired: ({ context }) =>
      context.env.mark('acquired', {
        identity: context.identity,
        leaseTransitions: context.token ?? null,
        resourceVersion: context.observed?.resourceVersion ?? null,
      }),
    /** A standby about to take a Lease whose holder it has not seen renew for LeaseDuration. */
    markExpiredSeen: ({ context, event }) => {
      if (event.type !== 'GET_OK' || event.reqId !== context.req?.reqId) return;
      const l = event.lease;
      const me = context.identity;
      if (l.holderIdentity === '' || l.holderIdentity === me) return;
      const { observedTime } = observe(context, l);
      if (heldByOther(l.holderIdentity, me, observedTime, l.leaseDurationSeconds, context.env.now())) return;
      context.env.mark('expired', {
        holder: nodeOf(l.holderIdentity),
        holderIdentity: l.holderIdentity,
        unchangedForMs: context.env.now() - observedTime,
        resourceVersion: l.resourceVersion,
      });
    },
    markStepDown: ({ context }, params: { reason: 'renew-deadline' | 'lost' | 'fenced' }) =>
      context.env.mark('step-down', {
        reason: params.reason,
        token: context.token ?? null,
        holder: context.observed?.holderIdentity ?? null,
      }),
    dropToken: assign({ token: undefined }),
    sendWrite: assign(({ context }) => {
      const writes = context.writes + 1;
      context.env.send(STORAGE_HOST, 'WRITE', {
        token: context.token ?? null,
        value: `${context.env.id}#${writes}`,
      });
      return { writes };
    }),
  },
  delays: {
    startDelay: ({ context }) => context.rank * Math.floor(context.cfg.retryPeriodMs / 2),
    requestTimeout: ({ context }) => context.cfg.retryPeriodMs,
    jittered: ({ context }) => jitteredMs(context.cfg.retryPeriodMs, context.env.rng('retry').next()),
    retryPeriod: ({ context }) => context.cfg.retryPeriodMs,
    untilNextWrite: ({ context }) => msToNextTick(context.env.now(), context.cfg.writeIntervalMs),
  },
}).createMachine({
  id: 'kubeLease',
  context: ({ input }) => ({
    env: input.env,
    cfg: input.cfg,
    rank: input.rank,
    identity: `${input.env.id}_${input.env.rng('identity').int(0, 0xffff).toString(16).padStart(4, '0')}`,
    seq: 0,
    req: null,
    outcome: null,
    observed: null,
    observedTime: 0,
    roundStart: 0,
    token: undefined,
    writes: 0,
  }),
  initial: 'starting',
  states: {
    /** The instances start one after another, half a RetryPeriod apart. */
    starting: { after: { startDelay: 'standby' } },
    /** acquire(): JitterUntil runs the attempt at once, then after each jittered wait. */
    standby: {
      initial: 'trying',
      states: {
        trying: {
          entry: ['startAttempt', 'sendReq'],
          on: Object.fromEntries(
            ANSWERS.map((t) => [
              t,
              { guard: 'ours', actions: ['markConflict', 'markExpiredSeen', 'answer', 'sendReq'] },
            ]),
          ),
          always: [
            { guard: 'succeeded', target: '#kubeLease.leading', actions: 'markAcquired' },
            { guard: 'failed', target: 'waiting' },
          ],
          after: { requestTimeout: { actions: 'giveUp' } },
        },
        waiting: { after: { jittered: 'trying' } },
      },
    },
    leading: {
      tags: ['leader'],
      type: 'parallel',
      on: {
        WRITE_REJECTED: {
          target: 'standby.waiting',
          actions: [{ type: 'markStepDown', params: { reason: 'fenced' } }, 'dropToken'],
        },
      },
      states: {
        /** renew(): wait.Until(RetryPeriod) of PollImmediateUntil(RetryPeriod) under RenewDeadline. */
        renew: {
          initial: 'idle',
          states: {
            idle: { after: { retryPeriod: { target: 'trying', actions: 'beginRound' } } },
            trying: {
              entry: ['startAttempt', 'sendReq'],
              on: Object.fromEntries(
                ANSWERS.map((t) => [t, { guard: 'ours', actions: ['markConflict', 'answer', 'sendReq'] }]),
              ),
              always: [
                { guard: 'succeeded', target: 'idle' },
                {
                  guard: 'failed',
                  target: 'retry',
                },
              ],
              after: { requestTimeout: { actions: 'giveUp' } },
            },
            retry: {
              always: {
                guard: ({ context }) => !isLeader(context),
                target: '#kubeLease.standby.waiting',
                actions: [{ type: 'markStepDown', params: { reason: 'lost' } }, 'dropToken'],
              },
              after: {
                retryPeriod: [
                  {
                    guard: 'renewDeadlinePassed',
                    target: '#kubeLease.standby.waiting',
                    actions: [{ type: 'markStepDown', params: { reason: 'renew-deadline' } }, 'dropToken'],
                  },
                  { target: 'trying' },
                ],
              },
            },
          },
        },
        /** The controllers' work: a write to the storage on a schedule, with leaseTransitions. */
        work: {
          initial: 'idle',
          states: {
            idle: { after: { untilNextWrite: { target: 'idle', reenter: true, actions: 'sendWrite' } } },
          },
        },
      },
    },
  },
});
