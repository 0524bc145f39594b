import { describe, expect, it } from 'vitest';
import { alarmCorner } from './alarmPlace.ts';
import { segmentHitsBox } from './d3/cluster/layout.ts';

describe('segmentHitsBox', () => {
  const box = { x0: 10, y0: 10, x1: 20, y1: 20 };
  it('finds a segment through, into, or beside a box', () => {
    expect(segmentHitsBox({ x1: 0, y1: 15, x2: 30, y2: 15 }, box)).toBe(true);
    expect(segmentHitsBox({ x1: 15, y1: 15, x2: 40, y2: 40 }, box)).toBe(true);
    expect(segmentHitsBox({ x1: 0, y1: 0, x2: 30, y2: 5 }, box)).toBe(false);
    expect(segmentHitsBox({ x1: 25, y1: 0, x2: 25, y2: 30 }, box)).toBe(false);
    expect(segmentHitsBox({ x1: 0, y1: 0, x2: 8, y2: 8 }, box)).toBe(false);
  });
});

describe('alarmCorner', () => {
  const area = { w: 1264, h: 660 };
  const card = { w: 280, h: 78 };
  it('keeps the top-left corner when nothing is there', () => {
    expect(alarmCorner(area, card, [], [])).toBe('tl');
  });
  it("leaves the top-left corner to split-brain's partition line (as drawn at 1920 px) for another", () => {
    // The 1 | 2 cut of the split-brain story at 1920 px, from the ring's top-left towards its right.
    const cut = { x1: 150, y1: 20, x2: 1046, y2: 456 };
    expect(alarmCorner(area, card, [cut], [])).toBe('tr');
    // And a corner that holds a host is passed over too.
    expect(alarmCorner(area, card, [cut], [{ x0: 1000, y0: 20, x1: 1080, y1: 100 }])).toBe('br');
  });
  it('takes the corner crossing the fewest lines when none is free', () => {
    const diag = [
      { x1: 0, y1: 0, x2: 1264, y2: 660 },
      { x1: 0, y1: 660, x2: 1264, y2: 0 },
      { x1: 0, y1: 40, x2: 1264, y2: 40 },
    ];
    expect(alarmCorner(area, card, diag, [])).toBe('br');
  });
});
