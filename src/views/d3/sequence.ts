/**
 * Space-time (sequence) diagram of a trace, framework-free: one lifeline per host, time flowing
 * downward, messages as arrows from (from, sendAt) to (to, deliverAt), lost ones ending in an X,
 * faults on the lifelines, leadership as a thick segment with its token, and the cursor as a
 * horizontal line. The window follows the cursor; only arrows inside it are drawn (binary search on
 * the index's messages, sorted by sendAt). What lies after the cursor sits under a light veil.
 *
 * Shape: createSequence(el, opts) -> { update(state), destroy() } (DESIGN.md, views/d3).
 *
 * Cost of update(): O(log M) to find the window's arrows among the run's M messages (sorted by send
 * time), then O(A) for the A arrows that can cross the window (sent inside it, or up to the longest
 * flight before it) and O(log W + w) for the writes, O(log V + v) for the violations in it. Fault
 * spans, leaderships, crashes and restarts (a handful per run) are filtered in full: O(S). Nothing
 * is proportional to the trace's length. Arrows are positioned once per layout (window size, zoom)
 * and slid by one transform as the cursor moves; each frame only re-classes arrows whose state
 * (future, in flight, done) changed and moves the packets in flight. SequenceDiagram.tsx draws every
 * frame only while the diagram is on screen.
 */
import { type Selection, select } from 'd3-selection';
import { lowerBound, upperBound } from '../../lib/search.ts';
import type { HostKind } from '../../sim/net/host.ts';
import type { DisplayRole, Fault } from '../../sim/trace/events.ts';
import type { MessageView, TraceIndex, WriteEvent } from '../../sim/trace/frame.ts';
import { leaderIntervals } from '../../sim/trace/summary.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { messageFamily } from './glyphs.ts';

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested in sequence.test.ts)

/** Periodic liveness/renewal traffic, drawn lighter than the messages that make the story. */
const CHATTER = new Set([
  'HEARTBEAT',
  'HEARTBEAT_ACK',
  'KEEPALIVE',
  'KEEPALIVE_ACK',
  'HEALTH_CHECK',
  'HEALTH',
  'PING',
  'PONG',
  'WAL',
  'WAL_ACK',
]);

export function isChatter(type: string): boolean {
  return CHATTER.has(type);
}

type Primitive = string | number | boolean | null;
interface MessageLike {
  id: number;
  type: string;
  from: string;
  to: string;
  data?: Record<string, Primitive>;
}

/**
 * Ids of the messages that are background chatter: liveness and renewal traffic (isChatter), and
 * compare-and-swap attempts that failed because someone else holds the key (a candidate polling
 * the store), request and answer both, paired by reqId. What remains is the story.
 */
export function chatterIds(messages: readonly MessageLike[]): Set<number> {
  const out = new Set<number>();
  const txns = new Map<string, number>();
  for (const m of messages) {
    if (isChatter(m.type)) out.add(m.id);
    else if (m.type === 'TXN' && m.data?.reqId != null) txns.set(`${m.from}>${m.to}#${m.data.reqId}`, m.id);
    else if (m.type === 'TXN_RESULT' && m.data?.succeeded === false) {
      out.add(m.id);
      const req = m.data.reqId != null ? txns.get(`${m.to}>${m.from}#${m.data.reqId}`) : undefined;
      if (req !== undefined) out.add(req);
    }
  }
  return out;
}

const KIND_ORDER: Record<HostKind, number> = { node: 0, store: 1, resource: 2, proxy: 3, client: 4 };

/** Lifelines left to right: the election participants in trace order, then etcd, storage, proxy, clients. */
export function laneOrder(
  hosts: ReadonlyArray<{ id: string; kind: HostKind }>,
): Array<{ id: string; kind: HostKind }> {
  return hosts
    .map((h, i) => ({ h, i }))
    .sort((a, b) => KIND_ORDER[a.h.kind] - KIND_ORDER[b.h.kind] || a.i - b.i)
    .map((x) => x.h);
}

/** The time window [w0, w1] around the cursor: the cursor sits at `anchor` of the height, clamped to the run. */
export function windowAt(t: number, windowMs: number, durationMs: number, anchor = 0.7): [number, number] {
  const w = Math.max(1, Math.min(windowMs, Math.max(1, durationMs)));
  const w0 = Math.max(0, Math.min(t - anchor * w, durationMs - w));
  return [w0, w0 + w];
}

