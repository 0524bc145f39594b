import { describe, expect, it } from 'vitest';
import { simulatedFigures } from './compare.ts';
import { compareTable, type Figures, outside, spread } from './figures.ts';

const fig = (over: Partial<Figures>): Figures => ({
  killed: 'pg-1',
  keyDeleted: 28.7,
  newKey: 28.8,
  writable: 29.1,
  haproxyDown: 8,
  haproxyUp: 33,
  outage: 34,
  newPrimaries: ['pg-2'],
  failedWrites: 15,
  ...over,
});

describe('--compare for live Patroni', () => {
  it('min / median / max, with an even count the middle two averaged', () => {
    expect(spread([3, 1, null, 2])).toEqual({ min: 1, median: 2, max: 3, n: 3 });
    expect(spread([4, 1, 2, 3])).toEqual({ min: 1, median: 2.5, max: 4, n: 4 });
    expect(spread([null])).toBeNull();
  });

  it('flags a simulated median outside the real range widened by 10 %, at least 0.5 s', () => {
    const real = { min: 28, median: 28.5, max: 29, n: 5 };
    expect(outside(real, 31.9)).toBe(false); // 29 + 2.9
    expect(outside(real, 32)).toBe(true);
    const small = { min: 0.1, median: 0.11, max: 0.12, n: 5 };
    expect(outside(small, 0.6)).toBe(false); // 0.12 + 0.5
    expect(outside(small, 0.7)).toBe(true);
  });

  it('reads the deletion-relative figures from the deletion', () => {
    const rows = compareTable([fig({}), fig({ keyDeleted: 28.9, newKey: 29.1 })], [fig({ newKey: 33 })]);
    const key = rows.find((r) => r.figure === 'deletion to new leader key');
    expect(key?.real?.min).toBeCloseTo(0.1);
    expect(key?.real?.max).toBeCloseTo(0.2);
    expect(key?.outside).toBe(true);
    expect(rows.filter((r) => r.outside).map((r) => r.figure)).toEqual(['deletion to new leader key']);
  });

  it("simulates the story's kill per seed: pg-2 the one new primary, every figure there", () => {
    const sim = simulatedFigures(2);
    expect(sim).toHaveLength(2);
    for (const f of sim) {
      expect(f.newPrimaries).toEqual(['pg-2']);
      for (const v of [f.keyDeleted, f.newKey, f.writable, f.haproxyDown, f.haproxyUp, f.outage])
        expect(v).toBeGreaterThan(0);
    }
  });
});
