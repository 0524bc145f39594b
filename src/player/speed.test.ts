import { describe, expect, it } from 'vitest';
import { formatSpeed, MAX_SPEED, MIN_SPEED, SPEED_STOPS, speedAt, speedIndex } from './speed.ts';

describe('speed scale', () => {
  it('spans 0.1x to 10x with 1x in it, ascending', () => {
    expect(SPEED_STOPS[0]).toBe(MIN_SPEED);
    expect(SPEED_STOPS[SPEED_STOPS.length - 1]).toBe(MAX_SPEED);
    expect(SPEED_STOPS).toContain(1);
    for (let i = 1; i < SPEED_STOPS.length; i++) expect(SPEED_STOPS[i]!).toBeGreaterThan(SPEED_STOPS[i - 1]!);
  });

  it('is roughly logarithmic: neighbouring stops differ by a similar ratio', () => {
    for (let i = 1; i < SPEED_STOPS.length; i++) {
      const r = SPEED_STOPS[i]! / SPEED_STOPS[i - 1]!;
      expect(r).toBeGreaterThan(1.15);
      expect(r).toBeLessThan(1.55);
    }
  });

  it('round-trips stops and snaps other speeds to the nearest stop', () => {
    for (const [i, s] of SPEED_STOPS.entries()) expect(speedIndex(s)).toBe(i);
    expect(speedAt(speedIndex(0.9))).toBe(1);
    expect(speedAt(speedIndex(50))).toBe(10);
    expect(speedAt(-3)).toBe(0.1);
  });

  it('formats without trailing zeros', () => {
    expect(formatSpeed(0.25)).toBe('0.25');
    expect(formatSpeed(1)).toBe('1');
    expect(formatSpeed(7.5)).toBe('7.5');
  });
});
