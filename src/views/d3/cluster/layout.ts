// Where every host sits (the fixed layout per host list and size) and where links meet host outlines.
import { maxOf } from '../../../lib/extent.ts';
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
  /**
   * How a node's name is drawn inside its circle: the whole id, only its number ("17" for node-17)
   * when the id does not fit, or nothing when not even the number does (the accessible label and the
   * node menu still name it). `nameSize` is the font size (px) it is drawn at.
   */
  nameFit: 'full' | 'number' | 'none';
  nameSize: number;
  /** More nodes than the stories show (over 9): message labels are tallied by type, not drawn one by one. */
  crowd: boolean;
}

export interface Endpoints {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const MARGIN = 14;
/** A box caption's second line (px): a long one wraps where its neighbours leave no room (hosts.ts). */
export const CAPTION_LINE = 12;

/** A box [x0, x1] x [y0, y1] and a segment, in the picture's pixels. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Whether segment s crosses box b (Liang–Barsky clipping). */
export function segmentHitsBox(s: Segment, b: Box): boolean {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, s.x1 - b.x0],
    [dx, b.x1 - s.x1],
    [-dy, s.y1 - b.y0],
    [dy, b.y1 - s.y1],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  return true;
}

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

/**
 * `wide`: how much wider than tall the ring may be in landscape (fitLayout widens it for a short
 * frame); `extraBelow`: more room under each node (px), for what an algorithm draws there (Raft's log).
 */
export function layoutHosts(
  hosts: readonly HostInfo[],
  width: number,
  height: number,
  wide = 1.45,
  extraBelow = 0,
): Layout {
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
  const below = 28 + extraBelow;

  let rowFor: HostInfo[] = [];
  let cx: number;
  let cy: number;
  let rx: number;
  let ry: number;
  // Portrait with satellites: the store joins their row rather than the ring's centre. Under the
  // ring, a link from node-1 at the top to a satellite below would run through a store in the middle
  // (node-1 to storage through the etcd box in the fencing stories on a phone).
  const storeInRow =
    portrait &&
    left.length + right.length > 0 &&
    (left.length + stores.length + right.length) * (boxW + 12) <= w;
  if (portrait) {
    const satellites = storeInRow ? [...left, ...stores, ...right] : [...left, ...right];
    // Under each box its caption, on two lines where the row is too tight for it (hosts.ts boxCaption).
    const rowH = satellites.length ? boxH + 34 + CAPTION_LINE : 0;
    const top = MARGIN;
    const bottom = h - MARGIN - rowH;
    cx = w / 2;
    cy = (top + bottom) / 2 + (above - below) / 2;
    rx = w / 2 - MARGIN - base - 16;
    ry = (bottom - top) / 2 - base - (above + below) / 2;
    ry = Math.min(ry, rx * 1.25);
    const n = satellites.length;
    satellites.forEach((s, i) => {
      pos.set(s.id, { x: (w * (i + 0.5)) / n, y: h - MARGIN - boxH / 2 - 8 - CAPTION_LINE });
    });
    if (storeInRow) rowFor = satellites;
  } else {
    const leftW = left.length * colW;
    const rightW = right.length ? colW : 0;
    const x0 = MARGIN + leftW;
    const x1 = w - MARGIN - rightW;
    cx = (x0 + x1) / 2;
    cy = h / 2 + (above - below) / 2;
    // Room for the taller of the two above and below each node; with more below (a log), the ring
    // moves up by half the difference (cy), so their mean is enough.
    ry = h / 2 - base - (extraBelow > 0 ? (above + below) / 2 : Math.max(above, below)) - MARGIN + 6;
    rx = Math.min((x1 - x0) / 2 - base - 30, ry * wide);
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
  // Up to 9 nodes (the stories) a circle keeps room for its name and role; beyond, circles shrink with
  // the chord so that neighbours still do not touch (200 Bully nodes on one ring).
  const crowd = n > 9;
  const nodeR = n >= 3 ? Math.max(crowd ? 1.5 : 16, Math.min(base, chord * 0.31)) : base;
  const { nameFit, nameSize } = fitName(nodes, nodeR);
  nodes.forEach((node, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
    pos.set(node.id, n === 1 ? { x: cx, y: cy } : { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) });
  });
  if (rowFor.length) tightenRow(pos, nodes, rowFor, w, boxW, boxH, nodeR);
  if (!storeInRow)
    stores.forEach((s, i) => {
      const span = (stores.length - 1) * (boxW + 12);
      pos.set(s.id, { x: cx - span / 2 + i * (boxW + 12), y: cy });
    });
  return {
    width: w,
    height: h,
    portrait,
    nodeR,
    boxW,
    boxH,
    ring: { cx, cy, rx, ry },
    pos,
    nameFit,
    nameSize,
    crowd,
  };
}

