/** The lease machine's clock arithmetic: how long a lease can be trusted, and the retry and job slots. */

/**
 * The conservative deadline, on the node's own clock. The store starts the TTL when the request
 * ARRIVES, so counting from when it was SENT can only end earlier. That covers network delay but not
 * a clock that runs slow: a node whose clock runs at rate r measures the TTL as ttl / r of real time,
 * so it also gives up `driftMarginRatio` of the TTL early, enough for any rate >= 1 - driftMarginRatio.
 * Same idea as client-go's RenewDeadline (10 s) inside LeaseDuration (15 s), and Redlock's drift
 * allowance ("validity = TTL - elapsed - drift").
 */
export function trustedUntil(sentAt: number, ttlMs: number, driftMarginRatio: number): number {
  return sentAt + Math.floor(ttlMs * (1 - driftMarginRatio));
}

/**
 * Retry slots. Every candidate retries once per retryMs, node k (rank k-1) at local times
 * (k-1) * floor(retryMs / n) past each multiple of retryMs. Real clients use random jitter
 * (client-go JitterUntil) to spread retries; fixed ordered slots spread them just as well and make
 * the winner after an expiry predictable: the first live node whose slot comes after the expiry.
 * In the etcd-lease story the old leader's lease expires a little after a multiple of retryMs (its
 * keepalives run every renewS from its grant in node-1's slot at 0 ms, and renewS and the TTL are
 * multiples of retryMs), so node-2's slot is the next one; with other timings (ttlS 10, renewS 3)
 * another node's slot may come first. A node's first attempt also waits for its slot, in id order.
 */
export function slotOffsetMs(rank: number, clusterSize: number, retryMs: number): number {
  return rank * Math.floor(retryMs / Math.max(1, clusterSize));
}

/** Local ms from `now` to the node's next retry slot (always > 0). */
export function msToNextSlot(now: number, rank: number, clusterSize: number, retryMs: number): number {
  const phase = (((now - slotOffsetMs(rank, clusterSize, retryMs)) % retryMs) + retryMs) % retryMs;
  return retryMs - phase;
}

/** Local ms to the next multiple of `everyMs`: the leader's job runs on a schedule, like a cron job. */
export function msToNextTick(now: number, everyMs: number): number {
  return everyMs - (((now % everyMs) + everyMs) % everyMs);
}

/**
 * The period after which every slot and tick repeats: the least common multiple of the periods (the
 * explorer's phase, AlgorithmRuntime.phaseMs).
 */
export function phasePeriodMs(...periods: number[]): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return periods.filter((p) => p > 0).reduce((l, p) => (l / gcd(l, p)) * p, 1);
}
