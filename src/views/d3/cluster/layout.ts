// Where every host sits (the fixed layout per host list and size) and where links meet host outlines.
import type { HostKind } from '../../../sim/net/host.ts';
import type { HostInfo } from './types.ts';

export interface Pos {
  x: number;
  y: number;
}

export interface Layout {
  width: number;
  height: number;
  portrait: boolean;
  nodeR: number;
  boxW: number;
  boxH: number;
  /** The nodes' ring: an ellipse, wider than tall when the container is. */
  ring: { cx: number; cy: number; rx: number; ry: number };
  pos: Map<string, Pos>;
}

export interface Endpoints {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const MARGIN = 14;

/**
 * Where every host sits. Nodes on a ring (node-1 at the top, clockwise), stores in its centre.
 * Landscape: clients and proxies to the left (traffic flows left to right into the ring), resources
 * to the right. Portrait: all of those in a row under the ring. Sizes follow the container, so the
 * text stays the same pixel size and the picture scales from 3 to 9 nodes.
 */
/** Below this the picture is laid out larger and scaled down (viewBox) rather than squeezed until labels collide. */
const MIN_LAYOUT_W = 420;
const MIN_LAYOUT_H = 280;

/** The size to lay the picture out at for a box of w x h CSS px: the box itself, or larger at its aspect. */
export function layoutSize(w: number, h: number): { width: number; height: number } {
  if (w <= 0 || h <= 0) return { width: w, height: h };
  const k = Math.max(1, MIN_LAYOUT_W / w, MIN_LAYOUT_H / h);
  return { width: w * k, height: h * k };
}

export function layoutHosts(hosts: readonly HostInfo[], width: number, height: number): Layout {
  const w = Math.max(200, width);
  const h = Math.max(200, height);
  const nodes = hosts.filter((x) => x.kind === 'node');
  const stores = hosts.filter((x) => x.kind === 'store');
  const left = [...hosts.filter((x) => x.kind === 'client'), ...hosts.filter((x) => x.kind === 'proxy')];
  const right = hosts.filter((x) => x.kind === 'resource');
  // Portrait (ring above a row of satellites) when the box is tall, or narrow and not much wider than high;
  // a short wide box (an embed at 320 x 150) keeps the ring beside its satellites.
  const portrait = w < h * 0.95 || (w < 620 && h >= w * 0.75);
  const boxW = w < 420 ? 86 : 104;
  const boxH = w < 420 ? 48 : 52;
  const base = Math.max(20, Math.min(34, Math.min(w, h) * 0.085));
  const pos = new Map<string, Pos>();
  const colW = boxW + 44;
  // Space a node needs above (role badge) and below (token pill) its circle.
  const above = 14;
  const below = 28;

  let cx: number;
  let cy: number;
  let rx: number;
  let ry: number;
  if (portrait) {
    const satellites = [...left, ...right];
    const rowH = satellites.length ? boxH + 34 : 0;
    const top = MARGIN;
    const bottom = h - MARGIN - rowH;
    cx = w / 2;
    cy = (top + bottom) / 2 + (above - below) / 2;
    rx = w / 2 - MARGIN - base - 16;
    ry = (bottom - top) / 2 - base - (above + below) / 2;
    ry = Math.min(ry, rx * 1.25);
    const n = satellites.length;
    satellites.forEach((s, i) => {
      pos.set(s.id, { x: (w * (i + 0.5)) / n, y: h - MARGIN - boxH / 2 - 8 });
    });
  } else {
    const leftW = left.length * colW;
    const rightW = right.length ? colW : 0;
    const x0 = MARGIN + leftW;
    const x1 = w - MARGIN - rightW;
    cx = (x0 + x1) / 2;
    cy = h / 2 + (above - below) / 2;
    ry = h / 2 - base - Math.max(above, below) - MARGIN + 6;
    rx = Math.min((x1 - x0) / 2 - base - 30, ry * 1.45);
    // A little above the centre line, so links to the lower nodes pass clear of the nearest one.
    left.forEach((s, i) => {
      pos.set(s.id, { x: MARGIN + colW * (i + 0.5), y: cy - ry * 0.3 });
    });
    right.forEach((s, i) => {
      const span = (right.length - 1) * (boxH + 30);
      pos.set(s.id, { x: w - MARGIN - colW / 2, y: cy - span / 2 + i * (boxH + 30) });
    });
  }
  rx = Math.max(40, rx);
  ry = Math.max(40, Math.min(ry, rx * 1.25));
  const n = nodes.length;
  // Neighbouring circles must not touch: the shortest chord between neighbours is about
  // 2 min(rx, ry) sin(pi / n).
  const chord = 2 * Math.min(rx, ry) * Math.sin(Math.PI / Math.max(3, n));
  const nodeR = n >= 3 ? Math.max(16, Math.min(base, chord * 0.31)) : base;
  nodes.forEach((node, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
    pos.set(node.id, n === 1 ? { x: cx, y: cy } : { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) });
  });
  stores.forEach((s, i) => {
    const span = (stores.length - 1) * (boxW + 12);
    pos.set(s.id, { x: cx - span / 2 + i * (boxW + 12), y: cy });
  });
  return { width: w, height: h, portrait, nodeR, boxW, boxH, ring: { cx, cy, rx, ry }, pos };
}

/** Distance from a host's centre to its outline in direction (dx, dy). */
export function outline(
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
  id: string,
  dx: number,
  dy: number,
): number {
  if (kinds.get(id) === 'node') return layout.nodeR + 2;
  const len = Math.hypot(dx, dy) || 1;
  const ux = Math.abs(dx / len);
  const uy = Math.abs(dy / len);
  const hw = layout.boxW / 2 + 2;
  const hh = layout.boxH / 2 + 2;
  return Math.min(
    ux > 1e-6 ? hw / ux : Number.POSITIVE_INFINITY,
    uy > 1e-6 ? hh / uy : Number.POSITIVE_INFINITY,
  );
}

/** The segment between hosts a and b, from outline to outline; null if either has no place. */
export function ends(
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
  a: string,
  b: string,
): Endpoints | null {
  const p = layout.pos.get(a);
  const q = layout.pos.get(b);
  if (!p || !q) return null;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const len = Math.hypot(dx, dy) || 1;
  const ra = outline(layout, kinds, a, dx, dy);
  const rb = outline(layout, kinds, b, -dx, -dy);
  return {
    x1: p.x + (dx / len) * ra,
    y1: p.y + (dy / len) * ra,
    x2: q.x - (dx / len) * rb,
    y2: q.y - (dy / len) * rb,
  };
}
