/**
 * The bookkeeping of an etcd session lease kept alive by keepalives (etcd clientv3 lease.go: a
 * keepalive every TTL/3; concurrency.Session), shared by the lease candidate and the sharded node.
 * The deadline is the conservative one of `trustedUntil`, counted from when a keepalive was SENT.
 */
import { assign, type EventObject } from 'xstate';
import type { ProcessEnv } from '../../net/host.ts';
import { STORE_HOST } from './keys.ts';
import { trustedUntil } from './timing.ts';

export interface SessionLease {
  ttlMs: number;
  deadline: number;
  /** Keepalives in flight: their local send times give the conservative deadline. */
  kaSent: Array<{ reqId: number; sentAt: number }>;
}

/**
 * A keepalive leaves at `now` with request id `reqId`. Older keepalives can no longer extend the
 * deadline once their whole TTL has gone by. With `confirmRenew` off (the pitfall) it counts as
 * renewed when it leaves, answered or not; client-go and etcd's Session count only a confirmed renewal.
 */
export function keepaliveSent(
  s: SessionLease,
  now: number,
  reqId: number,
  opts: { confirmRenew: boolean; driftMarginRatio: number },
): Pick<SessionLease, 'kaSent' | 'deadline'> {
  const kaSent = s.kaSent.filter((k) => k.sentAt + s.ttlMs > now);
  const deadline = opts.confirmRenew
    ? s.deadline
    : Math.max(s.deadline, trustedUntil(now, s.ttlMs, opts.driftMarginRatio));
  return { kaSent: [...kaSent, { reqId, sentAt: now }], deadline };
}

/** The store answered keepalive `reqId` with `ttl` seconds left: the deadline moves (never back). */
export function keepaliveAcked(
  s: SessionLease,
  reqId: number | null | undefined,
  ttl: number,
  driftMarginRatio: number,
): Partial<SessionLease> {
  const sent = s.kaSent.find((k) => k.reqId === reqId);
  if (!sent || ttl <= 0) return {};
  const ttlMs = ttl * 1000;
  return {
    ttlMs,
    deadline: Math.max(s.deadline, trustedUntil(sent.sentAt, ttlMs, driftMarginRatio)),
    kaSent: s.kaSent.filter((k) => k.reqId !== reqId),
  };
}

// ---------------------------------------------------------------- the session chart

/** What a machine that keeps a session lease holds (the lease candidate's and the sharded node's). */
export interface SessionContext extends SessionLease {
  env: ProcessEnv;
  cfg: { ttlS: number; renewS: number; driftMarginRatio: number; confirmRenew?: boolean };
  seq: number;
  lease: number | null;
  grantReq: { reqId: number; sentAt: number } | null;
}

/** The store's answers the session reads. */
export type SessionEvent =
  | { type: 'LEASE_GRANTED'; from: string; reqId?: number | null; lease: number; ttl: number }
  | { type: 'KEEPALIVE_ACK'; from: string; reqId?: number | null; lease: number; ttl: number };

/**
 * The session's actions, for a machine's `setup` (both machines name them alike): ask for a lease
 * (LEASE_GRANT with the TTL), take it with a deadline counted from the request, give a stray grant
 * back, and keep the lease alive every renewS (a keepalive counts once answered, unless the
 * machine's `confirmRenew` is off: the pitfall).
 */
export function sessionActions<C extends SessionContext, E extends EventObject>() {
  // The session's fields are C's own (C extends SessionContext): what a step returns is a Partial<C>.
  const act = (f: (c: C, e: E) => Partial<SessionContext>) =>
    assign<C, E, undefined, E, never>(({ context, event }) => f(context, event) as Partial<C>);
  return {
    prepareGrant: act((c) => ({ seq: c.seq + 1, grantReq: { reqId: c.seq + 1, sentAt: c.env.now() } })),
    sendGrant: ({ context: c }: { context: C }) =>
      c.env.send(STORE_HOST, 'LEASE_GRANT', { ttl: c.cfg.ttlS, reqId: c.grantReq?.reqId }),
    takeLease: act((c, event) => {
      const e = event as unknown as Extract<SessionEvent, { type: 'LEASE_GRANTED' }>;
      const ttlMs = e.ttl * 1000;
      const sentAt = c.grantReq?.sentAt ?? c.env.now();
      return {
        lease: e.lease,
        ttlMs,
        deadline: trustedUntil(sentAt, ttlMs, c.cfg.driftMarginRatio),
        grantReq: null,
        kaSent: [],
      };
    }),
    /** A grant answered after we asked again (or after we lost it): give the spare lease back. */
    revokeStrayLease: ({ context: c, event }: { context: C; event: E }) => {
      const e = event as unknown as SessionEvent;
      if (e.type === 'LEASE_GRANTED' && e.lease !== c.lease)
        c.env.send(STORE_HOST, 'LEASE_REVOKE', { lease: e.lease });
    },
    prepareKeepalive: act((c) => {
      const reqId = c.seq + 1;
      const opts = { confirmRenew: c.cfg.confirmRenew ?? true, driftMarginRatio: c.cfg.driftMarginRatio };
      return { seq: reqId, ...keepaliveSent(c, c.env.now(), reqId, opts) };
    }),
    sendKeepalive: ({ context: c }: { context: C }) =>
      c.env.send(STORE_HOST, 'KEEPALIVE', { lease: c.lease, reqId: c.seq }),
    extendDeadline: act((c, event) => {
      const e = event as unknown as Extract<SessionEvent, { type: 'KEEPALIVE_ACK' }>;
      return keepaliveAcked(c, e.reqId, e.ttl, c.cfg.driftMarginRatio);
    }),
  };
}

/**
 * Asking for a lease until one is granted (no answer: ask again after the request timeout); `granted`
 * are the machine's actions once it has one. The machine's session state is its `session` sibling.
 */
export const grantingState = <const A extends string>(granted: readonly A[]) => ({
  entry: ['prepareGrant' as const, 'sendGrant' as const],
  on: {
    LEASE_GRANTED: [
      { guard: 'isOurGrant' as const, target: 'session', actions: [...granted] },
      { actions: 'revokeStrayLease' as const },
    ],
  },
  // No answer (store unreachable, message lost): ask again.
  after: { requestTimeout: { target: 'granting', reenter: true } },
});

/** The session's keepalive region: a keepalive every renewS, whatever the node's role. */
export const keepaliveRegion = {
  initial: 'ticking',
  states: {
    ticking: {
      after: {
        renewDelay: {
          target: 'ticking',
          reenter: true,
          actions: ['prepareKeepalive' as const, 'sendKeepalive' as const],
        },
      },
    },
  },
};
