import { type BaseType, type Selection, select } from 'd3-selection';
import { messageTypeLabel, t as tr } from '../../i18n/index.ts';
import type { HostKind } from '../../sim/net/host.ts';
import type { DisplayRole } from '../../sim/trace/events.ts';
import type { Frame, MessageView, NodeView } from '../../sim/trace/frame.ts';

/**
 * The cluster picture: election nodes on a ring, the coordination store in the middle, the
 * protected storage, proxy and client beside it, and every message in flight travelling along its
 * link at its real send -> delivery pace. A framework-free D3 renderer: `createClusterView(el,
 * opts)` returns `{ update(frame), destroy() }`; the layout is fixed per host list and container
 * size, so nothing jumps while a run plays. Colours come from CSS variables (theme.css); every
 * state is also drawn as a shape, icon or word, never by colour alone.
 */

export interface HostInfo {
  id: string;
  kind: HostKind;
}

export type LinkKind = 'mesh' | 'store' | 'data';

export interface Link {
  a: string;
  b: string;
  kind: LinkKind;
}

export interface ClusterOptions {
  hosts: HostInfo[];
  links: Link[];
  /** How long (virtual ms) a crash or restart flash lasts. */
  flashMs: number;
  /** Accessible name of the picture. */
  label: string;
  /** The node that carries the ADR-001 badge (node-1 in the brief). */
  adrNode?: string;
  onAdr?: () => void;
  /** Which backend a proxy routes to at t (the view derives it from the trace). */
  routeOf?: (proxy: string, t: number) => string | null;
  /** Attribute naming a node's group: `data-node` (the testing contract) unless a second picture. */
  nodeAttribute?: string;
  /**
   * prefers-reduced-motion: messages do not travel (see messageStop) and crash/restart flashes do
   * not grow or fade; the svg says so in `data-motion="reduced"`.
   */
  reducedMotion?: boolean;
}

export interface ClusterRenderer {
  update(frame: Frame): void;
  destroy(): void;
}

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

const MARGIN = 14;
/** A message closer than this (px) to its sender shares its label with the others of its burst. */
const BURST_PX = 34;

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

export type MessageFamily = 'election' | 'heartbeat' | 'reply' | 'store' | 'data' | 'reject';

/** Families share a colour and a shape; the legend names each type present. */
export function messageFamily(type: string): MessageFamily {
  if (/REJECT|ERROR|DENIED|FAIL/.test(type)) return 'reject';
  if (/^(ELECTION|COORDINATOR|REQUEST_VOTE|CAMPAIGN|PRE_VOTE)$/.test(type)) return 'election';
  if (/HEARTBEAT|KEEPALIVE$|HEALTH_CHECK|^PING$/.test(type)) return 'heartbeat';
  if (/(_OK|_ACK|_RESULT|_GRANTED|_REVOKED|_REPLY|_RESPONSE)$|^(OK|VOTE|HEALTH|PONG)$/.test(type))
    return 'reply';
  if (/^(LEASE_|TXN|RANGE|PUT|WATCH|DELETE)/.test(type)) return 'store';
  return 'data';
}

/**
 * Message glyphs: d3-shape's symbol geometry (same paths, 3 decimals), written out here so the first
 * view does not carry d3-shape for five shapes. Each takes the area in px² and returns path data.
 */
type Glyph = (size: number) => string;
const n3 = (v: number) => Math.round(v * 1000) / 1000;
const pts = (xy: number[]) => {
  let d = '';
  for (let i = 0; i < xy.length; i += 2)
    d += `${i ? 'L' : 'M'}${n3(xy[i] as number)},${n3(xy[i + 1] as number)}`;
  return `${d}Z`;
};
const disc = (r: number) =>
  `M${n3(r)},0A${n3(r)},${n3(r)},0,1,1,${n3(-r)},0A${n3(r)},${n3(r)},0,1,1,${n3(r)},0`;
const TAN30 = Math.sqrt(1 / 3);
const SQRT3 = Math.sqrt(3);
const STAR_KR = Math.sin(Math.PI / 10) / Math.sin((7 * Math.PI) / 10);
const STAR_KX = Math.sin((2 * Math.PI) / 10) * STAR_KR;
const STAR_KY = -Math.cos((2 * Math.PI) / 10) * STAR_KR;

const glyphCircle: Glyph = (size) => disc(Math.sqrt(size / Math.PI));
const glyphSquare: Glyph = (size) => {
  const w = n3(Math.sqrt(size));
  const x = n3(-Math.sqrt(size) / 2);
  return `M${x},${x}h${w}v${w}h${-w}Z`;
};
const glyphDiamond: Glyph = (size) => {
  const y = Math.sqrt(size / (TAN30 * 2));
  const x = y * TAN30;
  return pts([0, -y, x, 0, 0, y, -x, 0]);
};
const glyphTriangle: Glyph = (size) => {
  const y = -Math.sqrt(size / (SQRT3 * 3));
  return pts([0, y * 2, -SQRT3 * y, -y, SQRT3 * y, -y]);
};
const glyphStar: Glyph = (size) => {
  const r = Math.sqrt(size * 0.8908130915292852);
  const x = STAR_KX * r;
  const y = STAR_KY * r;
  const xy = [0, -r, x, y];
  for (let i = 1; i < 5; ++i) {
    const a = (2 * Math.PI * i) / 5;
    const c = Math.cos(a);
    const s = Math.sin(a);
    xy.push(s * r, -c * r, c * x - s * y, s * x + c * y);
  }
  return pts(xy);
};
/** A no-entry sign (a disc with a bar cut out; needs fill-rule evenodd): a refusal, not a loss. */
const glyphNoEntry: Glyph = (size) => {
  const r = Math.sqrt(size / Math.PI);
  const w = r * 0.62;
  const h = r * 0.2;
  return disc(r) + pts([-w, -h, w, -h, w, h, -w, h]);
};

