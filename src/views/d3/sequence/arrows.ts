// The message arrows: placed once per layout in a layer slid by one transform; per frame only the packets in flight move.
// The packets are one path per message family (drawPackets), not a circle per arrow: a Bully election of
// 200 nodes has hundreds in flight, and moving each as an element restyled and relaid it every frame.
import { select } from 'd3-selection';
import type { TraceIndex } from '../../../sim/trace/frame.ts';
import { type MessageFamily, messageFamily } from '../glyphs.ts';
import { arrowHead, cross } from './paths.ts';
import type { Prepared } from './prepare.ts';
import type { G, View } from './scene.ts';
import type { SequenceText } from './types.ts';
import { visibleRange } from './window.ts';

/** Where an arrow was placed, in the message layer's own coordinates (see `anchor` in index.ts). */
export interface ArrowGeo {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Where a lost message's X sits (a little before its target). */
  ex: number;
  ey: number;
  /** The class list it was last written with. */
  base: string;
}

type Message = TraceIndex['messages'][number];

/**
 * The words on a key arrow, drawn beside it: a refusal says its code and reason ("409 STALE TOKEN",
 * the storage's answer to a stale fencing token); other arrows have none (their type is in the legend
 * and in their text alternative).
 */
export function arrowLabel(m: Pick<Message, 'type' | 'data'>): string | null {
  if (messageFamily(m.type) !== 'reject') return null;
  const code = m.data?.code;
  const reason = m.data?.reason;
  if (typeof code === 'number') return typeof reason === 'string' ? `${code} ${reason}` : String(code);
  return m.type.replace(/_/g, ' ');
}

/**
 * The messages inside the window. `anchor` is the time the layer's coordinates start from and
 * `relayout` says the layout changed (every arrow is placed again); `geo` keeps each arrow's placement.
 */
export function drawArrows(
  gMsgs: G,
  gPackets: G,
  p: Prepared,
  v: View,
  anchor: number,
  relayout: boolean,
  geo: WeakMap<SVGGElement, ArrowGeo>,
  seek: (t: number) => void,
  text: SequenceText,
): void {
  const { t, w0, w1, top, k, xOf } = v;
  /** y in the message layer: fixed while the layout holds. */
  const ly = (ms: number) => top + (ms - anchor) * k;

  // Messages inside the window.
  const [lo, hi] = visibleRange(p.index.messages, w0, w1, p.maxFlight);
  const visible: Message[] = [];
  for (let i = lo; i < hi; i++) {
    const m = p.index.messages[i];
    if (m && m.deliverAt >= w0 && p.laneIndex.has(m.from) && p.laneIndex.has(m.to)) visible.push(m);
  }
  const place = (node: SVGGElement, m: Message) => {
    const x1 = xOf(m.from) ?? 0;
    const x2 = xOf(m.to) ?? 0;
    const y1 = ly(m.sendAt);
    const y2 = ly(m.deliverAt);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const back = Math.min(12, len * 0.25);
    const lost = m.fate === 'dropped';
    const ex = lost ? x2 - ((x2 - x1) / len) * back : x2;
    const ey = lost ? y2 - ((y2 - y1) / len) * back : y2;
    const g = select(node);
    g.select('.seq-hit').attr('x1', x1).attr('y1', y1).attr('x2', ex).attr('y2', ey);
    g.select('.seq-line').attr('x1', x1).attr('y1', y1).attr('x2', ex).attr('y2', ey);
    g.select('.seq-tip').attr('d', lost ? cross(ex, ey, 4.5) : arrowHead(x1, y1, x2, y2, 7));
    // A key arrow's label sits above its middle, on the side of its sender.
    g.select('.seq-label')
      .attr('x', (x1 + x2) / 2)
      .attr('y', (y1 + y2) / 2 - 5)
      .attr('text-anchor', 'middle');
    const base = `seq-msg fam-${messageFamily(m.type)}${p.chatter.has(m.id) ? ' is-chatter' : ''}${lost ? ' is-lost' : ''}`;
    const was = geo.get(node);
    if (was?.base !== base) node.setAttribute('class', base);
    geo.set(node, { x1, y1, x2, y2, ex, ey, base });
  };
  const slide = `translate(0,${(anchor - w0) * k})`;
  gMsgs.attr('transform', slide);
  gPackets.attr('transform', slide);
  const packets = new Map<MessageFamily, string[]>();
  let entered = false;
  gMsgs
    .selectAll<SVGGElement, Message>('g.seq-msg')
    .data(visible, (m) => m.id)
    .join(
      (enter) => {
        const g = enter
          .append('g')
          // Its class is written once, by place().
          .attr('data-msg', (m) => m.id)
          .attr('data-send-at', (m) => m.sendAt)
          .attr('data-type', (m) => m.type)
          .on('click', (_ev, m) => seek(m.sendAt));
        g.append('title').text((m) => text.message({ ...m, progress: 0 }));
        g.append('line').attr('class', 'seq-hit');
        g.append('line').attr('class', 'seq-line');
        g.append('path').attr('class', 'seq-tip');
        g.filter((m) => arrowLabel(m) !== null)
          .append('text')
          .attr('class', 'seq-label')
          .attr('aria-hidden', 'true')
          .text((m) => arrowLabel(m) ?? '');
        entered ||= !g.empty();
        return g.each(function (m) {
          place(this, m);
        });
      },
      (update) =>
        relayout
          ? update.each(function (m) {
              place(this, m);
            })
          : update,
    )
    .each(function (m) {
      const g = geo.get(this);
      if (!g) return;
      // Whether the arrow is still to come, in flight or done is not written to the DOM: a class change
      // restyles the arrow's whole group and no style depends on it (the future's veil is one rect).
      if (t < m.sendAt || t >= m.deliverAt) return;
      // In flight: the packet sits where the arrow crosses the cursor (time is linear along it);
      // a lost one disappears at its X.
      const f = (t - m.sendAt) / Math.max(1, m.deliverAt - m.sendAt);
      const py = g.y1 + (g.y2 - g.y1) * f;
      if (m.fate === 'dropped' && Math.abs(py - g.y1) > Math.abs(g.ey - g.y1)) return;
      const fam = messageFamily(m.type);
      const dots = packets.get(fam) ?? [];
      if (dots.length === 0) packets.set(fam, dots);
      dots.push(dot(g.x1 + (g.x2 - g.x1) * f, py));
    });
  drawPackets(gPackets, packets);
  if (entered || relayout) unstackLabels(gMsgs);
}

