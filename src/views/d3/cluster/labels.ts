// Where a message's label goes: beside its path, clear of the hosts' shapes (label hit testing).
import type { HostKind } from '../../../sim/net/host.ts';
import type { Layout } from './layout.ts';

export type Anchor = 'start' | 'middle' | 'end';

export interface Spot {
  x: number;
  y: number;
  anchor: Anchor;
  text: string;
}

/** How much (px²) a label of `chars` characters at (x, y) covers hosts' shapes. */
export function labelHits(
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
  x: number,
  y: number,
  anchor: Anchor,
  chars: number,
): number {
  const w = chars * 6.1;
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  const y0 = y - 10;
  let area = 0;
  for (const [id, p] of layout.pos) {
    const node = kinds.get(id) === 'node';
    const hw = node ? layout.nodeR + 2 : layout.boxW / 2;
    const hh = node ? layout.nodeR + 2 : layout.boxH / 2;
    const ox = Math.min(x0 + w, p.x + hw) - Math.max(x0, p.x - hw);
    const oy = Math.min(y0 + 13, p.y + hh) - Math.max(y0, p.y - hh);
    if (ox > 0 && oy > 0) area += ox * oy;
    if (!node) continue;
    // The token pill under a node (hosts.ts: centred r + 14 below, 17 high, about 64 wide for "token 42").
    const px = Math.min(x0 + w, p.x + 32) - Math.max(x0, p.x - 32);
    const py = Math.min(y0 + 13, p.y + layout.nodeR + 23) - Math.max(y0, p.y + layout.nodeR + 4);
    if (px > 0 && py > 0) area += px * py;
  }
  return area;
}

/**
 * Where a message's label goes: beside its path on the outer side, else the inner side, else in
 * a shorter form, else on the path just behind the message: the first place that covers no host,
 * or the one that covers least.
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
): Spot {
  const side = (sx: number, sy: number, text: string): Spot => ({
    x: x + sx * 11,
    y: y + sy * 11 + 3.5,
    anchor: Math.abs(sx) < 0.35 ? 'middle' : sx > 0 ? 'start' : 'end',
    text,
  });
  const spots: Spot[] = [];
  for (const text of texts) spots.push(side(nx, ny, text), side(-nx, -ny, text));
  const last = texts[texts.length - 1] ?? '';
  spots.push({ x: x - ux * 18, y: y - uy * 18 + 3.5, anchor: 'middle', text: last });
  let best = spots[0] as Spot;
  let least = Number.POSITIVE_INFINITY;
  for (const p of spots) {
    const a = labelHits(layout, kinds, p.x, p.y, p.anchor, p.text.length);
    if (a === 0) return p;
    if (a < least) {
      least = a;
      best = p;
    }
  }
  return best;
}
