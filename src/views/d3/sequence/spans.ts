// Fault spans on the diagram: partition bands across every lifeline; down, paused and isolated spans on one.
import { select } from 'd3-selection';
import { type PartitionSpan, partitionWalls, type Span } from './faults.ts';
import type { Prepared } from './prepare.ts';
import type { G, View } from './scene.ts';
import type { SequenceText } from './types.ts';

/** Partition bands across every lifeline, with their walls between groups and their tag. */
export function drawBands(gBands: G, p: Prepared, v: View, text: SequenceText): void {
  const { top, left, right, yc, laneX, inWin } = v;
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
      g.select('title').text(text.partition(d.groups, d.from, d.to));
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
        .text(text.partitionTag);
      const tw = label.node()?.getComputedTextLength?.() ?? 50;
      g.select('.seq-band-pill')
        .attr('x', (walls[0] ?? left + 40) + 2)
        .attr('y', Math.max(ya, top) + 3)
        .attr('width', tw + 8)
        .attr('height', 15);
    });
}

/** The span layers inside the spans group, created on first use in drawing order (leaders on top). */
export function spanGroups(gSpans: G): { down: G; paused: G; isolated: G; leaders: G } {
  const gDown = ensureGroup(gSpans, 'seq-downs');
  const gPaused = ensureGroup(gSpans, 'seq-pauses');
  const gIsolated = ensureGroup(gSpans, 'seq-isolations');
  const gLead = ensureGroup(gSpans, 'seq-leaders');
  return { down: gDown, paused: gPaused, isolated: gIsolated, leaders: gLead };
}

/** Down, paused and isolated spans: a bar on the node's lifeline, each kind its own width. */
export function drawFaultSpans(
  groups: { down: G; paused: G; isolated: G },
  p: Prepared,
  v: View,
  text: SequenceText,
): void {
  const { yc, xOf, inWin } = v;
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

  spanRects(groups.down, 'seq-down', p.spans.down, 9, (d) => text.down(d.node, d.from, d.to));
  spanRects(groups.paused, 'seq-paused', p.spans.paused, 16, (d) => text.paused(d.node, d.from, d.to));
  spanRects(groups.isolated, 'seq-isolated', p.spans.isolated, 12, (d) =>
    text.isolated(d.node, d.from, d.to),
  );
}

function ensureGroup(parent: G, cls: string): G {
  const found = parent.select<SVGGElement>(`g.${cls}`);
  if (!found.empty()) return found as unknown as G;
  return parent.append('g').attr('class', cls) as unknown as G;
}
