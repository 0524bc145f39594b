// Raft's log under each node: a cell per entry (its term written in it and coloured by it), the commit mark, and the leader's matchIndex and nextIndex for each follower.
import { t as tr } from '../../../i18n/index.ts';
import type { Frame } from '../../../sim/trace/frame.ts';
import type { Box, Layout } from './layout.ts';
import { outsideConfig, type RaftLogs, type Strip, stripOf } from './raftLog.ts';
import type { HostInfo, Sel } from './types.ts';

/**
 * A cell's size follows the nodes' (11 to 15 px wide: a two-digit term fits), the "…N" cell is two
 * cells wide, and the text is sized to the cell.
 */
export function logGeometry(nodeR: number): { cellW: number; cellH: number; foldW: number; font: number } {
  const cellW = Math.round(Math.max(11, Math.min(15, nodeR * 0.44)));
  return { cellW, cellH: cellW + 1, foldW: 2 * cellW, font: Math.round(cellW * 0.68 * 2) / 2 };
}
const GAP = 1;
/** How far under a node's centre its log starts: under its term pill (hosts.ts, r + 14 ± 9). */
export const logTop = (r: number) => r + 26;
/** The room a log takes under a node (layout.ts `extraBelow`): its cells, then the row of m and n. */
export const LOG_ROOM = 30;
const MAX_CELLS = 12;

/**
 * How many cells each node's log may take: as many as keep it inside the picture and clear of the
 * nodes beside it (their circle, role badge and pill) and of their logs, from 3 to MAX_CELLS. A log
 * is centred under its node, so it may reach as far to each side as the nearest of those allows.
 */
export function cellsFor(layout: Layout, hosts: readonly HostInfo[]): Map<string, number> {
  const { cellW: CELL_W, foldW: FOLD_W } = logGeometry(layout.nodeR);
  const r = layout.nodeR;
  const nodes = hosts.filter((h) => h.kind === 'node');
  const out = new Map<string, number>();
  /** A log's band, and a node's with its badge and pill (hosts.ts), from the node's centre. */
  const logBand = (y: number) => [y + logTop(r) - 4, y + logTop(r) + LOG_ROOM - 4] as const;
  const nodeBand = (y: number) => [y - r - 11, y + r + 24] as const;
  const meet = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[1] && b[0] < a[1];
  for (const n of nodes) {
    const p = layout.pos.get(n.id);
    if (!p) continue;
    let half = Math.min(p.x - 8, layout.width - 8 - p.x);
    for (const o of nodes) {
      const q = o.id === n.id ? undefined : layout.pos.get(o.id);
      if (!q) continue;
      const dx = Math.abs(q.x - p.x);
      if (meet(logBand(p.y), nodeBand(q.y))) half = Math.min(half, dx - r - 6);
      // Two logs side by side share the space between their nodes.
      if (meet(logBand(p.y), logBand(q.y))) half = Math.min(half, dx / 2 - 4);
    }
    // Backing (6 px each side), the fold cell and the next index's cell past the end.
    const room = 2 * half - 12;
    const fit = Math.floor((room - FOLD_W - CELL_W) / (CELL_W + GAP)) + 1;
    out.set(n.id, Math.max(3, Math.min(MAX_CELLS, fit)));
  }
  return out;
}

/** The words for a log, for its accessible label and its tooltip. */
export function stripLabel(node: string, s: Strip): string {
  const parts = [tr('cluster.log.entries', { node, count: s.length, commit: s.commit })];
  if (s.progress) parts.push(tr('cluster.log.progress', { match: s.progress.match, next: s.progress.next }));
  return parts.join(' ');
}

/** The leader on screen: the one node drawn as leader (none during a split or an election). */
function leaderOf(frame: Frame): string | null {
  const leaders = frame.nodes.filter((n) => n.kind === 'node' && n.role === 'leader');
  return leaders.length === 1 ? (leaders[0]?.id ?? null) : null;
}

