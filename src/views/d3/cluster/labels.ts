// Where a message's label goes: beside its path, clear of the hosts' shapes (label hit testing).
import type { HostKind } from '../../../sim/net/host.ts';
import type { Box, Layout } from './layout.ts';

export type Anchor = 'start' | 'middle' | 'end';

export interface Spot {
  x: number;
  y: number;
  anchor: Anchor;
  text: string;
}

/** A label's box: `chars` characters of the 10 px label font, its baseline at y. */
export function labelBox(x: number, y: number, anchor: Anchor, chars: number): Box {
  const w = chars * 6.1;
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  return { x0, x1: x0 + w, y0: y - 10, y1: y + 3 };
}

/**
 * How much (px²) a label of `chars` characters at (x, y) covers hosts' shapes and `obstacles` (what
 * else is drawn under the labels: Raft's logs).
 */
export function labelHits(
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
  x: number,
  y: number,
  anchor: Anchor,
  chars: number,
  obstacles: readonly Box[] = [],
): number {
  const { x0, x1, y0, y1 } = labelBox(x, y, anchor, chars);
  const w = x1 - x0;
  let area = 0;
  for (const o of obstacles) {
    const ox = Math.min(x1, o.x1) - Math.max(x0, o.x0);
    const oy = Math.min(y1, o.y1) - Math.max(y0, o.y0);
    if (ox > 0 && oy > 0) area += ox * oy;
  }
  for (const [id, p] of layout.pos) {
    const node = kinds.get(id) === 'node';
    const hw = node ? layout.nodeR + 2 : layout.boxW / 2;
    const hh = node ? layout.nodeR + 2 : layout.boxH / 2;
    const ox = Math.min(x0 + w, p.x + hw) - Math.max(x0, p.x - hw);
    const oy = Math.min(y0 + 13, p.y + hh) - Math.max(y0, p.y - hh);
    if (ox > 0 && oy > 0) area += ox * oy;
    if (!node) {
      // The caption under a box (hosts.ts: its baseline 14 below the box, 10.5 px), about the box's width.
      const cy = Math.min(y0 + 13, p.y + hh + 18) - Math.max(y0, p.y + hh + 4);
      if (ox > 0 && cy > 0) area += ox * cy;
      continue;
    }
    // The token pill under a node (hosts.ts: centred r + 14 below, 17 high, about 64 wide for "token 42").
    const px = Math.min(x0 + w, p.x + 32) - Math.max(x0, p.x - 32);
    const py = Math.min(y0 + 13, p.y + layout.nodeR + 23) - Math.max(y0, p.y + layout.nodeR + 4);
    if (px > 0 && py > 0) area += px * py;
  }
  return area;
}

/**
 * Where a message's label goes: beside its path on the outer side, else the inner side, else in
 * a shorter form, else on the path just behind the message, else beside the path a little ahead of
 * or behind the message: just out of its sender or just short of its receiver every nearer place
 * lies on that host's shape (raft's REDIRECT on node-1's name; between two boxes close in a row,
 * patroni's WRITE FAILED on haproxy), and a log may lie along the path (a link between two nodes
 * one above the other runs past the upper one's log). The first place that covers no host nor
 * obstacle, or the one that covers least.
 */
export function placeLabel(
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
  x: number,
  y: number,
  ux: number,
  uy: number,
  nx: number,
  ny: number,
  texts: string[],
  obstacles: readonly Box[] = [],
): Spot {
  /** Beside the path, `along` px ahead of the message (behind when negative), on side (sx, sy). */
  const side = (sx: number, sy: number, text: string, along = 0, d = 11): Spot => ({
    x: x + ux * along + sx * d,
    y: y + uy * along + sy * d + 3.5,
    anchor: Math.abs(sx) < 0.35 ? 'middle' : sx > 0 ? 'start' : 'end',
    text,
  });
  // Tried in order, made only when the nearer ones are covered: most labels take the first place.
  let best: Spot | undefined;
  let least = Number.POSITIVE_INFINITY;
  const free = (p: Spot): boolean => {
    const a = labelHits(layout, kinds, p.x, p.y, p.anchor, p.text.length, obstacles);
    if (a < least) {
      least = a;
      best = p;
    }
    return a === 0;
  };
  for (const text of texts) if (free(side(nx, ny, text)) || free(side(-nx, -ny, text))) return best as Spot;
  const last = texts[texts.length - 1] ?? '';
  if (free({ x: x - ux * 18, y: y - uy * 18 + 3.5, anchor: 'middle', text: last })) return best as Spot;
  for (const along of [-30, 30, -45, 45, -60, 60, -75, 75, -90, 90])
    for (const d of [11, 24, 38])
      if (
        free(side(nx, ny, last, along, d)) ||
        free(side(-nx, -ny, last, along, d)) ||
        free({ x: x + ux * along, y: y + uy * along + 3.5, anchor: 'middle', text: last })
      )
        return best as Spot;
  return best as Spot;
}
