/**
 * The largest and smallest of a list, by a loop: `Math.max(...xs)` passes every element as an
 * argument, and past about 100,000 of them V8 throws "Maximum call stack size exceeded" (an
 * imported trace may name that many hosts).
 */
export function maxOf(xs: Iterable<number>, init = Number.NEGATIVE_INFINITY): number {
  let m = init;
  for (const x of xs) if (x > m) m = x;
  return m;
}

export function minOf(xs: Iterable<number>, init = Number.POSITIVE_INFINITY): number {
  let m = init;
  for (const x of xs) if (x < m) m = x;
  return m;
}

/** Appends `xs` to `out` one by one (`out.push(...xs)` has the same argument limit). */
export function pushAll<T>(out: T[], xs: Iterable<T>): void {
  for (const x of xs) out.push(x);
}