/**
 * The portrait row under the ring, spread over the width or drawn together under its middle: the one
 * whose node-to-row links cross fewer other nodes and boxes (spread, from node-1 at the top to the
 * row's ends, they ran through the lower nodes of a five-node ring).
 */
function tightenRow(
  pos: Map<string, Pos>,
  nodes: readonly HostInfo[],
  row: readonly HostInfo[],
  w: number,
  boxW: number,
  boxH: number,
  nodeR: number,
): void {
  const y = (pos.get(row[0]?.id ?? '') as Pos).y;
  const ring = nodes.map((x) => pos.get(x.id) as Pos);
  const gap = boxW + 14;
  const options = [
    row.map((_, i) => (w * (i + 0.5)) / row.length),
    row.map((_, i) => w / 2 + (i - (row.length - 1) / 2) * gap),
  ];
  let best = options[0] as number[];
  let least = Number.POSITIVE_INFINITY;
  for (const xs of options) {
    const boxes: Box[] = xs.map((x) => ({
      x0: x - boxW / 2,
      x1: x + boxW / 2,
      y0: y - boxH / 2,
      y1: y + boxH / 2,
    }));
    let hits = 0;
    ring.forEach((a, i) => {
      xs.forEach((x, j) => {
        const seg = { x1: a.x, y1: a.y, x2: x, y2: y };
        hits += boxes.filter((b, k) => k !== j && segmentHitsBox(seg, b)).length;
        ring.forEach((q, k) => {
          if (k === i) return;
          const r = nodeR + 2;
          if (segmentHitsBox(seg, { x0: q.x - r, x1: q.x + r, y0: q.y - r, y1: q.y + r })) hits++;
        });
      });
    });
    if (hits < least) {
      least = hits;
      best = xs;
    }
  }
  row.forEach((s, i) => {
    pos.set(s.id, { x: best[i] as number, y });
  });
}

/** Width (px) of `chars` characters of the bold UI font at `size` px (a conservative average). */
const textW = (chars: number, size: number) => chars * size * 0.62;

/** The number a node's id ends with ("17" for node-17), else the id. */
export function shortName(id: string): string {
  return /(\d+)$/.exec(id)?.[1] ?? id;
}

/** The largest form of the nodes' names (whole id, number, nothing) that fits inside a circle of radius r. */
function fitName(nodes: readonly HostInfo[], r: number): Pick<Layout, 'nameFit' | 'nameSize'> {
  const room = 2 * r - 6;
  const longest = maxOf(
    nodes.map((x) => x.id.length),
    0,
  );
  const longestNum = maxOf(
    nodes.map((x) => shortName(x.id).length),
    0,
  );
  for (const size of [13, 11, 10])
    if (textW(longest, size) <= room) return { nameFit: 'full', nameSize: size };
  for (const size of [11, 9])
    if (textW(longestNum, size) <= room) return { nameFit: 'number', nameSize: size };
  return { nameFit: 'none', nameSize: 9 };
}

type Rect = Box;

const overlap = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * What a layout draws that would collide or be cut off: a node with its role badge above and its
 * token pill below over a store box with its caption, or a node, its badge or the ADR badge outside
 * the picture. A short frame (an embed 300 px high) squeezes the ring onto the store.
 */
export function crowded(
  layout: Layout,
  hosts: readonly HostInfo[],
  adrNode?: string,
  extraBelow = 0,
): boolean {
  const r = layout.nodeR;
  const nodeRect = (p: Pos): Rect => ({
    x0: p.x - r - 4,
    x1: p.x + r + 4,
    y0: p.y - r - 11,
    y1: p.y + r + 24 + extraBelow,
  });
  const stores = hosts
    .filter((x) => x.kind === 'store')
    .map((x) => layout.pos.get(x.id))
    .filter((p): p is Pos => p !== undefined)
    // With room for the links between them to be seen, and for its caption ("coordination store").
    .map((p) => ({
      x0: p.x - layout.boxW / 2 - 14,
      x1: p.x + layout.boxW / 2 + 14,
      y0: p.y - layout.boxH / 2 - 10,
      y1: p.y + layout.boxH / 2 + 24,
    }));
  for (const x of hosts) {
    if (x.kind !== 'node') continue;
    const p = layout.pos.get(x.id);
    if (!p) continue;
    const box = nodeRect(p);
    if (stores.some((s) => overlap(box, s))) return true;
    if (box.y0 < 0 || box.y1 > layout.height + 6 || box.x0 < 0 || box.x1 > layout.width) return true;
    // The ADR badge: 54 px wide, its left edge r + 5 px right of the node's centre (hosts.ts).
    if (x.id === adrNode && p.x + r + 32 + 27 > layout.width - 2) return true;
  }
  // What is drawn under each node (Raft's log, at least 80 px wide) must not cover another node.
  if (extraBelow > 0) {
    const nodes = hosts.flatMap((x) => (x.kind === 'node' ? [layout.pos.get(x.id)] : []));
    const half = Math.max(r + 4, 40);
    const under = (p: Pos): Rect => ({ ...nodeRect(p), x0: p.x - half, x1: p.x + half });
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) {
        const p = nodes[i];
        const q = nodes[j];
        if (p && q && overlap(under(p), under(q))) return true;
      }
  }
  return false;
}

