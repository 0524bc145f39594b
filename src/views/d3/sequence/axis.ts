// The time axis: round tick values, their labels' precision, and the grid lines and labels of the window.
import { formatNumber, t as tr } from '../../../i18n/index.ts';
import { type G, GUTTER, type View } from './scene.ts';

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

/**
 * Seconds for axis ticks: as many decimals as the tick step needs ("12 s", "5.4 s", "0.95 s"), in the
 * language ("5,4 с" in ru).
 */
export function tickFormat(stepMs: number): (ms: number) => string {
  const digits = stepMs >= 1000 ? 0 : stepMs >= 100 ? 1 : stepMs >= 10 ? 2 : 3;
  return (ms) => tr('time.s', { s: formatNumber(ms / 1000, digits) });
}

/** The time grid across the lanes and its labels in the gutter. */
export function drawAxis(gGrid: G, gAxis: G, v: View): void {
  const { w0, w1, W, top, bottom, left, right, y } = v;
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
}
