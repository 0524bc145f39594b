/** Small statistics helpers for the benchmark (nearest-rank percentiles, log-log least squares). */

export interface Spread {
  n: number;
  median: number;
  min: number;
  max: number;
  p95: number;
}

/**
 * Largest / smallest of any number of values, as Math.max / Math.min (NaN if one is NaN), or `empty`
 * when there are none. `Math.max(...xs)` passes every element as an argument and overflows the call
 * stack past ~100k of them (a trace's events).
 */
export function maxOf(xs: Iterable<number>, empty = Number.NEGATIVE_INFINITY): number {
  let out = empty;
  let any = false;
  for (const x of xs) {
    if (Number.isNaN(x)) return Number.NaN;
    if (!any || x > out) out = x;
    any = true;
  }
  return out;
}

export function minOf(xs: Iterable<number>, empty = Number.POSITIVE_INFINITY): number {
  let out = empty;
  let any = false;
  for (const x of xs) {
    if (Number.isNaN(x)) return Number.NaN;
    if (!any || x < out) out = x;
    any = true;
  }
  return out;
}

/** Nearest-rank percentile of an already sorted array (p in 0..1). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i] as number;
}

export function spread(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const mid =
    s.length % 2 === 1
      ? (s[(s.length - 1) / 2] as number)
      : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
  return {
    n: s.length,
    median: s.length ? mid : Number.NaN,
    min: s[0] ?? Number.NaN,
    max: s[s.length - 1] ?? Number.NaN,
    p95: percentile(s, 0.95),
  };
}

/** Least-squares slope of y against x. */
export function linearSlope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return num / den;
}

/** Least-squares slope of log(y) against log(x): the exponent k in y ~ x^k. */
export function logLogSlope(points: ReadonlyArray<readonly [number, number]>): number {
  return linearSlope(points.map(([x, y]) => [Math.log(x), Math.log(y)] as const));
}

/**
 * The cost of one variant against another, run in pairs (a round runs each once, back to back): the
 * ratio of each round's pair, so that a burst of other work on the machine weighs on both halves of
 * a pair rather than on one side's median. Their median is the figure; min and max say how much it
 * moved (on a shared machine one round's ratio can be off by 20 %).
 */
export function pairedRatio(base: readonly number[], variant: readonly number[]): Spread {
  if (base.length !== variant.length) throw new RangeError('pairedRatio needs one base run per variant run');
  return spread(base.map((b, i) => (variant[i] as number) / b));
}
