// The messages in flight, painted on a canvas over the picture: where each stands, its glyph, and its (shared) label.

import { messageTypeLabel, t } from '../../../i18n/index.ts';
import type { HostKind } from '../../../sim/net/host.ts';
import type { Frame, MessageView } from '../../../sim/trace/frame.ts';
import { glyphSize, type MessageFamily, messageFamily, messageGlyph } from '../glyphs.ts';
import { burstGroups, messageReach, messageStop, type Placed, placeMessages, sharedLabel } from './bursts.ts';
import type { ThemeColors } from './colors.ts';
import {
  CELL_PX,
  createDensity,
  DENSITY_FAMILIES,
  DENSITY_MIN,
  type DensityFamily,
  paintDensity,
} from './density.ts';
import { placeLabel } from './labels.ts';
import { type Box, type Endpoints, ends, type Layout, MESH_MAX_NODES } from './layout.ts';
import type { ClusterOptions, Sel } from './types.ts';

export { messageReach, messageStop } from './bursts.ts';

/** Opacity of a message: lost ones fade over the last 30% of their flight. */
export function messageOpacity(m: Pick<MessageView, 'fate' | 'progress'>, reduced = false): number {
  if (m.fate !== 'dropped' || m.progress < 0.7) return 1;
  if (reduced) return 0.4; // no fade-out: one dimmer look once it is lost
  return Math.max(0.15, 1 - ((m.progress - 0.7) / 0.3) * 0.85);
}

/** The tally of a crowd's messages in flight: one line per type, largest first, in the picture's top-left corner. */
export function tallyLabels(
  tally: ReadonlyMap<string, number>,
  layout: Pick<Layout, 'width'>,
): Array<{
  x: number;
  y: number;
  anchor: 'start';
  text: string;
  fam: MessageFamily | 'muted';
  lost: false;
  alpha: number;
}> {
  const x = Math.max(8, layout.width * 0.02);
  if (tally.size === 0) return [];
  const head = { x, y: 18, anchor: 'start' as const, text: t('a11y.inFlight'), fam: 'muted' as const };
  const lines = [...tally]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([type, count], i) => ({
      x,
      y: 32 + i * 14,
      anchor: 'start' as const,
      text: `${messageTypeLabel(type)} ×${count}`,
      fam: messageFamily(type),
      lost: false as const,
      alpha: 1,
    }));
  return [{ ...head, lost: false as const, alpha: 1 }, ...lines];
}

export interface MessageCanvas {
  /** Sizes the canvas for a layout at the device's pixel ratio (which clears it). */
  resize(layout: Layout): void;
  /**
   * Paints the frame's messages in flight and their labels (also as SVG into `svg`, for a static
   * copy); no label covers one of `obstacles` (Raft's logs) where another place does not.
   */
  draw(frame: Frame, layout: Layout, svg?: Sel<SVGGElement> | null, obstacles?: readonly Box[]): void;
  remove(): void;
}