const FAMILY_SHAPE: Record<MessageFamily, Glyph> = {
  election: glyphDiamond,
  heartbeat: glyphCircle,
  reply: glyphCircle,
  store: glyphSquare,
  data: glyphTriangle,
  reject: glyphNoEntry,
};

/** Types that share a family but deserve their own shape (the election's outcome). */
const TYPE_SHAPE: Record<string, Glyph> = { COORDINATOR: glyphStar };

/** SVG path of a message glyph (also used by the legend). */
export function messageGlyph(type: string, size = 64): string {
  const own = TYPE_SHAPE[type];
  return own ? own(size * 1.3) : FAMILY_SHAPE[messageFamily(type)](size);
}

/** Words for a node's state, for its accessible label and its caption line. */
export function nodeLabel(n: NodeView, errored: boolean): string {
  const parts: string[] = [];
  if (n.kind !== 'node') {
    parts.push(tr(`cluster.${n.kind}`));
    if (n.role === 'down' || n.role === 'paused' || n.role === 'isolated') parts.push(tr(`role.${n.role}`));
    if (n.token !== undefined) parts.push(tr('cluster.token', { token: n.token }));
    return `${n.id}: ${parts.join(', ')}`;
  }
  // A node's words in the order it draws them (name, role word, token pill), then what is not drawn:
  // its visible label is then part of its accessible name (WCAG 2.5.3).
  parts.push(errored ? tr('role.error') : tr(`role.${n.role}`));
  const pill = nodePill(n);
  if (pill) parts.push(pill);
  if (errored) parts.push(tr(`role.${n.role}`));
  if (n.role !== 'leader' && n.believed === 'leader') parts.push(tr('role.leaderStale'));
  return `${n.id}: ${parts.join(', ')}`;
}

/** The pill under a node: its fencing token, else a leader's term; '' when none. */
export function nodePill(n: Pick<NodeView, 'token' | 'term' | 'role'>): string {
  if (n.token !== undefined) return tr('cluster.token', { token: n.token });
  if (n.term !== undefined && n.role === 'leader') return tr('cluster.term', { term: n.term });
  return '';
}

/**
 * The key that names the leader (`/election/leader`, `/service/<scope>/leader`): held by a lease,
 * last path segment "leader". Other leased keys (Patroni's members) are not leadership.
 */
