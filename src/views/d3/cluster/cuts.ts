// Partition cuts: the line that separates two groups of hosts, drawn across the ring with its label.

import { t as tr } from '../../../i18n/index.ts';
import { maxOf, minOf } from '../../../lib/extent.ts';
import type { Frame } from '../../../sim/trace/frame.ts';
import type { Endpoints, Layout, Pos } from './layout.ts';
import type { Sel } from './types.ts';

/**
 * The straight line that best separates two groups of points (the widest empty band between them),
 * as n.x = c with n a unit normal; null when no line separates them. Tries 72 directions: plenty
 * for at most a dozen points, and it works for any layout, not only neighbours on a ring.
 */
export function separatingLine(
  a: readonly Pos[],
  b: readonly Pos[],
): { nx: number; ny: number; c: number } | null {
  if (!a.length || !b.length) return null;
  let best: { nx: number; ny: number; c: number; gap: number } | null = null;
  for (let k = 0; k < 72; k++) {
    const th = (Math.PI * k) / 72;
    const nx = Math.cos(th);
    const ny = Math.sin(th);
    const pa = a.map((p) => p.x * nx + p.y * ny);
    const pb = b.map((p) => p.x * nx + p.y * ny);
    const [aMin, aMax, bMin, bMax] = [minOf(pa), maxOf(pa), minOf(pb), maxOf(pb)];
    const gap = Math.max(bMin - aMax, aMin - bMax);
    if (gap <= 0 || (best && gap <= best.gap)) continue;
    const c = bMin - aMax > 0 ? (aMax + bMin) / 2 : (bMax + aMin) / 2;
    best = { nx, ny, c, gap };
  }
  return best ? { nx: best.nx, ny: best.ny, c: best.c } : null;
}

/** Draws one cut line (with its "partition" word) between each pair of neighbouring partition groups. */
export function drawCuts(gCut: Sel<SVGGElement>, layout: Layout, frame: Frame): void {
  const lines: Array<Endpoints & { key: string }> = [];
  const groups = frame.partition ?? [];
  const posOf = (ids: string[]) =>
    ids.map((id) => layout.pos.get(id)).filter((p): p is Pos => p !== undefined);
  const { cx, cy, rx, ry } = layout.ring;
  const half = Math.max(rx, ry) + layout.nodeR + 18;
  for (let i = 0; i + 1 < groups.length; i++) {
    const line = separatingLine(posOf(groups[i] as string[]), posOf(groups[i + 1] as string[]));
    if (!line) continue;
    // The stretch of the line that crosses the ring: centred on the ring centre's projection.
    const off = line.c - (line.nx * cx + line.ny * cy);
    const mx = cx + line.nx * off;
    const my = cy + line.ny * off;
    const dx = -line.ny;
    const dy = line.nx;
    lines.push({
      key: `p${i}`,
      x1: mx - dx * half,
      y1: my - dy * half,
      x2: mx + dx * half,
      y2: my + dy * half,
    });
  }
  const sel = gCut
    .selectAll<SVGGElement, Endpoints & { key: string }>('g.cut')
    .data(lines, (d) => d.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'cut');
      g.append('line');
      g.append('text').text(tr('cluster.partition'));
      return g;
    });
  sel
    .select('line')
    .attr('x1', (d) => d.x1)
    .attr('y1', (d) => d.y1)
    .attr('x2', (d) => d.x2)
    .attr('y2', (d) => d.y2);
  sel
    .select('text')
    .attr('x', (d) => d.x1)
    .attr('y', (d) => d.y1 - 6)
    .style('text-anchor', (d) => (d.x1 < d.x2 ? 'start' : 'end'));
}