/** A label as the canvas paints it. */
interface DrawnLabel {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  text: string;
  fam: MessageFamily | 'muted';
  lost: boolean;
  alpha: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The messages in flight as SVG, where the canvas paints them (the same places, glyphs, labels and
 * families; prerender.css colours them from the same variables): a static copy of the picture cannot
 * carry a canvas. Only the build's link pictures ask for it (src/views/linkPicture.ts).
 */
function drawSvg(g: Sel<SVGGElement>, placed: readonly Placed[], labels: readonly DrawnLabel[]): void {
  g.selectAll('*').remove();
  for (const { m, x, y } of placed) {
    const lost = m.fate === 'dropped' && m.progress >= 0.7;
    const alpha = messageOpacity(m);
    const glyph = g
      .append('path')
      .attr('class', `msg-glyph fam-${messageFamily(m.type)}${lost ? ' lost' : ''}`)
      .attr('d', messageGlyph(m.type, glyphSize(m.type)))
      .attr('transform', `translate(${round1(x)},${round1(y)})`);
    if (alpha < 1) glyph.attr('opacity', round1(alpha));
    if (lost)
      g.append('path')
        .attr('class', 'msg-lost')
        .attr('d', 'M-6 -6 L6 6 M6 -6 L-6 6')
        .attr('transform', `translate(${round1(x)},${round1(y)})`);
  }
  for (const l of labels) {
    const text = g
      .append('text')
      .attr('class', `msg-label fam-${l.lost ? 'lost' : l.fam}`)
      .attr('x', round1(l.x))
      .attr('y', round1(l.y))
      .text(l.text);
    if (l.anchor !== 'start') text.attr('text-anchor', l.anchor);
    if (l.alpha < 1) text.attr('opacity', round1(l.alpha));
  }
}

/** A sprite's side in CSS px, the glyph at its centre: the largest glyph (70 px², own shapes 1.3x) and its outline fit. */
const SPRITE_PX = 28;

/** Adds the message canvas to `root` (over the picture's svg) and returns its handle. */
export function createMessageCanvas(
  root: Sel<HTMLElement>,
  kinds: ReadonlyMap<string, HostKind>,
  colors: ThemeColors,
  opts: ClusterOptions,
): MessageCanvas {
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
  let dpr = 1;
  // The font the context holds. Chromium resolves the document's pending style before it takes a
  // new `font` (even the same string), so setting it in every frame forced a style recalculation
  // in the animation frame, on top of the one the frame does anyway (about 1 ms of each 10x frame).
  // Resizing the canvas resets its state, and with it the font.
  let font = '';
  // A cluster too big for its all-pairs mesh (layout.ts) draws, under the messages, the links that
  // carry one now: the leader's star of heartbeats, an election's fan of ELECTION.
  const meshless = [...kinds.values()].filter((k) => k === 'node').length > MESH_MAX_NODES;
  const glyphs = new Map<string, Path2D>();
  const glyphOf = (type: string): Path2D => {
    let g = glyphs.get(type);
    if (!g) {
      g = new Path2D(messageGlyph(type, glyphSize(type)));
      glyphs.set(type, g);
    }
    return g;
  };

  // Each glyph is rasterised once per type, colours and pixel ratio, into a sprite: a frame then copies
  // one bitmap per message instead of filling and stroking its path (a 200-node election has hundreds
  // in flight, and their paths were most of a frame's main-thread time).
  const sprites = new Map<string, HTMLCanvasElement>();
  const spriteOf = (type: string, fill: string, stroke: string, width: number): HTMLCanvasElement => {
    const key = `${type}|${fill}|${stroke}|${width}|${dpr}`;
    let s = sprites.get(key);
    if (!s) {
      if (sprites.size >= 64) sprites.clear(); // a theme switched back and forth
      s = canvas.ownerDocument.createElement('canvas');
      s.width = s.height = Math.ceil(SPRITE_PX * dpr);
      const g = s.getContext('2d');
      if (g) {
        g.setTransform(dpr, 0, 0, dpr, (s.width / 2) | 0, (s.height / 2) | 0);
        g.lineJoin = 'round';
        g.fillStyle = fill;
        g.strokeStyle = stroke;
        g.lineWidth = width;
        g.fill(glyphOf(type), 'evenodd');
        g.stroke(glyphOf(type));
      }
      sprites.set(key, s);
    }
    return s;
  };

  // Past DENSITY_MIN in flight the messages are a density (density.ts): its buffers, sized to the
  // picture, and the families' colours as bytes (read back from a 1 px canvas: any CSS colour works).
  let dense: {
    key: string;
    bins: ReturnType<typeof createDensity>;
    image: ImageData;
    out: HTMLCanvasElement;
  } | null = null;
  const rgbs = new Map<string, [number, number, number]>();
  const rgbOf = (css: string): [number, number, number] => {
    let v = rgbs.get(css);
    if (!v) {
      const one = canvas.ownerDocument.createElement('canvas');
      one.width = one.height = 1;
      const g = one.getContext('2d', { willReadFrequently: true });
      if (g) {
        g.fillStyle = css;
        g.fillRect(0, 0, 1, 1);
      }
      const d = g?.getImageData(0, 0, 1, 1).data;
      v = [d?.[0] ?? 0, d?.[1] ?? 0, d?.[2] ?? 0];
      rgbs.set(css, v);
    }
    return v;
  };
  // Only where each message stands: no label geometry, no object per message (20,000 a frame).
  const drawDensity = (
    g: CanvasRenderingContext2D,
    frame: Frame,
    layout: Layout,
    c: Record<string, string>,
    tally: Map<string, number>,
  ) => {
    const key = `${layout.width}x${layout.height}`;
    if (dense?.key !== key) {
      const bins = createDensity(layout.width, layout.height);
      const out = canvas.ownerDocument.createElement('canvas');
      out.width = bins.grid.cols;
      out.height = bins.grid.rows;
      dense = { key, bins, image: new ImageData(bins.grid.cols, bins.grid.rows), out };
    }
    const bins = dense.bins;
    bins.begin();
    for (const m of frame.messages) {
      if (m.from === m.to || !layout.pos.has(m.from) || !layout.pos.has(m.to)) continue;
      const e = ends(layout, kinds, m.from, m.to) as Endpoints;
      const flight = Math.max(0, Math.min(1, m.progress));
      const p = (opts.reducedMotion ? messageStop(flight) : flight) * messageReach(m);
      tally.set(m.type, (tally.get(m.type) ?? 0) + 1);
      const family: DensityFamily =
        m.fate === 'dropped' && m.progress >= 0.7 ? 'lost' : messageFamily(m.type);
      bins.add(e.x1 + (e.x2 - e.x1) * p, e.y1 + (e.y2 - e.y1) * p, family);
    }
    const grid = bins.end();
    paintDensity(
      grid,
      dense.image.data,
      DENSITY_FAMILIES.map((f) => rgbOf((f === 'lost' ? c.danger : c[f]) as string)),
    );
    dense.out.getContext('2d')?.putImageData(dense.image, 0, 0);
    g.imageSmoothingEnabled = false;
    g.drawImage(dense.out, 0, 0, grid.cols * CELL_PX * dpr, grid.rows * CELL_PX * dpr);
    g.imageSmoothingEnabled = true;
  };

  const resize = (layout: Layout) => {
    dpr = globalThis.devicePixelRatio || 1;
    canvas.width = Math.round(layout.width * dpr);
    canvas.height = Math.round(layout.height * dpr);
    font = '';
  };

  const draw = (
    frame: Frame,
    layout: Layout,
    svg?: Sel<SVGGElement> | null,
    obstacles: readonly Box[] = [],
  ) => {
    const lostX = ctx ? new Path2D('M-6 -6 L6 6 M6 -6 L-6 6') : null;
    const crowded = frame.messages.length > DENSITY_MIN;
    const placed = crowded ? [] : placeMessages(frame, layout, kinds, opts);
    // A crowd (over 9 nodes) has hundreds of messages in flight: their names would pile up, so they
    // are tallied by type in one corner instead ("ELECTION ×49"), in O(messages).
    const groups = layout.crowd ? [] : burstGroups(placed);
    const tally = new Map<string, number>();

    const c = colors.now();
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
      // A density shows the fans itself: thousands of links under it were a grey web and a raster cost.
      if (meshless && !crowded) {
        const path = new Path2D();
        const drawn = new Set<string>();
        for (const { m } of placed) {
          if (kinds.get(m.from) !== 'node' || kinds.get(m.to) !== 'node') continue;
          const key = m.from < m.to ? `${m.from}|${m.to}` : `${m.to}|${m.from}`;
          const e = drawn.has(key) ? null : ends(layout, kinds, m.from, m.to);
          if (!e) continue;
          drawn.add(key);
          path.moveTo(e.x1, e.y1);
          path.lineTo(e.x2, e.y2);
        }
        ctx.globalAlpha = 0.8;
        ctx.strokeStyle = c.edge as string;
        ctx.lineWidth = 1;
        ctx.stroke(path);
      }
      // Sprites are copied in device pixels: the transform is set once, not per message (each
      // setTransform cost as much as the copy), and only a lost message's X moves it.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (crowded) drawDensity(ctx, frame, layout, c, tally);
    }
    let shownAlpha = -1;
    for (const d of placed) {
      const { m, x, y } = d;
      const fam = messageFamily(m.type);
      const lost = m.fate === 'dropped' && m.progress >= 0.7;
      const alpha = messageOpacity(m, opts.reducedMotion);
      if (ctx) {
        if (alpha !== shownAlpha) ctx.globalAlpha = shownAlpha = alpha;
        const col = c[fam] as string;
        const reply = fam === 'reply';
        const sprite = spriteOf(
          m.type,
          reply ? (c.surface as string) : col,
          reply ? col : (c.surface as string),
          reply ? 2.2 : 1.5,
        );
        ctx.drawImage(sprite, x * dpr - ((sprite.width / 2) | 0), y * dpr - ((sprite.height / 2) | 0));
        if (lost) {
          ctx.setTransform(dpr, 0, 0, dpr, x * dpr, y * dpr);
          ctx.strokeStyle = c.danger as string;
          ctx.lineWidth = 2.4;
          ctx.lineCap = 'round';
          if (lostX) ctx.stroke(lostX);
          ctx.lineCap = 'butt';
          ctx.setTransform(1, 0, 0, 1, 0, 0);
        }
      }
      if (layout.crowd) tally.set(m.type, (tally.get(m.type) ?? 0) + 1);
      else if ((groups[d.group]?.length ?? 1) <= 1) {
        const b = placeLabel(
          layout,
          kinds,
          x,
          y,
          d.ux,
          d.uy,
          d.nx,
          d.ny,
          [messageTypeLabel(m.type)],
          obstacles,
        );
        labels.push({ ...b, fam, lost, alpha });
      }
    }
    if (ctx) ctx.globalAlpha = 1;
    const shared = groups
      .filter((members) => members.length > 1)
      .map((members) => sharedLabel(members, placed, layout, kinds, obstacles));
    if (svg) drawSvg(svg, placed, [...labels, ...shared.map((b) => ({ ...b, lost: false, alpha: 1 }))]);
    if (ctx) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (font !== c.font) ctx.font = font = c.font as string;
      ctx.lineWidth = 3.5;
      ctx.strokeStyle = c.surface as string;
      const counted = tallyLabels(tally, layout);
      for (const l of [...labels, ...shared.map((b) => ({ ...b, lost: false, alpha: 1 })), ...counted]) {
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

  return {
    resize,
    draw,
    remove() {
      canvas.remove();
    },
  };
}
