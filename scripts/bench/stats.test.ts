import { describe, expect, it } from 'vitest';
import { isBusy } from './report.ts';
import { maxOf, minOf, pairedRatio } from './stats.ts';

describe('maxOf / minOf', () => {
  it('agree with Math.max / Math.min, NaN included', () => {
    const xs = [3, -1, 7.5, 0, 7];
    expect(maxOf(xs)).toBe(Math.max(...xs));
    expect(minOf(xs)).toBe(Math.min(...xs));
    expect(maxOf([1, Number.NaN, 2])).toBeNaN();
    expect(minOf([1, Number.NaN, 2])).toBeNaN();
  });

  it('give the empty value for no values', () => {
    expect(maxOf([])).toBe(Number.NEGATIVE_INFINITY);
    expect(minOf([])).toBe(Number.POSITIVE_INFINITY);
    expect(maxOf([], 0)).toBe(0);
  });

  it('take more values than a call has room for arguments', () => {
    const xs = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...xs)).toThrow(RangeError);
    expect(maxOf(xs)).toBe(xs.reduce((a, b) => Math.max(a, b)));
    expect(minOf(xs)).toBe(0);
  });
});

describe('isBusy', () => {
  it('judges the start by the load, and the end past what the bench itself adds', () => {
    expect(isBusy({ start: 0.8, end: 2.5 })).toBe(false); // an idle machine, the bench's own Chromium
    expect(isBusy({ start: 1.6, end: 1.6 })).toBe(true); // others were busy before it began
    expect(isBusy({ start: 0.8, end: 3.9 })).toBe(true); // others joined during the run
  });
});

describe('pairedRatio', () => {
  it("takes the median of each round's ratio, not the ratio of the medians", () => {
    // A busy spell slows both runs of round 2, and another only the second run of round 5: the
    // medians of each side would say 1.2x, the pairs say 1.1x, and their spread shows round 5.
    const without = [100, 200, 100, 100, 100];
    const withS = [110, 220, 105, 120, 300];
    const r = pairedRatio(without, withS);
    expect(r.median).toBeCloseTo(1.1);
    expect(r.min).toBeCloseTo(1.05);
    expect(r.max).toBeCloseTo(3);
    expect(r.n).toBe(5);
  });
  it('refuses unpaired runs', () => {
    expect(() => pairedRatio([1, 2], [1])).toThrow(RangeError);
  });
});