/**
 * Indices [lo, hi) of the messages (sorted by sendAt) that can cross the window [w0, w1]: sent no
 * later than w1 and no earlier than w0 - maxFlight. Callers still skip the few that landed before w0.
 */
export function visibleRange(
  messages: ReadonlyArray<{ sendAt: number }>,
  w0: number,
  w1: number,
  maxFlight: number,
): [number, number] {
  const key = (i: number) => (messages[i] as { sendAt: number }).sendAt;
  return [lowerBound(messages.length, key, w0 - maxFlight), upperBound(messages.length, key, w1)];
}

/**
 * Round tick values in [start, stop] (start < stop), about `count` of them, at 1, 2 or 5 times a
 * power of ten: d3-array's ticks algorithm, here so the first view does not carry d3-scale and its
 * colour and number-format dependencies for one linear axis.
 */
export function linearTicks(start: number, stop: number, count: number): number[] {
  if (!(stop > start) || !(count > 0)) return start === stop ? [start] : [];
  const raw = (stop - start) / count;
  const power = Math.floor(Math.log10(raw));
  const error = raw / 10 ** power;
  const m = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.SQRT2 ? 2 : 1;
  const out: number[] = [];
  if (power >= 0) {
    const step = m * 10 ** power;
    for (let i = Math.ceil(start / step); i * step <= stop; i++) out.push(i * step);
  } else {
    // Divide by the inverse step: multiples of 0.1 etc. come out exact.
    const inv = 10 ** -power / m;
    for (let i = Math.ceil(start * inv); i / inv <= stop; i++) out.push(i / inv);
  }
  return out;
}

/** A "nice" number of ms: 1, 2 or 5 times a power of ten, rounded to the nearest. */
export function niceMs(ms: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(1, ms)));
  const m = ms / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/**
 * The default window for a trace, chosen by its density: a quarter of the run, shrunk until it
 * holds about 120 messages (chatter counts a third), and never so short that a typical flight
 * fills it. Snapped to a nice value.
 */
export function defaultWindowMs(
  messages: ReadonlyArray<{ id: number; sendAt: number; deliverAt: number }>,
  durationMs: number,
  chatter: ReadonlySet<number> = new Set(),
): number {
  if (durationMs <= 0) return 1000;
  let weight = 0;
  const flights: number[] = [];
  for (const m of messages) {
    weight += chatter.has(m.id) ? 1 / 3 : 1;
    if (flights.length < 400) flights.push(m.deliverAt - m.sendAt);
  }
  flights.sort((a, b) => a - b);
  const flight = flights.length ? (flights[flights.length >> 1] as number) : 0;
  let w = durationMs / 4;
  const rate = weight / durationMs;
  if (rate > 0) w = Math.min(w, 120 / rate);
  w = Math.max(w, flight * 12, 200);
  return Math.min(niceMs(w), durationMs);
}

export interface Span {
  node: string;
  from: number;
  to: number;
}

export interface PartitionSpan {
  from: number;
  to: number;
  groups: string[][];
}

export interface FaultSpans {
  down: Span[];
  paused: Span[];
  isolated: Span[];
  partitions: PartitionSpan[];
  /** Instant markers: crash and restart moments. */
  crashes: Array<{ node: string; t: number }>;
  restarts: Array<{ node: string; t: number }>;
}

