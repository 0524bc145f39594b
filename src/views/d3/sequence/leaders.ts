// Leadership on the lifelines: a thick segment per leadership, with its token or term beside it.
import { select } from 'd3-selection';
import type { Prepared } from './prepare.ts';
import type { G, View } from './scene.ts';
import type { SequenceText } from './types.ts';

export function drawLeaders(gLead: G, p: Prepared, v: View, text: SequenceText): void {
  const { top, yc, xOf, inWin } = v;
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
      g.select('title').text(text.leader(d.node, d.token, d.term, d.from, d.to));
      g.select('rect')
        .attr('x', x)
        .attr('width', 6)
        .attr('y', ya)
        .attr('height', Math.max(2, yb - ya));
      const tag = text.tokenTag(d.token, d.term);
      g.select('.seq-lead-tag')
        .attr('x', x + 10)
        .attr('y', Math.min(Math.max(ya, top) + 12, Math.max(yb - 2, top + 12)))
        .text(tag);
    });
}