/** The left edge and width of a strip's cells: centred under the node, moved in at the picture's edge. */
function stripSpan(s: Strip, cx: number, cellW: number, foldW: number, pictureW: number) {
  const slot = s.progress !== undefined && s.progress.next > s.length;
  const width =
    (s.folded > 0 ? foldW + GAP : 0) + s.cells.length * (cellW + GAP) + (slot ? cellW + GAP : 0) - GAP;
  const w = Math.max(width, cellW);
  return { slot, width, x0: Math.max(8, Math.min(pictureW - 8 - w, cx - w / 2)) };
}

/** The box a strip's backing covers (drawStrip), in the picture's pixels: message labels keep off it. */
export function stripBox(s: Strip, cx: number, y: number, nodeR: number, pictureW: number): Box {
  const { cellW, cellH, foldW, font } = logGeometry(nodeR);
  const { width, x0 } = stripSpan(s, cx, cellW, foldW, pictureW);
  return {
    x0: x0 - 6,
    x1: x0 + Math.max(width, cellW) + 6,
    y0: y - 4,
    y1: y - 4 + cellH + (s.progress ? font + 8 : 8),
  };
}

/** Each node's strip at this frame: its log in its cells, with the on-screen leader's view of it. */
function stripsAt(
  hosts: readonly HostInfo[],
  cells: ReadonlyMap<string, number>,
  frame: Frame,
  logs: RaftLogs,
) {
  const leader = leaderOf(frame);
  const progress = leader ? logs.progress.get(leader) : undefined;
  const strips = hosts
    .filter((h) => h.kind === 'node')
    .map((h) => ({
      id: h.id,
      strip: stripOf(logs.logs.get(h.id), cells.get(h.id) ?? 3, progress?.get(h.id)),
    }));
  return { strips, outside: outsideConfig(logs, leader) };
}

/**
 * Draws every node's log at this frame into `g` (emptied first); `drawn` skips an unchanged picture.
 * Returns the servers outside the cluster's configuration (Raft membership), which are labelled here
 * and which the caller draws dimmed, and the logs' boxes, which message labels keep off.
 */
export function drawLogs(
  g: Sel<SVGGElement>,
  layout: Layout,
  hosts: readonly HostInfo[],
  cells: ReadonlyMap<string, number>,
  frame: Frame,
  logs: RaftLogs,
): { outside: Set<string>; boxes: Box[] } {
  const { strips, outside } = stripsAt(hosts, cells, frame, logs);
  const boxes = strips.flatMap(({ id, strip }) => {
    const p = layout.pos.get(id);
    return p ? [stripBox(strip, p.x, p.y + logTop(layout.nodeR), layout.nodeR, layout.width)] : [];
  });
  const key = JSON.stringify([strips, [...outside]]);
  if (g.attr('data-drawn') === key) return { outside, boxes };
  g.attr('data-drawn', key);
  g.selectAll('*').remove();
  for (const { id, strip } of strips) {
    const p = layout.pos.get(id);
    if (!p) continue;
    drawStrip(g, id, strip, p.x, p.y + logTop(layout.nodeR), logGeometry(layout.nodeR), layout.width);
    // Thesis §4.2.1-4.2.2: a server outside the configuration (new and not yet added, or removed).
    if (outside.has(id))
      g.append('text')
        .attr('class', 'outside-label')
        .attr('data-outside', id)
        .attr('x', p.x)
        .attr('y', p.y - layout.nodeR - 16)
        .text(tr('cluster.outsideConfig'));
  }
  return { outside, boxes };
}

