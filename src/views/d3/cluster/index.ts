// The cluster picture's factory: wires the layout, links, cuts, hosts and message canvas into { update, destroy }.
import { select } from 'd3-selection';
import type { Frame } from '../../../sim/trace/frame.ts';
import { createThemeColors } from './colors.ts';
import { drawCuts } from './cuts.ts';
import { buildHosts, splitBrainNodes, updateHosts } from './hosts.ts';
import { type Box, fitLayout, layoutSize } from './layout.ts';
import { buildLinks, updateLinks } from './links.ts';
import { cellsFor, drawLogs, LOG_ROOM } from './logs.ts';
import { createMessageCanvas } from './messages.ts';
import type { ClusterOptions, ClusterRenderer, HostInfo, Sel } from './types.ts';

export { separatingLine } from './cuts.ts';
export {
  ADR_BADGE_H,
  ADR_BADGE_W,
  adrBadgeAt,
  crowded,
  ends,
  fitLayout,
  type Layout,
  layoutHosts,
  layoutSize,
  MESH_MAX_NODES,
  type Pos,
  segmentHitsBox,
  shortName,
} from './layout.ts';
export { messageOpacity, messageReach, messageStop } from './messages.ts';
export { leaderKeyOf, nodeLabel, nodePill, shardsLed } from './nodeText.ts';
export type { ClusterOptions, ClusterRenderer, HostInfo, Link, LinkKind } from './types.ts';

/**
 * The cluster picture: election nodes on a ring, the coordination store in the middle, the
 * protected storage, proxy and client beside it, and every message in flight travelling along its
 * link at its real send -> delivery pace. A framework-free D3 renderer: `createClusterView(el,
 * opts)` returns `{ update(frame), destroy() }`; the layout is fixed per host list and container
 * size, so nothing jumps while a run plays. Colours come from CSS variables (theme.css); every
 * state is also drawn as a shape, icon or word, never by colour alone.
 */

/** Creates the picture inside `el` (which it fills) and returns its update/destroy handle. */
export function createClusterView(el: HTMLElement, opts: ClusterOptions): ClusterRenderer {
  const root = select(el);
  const svg = root
    .append('svg')
    .attr('class', opts.svgClass ? `cluster-svg ${opts.svgClass}` : 'cluster-svg')
    .attr('role', 'group')
    .attr('aria-label', opts.label)
    .attr('data-motion', opts.reducedMotion ? 'reduced' : 'full') as Sel<SVGSVGElement>;
  const gLinks = svg.append('g').attr('class', 'links');
  const gCut = svg.append('g').attr('class', 'cuts');
  const gHosts = svg.append('g').attr('class', 'hosts');
  // Each node's log, up to the stories' 9 nodes: past that the circles shrink and the log's cells would not fit.
  const gLogs =
    opts.logsAt && opts.hosts.filter((h) => h.kind === 'node').length <= 9
      ? (svg.append('g').attr('class', 'raft-logs') as Sel<SVGGElement>)
      : null;
  // The ADR badge is a button: beside the node groups, not inside one (a node is a button too in the sandbox).
  const gAdr = svg.append('g').attr('class', 'adr-layer');
  const kinds = new Map(opts.hosts.map((h) => [h.id, h.kind]));
  const colors = createThemeColors(el, () => {
    if (last) messages.draw(last, layout);
  });
  const messages = createMessageCanvas(root, kinds, colors, opts);

  const layoutFor = (w: number, h: number) => {
    laidFor = layoutSize(w, h);
    return fitLayout(opts.hosts, w, h, opts.onAdr ? opts.adrNode : undefined, gLogs ? LOG_ROOM : 0);
  };
  /** The size the layout was asked for (fitLayout may lay it out larger, see there). */
  let laidFor = { width: 0, height: 0 };
  let layout = opts.fixedSize
    ? layoutFor(opts.fixedSize.width, opts.fixedSize.height)
    : layoutFor(el.clientWidth, el.clientHeight);
  // The messages as SVG, over the picture (the canvas is not in a static copy): linkPicture.ts.
  const gMsgs = opts.messagesSvg
    ? (svg.append('g').attr('class', 'msgs-svg').attr('aria-hidden', 'true') as Sel<SVGGElement>)
    : null;
  const also = opts.alsoAt
    ? createClusterView(el, {
        ...opts,
        alsoAt: undefined,
        fixedSize: opts.alsoAt,
        svgClass: opts.alsoAt.className,
      })
    : null;
  let last: Frame | null = null;

  /** Reachability the link classes were last drawn for (see update). */
  let lastReach = '';
  /** How many cells each node's log may take in this layout. */
  let logCells = new Map<string, number>();
  /** What each host group was last drawn as (see update): unchanged hosts are not touched. */
  const hostDrawn = new Map<string, string>();

  // ---- static structure (rebuilt on resize) ----
  const buildStatic = () => {
    lastReach = '';
    hostDrawn.clear();
    svg.attr('viewBox', `0 0 ${layout.width} ${layout.height}`).classed('crowd', layout.crowd);
    messages.resize(layout);
    buildLinks(gLinks, opts.links, layout, kinds);
    buildHosts(gHosts, gAdr, layout, opts);
    if (gLogs) {
      logCells = cellsFor(layout, opts.hosts);
      gLogs.attr('data-drawn', null);
    }
  };

  // ---- per-frame update ----
  const update = (frame: Frame) => {
    last = frame;
    const byId = new Map(frame.nodes.map((n) => [n.id, n]));
    const errored = splitBrainNodes(frame, byId);
    lastReach = updateLinks(gLinks, frame, byId, kinds, lastReach);
    drawCuts(gCut, layout, frame);
    updateHosts(gHosts, frame, byId, errored, hostDrawn, layout, opts);
    let logBoxes: Box[] = [];
    if (gLogs && opts.logsAt) {
      const drawn = drawLogs(gLogs, layout, opts.hosts, logCells, frame, opts.logsAt(frame));
      gHosts
        .selectAll<SVGGElement, HostInfo>('g.host')
        .classed('outside-config', (d) => drawn.outside.has(d.id));
      logBoxes = drawn.boxes;
    }
    // Message labels keep off the logs (labels.ts), as they keep off the hosts.
    messages.draw(frame, layout, gMsgs, logBoxes);
    also?.update(frame);
  };

  buildStatic();

  const ro =
    typeof ResizeObserver !== 'undefined' && !opts.fixedSize
      ? new ResizeObserver(() => {
          const w = el.clientWidth;
          const h = el.clientHeight;
          const size = layoutSize(w, h);
          if (Math.abs(size.width - laidFor.width) < 1 && Math.abs(size.height - laidFor.height) < 1) return;
          layout = layoutFor(w, h);
          buildStatic();
          if (last) update(last);
        })
      : null;
  ro?.observe(el);

  return {
    update,
    destroy() {
      ro?.disconnect();
      also?.destroy();
      colors.destroy();
      svg.remove();
      messages.remove();
    },
  };
}
