// Instant markers on the lifelines: writes, lease expiries, crashes, restarts and violations.
import { select } from 'd3-selection';
import { lowerBound, upperBound } from '../../../lib/search.ts';
import { violationText } from '../../violationText.ts';
import { cross } from './paths.ts';
import type { Prepared } from './prepare.ts';
import type { G, View } from './scene.ts';
import type { SequenceText } from './types.ts';

export function drawMarks(
  gMarks: G,
  p: Prepared,
  v: View,
  seek: (t: number) => void,
  text: SequenceText,
): void {
  const { t, w0, w1, y, xOf } = v;
  // Instant markers: a host's processes stopping and starting (faults/fold.ts moves: crash, kill, restart), violations.
  type Mark = {
    key: string;
    kind: 'stop' | 'start' | 'violation' | 'write-ok' | 'write-rejected' | 'expire';
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
        title: text.write(w),
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
        title: text.expiry(e.store, e.lease, e.keys, e.revision),
      });
  }
  for (const c of p.spans.crashes) {
    const x = xOf(c.node);
    if (x !== null && c.t >= w0 && c.t <= w1)
      marks.push({
        key: `c${c.node}${c.t}`,
        kind: 'stop',
        x,
        t: c.t,
        title: text.crash(c.node, c.t),
      });
  }
  for (const r of p.spans.restarts) {
    const x = xOf(r.node);
    if (x !== null && r.t >= w0 && r.t <= w1)
      marks.push({
        key: `r${r.node}${r.t}`,
        kind: 'start',
        x,
        t: r.t,
        title: text.restart(r.node, r.t),
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
          title: text.violation(v.kind, violationText(v), v.t),
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
        d.kind === 'stop'
          ? `${cross(0, 0, 6)}M-11,0H11`
          : d.kind === 'start'
            ? 'M-6,0H6'
            : d.kind === 'violation'
              ? 'M0,-7L7,0L0,7L-7,0Z'
              : d.kind === 'expire'
                ? 'M-5,-6H5L-5,6H5Z'
                : 'M-4,-4H4V4H-4Z',
      );
    });
}
