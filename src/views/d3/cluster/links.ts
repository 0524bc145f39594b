// The links between hosts: drawn once per layout, re-classed (broken, dead) only when reachability changes.
import { select } from 'd3-selection';
import type { HostKind } from '../../../sim/net/host.ts';
import { blocked, netShown } from '../../../sim/net/reach.ts';
import type { Frame, NodeView } from '../../../sim/trace/frame.ts';
import { ends, type Layout } from './layout.ts';
import type { Link, Sel } from './types.ts';

/** Draws the link lines for a layout, each from outline to outline. */
export function buildLinks(
  gLinks: Sel<SVGGElement>,
  links: Link[],
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
): void {
  const lines = gLinks
    .selectAll<SVGLineElement, Link>('line')
    .data(links, (d) => `${d.a}|${d.b}`)
    .join('line')
    .attr('class', (d) => `link link-${d.kind}`);
  lines.each(function (d) {
    const e = ends(layout, kinds, d.a, d.b);
    if (!e) return;
    select(this).attr('x1', e.x1).attr('y1', e.y1).attr('x2', e.x2).attr('y2', e.y2);
  });
}

/**
 * Re-classes the links for a frame when reachability differs from `lastReach` (what they were last
 * drawn for; '' after a rebuild) and returns the reachability they now show.
 */
export function updateLinks(
  gLinks: Sel<SVGGElement>,
  frame: Frame,
  byId: ReadonlyMap<string, NodeView>,
  kinds: ReadonlyMap<string, HostKind>,
  lastReach: string,
): string {
  // The simulator's own reachability rule (net/reach.ts), on the state this frame shows.
  const net = netShown(
    frame.partition,
    frame.cuts,
    frame.nodes.flatMap((n) => (n.isolated ? [[n.id, n.isolated] as const] : [])),
  );
  const isStore = (id: string) => kinds.get(id) === 'store';
  const linkBroken = (a: string, b: string): boolean => blocked(net, isStore, a, b) !== null;
  const linkDead = (a: string, b: string): boolean => byId.get(a)?.up === false || byId.get(b)?.up === false;

  // Re-class the links only when reachability changed: with n nodes there are O(n^2) of them, and
  // touching them every frame dominated large Bully clusters (npm run bench).
  const reach = JSON.stringify([
    frame.partition,
    frame.cuts,
    frame.nodes.map((n) => (n.up ? (n.isolated ?? '') : 'x')),
  ]);
  if (reach !== lastReach) {
    gLinks
      .selectAll<SVGLineElement, Link>('line')
      .classed('broken', (d) => linkBroken(d.a, d.b))
      .classed('dead', (d) => linkDead(d.a, d.b));
  }
  return reach;
}
