/**
 * The bookkeeping of an etcd session lease kept alive by keepalives (etcd clientv3 lease.go: a
 * keepalive every TTL/3; concurrency.Session), shared by the lease candidate and the sharded node.
 * The deadline is the conservative one of `trustedUntil`, counted from when a keepalive was SENT.
 */
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