export function leaderKeyOf<K extends { key: string; lease: number }>(keys: readonly K[]): K | undefined {
  return keys.find((k) => k.lease !== 0 && /(^|\/)leader$/.test(k.key));
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Where a message is drawn, as a fraction of its link: lost messages stop where they were lost. */
export function messageReach(m: Pick<MessageView, 'fate' | 'dropReason'>): number {
  if (m.fate !== 'dropped') return 1;
  switch (m.dropReason) {
    case 'partition':
    case 'link-cut':
      return 0.5;
    case 'isolated':
      return 0.35;
    case 'loss':
      return 0.6;
    default:
      return 1;
  }
}

/**
 * Where a message is drawn with reduced motion: beside its sender for the first half of its flight,
 * beside its receiver for the second; two places instead of a journey.
 */
export function messageStop(progress: number): number {
  return progress < 0.5 ? 0.2 : 0.8;
}

/** Opacity of a message: lost ones fade over the last 30% of their flight. */
export function messageOpacity(m: Pick<MessageView, 'fate' | 'progress'>, reduced = false): number {
  if (m.fate !== 'dropped' || m.progress < 0.7) return 1;
  if (reduced) return 0.4; // no fade-out: one dimmer look once it is lost
  return Math.max(0.15, 1 - ((m.progress - 0.7) / 0.3) * 0.85);
}

// Role badge icons, drawn in a 20x20 box centred on 0,0.
const ICONS: Partial<Record<DisplayRole | 'error', string>> = {
  leader: 'M-6.5 4.5 L-7.5 -4 L-3.2 -0.6 L0 -6 L3.2 -0.6 L7.5 -4 L6.5 4.5 Z',
  candidate: 'M-5 -6 H5 V-3.5 L1.2 0 L5 3.5 V6 H-5 V3.5 L-1.2 0 L-5 -3.5 Z',
  paused: 'M-4.5 -5.5 H-1.3 V5.5 H-4.5 Z M1.3 -5.5 H4.5 V5.5 H1.3 Z',
  down: 'M-5 -5 L5 5 M5 -5 L-5 5',
  isolated: 'M-6 -1.5 H-2 M2 1.5 H6 M-2 -4.5 V4.5 M2 -4.5 V4.5',
  error: 'M0 -5.5 V1.5 M0 4.2 V4.8',
};

/**
 * The straight line that best separates two groups of points (the widest empty band between them),
 * as n.x = c with n a unit normal; null when no line separates them. Tries 72 directions: plenty
 * for at most a dozen points, and it works for any layout, not only neighbours on a ring.
 */
export function separatingLine(
  a: readonly Pos[],
  b: readonly Pos[],
): { nx: number; ny: number; c: number } | null {
  if (!a.length || !b.length) return null;
  let best: { nx: number; ny: number; c: number; gap: number } | null = null;
  for (let k = 0; k < 72; k++) {
    const th = (Math.PI * k) / 72;
    const nx = Math.cos(th);
    const ny = Math.sin(th);
    const pa = a.map((p) => p.x * nx + p.y * ny);
    const pb = b.map((p) => p.x * nx + p.y * ny);
    const [aMin, aMax, bMin, bMax] = [Math.min(...pa), Math.max(...pa), Math.min(...pb), Math.max(...pb)];
    const gap = Math.max(bMin - aMax, aMin - bMax);
    if (gap <= 0 || (best && gap <= best.gap)) continue;
    const c = bMin - aMax > 0 ? (aMax + bMin) / 2 : (bMax + aMin) / 2;
    best = { nx, ny, c, gap };
  }
  return best ? { nx: best.nx, ny: best.ny, c: best.c } : null;
}

/** A box's detail line and its extras (store TTL bar, resource outcome), as drawn. */
interface BoxDetail {
  text: string;
  bar?: number;
  low?: boolean;
  track?: boolean;
  rejecting?: boolean;
  accepting?: boolean;
}

type Sel<E extends BaseType, D = unknown> = Selection<E, D, null, undefined>;

interface Endpoints {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Creates the picture inside `el` (which it fills) and returns its update/destroy handle. */
export function createClusterView(el: HTMLElement, opts: ClusterOptions): ClusterRenderer {
  const root = select(el);
  const svg = root
    .append('svg')
    .attr('class', 'cluster-svg')
    .attr('role', 'group')
    .attr('aria-label', opts.label)
    .attr('data-motion', opts.reducedMotion ? 'reduced' : 'full') as Sel<SVGSVGElement>;
  const gLinks = svg.append('g').attr('class', 'links');
  const gCut = svg.append('g').attr('class', 'cuts');
  const gHosts = svg.append('g').attr('class', 'hosts');
  // The ADR badge is a button: beside the node groups, not inside one (a node is a button too in the sandbox).
  const gAdr = svg.append('g').attr('class', 'adr-layer');
  // The moving messages are painted on a <canvas> over the picture (its own compositor layer): a
  // 50-node Bully election has over a thousand in flight, and as SVG elements each frame restyled,
  // re-laid-out and re-painted them all, and re-rasterised the O(n²) links under them. The SVG keeps
  // what is accessible and changes only with the cluster's state. Export draws the canvas into the
  // SVG it writes (app/exportDom.ts). Text alternative: ClusterView's
  // list of the messages in flight.
  const canvas = root
    .append('canvas')
    .attr('class', 'cluster-msgs')
    .attr('aria-hidden', 'true')
    .style('position', 'absolute')
    .style('inset', '0')
    .style('width', '100%')
    .style('height', '100%')
    .style('pointer-events', 'none')
    .node() as HTMLCanvasElement;
  const ctx = canvas.getContext('2d');

  const kinds = new Map(opts.hosts.map((h) => [h.id, h.kind]));
  const layoutFor = (w: number, h: number) => {
    const size = layoutSize(w, h);
    return layoutHosts(opts.hosts, size.width, size.height);
  };
  let layout = layoutFor(el.clientWidth, el.clientHeight);
  let last: Frame | null = null;

  /** Distance from a host's centre to its outline in direction (dx, dy). */
  const outline = (id: string, dx: number, dy: number): number => {
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
  };

  const ends = (a: string, b: string): Endpoints | null => {
    const p = layout.pos.get(a);
    const q = layout.pos.get(b);
    if (!p || !q) return null;
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const len = Math.hypot(dx, dy) || 1;
    const ra = outline(a, dx, dy);
    const rb = outline(b, -dx, -dy);
    return {
      x1: p.x + (dx / len) * ra,
      y1: p.y + (dy / len) * ra,
      x2: q.x - (dx / len) * rb,
      y2: q.y - (dy / len) * rb,
    };
  };

  /** How much (px²) a label of `chars` characters at (x, y) covers hosts' shapes. */
  const labelHits = (x: number, y: number, anchor: 'start' | 'middle' | 'end', chars: number): number => {
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
    }
    return area;
  };

  /**
   * Where a message's label goes: beside its path on the outer side, else the inner side, else in
   * a shorter form, else on the path just behind the message: the first place that covers no host,
   * or the one that covers least.
   */
  const placeLabel = (
    x: number,
    y: number,
    ux: number,
    uy: number,
    nx: number,
    ny: number,
    texts: string[],
  ) => {
    type Spot = { x: number; y: number; anchor: 'start' | 'middle' | 'end'; text: string };
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
      const a = labelHits(p.x, p.y, p.anchor, p.text.length);
      if (a === 0) return p;
      if (a < least) {
        least = a;
        best = p;
      }
    }
    return best;
  };

  /** Reachability the link classes were last drawn for (see update). */
  let lastReach = '';
  /** What each host group was last drawn as (see update): unchanged hosts are not touched. */
  const hostDrawn = new Map<string, string>();
  let dpr = 1;
  /** Theme colours for the canvas, read from the CSS variables when the theme may have changed. */
  let colors: Record<string, string> | null = null;
  const themeWatch =
    typeof MutationObserver !== 'undefined'
      ? new MutationObserver(() => {
          colors = null;
        })
      : null;
  themeWatch?.observe(document.documentElement, { attributes: true });
  const scheme = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  const onScheme = () => {
    colors = null;
  };
  scheme?.addEventListener?.('change', onScheme);
  const colorsNow = (): Record<string, string> => {
    if (colors) return colors;
    const cs = getComputedStyle(el);
    const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
    colors = {
      election: v('--msg-election', '#7048e8'),
      heartbeat: v('--msg-health', '#5c940d'),
      store: v('--msg-store', '#0b7285'),
      data: v('--msg-data', '#b7791f'),
      reply: v('--msg-reply', '#1c7ed6'),
      reject: v('--msg-reject', '#d42a2a'),
      surface: v('--surface', '#fff'),
      danger: v('--danger', '#d42a2a'),
      font: `600 10px ${v('--font-mono', 'monospace')}`,
    };
    return colors;
  };
  const glyphs = new Map<string, Path2D>();
  const glyphOf = (type: string): Path2D => {
    let g = glyphs.get(type);
    if (!g) {
      g = new Path2D(messageGlyph(type, messageFamily(type) === 'heartbeat' ? 40 : 70));
      glyphs.set(type, g);
    }
    return g;
  };

  // ---- static structure (rebuilt on resize) ----
  const buildStatic = () => {
    lastReach = '';
    hostDrawn.clear();
    svg.attr('viewBox', `0 0 ${layout.width} ${layout.height}`);
    dpr = globalThis.devicePixelRatio || 1;
    canvas.width = Math.round(layout.width * dpr);
    canvas.height = Math.round(layout.height * dpr);
    const links = gLinks
      .selectAll<SVGLineElement, Link>('line')
      .data(opts.links, (d) => `${d.a}|${d.b}`)
      .join('line')
      .attr('class', (d) => `link link-${d.kind}`);
    links.each(function (d) {
      const e = ends(d.a, d.b);
      if (!e) return;
      select(this).attr('x1', e.x1).attr('y1', e.y1).attr('x2', e.x2).attr('y2', e.y2);
    });

    const hosts = gHosts
      .selectAll<SVGGElement, HostInfo>('g.host')
      .data(opts.hosts, (d) => d.id)
      .join((enter) => {
        const g = enter.append('g').attr('class', (d) => `host host-${d.kind}`);
        g.each(function (d) {
          const sel = select(this);
          if (d.kind === 'node') sel.attr(opts.nodeAttribute ?? 'data-node', d.id);
          else sel.attr('data-host', d.id);
          sel.attr('role', 'img');
        });
        return g;
      });
    hosts.attr('transform', (d) => {
      const p = layout.pos.get(d.id) ?? { x: -999, y: -999 };
      return `translate(${p.x},${p.y})`;
    });
    hosts.selectAll('*').remove();
    gAdr.selectAll('*').remove();
    hosts.each(function (d) {
      const g = select(this);
      if (d.kind === 'node') drawNode(g as Sel<SVGGElement>, d);
      else drawBox(g as Sel<SVGGElement>, d);
    });
    // Spaces between a node's drawn words (SVG draws no text outside <text>): read in one go they say
    // "node-2 follower token 4", as its label (nodeLabel) starts: the visible label is in the name.
    hosts
      .filter((d) => d.kind === 'node')
      .each(function () {
        for (const c of [...this.childNodes]) if (c.nodeType === Node.TEXT_NODE) c.remove();
        for (const w of this.querySelectorAll(':scope > text, :scope > .token'))
          this.insertBefore(document.createTextNode(' '), w);
      });
  };

  const drawNode = (g: Sel<SVGGElement>, d: HostInfo) => {
    const r = layout.nodeR;
    const small = r < 26;
    g.append('circle').attr('class', 'flash').attr('r', r);
    g.append('circle')
      .attr('class', 'halo')
      .attr('r', r + 7);
    g.append('circle')
      .attr('class', 'iso-ring')
      .attr('r', r + 5);
    g.append('circle').attr('class', 'body').attr('r', r);
    g.append('text')
      .attr('class', 'name')
      .attr('y', small ? 4 : -1)
      .attr('font-size', small ? 11 : 13)
      .text(d.id);
    g.append('text')
      .attr('class', 'role-text')
      .attr('y', 12)
      .attr('font-size', 9)
      .attr('display', small ? 'none' : null);
    const badge = g.append('g').attr('class', 'badge').attr('transform', `translate(0,${-r})`);
    badge.append('circle').attr('r', 10.5);
    badge.append('path').attr('class', 'icon');
    const token = g
      .append('g')
      .attr('class', 'token')
      .attr('transform', `translate(0,${r + 14})`);
    token.append('rect').attr('rx', 8).attr('height', 17).attr('y', -9);
    token.append('text').attr('y', 4);
    if (opts.adrNode === d.id && opts.onAdr) {
      const onAdr = opts.onAdr;
      // Up and to the right, level with the role badge: clear of the links below and, with many
      // nodes, of the neighbour's own badge.
      const p = layout.pos.get(d.id) ?? { x: -999, y: -999 };
      const bx = p.x + r + 32;
      const by = p.y - r + 4;
      const adr = gAdr
        .append('g')
        .attr('class', 'adr-badge')
        .attr('role', 'button')
        .attr('tabindex', 0)
        .attr('aria-label', tr('cluster.adrBadge'))
        .attr('transform', `translate(${bx},${by})`)
        .on('click', (ev: MouseEvent) => {
          ev.stopPropagation();
          onAdr();
        })
        .on('keydown', (ev: KeyboardEvent) => {
          if (ev.key === 'Enter' || ev.key === ' ') {
            ev.preventDefault();
            ev.stopPropagation();
            onAdr();
          }
        });
      adr.append('rect').attr('x', -27).attr('y', -10).attr('width', 54).attr('height', 20).attr('rx', 10);
      adr.append('text').attr('y', 4).text('ADR-001');
    }
  };

  const drawBox = (g: Sel<SVGGElement>, d: HostInfo) => {
    const w = layout.boxW;
    const h = layout.boxH;
    g.append('rect')
      .attr('class', 'flash')
      .attr('x', -w / 2)
      .attr('y', -h / 2)
      .attr('width', w)
      .attr('height', h)
      .attr('rx', 9);
    g.append('rect')
      .attr('class', 'body')
      .attr('x', -w / 2)
      .attr('y', -h / 2)
      .attr('width', w)
      .attr('height', h)
      .attr('rx', 9);
    g.append('text')
      .attr('class', 'name')
      .attr('y', -h / 2 + 19)
      .text(d.id);
    g.append('text')
      .attr('class', 'detail')
      .attr('y', -h / 2 + 36);
    if (d.kind === 'store') {
      g.append('rect')
        .attr('class', 'ttl-track')
        .attr('x', -w / 2 + 10)
        .attr('y', h / 2 - 9)
        .attr('width', w - 20)
        .attr('height', 4)
        .attr('rx', 2);
      g.append('rect')
        .attr('class', 'ttl-bar')
        .attr('x', -w / 2 + 10)
        .attr('y', h / 2 - 9)
        .attr('height', 4)
        .attr('rx', 2);
    }
    const badge = g
      .append('g')
      .attr('class', 'badge')
      .attr('transform', `translate(${w / 2 - 2},${-h / 2 + 2})`);
    badge.append('circle').attr('r', 9);
    badge.append('path').attr('class', 'icon');
    g.append('text')
      .attr('class', 'kind')
      .attr('y', h / 2 + 14)
      .text(tr(`cluster.${d.kind}`));
  };

  // ---- per-frame update ----
  const update = (frame: Frame) => {
    last = frame;
    const byId = new Map(frame.nodes.map((n) => [n.id, n]));
    const split = frame.violations.filter((v) => v.kind === 'split-brain');
    const errored = new Set(split.flatMap((v) => v.nodes));
    // The alarm holds while those nodes still both believe they lead.
    for (const id of [...errored]) if (byId.get(id)?.believed !== 'leader') errored.delete(id);
    if (errored.size < 2) errored.clear();

    const groupOf = new Map<string, number>();
    frame.partition?.forEach((grp, i) => {
      for (const id of grp) groupOf.set(id, i);
    });
    const cutPairs = new Set(frame.cuts.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
    const linkBroken = (a: string, b: string): boolean => {
      const ga = groupOf.get(a);
      const gb = groupOf.get(b);
      if (ga !== undefined && gb !== undefined && ga !== gb) return true;
      if (cutPairs.has(`${a}|${b}`)) return true;
      for (const id of [a, b]) {
        const n = byId.get(id);
        const other = id === a ? b : a;
        if (n?.isolated === 'all') return true;
        if (n?.isolated === 'store' && kinds.get(other) === 'store') return true;
      }
      return false;
    };
    const linkDead = (a: string, b: string): boolean =>
      byId.get(a)?.up === false || byId.get(b)?.up === false;

    // Re-class the links only when reachability changed: with n nodes there are O(n^2) of them, and
    // touching them every frame dominated large Bully clusters (npm run bench).
    const reach = JSON.stringify([
      frame.partition,
      frame.cuts,
      frame.nodes.map((n) => (n.up ? (n.isolated ?? '') : 'x')),
    ]);
    if (reach !== lastReach) {
      lastReach = reach;
      gLinks
        .selectAll<SVGLineElement, Link>('line')
        .classed('broken', (d) => linkBroken(d.a, d.b))
        .classed('dead', (d) => linkDead(d.a, d.b));
    }

    drawCuts(frame);

    gHosts.selectAll<SVGGElement, HostInfo>('g.host').each(function (d) {
      const n = byId.get(d.id);
      if (!n) return;
      const err = errored.has(d.id);
      const detail = d.kind === 'node' ? null : detailOf(n, frame);
      // Crash and restart flashes: an expanding ring that fades, driven by frame time.
      const since = n.crashedAt !== undefined ? frame.t - n.crashedAt : Number.POSITIVE_INFINITY;
      const back = n.restartedAt !== undefined ? frame.t - n.restartedAt : Number.POSITIVE_INFINITY;
      const crashK = !n.up && since >= 0 && since < opts.flashMs ? since / opts.flashMs : null;
      const restartK = n.up && back >= 0 && back < opts.flashMs ? back / opts.flashMs : null;
      // Skip a host whose drawing would not change: most frames only messages move, and rewriting
      // every host's attributes would re-paint the whole picture each frame.
      const key =
        d.kind === 'node'
          ? `${n.role}|${n.believed}|${n.token}|${n.term}|${n.isolated}|${err}|${crashK}|${restartK}`
          : `${n.role}|${n.believed}|${n.up}|${err}|${crashK}|${restartK}|${JSON.stringify(detail)}`;
      if (hostDrawn.get(d.id) === key) return;
      hostDrawn.set(d.id, key);
      const g = select(this);
      const label = nodeLabel(n, err);
      g.attr('data-role', n.role)
        .attr('aria-label', label)
        .classed('error', err)
        .classed('stale', n.role !== 'leader' && n.believed === 'leader');
      for (const r of ['leader', 'follower', 'candidate', 'down', 'paused', 'isolated'] as const)
        g.classed(`role-${r}`, n.role === r);
      g.classed('iso-store', n.isolated === 'store');

      // Reduced motion: a still ring for the flash's time (k = 0: no growth, full strength).
      const k = opts.reducedMotion && (crashK ?? restartK) !== null ? 0 : (crashK ?? restartK);
      const flash = g.select<SVGElement>('.flash');
      flash.classed('crash', crashK !== null).classed('restart', crashK === null && restartK !== null);
      if (k === null) flash.attr('opacity', 0);
      else {
        const grow = 4 + 26 * k;
        if (d.kind === 'node') flash.attr('r', layout.nodeR + grow);
        else
          flash
            .attr('x', -layout.boxW / 2 - grow / 2)
            .attr('y', -layout.boxH / 2 - grow / 2)
            .attr('width', layout.boxW + grow)
            .attr('height', layout.boxH + grow);
        flash.attr('opacity', (1 - k) * 0.9);
      }
      g.classed('crashing', crashK !== null);

      const icon = err ? 'error' : n.role === 'follower' && n.believed === 'leader' ? 'leader' : n.role;
      const iconPath = d.kind === 'node' || n.role !== 'follower' ? ICONS[icon] : undefined;
      g.select('.badge').attr('display', iconPath ? null : 'none');
      g.select('.badge .icon').attr('d', iconPath ?? '');

      if (d.kind === 'node') {
        const roleWord = err ? tr('role.error') : tr(`role.${n.role}`);
        g.select('.role-text').text(roleWord);
        const tokenText = nodePill(n);
        const tok = g.select<SVGGElement>('.token');
        tok.attr('display', tokenText ? null : 'none');
        if (tokenText) {
          tok.select('text').text(tokenText);
          const wpx = tokenText.length * 6.6 + 14;
          tok
            .select('rect')
            .attr('x', -wpx / 2)
            .attr('width', wpx);
        }
      } else applyDetail(g, d.kind, detail ?? detailOf(n, frame));
    });

    drawMessages(frame);
  };

  /** What a box's detail line (and store TTL bar, resource outcome) shows at this frame. */
  const detailOf = (n: NodeView, frame: Frame): BoxDetail => {
    // The detail line is 11px monospace: about 6.6px a character, clipped to the box.
    const fit = Math.floor((layout.boxW - 10) / 6.6);
    const text = (v: string) => clip(v, fit);
    if (n.kind === 'store') {
      const s = frame.store;
      // The leader key's lease, if any: its remaining TTL as a bar (to the half pixel).
      const leaderKey = s ? leaderKeyOf(s.keys) : undefined;
      const lease = leaderKey ? s?.leases.find((l) => l.id === leaderKey.lease) : undefined;
      const frac = lease ? Math.max(0, Math.min(1, lease.remainingMs / (lease.ttlSec * 1000))) : 0;
      return {
        text: leaderKey
          ? text(`${tr('cluster.rev', { revision: s?.revision ?? 0 })} · ${clip(leaderKey.value, 8)}`)
          : text(s ? tr('cluster.rev', { revision: s.revision }) : ''),
        bar: Math.round((layout.boxW - 20) * frac * 2) / 2,
        low: frac < 0.25,
        track: lease !== undefined,
      };
    }
    if (n.kind === 'resource') {
      const r = frame.resources.find((x) => x.id === n.id);
      const lastWrite = r?.recent[r.recent.length - 1];
      const fresh = lastWrite && frame.t - lastWrite.t < opts.flashMs * 1.5;
      const rejecting = Boolean(fresh && lastWrite?.status === 'rejected');
      return {
        text: text(
          rejecting && lastWrite
            ? tr('cluster.rejected', { code: lastWrite.code })
            : r?.highest !== null && r?.highest !== undefined
              ? tr('cluster.highest', { token: r.highest })
              : tr('cluster.writes', { count: r?.accepted ?? 0 }),
        ),
        rejecting,
        accepting: Boolean(fresh && lastWrite?.status === 'accepted'),
      };
    }
    if (n.kind === 'proxy') {
      const to = opts.routeOf?.(n.id, frame.t) ?? null;
      return { text: text(to ? `→ ${to}` : tr('cluster.noRoute')) };
    }
    return { text: text(n.up ? '' : tr('role.down')) };
  };

  const applyDetail = (g: Sel<SVGGElement, unknown>, kind: HostKind, d: BoxDetail) => {
    g.select('.detail').text(d.text);
    if (kind === 'store') {
      g.select('.ttl-bar')
        .attr('width', d.bar ?? 0)
        .classed('low', d.low === true);
      g.select('.ttl-track').attr('display', d.track ? null : 'none');
    }
    if (kind === 'resource')
      g.classed('rejecting', d.rejecting === true).classed('accepting', d.accepting === true);
  };

  const drawCuts = (frame: Frame) => {
    const lines: Array<Endpoints & { key: string }> = [];
    const groups = frame.partition ?? [];
    const posOf = (ids: string[]) =>
      ids.map((id) => layout.pos.get(id)).filter((p): p is Pos => p !== undefined);
    const { cx, cy, rx, ry } = layout.ring;
    const half = Math.max(rx, ry) + layout.nodeR + 18;
    for (let i = 0; i + 1 < groups.length; i++) {
      const line = separatingLine(posOf(groups[i] as string[]), posOf(groups[i + 1] as string[]));
      if (!line) continue;
      // The stretch of the line that crosses the ring: centred on the ring centre's projection.
      const off = line.c - (line.nx * cx + line.ny * cy);
      const mx = cx + line.nx * off;
      const my = cy + line.ny * off;
      const dx = -line.ny;
      const dy = line.nx;
      lines.push({
        key: `p${i}`,
        x1: mx - dx * half,
        y1: my - dy * half,
        x2: mx + dx * half,
        y2: my + dy * half,
      });
    }
    const sel = gCut
      .selectAll<SVGGElement, Endpoints & { key: string }>('g.cut')
      .data(lines, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'cut');
        g.append('line');
        g.append('text').text(tr('cluster.partition'));
        return g;
      });
    sel
      .select('line')
      .attr('x1', (d) => d.x1)
      .attr('y1', (d) => d.y1)
      .attr('x2', (d) => d.x2)
      .attr('y2', (d) => d.y2);
    sel
      .select('text')
      .attr('x', (d) => d.x1)
      .attr('y', (d) => d.y1 - 6)
      .style('text-anchor', (d) => (d.x1 < d.x2 ? 'start' : 'end'));
  };

  const drawMessages = (frame: Frame) => {
    const msgs = frame.messages.filter(
      (m) => m.from !== m.to && layout.pos.has(m.from) && layout.pos.has(m.to),
    );
    const placed = msgs.map((m) => {
      const e = ends(m.from, m.to) as Endpoints;
      const flight = Math.max(0, Math.min(1, m.progress));
      const p = (opts.reducedMotion ? messageStop(flight) : flight) * messageReach(m);
      const dx = e.x2 - e.x1;
      const dy = e.y2 - e.y1;
      const len = Math.hypot(dx, dy) || 1;
      const x = e.x1 + dx * p;
      const y = e.y1 + dy * p;
      // Labels sit beside the path (perpendicular), on the side away from the ring centre.
      let nx = -dy / len;
      let ny = dx / len;
      if ((x - layout.ring.cx) * nx + (y - layout.ring.cy) * ny < 0) {
        nx = -nx;
        ny = -ny;
      }
      return { m, x, y, ux: dx / len, uy: dy / len, nx, ny, near: p * len < BURST_PX, group: -1 };
    });
    // Messages drawn on top of each other share one label: a broadcast fanning out of its sender
    // ("ELECTION ×4") or two requests travelling together ("LEASE GRANT + LEASE REVOKE").
    // A message joins the first group (in creation order) holding a message within 16 px or, near
    // the sender, one from the same sender. A 16 px grid finds the former among the neighbouring
    // cells and a map per sender the latter: O(messages) per frame, not O(messages²) (a 50-node
    // Bully election has over a thousand in flight).
    const groups: number[][] = [];
    const cells = new Map<string, number[]>();
    const nearGroupOf = new Map<string, number>();
    placed.forEach((a, i) => {
      const cx = Math.floor(a.x / 16);
      const cy = Math.floor(a.y / 16);
      let g = a.near ? (nearGroupOf.get(a.m.from) ?? -1) : -1;
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (const j of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
            const b = placed[j] as (typeof placed)[number];
            if ((g < 0 || b.group < g) && Math.hypot(a.x - b.x, a.y - b.y) < 16) g = b.group;
          }
      if (g >= 0) (groups[g] as number[]).push(i);
      else groups.push([i]);
      a.group = g >= 0 ? g : groups.length - 1;
      const cell = `${cx},${cy}`;
      const inCell = cells.get(cell);
      if (inCell) inCell.push(i);
      else cells.set(cell, [i]);
      if (a.near && !((nearGroupOf.get(a.m.from) ?? Number.POSITIVE_INFINITY) <= a.group))
        nearGroupOf.set(a.m.from, a.group);
    });

    const c = colorsNow();
    const lostX = new Path2D('M-6 -6 L6 6 M6 -6 L-6 6');
    const labels: Array<{
      x: number;
      y: number;
      anchor: 'start' | 'middle' | 'end';
      text: string;
      fam: MessageFamily;
      lost: boolean;
      alpha: number;
    }> = [];
    if (ctx) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, layout.width, layout.height);
      ctx.lineJoin = 'round';
      for (const d of placed) {
        const { m, x, y } = d;
        const fam = messageFamily(m.type);
        const lost = m.fate === 'dropped' && m.progress >= 0.7;
        const alpha = messageOpacity(m, opts.reducedMotion);
        ctx.globalAlpha = alpha;
        ctx.setTransform(dpr, 0, 0, dpr, x * dpr, y * dpr);
        const glyph = glyphOf(m.type);
        const col = c[fam] as string;
        ctx.fillStyle = fam === 'reply' ? (c.surface as string) : col;
        ctx.strokeStyle = fam === 'reply' ? col : (c.surface as string);
        ctx.lineWidth = fam === 'reply' ? 2.2 : 1.5;
        ctx.fill(glyph, 'evenodd');
        ctx.stroke(glyph);
        if (lost) {
          ctx.strokeStyle = c.danger as string;
          ctx.lineWidth = 2.4;
          ctx.lineCap = 'round';
          ctx.stroke(lostX);
          ctx.lineCap = 'butt';
        }
        if ((groups[d.group]?.length ?? 1) <= 1) {
          const b = placeLabel(x, y, d.ux, d.uy, d.nx, d.ny, [messageTypeLabel(m.type)]);
          labels.push({ ...b, fam, lost, alpha });
        }
      }
    }
    const shared = groups
      .filter((members) => members.length > 1)
      .map((members) => {
        const ms = members.map((i) => placed[i] as (typeof placed)[number]);
        const first = ms[0] as (typeof placed)[number];
        const types = [...new Set(ms.map((x) => x.m.type))];
        const short =
          types.length === 1
            ? `${messageTypeLabel(first.m.type)} ×${ms.length}`
            : `${messageTypeLabel(types[0] as string)} +${ms.length - 1}`;
        const texts = types.length === 2 ? [types.map(messageTypeLabel).join(' + '), short] : [short];
        const x0 = ms.reduce((a, b) => a + b.x, 0) / ms.length;
        const y0 = ms.reduce((a, b) => a + b.y, 0) / ms.length;
        const fan =
          ms.every((x) => x.near && x.m.from === first.m.from) && new Set(ms.map((x) => x.m.to)).size > 1;
        let x: number;
        let y: number;
        let anchor: 'start' | 'middle' | 'end';
        let text = texts[texts.length - 1] as string;
        if (fan) {
          // Ahead of the burst along its mean direction, a little to its outer side.
          const ux = ms.reduce((a, b) => a + b.ux, 0);
          const uy = ms.reduce((a, b) => a + b.uy, 0);
          const len = Math.hypot(ux, uy) || 1;
          x = x0 + (ux / len) * 40 + first.nx * 10;
          y = y0 + (uy / len) * 40 + first.ny * 10 + 4;
          anchor = 'middle';
        } else {
          ({ x, y, anchor, text } = placeLabel(x0, y0, first.ux, first.uy, first.nx, first.ny, texts));
        }
        return { key: ms.map((x) => x.m.id).join('-'), x, y, anchor, text, fam: messageFamily(first.m.type) };
      });
    if (ctx) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.font = c.font as string;
      ctx.lineWidth = 3.5;
      ctx.strokeStyle = c.surface as string;
      for (const l of [...labels, ...shared.map((b) => ({ ...b, lost: false, alpha: 1 }))]) {
        ctx.globalAlpha = l.alpha;
        ctx.textAlign = l.anchor === 'middle' ? 'center' : l.anchor === 'end' ? 'right' : 'left';
        ctx.fillStyle = l.lost ? (c.danger as string) : (c[l.fam] as string);
        ctx.strokeText(l.text, l.x, l.y);
        ctx.fillText(l.text, l.x, l.y);
        if (l.lost) {
          const w = ctx.measureText(l.text).width;
          const x0 = l.anchor === 'middle' ? l.x - w / 2 : l.anchor === 'end' ? l.x - w : l.x;
          ctx.fillRect(x0, l.y - 3.5, w, 1);
        }
      }
      ctx.globalAlpha = 1;
    }
  };

  buildStatic();

  const ro =
    typeof ResizeObserver !== 'undefined'
      ? new ResizeObserver(() => {
          const w = el.clientWidth;
          const h = el.clientHeight;
          const size = layoutSize(w, h);
          if (Math.abs(size.width - layout.width) < 1 && Math.abs(size.height - layout.height) < 1) return;
          layout = layoutFor(w, h);
          buildStatic();
          if (last) update(last);
        })
      : null;
  ro?.observe(el);

  return {
    update,
    destroy() {
      ro?.disconnect();
      themeWatch?.disconnect();
      scheme?.removeEventListener?.('change', onScheme);
      svg.remove();
      canvas.remove();
    },
  };
}
