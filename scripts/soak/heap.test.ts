import { describe, expect, it } from 'vitest';
import { type HeapSample, heapVerdict } from './heap.ts';

const MB = 1e6;
const series = (f: (i: number) => number, n = 40): HeapSample[] => [
  { frame: 0, virtualMs: 0, bytes: 80 * MB, phase: 'boot' },
  ...Array.from({ length: n }, (_, i) => ({
    frame: (i + 1) * 100,
    virtualMs: i,
    bytes: f(i),
    phase: 'run' as const,
  })),
];

describe('heapVerdict', () => {
  it('passes a flat heap with noise and a warm-up bump', () => {
    const v = heapVerdict(series((i) => (i < 5 ? 120 : 90) * MB + ((i * 7919) % 5) * MB));
    expect(v.reasons).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.baselineBytes).toBeGreaterThanOrEqual(90 * MB);
  });

  it('fails a steady leak below the bound by its trend', () => {
    const v = heapVerdict(series((i) => 90 * MB + i * 1.5 * MB)); // +~50 MB over the run
    expect(v.ok).toBe(false);
    expect(v.reasons.join()).toMatch(/heap trend/);
  });

  it('fails a jump over 2 x baseline + 32 MB at the end', () => {
    const s = series(() => 90 * MB);
    s.push({ frame: 9999, virtualMs: 1, bytes: 300 * MB, phase: 'tour' });
    const v = heapVerdict(s);
    expect(v.ok).toBe(false);
    expect(v.reasons.join()).toMatch(/over 2 x 90.0 \+ 32 MB/);
  });

  it('fails without samples', () => {
    expect(heapVerdict([]).ok).toBe(false);
  });
});