/** Turns the fault events into spans on the lifelines (open spans run to the end of the run). */
export function faultSpans(
  faults: ReadonlyArray<{ t: number; fault: Fault }>,
  durationMs: number,
): FaultSpans {
  const out: FaultSpans = { down: [], paused: [], isolated: [], partitions: [], crashes: [], restarts: [] };
  const open = {
    down: new Map<string, number>(),
    paused: new Map<string, number>(),
    isolated: new Map<string, number>(),
  };
  let part: { from: number; groups: string[][] } | null = null;
  const close = (kind: 'down' | 'paused' | 'isolated', node: string, t: number) => {
    const from = open[kind].get(node);
    if (from === undefined) return;
    out[kind].push({ node, from, to: t });
    open[kind].delete(node);
  };
  for (const { t, fault: f } of faults) {
    switch (f.kind) {
      case 'crash':
        close('paused', f.node, t);
        if (!open.down.has(f.node)) open.down.set(f.node, t);
        out.crashes.push({ node: f.node, t });
        break;
      case 'restart':
        close('down', f.node, t);
        out.restarts.push({ node: f.node, t });
        break;
      case 'pause':
        if (!open.paused.has(f.node)) open.paused.set(f.node, t);
        break;
      case 'resume':
        close('paused', f.node, t);
        break;
      case 'isolate':
        if (!open.isolated.has(f.node)) open.isolated.set(f.node, t);
        break;
      case 'rejoin':
        close('isolated', f.node, t);
        break;
      case 'partition':
        if (part) out.partitions.push({ from: part.from, to: t, groups: part.groups });
        part = { from: t, groups: f.groups };
        break;
      case 'heal':
        if (part) out.partitions.push({ from: part.from, to: t, groups: part.groups });
        part = null;
        for (const node of [...open.isolated.keys()]) close('isolated', node, t);
        break;
      default:
        break;
    }
  }
  for (const kind of ['down', 'paused', 'isolated'] as const)
    for (const [node, from] of open[kind]) out[kind].push({ node, from, to: durationMs });
  if (part) out.partitions.push({ from: part.from, to: durationMs, groups: part.groups });
  for (const kind of ['down', 'paused', 'isolated'] as const) out[kind].sort((a, b) => a.from - b.from);
  return out;
}

/** Seconds for axis ticks: as many decimals as the tick step needs ("12 s", "5.4 s", "0.95 s"). */
export function tickFormat(stepMs: number): (ms: number) => string {
  const digits = stepMs >= 1000 ? 0 : stepMs >= 100 ? 1 : stepMs >= 10 ? 2 : 3;
  return (ms) => `${(ms / 1000).toFixed(digits)} s`;
}

/**
 * Where to draw a partition as a wall: x positions between neighbouring groups, when every group
 * occupies a contiguous run of lanes (the usual picture); null when the groups interleave.
 */
export function partitionWalls(groups: string[][], laneIndex: ReadonlyMap<string, number>): number[] | null {
  const runs: Array<[number, number]> = [];
  for (const g of groups) {
    const idx = g.map((id) => laneIndex.get(id)).filter((i): i is number => i !== undefined);
    if (idx.length === 0) continue;
    const lo = Math.min(...idx);
    const hi = Math.max(...idx);
    if (hi - lo + 1 !== idx.length) return null;
    runs.push([lo, hi]);
  }
  runs.sort((a, b) => a[0] - b[0]);
  const walls: number[] = [];
  for (let i = 1; i < runs.length; i++) {
    const prev = runs[i - 1] as [number, number];
    const cur = runs[i] as [number, number];
    if (cur[0] <= prev[1]) return null;
    walls.push((prev[1] + cur[0]) / 2);
  }
  return walls;
}

/** Seconds for the cursor label, with as many decimals as the window needs. */
export function formatSeconds(ms: number, windowMs: number): string {
  const digits = windowMs <= 2_000 ? 3 : windowMs <= 20_000 ? 2 : windowMs <= 200_000 ? 1 : 0;
  return `${(ms / 1000).toFixed(digits)} s`;
}

// ---------------------------------------------------------------------------------------------
// Renderer

export interface SequenceText {
  /** The accessible name of the drawing. */
  label: string;
  /** Text alternative of one arrow. */
  message(m: MessageView): string;
  leader(node: string, token: number | null, term: number | null, from: number, to: number): string;
  tokenTag(token: number | null, term: number | null): string;
  paused(node: string, from: number, to: number): string;
  isolated(node: string, from: number, to: number): string;
  down(node: string, from: number, to: number): string;
  crash(node: string, t: number): string;
  restart(node: string, t: number): string;
  partition(groups: string[][], from: number, to: number): string;
  /** The short tag on a partition band. */
  partitionTag: string;
  write(w: WriteEvent): string;
  expiry(store: string, lease: number, keys: string[], revision: number): string;
  violation(kind: string, detail: string, t: number): string;
  role(node: string, role: DisplayRole): string;
}

export interface SequenceOptions {
  onSeek(t: number): void;
  text: SequenceText;
}

export interface SequenceState {
  index: TraceIndex;
  t: number;
  windowMs: number;
  width: number;
  height: number;
}

export interface SequenceRenderer {
  update(state: SequenceState): void;
  destroy(): void;
}

