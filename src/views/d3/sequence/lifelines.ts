// The lanes: one lifeline per host, and its header with the host's name and its role at t.
import { select } from 'd3-selection';
import type { HostKind } from '../../../sim/net/host.ts';
import type { Prepared } from './prepare.ts';
import { type G, HEADER, type View } from './scene.ts';
import type { SequenceText } from './types.ts';

/** The lifelines, one per lane (drawn again only when the layout changes). */
export function drawLifelines(gLife: G, p: Prepared, v: View): void {
  const { top, bottom, laneX } = v;
  gLife
    .selectAll<SVGLineElement, { id: string }>('line.seq-life')
    .data(p.lanes, (d) => d.id)
    .join('line')
    .attr('class', (d) => `seq-life seq-life-${d.kind}`)
    .attr('x1', (_, i) => laneX(i))
    .attr('x2', (_, i) => laneX(i))
    .attr('y1', top)
    .attr('y2', bottom);
}

/**
 * Lane headers with the role each host has at t. `drawnCount` is the number of events the headers
 * were last drawn for (-1 after a relayout); returns the number they now show.
 */
export function drawLaneHeads(
  gHead: G,
  p: Prepared,
  v: View,
  text: SequenceText,
  drawnCount: number,
): number {
  const { t, width, laneW, laneX } = v;
  // Lane headers with the role each host has at t (redrawn only when an event has happened).
  const count = p.index.countAt(t);
  if (count === drawnCount) return count;
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
      g.select('title').text(text.role(d.id, role));
      g.select('circle')
        .attr('cy', 12)
        .attr('cx', 0)
        .attr('class', d.kind === 'node' ? `seq-role role-${role}` : `seq-role kind-${d.kind}`);
      g.select('text').attr('y', 27).attr('text-anchor', 'middle').text(name);
    });
  return count;
}

/** "node-3" -> "n3", "pg-2" -> "pg2" for narrow lanes; others unchanged. */
function short(id: string): string {
  const m = /^(node|pg)-(\d+)$/.exec(id);
  if (!m) return id;
  return m[1] === 'node' ? `n${m[2]}` : `pg${m[2]}`;
}
