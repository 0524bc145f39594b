import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { simulate } from '../../../sim/simulate.ts';
import { TraceIndex } from '../../../sim/trace/frame.ts';
import { messageFamily } from '../glyphs.ts';
import {
  CELL_PX,
  cellAlpha,
  createDensity,
  DENSITY_FAMILIES,
  DENSITY_MIN,
  type DensityFamily,
  paintDensity,
} from './density.ts';

const RGB = DENSITY_FAMILIES.map((_, i) => [i * 30, 100, 200] as const);

describe('the density of a crowd in flight', () => {
  it("marks every message's cell, counts them all, and colours a cell by its majority", () => {
    const d = createDensity(100, 50);
    const points: Array<{ x: number; y: number; family: DensityFamily }> = [
      { x: 10.5, y: 10.5, family: 'heartbeat' },
      { x: 11, y: 11.9, family: 'election' },
      { x: 10, y: 10, family: 'election' },
      { x: 60, y: 30, family: 'reply' },
      // Off the picture: counted at its edge, not dropped.
      { x: -5, y: 400, family: 'lost' },
    ];
    const g = d.bin(points);
    expect(g.marked).toHaveLength(3);
    expect(g.marked.reduce((n, c) => n + (g.total[c] as number), 0)).toBe(points.length);
    const cell = (x: number, y: number) => Math.floor(y / CELL_PX) * g.cols + Math.floor(x / CELL_PX);
    expect(DENSITY_FAMILIES[g.family[g.marked.indexOf(cell(10, 10))] as number]).toBe('election');
    expect(g.marked).toContain((g.rows - 1) * g.cols);
    const px = new Uint8ClampedArray(g.cols * g.rows * 4);
    paintDensity(g, px, RGB);
    // Painted cells: exactly the marked ones, each opaque enough to see alone.
    const painted = [...Array(g.cols * g.rows).keys()].filter((c) => (px[c * 4 + 3] as number) > 0);
    expect(painted.sort((a, b) => a - b)).toEqual([...g.marked].sort((a, b) => a - b));
    expect(px[cell(10, 10) * 4 + 3]).toBe(cellAlpha(3));
    expect(cellAlpha(1)).toBeGreaterThanOrEqual(100);
    expect(cellAlpha(1000)).toBeLessThan(255);
    // The next frame starts from an empty grid.
    expect(d.bin([{ x: 1, y: 1, family: 'data' }]).marked).toEqual([0]);
    expect(d.bin([]).marked).toEqual([]);
  });

  it("a lost message wins its cell's tie, chatter loses it", () => {
    const d = createDensity(10, 10);
    const g = d.bin([
      { x: 1, y: 1, family: 'heartbeat' },
      { x: 1, y: 1, family: 'lost' },
      { x: 5, y: 5, family: 'heartbeat' },
      { x: 5, y: 5, family: 'election' },
    ]);
    expect(g.family.map((f) => DENSITY_FAMILIES[f])).toEqual(['lost', 'election']);
  });

  // The case it exists for: a 200-node election has far more in flight than a picture can show as glyphs.
  it('takes over for a 200-node Bully election, not for a 50-node one', () => {
    const peak = (nodes: number) => {
      const idx = new TraceIndex(simulate(scenarioById('bully')!, { nodes }));
      let most = 0;
      for (let t = 900; t < 1100; t += 10)
        most = Math.max(most, idx.messages.filter((m) => t >= m.sendAt && t < m.deliverAt).length);
      return { most, families: new Set(idx.messages.map((m) => messageFamily(m.type))) };
    };
    const big = peak(200);
    expect(big.most).toBeGreaterThan(DENSITY_MIN);
    for (const f of big.families) expect(DENSITY_FAMILIES).toContain(f);
    expect(peak(50).most).toBeLessThan(DENSITY_MIN);
  });
});
