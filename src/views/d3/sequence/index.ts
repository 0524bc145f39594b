// The sequence diagram's factory: creates the layers and draws each of them per update; re-exports the public API.
/**
 * Space-time (sequence) diagram of a trace, framework-free: one lifeline per host, time flowing
 * downward, messages as arrows from (from, sendAt) to (to, deliverAt), lost ones ending in an X,
 * faults on the lifelines, leadership as a thick segment with its token, and the cursor as a
 * horizontal line. The window follows the cursor; only arrows inside it are drawn (binary search on
 * the index's messages, sorted by sendAt). What lies after the cursor sits under a light veil.
 *
 * Shape: createSequence(el, opts) -> { update(state), destroy() } (docs/architecture.md, views/d3).
 *
 * Cost of update(): O(log M) to find the window's arrows among the run's M messages (sorted by send
 * time), then O(A) for the A arrows that can cross the window (sent inside it, or up to the longest
 * flight before it) and O(log W + w) for the writes, O(log V + v) for the violations in it. Fault
 * spans, leaderships, crashes and restarts (a handful per run) are filtered in full: O(S). Nothing
 * is proportional to the trace's length. Arrows are positioned once per layout (window size, zoom)
 * and slid by one transform as the cursor moves; each frame only moves the packets in flight (an
 * arrow's class never changes after it enters: a change restyles its group). SequenceDiagram.tsx draws every
 * frame only while the diagram is on screen.
 */
import { select } from 'd3-selection';
import { type ArrowGeo, drawArrows } from './arrows.ts';
import { drawAxis } from './axis.ts';
import { drawCursor } from './cursor.ts';
import { drawLeaders } from './leaders.ts';
import { drawLaneHeads, drawLifelines } from './lifelines.ts';
import { drawMarks } from './marks.ts';
import { type Prepared, prepare } from './prepare.ts';
import { PAD_BOTTOM, viewOf } from './scene.ts';
import { drawBands, drawFaultSpans, spanGroups } from './spans.ts';
import type { SequenceOptions, SequenceRenderer, SequenceState } from './types.ts';

export { linearTicks, tickFormat } from './axis.ts';
export { chatterIds, chatterOf } from './chatter.ts';
export { formatSeconds } from './cursor.ts';
export { type FaultSpans, faultSpans, type PartitionSpan, partitionWalls, type Span } from './faults.ts';
export { laneOrder, leaseExpiries } from './prepare.ts';
export type { SequenceOptions, SequenceRenderer, SequenceState, SequenceText } from './types.ts';
export { defaultWindowMs, niceMs, visibleRange, windowAt } from './window.ts';

let instances = 0;

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
  // The packets in flight, above every arrow: one path per message family (arrows.ts drawPackets).
  const gPackets = body.append('g').attr('class', 'seq-packets');
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
    const v = viewOf(p, s);
    const { width, height } = s;
    const { w0, W, top, bottom, k } = v;
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

    drawBands(gBands, p, v, opts.text);
    drawAxis(gGrid, gAxis, v);
    if (relayout) drawLifelines(gLife, p, v);
    const spans = spanGroups(gSpans);
    drawFaultSpans(spans, p, v, opts.text);
    drawLeaders(spans.leaders, p, v, opts.text);
    drawArrows(gMsgs, gPackets, p, v, anchor, relayout, geo, seek, opts.text);
    drawMarks(gMarks, p, v, seek, opts.text);
    drawCursor({ cursorLine, cursorTag, gFuture, gAxis }, v);
    headCount = drawLaneHeads(gHead, p, v, opts.text, headCount);
  }

  return {
    update,
    destroy() {
      svg.remove();
      prep = null;
    },
  };
}
