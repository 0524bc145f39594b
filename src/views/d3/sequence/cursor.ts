// The cursor: a line and a time tag at t, the future under a light veil, axis labels it would cover hidden.
import type { Selection } from 'd3-selection';
import { formatNumber, t as tr } from '../../../i18n/index.ts';
import { type G, GUTTER, PAD_BOTTOM, type View } from './scene.ts';

/** Seconds for the cursor label, with as many decimals as the window needs, in the language ("0,25 с"). */
export function formatSeconds(ms: number, windowMs: number): string {
  const digits = windowMs <= 2_000 ? 3 : windowMs <= 20_000 ? 2 : windowMs <= 200_000 ? 1 : 0;
  return tr('time.s', { s: formatNumber(ms / 1000, digits) });
}

export interface CursorParts {
  cursorLine: Selection<SVGLineElement, unknown, null, undefined>;
  cursorTag: G;
  gFuture: Selection<SVGRectElement, unknown, null, undefined>;
  gAxis: G;
}

export function drawCursor({ cursorLine, cursorTag, gFuture, gAxis }: CursorParts, v: View): void {
  const { t, w0, w1, W, bottom, right, width, y } = v;
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
}