interface Prepared {
  index: TraceIndex;
  lanes: Array<{ id: string; kind: HostKind }>;
  laneIndex: Map<string, number>;
  maxFlight: number;
  leaders: ReturnType<typeof leaderIntervals>;
  spans: FaultSpans;
  chatter: Set<number>;
  /** Lease expiries on the store's lifeline, with the keys they deleted. */
  expiries: Array<{ t: number; store: string; lease: number; revision: number; keys: string[] }>;
}

/** The store's lease expiries, each with the keys deleted with it (same instant, same lease). */
export function leaseExpiries(trace: Trace): Prepared['expiries'] {
  const store = trace.hosts.find((h) => h.kind === 'store')?.id;
  const out: Prepared['expiries'] = [];
  if (!store) return out;
  for (const e of trace.events) {
    if (e.k !== 'store') continue;
    const c = e.change;
    if (c.kind === 'lease-expire')
      out.push({ t: e.t, store, lease: c.lease, revision: c.revision, keys: [] });
    else if (c.kind === 'delete' && c.cause === 'lease-expired') {
      const last = out[out.length - 1];
      if (last && last.t === e.t && last.lease === c.lease) last.keys.push(c.key);
    }
  }
  return out;
}

function prepare(index: TraceIndex): Prepared {
  const lanes = laneOrder(index.trace.hosts);
  let maxFlight = 0;
  for (const m of index.messages) maxFlight = Math.max(maxFlight, m.deliverAt - m.sendAt);
  return {
    index,
    lanes,
    laneIndex: new Map(lanes.map((l, i) => [l.id, i])),
    maxFlight,
    leaders: leaderIntervals(index.trace),
    spans: faultSpans(index.faults, index.trace.durationMs),
    chatter: chatterIds(index.messages),
    expiries: leaseExpiries(index.trace),
  };
}

let instances = 0;
const HEADER = 34;
const GUTTER = 58;
const PAD_RIGHT = 10;
const PAD_BOTTOM = 8;

/** Where an arrow was placed, in the message layer's own coordinates (see `anchor` below). */
interface ArrowGeo {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Where a lost message's X sits (a little before its target). */
  ex: number;
  ey: number;
  /** The class list without the state, and the state last written. */
  base: string;
  state: string;
}

type Message = TraceIndex['messages'][number];

type G = Selection<SVGGElement, unknown, null, undefined>;

