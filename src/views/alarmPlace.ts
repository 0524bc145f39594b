// Which corner of the picture the alarm card takes: the first that covers no partition line and no host.

export type Corner = 'tl' | 'tr' | 'br' | 'bl';

import { type Box, type Segment, segmentHitsBox } from './d3/cluster/layout.ts';

export type { Box, Segment };

/** The corners in the order they are tried: top-left first (where a reader looks), the legend's last. */
export const CORNERS: readonly Corner[] = ['tl', 'tr', 'br', 'bl'];

const boxesMeet = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * The corner of an area (w x h) for a card of cw x ch, `inset` px from the edges: the first in CORNERS
 * whose card crosses no line and covers no box; else the one that crosses the fewest lines, then
 * covers the fewest boxes. A partition line drawn from the ring's edge towards a corner (split-brain's
 * 1 | 2 cut at 1920 px) ran under the card at top-left.
 */
export function alarmCorner(
  area: { w: number; h: number },
  card: { w: number; h: number },
  lines: readonly Segment[],
  boxes: readonly Box[],
  inset = 10,
  pad = 6,
): Corner {
  let best: Corner = 'tl';
  let least = Number.POSITIVE_INFINITY;
  for (const c of CORNERS) {
    const x0 = c === 'tl' || c === 'bl' ? inset : area.w - inset - card.w;
    const y0 = c === 'tl' || c === 'tr' ? inset : area.h - inset - card.h;
    const b = { x0: x0 - pad, y0: y0 - pad, x1: x0 + card.w + pad, y1: y0 + card.h + pad };
    const cost =
      lines.filter((l) => segmentHitsBox(l, b)).length * 1000 + boxes.filter((o) => boxesMeet(o, b)).length;
    if (cost === 0) return c;
    if (cost < least) {
      least = cost;
      best = c;
    }
  }
  return best;
}