/** The ADR-001 badge's size (px, hosts.ts draws it). */
export const ADR_BADGE_W = 54;
export const ADR_BADGE_H = 20;

/**
 * Where the ADR-001 badge beside node `id` is centred: up and to the right of it, level with its role
 * badge, else the first of a few places around it that covers no other host (with its role badge and
 * token pill) and stays in the picture; else the one that covers least. Twenty nodes on a ring put
 * node-2 where the first place is.
 */
export function adrBadgeAt(layout: Layout, hosts: readonly HostInfo[], id: string): Pos {
  const p = layout.pos.get(id) ?? { x: -999, y: -999 };
  const r = layout.nodeR;
  const others: Rect[] = [];
  for (const h of hosts) {
    const q = h.id === id ? undefined : layout.pos.get(h.id);
    if (!q) continue;
    others.push(
      h.kind === 'node'
        ? { x0: q.x - r - 4, x1: q.x + r + 4, y0: q.y - r - 11, y1: q.y + r + 24 }
        : {
            x0: q.x - layout.boxW / 2,
            x1: q.x + layout.boxW / 2,
            y0: q.y - layout.boxH / 2,
            y1: q.y + layout.boxH / 2 + 16,
          },
    );
  }
  const dx = r + 5 + ADR_BADGE_W / 2;
  const places: Array<[number, number]> = [
    [dx, -r + 4],
    [-dx, -r + 4],
    [dx, -r - 14],
    [-dx, -r - 14],
    [0, -r - 24],
    [dx, 6],
    [-dx, 6],
  ];
  let best = { x: p.x + dx, y: p.y - r + 4 };
  let least = Number.POSITIVE_INFINITY;
  for (const [ox, oy] of places) {
    const c = { x: p.x + ox, y: p.y + oy };
    const b: Rect = {
      x0: c.x - ADR_BADGE_W / 2,
      x1: c.x + ADR_BADGE_W / 2,
      y0: c.y - ADR_BADGE_H / 2,
      y1: c.y + ADR_BADGE_H / 2,
    };
    const out = b.x0 < 2 || b.x1 > layout.width - 2 || b.y0 < 2 || b.y1 > layout.height - 2;
    const hits = others.filter((o) => overlap(o, b)).length + (out ? 100 : 0);
    if (hits === 0) return c;
    if (hits < least) {
      least = hits;
      best = c;
    }
  }
  return best;
}

/**
 * The layout for a box of w x h CSS px: at layoutSize, and larger (drawn scaled down) while the ring
 * would sit on the store or cut off a badge, so a short frame shows a smaller picture rather than a
 * pile. Computed once per host list and size.
 */
export function fitLayout(
  hosts: readonly HostInfo[],
  w: number,
  h: number,
  adrNode?: string,
  extraBelow = 0,
): Layout {
  const size = layoutSize(w, h);
  const at = (k: number, wide = 1.45) =>
    layoutHosts(hosts, size.width * k, size.height * k, wide, extraBelow);
  const tight = (l: Layout) => crowded(l, hosts, adrNode, extraBelow);
  let layout = at(1);
  // First a wider ring in the same box (the nodes move out sideways, the text keeps its size)...
  for (const wide of [2, 2.6]) {
    if (!tight(layout)) return layout;
    const wider = at(1, wide);
    if (!tight(wider)) return wider;
  }
  // ...then the same picture laid out larger and drawn smaller.
  for (let k = 1.12; k < 2.6 && size.width > 0 && tight(layout); k *= 1.12) layout = at(k);
  return layout;
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

/**
 * Past this many nodes the picture draws no all-pairs mesh: 24 nodes are 276 pairs, still lines one
 * can follow; 50 are 1,225 and 200 are 19,900, a grey disc. Bigger clusters show only the links that
 * carry a message at the moment on screen (messages.ts), plus the links to the store and storage.
 */
export const MESH_MAX_NODES = 24;

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
