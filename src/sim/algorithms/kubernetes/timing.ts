/**
 * client-go's clocks (k8s.io/client-go/tools/leaderelection/leaderelection.go), as pure functions.
 *
 * - A standby retries with `wait.JitterUntil(tryAcquireOrRenew, RetryPeriod, JitterFactor, sliding)`:
 *   each wait is RetryPeriod + rand × JitterFactor × RetryPeriod (k8s.io/apimachinery wait.Jitter),
 *   counted from when the attempt returned.
 * - Expiry is judged by each candidate on ITS OWN clock, from when IT last saw the record change
 *   (`observedTime`), not from the record's renewTime: `le.observedTime.Add(time.Duration(
 *   le.observedRecord.LeaseDurationSeconds) * time.Second).After(now)` means "still held".
 */

/** leaderelection.go: `JitterFactor = 1.2`. */
export const JITTER_FACTOR = 1.2;

/** wait.Jitter(d, maxFactor): d + rand × maxFactor × d, for a draw in [0, 1). */
export function jitteredMs(retryPeriodMs: number, draw: number): number {
  return Math.floor(retryPeriodMs + draw * JITTER_FACTOR * retryPeriodMs);
}

/** Still held by someone else, as this candidate sees it at local time `now`. */
export function heldByOther(
  holder: string,
  me: string,
  observedTime: number,
  leaseDurationSeconds: number,
  now: number,
): boolean {
  return holder !== '' && holder !== me && observedTime + leaseDurationSeconds * 1000 > now;
}

/**
 * The failover bound of the story's test: from the old leader's last renewal (store clock) to the
 * new leader's UPDATE. A standby sees that renewal at its next poll, at most one jittered wait later
 * (< (1 + 1.2) × RetryPeriod); it judges the Lease expired LeaseDuration after that on its own
 * clock, and its next poll comes at most one more jittered wait later: LeaseDuration + 4.4 ×
 * RetryPeriod, plus the network's trips. It cannot come earlier than LeaseDuration, because its
 * observedTime is no earlier than the renewal.
 */
export function failoverBoundMs(leaseDurationMs: number, retryPeriodMs: number, latencyMs: number) {
  return {
    lo: leaseDurationMs,
    hi: leaseDurationMs + 2 * (1 + JITTER_FACTOR) * retryPeriodMs + latencyMs,
  };
}

/** Local ms to the next multiple of `everyMs`: the leader's job runs on a schedule. */
export function msToNextTick(now: number, everyMs: number): number {
  return everyMs - (((now % everyMs) + everyMs) % everyMs);
}