/** Height (px) of a label's line, and the gap kept between two labels' boxes. */
const LABEL_LINE = 12;

/**
 * Where each label goes so that none covers another: labels of arrows arriving at once (etcd's
 * LEASE REVOKE ERROR and the storage's 409 STALE TOKEN, both to node-1 in the fencing story) would
 * sit on one line; a later one in the list moves up a line at a time until it is clear. `x` is the
 * label's middle, `y` its baseline, `w` its width. Returns the new baselines.
 */
export function stackLabels(labels: ReadonlyArray<{ x: number; y: number; w: number }>): number[] {
  const placed: Array<{ x0: number; x1: number; y: number }> = [];
  return labels.map((l) => {
    const x0 = l.x - l.w / 2 - 2;
    const x1 = l.x + l.w / 2 + 2;
    let y = l.y;
    const hit = () => placed.some((p) => p.x0 < x1 && x0 < p.x1 && Math.abs(p.y - y) < LABEL_LINE);
    for (let i = 0; i < 8 && hit(); i++) y -= LABEL_LINE;
    placed.push({ x0, x1, y });
    return y;
  });
}

/** Moves the labels on screen apart (stackLabels), from the arrows' own places. */
function unstackLabels(gMsgs: G): void {
  const nodes = [...(gMsgs.node()?.querySelectorAll<SVGTextElement>('text.seq-label') ?? [])];
  if (nodes.length < 2) return;
  const labels = nodes.map((t) => {
    const line = t.parentElement?.querySelector('.seq-line');
    const mid = (a: string) =>
      (Number(line?.getAttribute(`${a}1`)) + Number(line?.getAttribute(`${a}2`))) / 2;
    const w = typeof t.getComputedTextLength === 'function' ? t.getComputedTextLength() : 0;
    return { x: mid('x'), y: mid('y') - 5, w: w || (t.textContent ?? '').length * 6.2 };
  });
  const ys = stackLabels(labels);
  nodes.forEach((t, i) => {
    t.setAttribute('y', String(ys[i]));
  });
}

const FAMILIES: readonly MessageFamily[] = ['election', 'heartbeat', 'reply', 'store', 'data', 'reject'];

/** A packet: a circle of radius 3 as a subpath (two arcs), to a tenth of a pixel. */
function dot(x: number, y: number): string {
  const r = (v: number) => Math.round(v * 10) / 10;
  return `M${r(x - 3)},${r(y)}a3,3 0 1,0 6,0a3,3 0 1,0 -6,0`;
}

/**
 * One path per family holds its packets: per frame at most six attributes change, however many
 * messages fly. A family with none keeps an empty path (no element enters or leaves per frame).
 */
function drawPackets(gPackets: G, packets: ReadonlyMap<MessageFamily, string[]>): void {
  gPackets
    .selectAll<SVGPathElement, MessageFamily>('path')
    .data(FAMILIES)
    .join((enter) => enter.append('path').attr('class', (f) => `seq-pk fam-${f}`))
    .each(function (f) {
      const d = packets.get(f)?.join('') ?? '';
      if (this.getAttribute('d') !== d) this.setAttribute('d', d);
    });
}