function drawStrip(
  g: Sel<SVGGElement>,
  node: string,
  s: Strip,
  cx: number,
  y: number,
  geo: ReturnType<typeof logGeometry>,
  pictureW: number,
): void {
  const { cellW: CELL_W, cellH: CELL_H, foldW: FOLD_W, font } = geo;
  const { slot, width, x0 } = stripSpan(s, cx, CELL_W, FOLD_W, pictureW);
  const label = stripLabel(node, s);
  const strip = g
    .append('g')
    .attr('class', 'raft-log')
    .attr('data-log', node)
    .attr('data-length', s.length)
    .attr('data-commit', s.commit)
    .attr('role', 'img')
    .attr('aria-label', label);
  strip.append('title').text(label);
  // A backing under the cells and marks: the mesh's lines do not run through the terms.
  strip
    .append('rect')
    .attr('class', 'log-back')
    .attr('x', x0 - 6)
    .attr('y', y - 4)
    .attr('width', Math.max(width, CELL_W) + 12)
    .attr('height', CELL_H + (s.progress ? font + 8 : 8))
    .attr('rx', 4);
  strip.style('font-size', `${font}px`);
  if (s.progress) strip.attr('data-match', s.progress.match).attr('data-next', s.progress.next);
  /** The x of entry i's cell (its left edge); the fold cell for a folded entry. */
  const xOf = (i: number): number => {
    if (i <= s.folded) return x0;
    return x0 + (s.folded > 0 ? FOLD_W + GAP : 0) + (i - s.folded - 1) * (CELL_W + GAP);
  };
  const wOf = (i: number) => (i <= s.folded ? FOLD_W : CELL_W);
  /** A cell (an entry, or the fold): its box at x, w wide, and its text in the middle. */
  const labelled = (c: Sel<SVGGElement>, x: number, w: number, text: string) => {
    c.append('rect')
      .attr('class', 'box')
      .attr('x', x)
      .attr('y', y)
      .attr('width', w)
      .attr('height', CELL_H)
      .attr('rx', 2);
    c.append('text')
      .attr('x', x + w / 2)
      .attr('y', y + CELL_H / 2 + font * 0.36)
      .text(text);
  };
  if (s.length === 0 && !slot) {
    strip
      .append('rect')
      .attr('class', 'box log-empty')
      .attr('x', x0)
      .attr('y', y)
      .attr('width', CELL_W)
      .attr('height', CELL_H)
      .attr('rx', 2);
  }
  if (s.folded > 0) {
    labelled(
      strip
        .append('g')
        .attr('class', `log-fold${s.foldedCommitted ? ' committed' : ''}`)
        .attr('data-folded', s.folded),
      x0,
      FOLD_W,
      `…${s.folded}`,
    );
  }
  for (const cell of s.cells) {
    const c = strip
      .append('g')
      .attr(
        'class',
        `log-cell term-${cell.term % 6}${cell.committed ? ' committed' : ''}${cell.config ? ' config' : ''}`,
      )
      .attr('data-index', cell.index)
      .attr('data-term', cell.term);
    // A configuration entry (thesis §4.1) shows its change, + or −, in its term's colour.
    if (cell.config) {
      c.attr('data-config', cell.config);
      c.append('title').text(
        tr('cluster.log.config', { index: cell.index, term: cell.term, change: cell.config }),
      );
    }
    labelled(
      c,
      xOf(cell.index),
      CELL_W,
      cell.config ? (cell.config.startsWith('+') ? '+' : '−') : cell.term > 99 ? '…' : String(cell.term),
    );
  }
  if (slot) {
    strip
      .append('rect')
      .attr('class', 'box log-slot')
      .attr('x', xOf(s.length + 1))
      .attr('y', y)
      .attr('width', CELL_W)
      .attr('height', CELL_H)
      .attr('rx', 2);
  }
  // The commit mark: a bar after the last committed entry (before the first one when none is).
  const cx1 = s.commit === 0 ? x0 - 1.5 : xOf(s.commit) + wOf(s.commit) + GAP / 2;
  strip
    .append('line')
    .attr('class', 'commit-mark')
    .attr('x1', cx1)
    .attr('x2', cx1)
    .attr('y1', y - 3)
    .attr('y2', y + CELL_H + 3);
  if (!s.progress) return;
  // The leader's view: m under the highest entry it knows replicated here, n under the next it sends.
  const mark = (cls: string, i: number, text: string) => {
    const x = i === 0 ? x0 - 4 : xOf(i) + wOf(i) / 2;
    strip
      .append('text')
      .attr('class', `log-${cls}`)
      .attr('x', x)
      .attr('y', y + CELL_H + font + 2)
      .text(text);
  };
  const { match, next } = s.progress;
  if (match === next) mark('match', match, 'mn');
  else {
    mark('match', Math.min(match, s.length + 1), 'm');
    mark('next', Math.min(next, s.length + 1), 'n');
  }
}
