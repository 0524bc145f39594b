/**
 * Playback speed on a log scale from 0.1x to 10x, as stops a person can name (0.25x, 2x...). The
 * Speed slider moves over stop indexes, so each key press changes the speed by a similar ratio.
 */
export const SPEED_STOPS: readonly number[] = [
  0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 10,
];

export const MIN_SPEED = 0.1;
export const MAX_SPEED = 10;

/** The stop nearest to a speed on the log scale. */
export function speedIndex(speed: number): number {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  const ls = Math.log(Math.max(MIN_SPEED, Math.min(MAX_SPEED, speed)));
  SPEED_STOPS.forEach((s, i) => {
    const d = Math.abs(Math.log(s) - ls);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

export function speedAt(index: number): number {
  const i = Math.max(0, Math.min(SPEED_STOPS.length - 1, Math.round(index)));
  return SPEED_STOPS[i] as number;
}

/** "0.25", "1", "7.5": no trailing zeros. */
export function formatSpeed(speed: number): string {
  return String(Number(speed.toFixed(2)));
}