export function createSequence(el: HTMLElement, opts: SequenceOptions): SequenceRenderer {
  const svg = select(el)
    .append('svg')
    .attr('class', 'seq-svg')
    .attr('role', 'group')
    .attr('aria-label', opts.text.label);
  const defs = svg.append('defs');
  const clipId = `seq-clip-${++instances}`;
  const clipRect = defs.append('clipPath').attr('id', clipId).append('rect');
  const body = svg.append('g').attr('class', 'seq-body').attr('clip-path', `url(#${clipId})`);
  const gBands = body.append('g').attr('class', 'seq-bands');
  const gGrid = body.append('g').attr('class', 'seq-grid');
  const gLife = body.append('g').attr('class', 'seq-lifelines');
  const gSpans = body.append('g').attr('class', 'seq-spans');
  // Messages are many: they live in a layer placed relative to an anchor time and scrolled with one
  // transform per frame; an arrow's geometry is written when it enters or when the layout changes.
  // The cursor line runs under the messages, so one that lands at the cursor stays readable.
  const cursorLine = body.append('line').attr('class', 'seq-cursor-line');
  const gMsgs = body.append('g').attr('class', 'seq-msgs');
  const gMarks = body.append('g').attr('class', 'seq-marks');
  const gFuture = body.append('rect').attr('class', 'seq-future-veil');
  const gCursor = svg.append('g').attr('class', 'seq-cursor');
  const gAxis = svg.append('g').attr('class', 'seq-axis');
  const gHead = svg.append('g').attr('class', 'seq-lanes');
  const cursorTag = gCursor.append('g').attr('class', 'seq-cursor-tag');
  cursorTag.append('rect').attr('rx', 4);
  cursorTag.append('text');

  let prep: Prepared | null = null;
  const seek = (t: number) => opts.onSeek(t);
  const geo = new WeakMap<SVGGElement, ArrowGeo>();
  let layoutKey = '';
  let anchor = 0;
  let headCount = -1;

  function update(s: SequenceState): void {
    const fresh = !prep || prep.index !== s.index;
    if (fresh || !prep) prep = prepare(s.index);
    const p = prep;
    const { width, height, t } = s;
    const duration = p.index.trace.durationMs;
    const [w0, w1] = windowAt(t, s.windowMs, duration);
    const W = w1 - w0;
    const top = HEADER;
    const bottom = Math.max(top + 20, height - PAD_BOTTOM);
    const y = (ms: number) => top + ((ms - w0) * (bottom - top)) / W;
    const laneW = Math.max(24, (width - GUTTER - PAD_RIGHT) / Math.max(1, p.lanes.length));
    const laneX = (i: number) => GUTTER + (i + 0.5) * laneW;
    const xOf = (id: string) => {
      const i = p.laneIndex.get(id);
      return i === undefined ? null : laneX(i);
    };
    const yc = (ms: number) => y(Math.max(w0 - W * 0.05, Math.min(w1 + W * 0.05, ms)));
    const inWin = (from: number, to: number) => to >= w0 && from <= w1;
    const left = GUTTER - 4;
    const right = width - PAD_RIGHT + 4;
    const k = (bottom - top) / W;
    const key = `${width}|${height}|${W}`;
    // Re-place everything when the scale changes, or before the layer drifts far from the origin.
    const relayout = fresh || key !== layoutKey || Math.abs((w0 - anchor) * k) > 4000;
    if (relayout) {
      layoutKey = key;
      anchor = w0;
      headCount = -1;
      svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
      clipRect
        .attr('x', 0)
        .attr('y', top)
        .attr('width', width)
        .attr('height', Math.max(0, bottom - top + PAD_BOTTOM));
    }
    /** y in the message layer: fixed while the layout holds. */
    const ly = (ms: number) => top + (ms - anchor) * k;

    // Partition bands across every lifeline.
    const bands = p.spans.partitions.filter((b) => inWin(b.from, b.to));
    gBands
      .selectAll<SVGGElement, PartitionSpan>('g.seq-band')
      .data(bands, (d) => `${d.from}`)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'seq-band');
        g.append('title');
        g.append('rect').attr('class', 'seq-band-fill');
        g.append('g').attr('class', 'seq-walls');
        g.append('rect').attr('class', 'seq-band-pill').attr('rx', 4);
        g.append('text').attr('class', 'seq-band-label');
        return g;
      })
      .each(function (d) {
        const g = select(this);
        const ya = yc(d.from);
        const yb = yc(d.to);
        g.select('title').text(opts.text.partition(d.groups, d.from, d.to));
        g.select('.seq-band-fill')
          .attr('x', left)
          .attr('width', right - left)
          .attr('y', ya)
          .attr('height', Math.max(1, yb - ya));
        const walls = (partitionWalls(d.groups, p.laneIndex) ?? []).map((i) => laneX(i));
        g.select('.seq-walls')
          .selectAll<SVGLineElement, number>('line')
          .data(walls)
          .join('line')
          .attr('x1', (x) => x)
          .attr('x2', (x) => x)
          .attr('y1', ya)
          .attr('y2', yb);
        const label = g
          .select<SVGTextElement>('text')
          .attr('x', (walls[0] ?? left + 40) + 6)
          .attr('y', Math.max(ya, top) + 14)
          .text(opts.text.partitionTag);
        const tw = label.node()?.getComputedTextLength?.() ?? 50;
        g.select('.seq-band-pill')
          .attr('x', (walls[0] ?? left + 40) + 2)
          .attr('y', Math.max(ya, top) + 3)
          .attr('width', tw + 8)
          .attr('height', 15);
      });

    // Time grid and axis labels.
    const ticks = linearTicks(w0, w1, Math.max(2, Math.floor((bottom - top) / 56)));
    const fmtTick = tickFormat(ticks.length > 1 ? (ticks[1] as number) - (ticks[0] as number) : W);
    gGrid
      .selectAll<SVGLineElement, number>('line')
      .data(ticks, (d) => d)
      .join('line')
      .attr('x1', left)
      .attr('x2', right)
      .attr('y1', (d) => y(d))
      .attr('y2', (d) => y(d));
    gAxis
      .selectAll<SVGTextElement, number>('text')
      .data(ticks, (d) => d)
      .join('text')
      .attr('x', GUTTER - 8)
      .attr('y', (d) => y(d) + 4)
      .attr('text-anchor', 'end')
      .text((d) => fmtTick(d));

    // Lifelines.
    if (relayout)
      gLife
        .selectAll<SVGLineElement, { id: string }>('line.seq-life')
        .data(p.lanes, (d) => d.id)
        .join('line')
        .attr('class', (d) => `seq-life seq-life-${d.kind}`)
        .attr('x1', (_, i) => laneX(i))
        .attr('x2', (_, i) => laneX(i))
        .attr('y1', top)
        .attr('y2', bottom);

    const spanRects = (group: G, cls: string, data: Span[], width: number, title: (d: Span) => string) => {
      group
        .selectAll<SVGGElement, Span>(`g.${cls}`)
        .data(
          data.filter((d) => inWin(d.from, d.to) && p.laneIndex.has(d.node)),
          (d) => `${d.node}@${d.from}`,
        )
        .join((enter) => {
          const g = enter.append('g').attr('class', `seq-span ${cls}`);
          g.append('title');
          g.append('rect');
          return g;
        })
        .each(function (d) {
          const g = select(this);
          const ya = yc(d.from);
          g.select('title').text(title(d));
          g.select('rect')
            .attr('x', (xOf(d.node) ?? 0) - width / 2)
            .attr('width', width)
            .attr('y', ya)
            .attr('height', Math.max(1, yc(d.to) - ya));
        });
    };

    const gDown = ensureGroup(gSpans, 'seq-downs');
    const gPaused = ensureGroup(gSpans, 'seq-pauses');
    const gIsolated = ensureGroup(gSpans, 'seq-isolations');
    const gLead = ensureGroup(gSpans, 'seq-leaders');
    spanRects(gDown, 'seq-down', p.spans.down, 9, (d) => opts.text.down(d.node, d.from, d.to));
    spanRects(gPaused, 'seq-paused', p.spans.paused, 16, (d) => opts.text.paused(d.node, d.from, d.to));
    spanRects(gIsolated, 'seq-isolated', p.spans.isolated, 12, (d) =>
      opts.text.isolated(d.node, d.from, d.to),
    );

    // Leadership: a thick segment, with the token beside it (kept in view while the segment is).
    const leads = p.leaders
      .filter((l) => inWin(l.fromMs, l.toMs) && p.laneIndex.has(l.node))
      .map((l) => ({ node: l.node, from: l.fromMs, to: l.toMs, token: l.token, term: l.term }));
    gLead
      .selectAll<SVGGElement, (typeof leads)[number]>('g.seq-lead')
      .data(leads, (d) => `${d.node}@${d.from}`)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'seq-lead');
        g.append('title');
        g.append('rect').attr('rx', 2.5);
        g.append('text').attr('class', 'seq-lead-tag');
        return g;
      })
      .each(function (d) {
        const g = select(this);
        const x = (xOf(d.node) ?? 0) - 3;
        const ya = yc(d.from);
        const yb = yc(d.to);
        g.select('title').text(opts.text.leader(d.node, d.token, d.term, d.from, d.to));
        g.select('rect')
          .attr('x', x)
          .attr('width', 6)
          .attr('y', ya)
          .attr('height', Math.max(2, yb - ya));
        const tag = opts.text.tokenTag(d.token, d.term);
        g.select('.seq-lead-tag')
          .attr('x', x + 10)
          .attr('y', Math.min(Math.max(ya, top) + 12, Math.max(yb - 2, top + 12)))
          .text(tag);
      });

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
      const base = `seq-msg fam-${messageFamily(m.type)}${p.chatter.has(m.id) ? ' is-chatter' : ''}${lost ? ' is-lost' : ''}`;
      geo.set(node, { x1, y1, x2, y2, ex, ey, base, state: '' });
    };
    gMsgs.attr('transform', `translate(0,${(anchor - w0) * k})`);
    gMsgs
      .selectAll<SVGGElement, Message>('g.seq-msg')
      .data(visible, (m) => m.id)
      .join(
        (enter) => {
          const g = enter
            .append('g')
            .attr('class', 'seq-msg')
            .attr('data-msg', (m) => m.id)
            .attr('data-send-at', (m) => m.sendAt)
            .attr('data-type', (m) => m.type)
            .on('click', (_ev, m) => seek(m.sendAt));
          g.append('title').text((m) => opts.text.message({ ...m, progress: 0 }));
          g.append('line').attr('class', 'seq-hit');
          g.append('line').attr('class', 'seq-line');
          g.append('path').attr('class', 'seq-tip');
          g.append('circle').attr('class', 'seq-packet').attr('r', 3).attr('display', 'none');
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
        const state = t < m.sendAt ? 'future' : t >= m.deliverAt ? 'done' : 'flight';
        if (state !== g.state) {
          this.setAttribute('class', `${g.base} is-${state}`);
          if (state !== 'flight') (this.lastChild as SVGCircleElement).setAttribute('display', 'none');
          g.state = state;
        }
        if (state !== 'flight') return;
        // In flight: the packet sits where the arrow crosses the cursor (time is linear along it);
        // a lost one disappears at its X.
        const f = (t - m.sendAt) / Math.max(1, m.deliverAt - m.sendAt);
        const py = g.y1 + (g.y2 - g.y1) * f;
        const packet = this.lastChild as SVGCircleElement;
        const gone = m.fate === 'dropped' && Math.abs(py - g.y1) > Math.abs(g.ey - g.y1);
        packet.setAttribute('display', gone ? 'none' : 'inline');
        packet.setAttribute('cx', String(g.x1 + (g.x2 - g.x1) * f));
        packet.setAttribute('cy', String(py));
      });

    // Instant markers: crashes, restarts, violations.
    type Mark = {
      key: string;
      kind: 'crash' | 'restart' | 'violation' | 'write-ok' | 'write-rejected' | 'expire';
      x: number;
      t: number;
      title: string;
    };
    const marks: Mark[] = [];
    const ws = p.index.writes;
    const wlo = lowerBound(ws.length, (i) => ws[i]?.t ?? 0, w0);
    const whi = upperBound(ws.length, (i) => ws[i]?.t ?? 0, w1);
    for (let i = wlo; i < whi; i++) {
      const w = ws[i];
      const x = w ? xOf(w.resource) : null;
      if (w && x !== null)
        marks.push({
          key: `w${i}`,
          kind: w.status === 'accepted' ? 'write-ok' : 'write-rejected',
          x,
          t: w.t,
          title: opts.text.write(w),
        });
    }
    const xs = p.expiries;
    const xlo = lowerBound(xs.length, (i) => xs[i]?.t ?? 0, w0);
    const xhi = upperBound(xs.length, (i) => xs[i]?.t ?? 0, w1);
    for (let i = xlo; i < xhi; i++) {
      const e = xs[i];
      const x = e ? xOf(e.store) : null;
      if (e && x !== null)
        marks.push({
          key: `x${i}`,
          kind: 'expire',
          x,
          t: e.t,
          title: opts.text.expiry(e.store, e.lease, e.keys, e.revision),
        });
    }
    for (const c of p.spans.crashes) {
      const x = xOf(c.node);
      if (x !== null && c.t >= w0 && c.t <= w1)
        marks.push({
          key: `c${c.node}${c.t}`,
          kind: 'crash',
          x,
          t: c.t,
          title: opts.text.crash(c.node, c.t),
        });
    }
    for (const r of p.spans.restarts) {
      const x = xOf(r.node);
      if (x !== null && r.t >= w0 && r.t <= w1)
        marks.push({
          key: `r${r.node}${r.t}`,
          kind: 'restart',
          x,
          t: r.t,
          title: opts.text.restart(r.node, r.t),
        });
    }
    const vs = p.index.violations;
    const vlo = lowerBound(vs.length, (i) => vs[i]?.t ?? 0, w0);
    const vhi = upperBound(vs.length, (i) => vs[i]?.t ?? 0, w1);
    for (let i = vlo; i < vhi; i++) {
      const v = vs[i];
      if (!v) continue;
      for (const node of v.nodes) {
        const x = xOf(node);
        if (x !== null)
          marks.push({
            key: `v${i}${node}`,
            kind: 'violation',
            x,
            t: v.t,
            title: opts.text.violation(v.kind, v.detail, v.t),
          });
      }
    }
    gMarks
      .selectAll<SVGGElement, Mark>('g.seq-mark')
      .data(marks, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').on('click', (_ev, d) => seek(d.t));
        g.append('title');
        g.append('path');
        return g;
      })
      .attr('class', (d) => `seq-mark seq-mark-${d.kind}${d.t > t ? ' is-future' : ''}`)
      .attr('transform', (d) => `translate(${d.x},${y(d.t)})`)
      .each(function (d) {
        const g = select(this);
        g.select('title').text(d.title);
        g.select('path').attr(
          'd',
          d.kind === 'crash'
            ? `${cross(0, 0, 6)}M-11,0H11`
            : d.kind === 'restart'
              ? 'M-6,0H6'
              : d.kind === 'violation'
                ? 'M0,-7L7,0L0,7L-7,0Z'
                : d.kind === 'expire'
                  ? 'M-5,-6H5L-5,6H5Z'
                  : 'M-4,-4H4V4H-4Z',
        );
      });

    // The future under a light veil; the cursor on top.
    const yt = y(Math.max(w0, Math.min(w1, t)));
    gFuture
      .attr('x', 0)
      .attr('width', width)
      .attr('y', yt)
      .attr('height', Math.max(0, bottom + PAD_BOTTOM - yt));
    cursorLine
      .attr('x1', GUTTER - 4)
      .attr('x2', right)
      .attr('y1', yt)
      .attr('y2', yt);
    const label = formatSeconds(t, W);
    const tagW = Math.ceil(6.2 * label.length + 10);
    cursorTag.attr('transform', `translate(${Math.max(1, GUTTER - 4 - tagW)},${yt - 9})`);
    cursorTag.select('rect').attr('width', tagW).attr('height', 18);
    cursorTag
      .select('text')
      .attr('x', tagW / 2)
      .attr('y', 13)
      .attr('text-anchor', 'middle')
      .text(label);
    gAxis
      .selectAll<SVGTextElement, number>('text')
      .attr('opacity', (d) => (Math.abs(y(d) - yt) < 14 ? 0 : null));

    // Lane headers with the role each host has at t (redrawn only when an event has happened).
    const count = p.index.countAt(t);
    if (count === headCount) return;
    headCount = count;
    const frame = p.index.frameAt(t);
    const roleOf = new Map(frame.nodes.map((n) => [n.id, n.role]));
    gHead
      .selectAll<SVGRectElement, number>('rect.seq-head-bg')
      .data([0])
      .join('rect')
      .attr('class', 'seq-head-bg')
      .attr('x', 0)
      .attr('y', 0)
      .attr('width', width)
      .attr('height', HEADER - 4);
    gHead
      .selectAll<SVGGElement, { id: string; kind: HostKind }>('g.seq-lane')
      .data(p.lanes, (d) => d.id)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'seq-lane');
        g.append('title');
        g.append('circle').attr('r', 4);
        g.append('text');
        return g;
      })
      .attr('transform', (_, i) => `translate(${laneX(i)},0)`)
      .each(function (d) {
        const g = select(this);
        const role = roleOf.get(d.id) ?? 'follower';
        const name = laneW < 62 ? short(d.id) : d.id;
        g.attr('data-lane', d.id).attr('data-role', d.kind === 'node' ? role : null);
        g.select('title').text(opts.text.role(d.id, role));
        g.select('circle')
          .attr('cy', 12)
          .attr('cx', 0)
          .attr('class', d.kind === 'node' ? `seq-role role-${role}` : `seq-role kind-${d.kind}`);
        g.select('text').attr('y', 27).attr('text-anchor', 'middle').text(name);
      });
  }

  return {
    update,
    destroy() {
      svg.remove();
      prep = null;
    },
  };
}

function ensureGroup(parent: G, cls: string): G {
  const found = parent.select<SVGGElement>(`g.${cls}`);
  if (!found.empty()) return found as unknown as G;
  return parent.append('g').attr('class', cls) as unknown as G;
}

/** "node-3" -> "n3", "pg-2" -> "pg2" for narrow lanes; others unchanged. */
function short(id: string): string {
  const m = /^(node|pg)-(\d+)$/.exec(id);
  if (!m) return id;
  return m[1] === 'node' ? `n${m[2]}` : `pg${m[2]}`;
}

function arrowHead(x1: number, y1: number, x2: number, y2: number, size: number): string {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const s = size;
  const p1x = x2 - s * Math.cos(a - 0.45);
  const p1y = y2 - s * Math.sin(a - 0.45);
  const p2x = x2 - s * Math.cos(a + 0.45);
  const p2y = y2 - s * Math.sin(a + 0.45);
  return `M${x2},${y2}L${p1x},${p1y}L${p2x},${p2y}Z`;
}

function cross(x: number, y: number, r: number): string {
  return `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;
}
