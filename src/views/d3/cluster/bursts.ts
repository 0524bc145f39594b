// Where each message in flight stands this frame, which of them share one label, and where a shared label goes.
import { messageTypeLabel } from '../../../i18n/index.ts';
import type { HostKind } from '../../../sim/net/host.ts';
import type { Frame, MessageView } from '../../../sim/trace/frame.ts';
import { type MessageFamily, messageFamily } from '../glyphs.ts';
import { type Anchor, labelHits, placeLabel } from './labels.ts';
import { type Box, type Endpoints, ends, type Layout } from './layout.ts';
import type { ClusterOptions } from './types.ts';

/** A message closer than this (px) to its sender shares its label with the others of its burst. */
const BURST_PX = 34;

/** Where a message is drawn, as a fraction of its link: lost messages stop where they were lost. */
export function messageReach(m: Pick<MessageView, 'fate' | 'dropReason'>): number {
  if (m.fate !== 'dropped') return 1;
  switch (m.dropReason) {
    case 'partition':
    case 'link-cut':
      return 0.5;
    case 'isolated':
      return 0.35;
    case 'loss':
      return 0.6;
    default:
      return 1;
  }
}

/**
 * Where a message is drawn with reduced motion: beside its sender for the first half of its flight,
 * beside its receiver for the second; two places instead of a journey.
 */
export function messageStop(progress: number): number {
  return progress < 0.5 ? 0.2 : 0.8;
}

/** A message as placed on the picture this frame: where it stands, its direction, its label group. */
export interface Placed {
  m: MessageView;
  x: number;
  y: number;
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  near: boolean;
  group: number;
}

/** Where each message between two placed hosts stands this frame, and which way its label leans. */
export function placeMessages(
  frame: Frame,
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
  opts: ClusterOptions,
): Placed[] {
  const msgs = frame.messages.filter(
    (m) => m.from !== m.to && layout.pos.has(m.from) && layout.pos.has(m.to),
  );
  return msgs.map((m): Placed => {
    const e = ends(layout, kinds, m.from, m.to) as Endpoints;
    const flight = Math.max(0, Math.min(1, m.progress));
    const p = (opts.reducedMotion ? messageStop(flight) : flight) * messageReach(m);
    const dx = e.x2 - e.x1;
    const dy = e.y2 - e.y1;
    const len = Math.hypot(dx, dy) || 1;
    const x = e.x1 + dx * p;
    const y = e.y1 + dy * p;
    // Labels sit beside the path (perpendicular), on the side away from the ring centre.
    let nx = -dy / len;
    let ny = dx / len;
    if ((x - layout.ring.cx) * nx + (y - layout.ring.cy) * ny < 0) {
      nx = -nx;
      ny = -ny;
    }
    return { m, x, y, ux: dx / len, uy: dy / len, nx, ny, near: p * len < BURST_PX, group: -1 };
  });
}

/** Groups the placed messages that share one label (see the comment inside); sets each one's `group`. */
export function burstGroups(placed: Placed[]): number[][] {
  // Messages drawn on top of each other share one label: a broadcast fanning out of its sender
  // ("ELECTION ×4") or two requests travelling together ("LEASE GRANT + LEASE REVOKE").
  // A message joins the first group (in creation order) holding a message within 16 px or, near
  // the sender, one from the same sender. A 16 px grid finds the former among the neighbouring
  // cells and a map per sender the latter: O(messages) per frame, not O(messages²) (a 50-node
  // Bully election has over a thousand in flight).
  const groups: number[][] = [];
  const cells = new Map<string, number[]>();
  const nearGroupOf = new Map<string, number>();
  placed.forEach((a, i) => {
    const cx = Math.floor(a.x / 16);
    const cy = Math.floor(a.y / 16);
    let g = a.near ? (nearGroupOf.get(a.m.from) ?? -1) : -1;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const j of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          const b = placed[j] as Placed;
          if ((g < 0 || b.group < g) && Math.hypot(a.x - b.x, a.y - b.y) < 16) g = b.group;
        }
    if (g >= 0) (groups[g] as number[]).push(i);
    else groups.push([i]);
    a.group = g >= 0 ? g : groups.length - 1;
    const cell = `${cx},${cy}`;
    const inCell = cells.get(cell);
    if (inCell) inCell.push(i);
    else cells.set(cell, [i]);
    if (a.near && !((nearGroupOf.get(a.m.from) ?? Number.POSITIVE_INFINITY) <= a.group))
      nearGroupOf.set(a.m.from, a.group);
  });
  // One label names one way: a burst of several types to several hosts (node-1's WRITE to storage
  // leaving with its KEEPALIVE and TXN to etcd) is told per destination, each label on its own link.
  // A broadcast of one type ("ELECTION ×4") stays one group; types that go to the same hosts share one.
  const out: number[][] = [];
  for (const members of groups) {
    const byType = new Map<string, number[]>();
    for (const i of members) {
      const type = (placed[i] as Placed).m.type;
      byType.set(type, [...(byType.get(type) ?? []), i]);
    }
    const tos = new Set(members.map((i) => (placed[i] as Placed).m.to));
    if (byType.size < 2 || tos.size < 2) {
      out.push(members);
      continue;
    }
    const byDest = new Map<string, number[]>();
    for (const idx of byType.values()) {
      const key = [...new Set(idx.map((i) => (placed[i] as Placed).m.to))].sort().join('|');
      byDest.set(key, [...(byDest.get(key) ?? []), ...idx]);
    }
    for (const part of byDest.values()) out.push(part.sort((a, b) => a - b));
  }
  out.forEach((members, g) => {
    for (const i of members) (placed[i] as Placed).group = g;
  });
  return out;
}

/**
 * The one label of a group of messages drawn together (burstGroups): "APPEND_ENTRIES ×4" ahead of a
 * broadcast fanning out of its sender, else beside the group as placeLabel puts one. Neither covers a
 * host, nor one of `obstacles` (Raft's logs), where another place does not.
 */
export function sharedLabel(
  members: readonly number[],
  placed: readonly Placed[],
  layout: Layout,
  kinds: ReadonlyMap<string, HostKind>,
  obstacles: readonly Box[] = [],
): { key: string; x: number; y: number; anchor: Anchor; text: string; fam: MessageFamily } {
  const ms = members.map((i) => placed[i] as Placed);
  const first = ms[0] as Placed;
  const types = [...new Set(ms.map((x) => x.m.type))];
  const short =
    types.length === 1
      ? `${messageTypeLabel(first.m.type)} ×${ms.length}`
      : `${messageTypeLabel(types[0] as string)} +${ms.length - 1}`;
  const texts = types.length === 2 ? [types.map(messageTypeLabel).join(' + '), short] : [short];
  const x0 = ms.reduce((a, b) => a + b.x, 0) / ms.length;
  const y0 = ms.reduce((a, b) => a + b.y, 0) / ms.length;
  const fan = ms.every((x) => x.near && x.m.from === first.m.from) && new Set(ms.map((x) => x.m.to)).size > 1;
  const key = ms.map((x) => x.m.id).join('-');
  const fam = messageFamily(first.m.type);
  if (!fan)
    return {
      key,
      ...placeLabel(layout, kinds, x0, y0, first.ux, first.uy, first.nx, first.ny, texts, obstacles),
      fam,
    };
  // Ahead of the burst along its mean direction, a little to its outer side: the first distance that
  // covers no host, the sender's token pill or a log (a leader's own, under it, when the fan goes
  // down), else the one that covers least.
  const text = texts[texts.length - 1] as string;
  const ux = ms.reduce((a, b) => a + b.ux, 0);
  const uy = ms.reduce((a, b) => a + b.uy, 0);
  const len = Math.hypot(ux, uy) || 1;
  let least = Number.POSITIVE_INFINITY;
  let x = x0;
  let y = y0;
  let anchor: Anchor = 'middle';
  // Then, where a log lies ahead (a small picture), beside the sender's circle.
  const r = layout.nodeR;
  const spots: Array<[number, number, Anchor]> = [40, 58, 76, 100, 124].map((ahead) => [
    x0 + (ux / len) * ahead + first.nx * 10,
    y0 + (uy / len) * ahead + first.ny * 10 + 4,
    'middle',
  ]);
  const from = layout.pos.get(first.m.from);
  if (obstacles.length > 0 && from)
    spots.push([from.x + r + 8, from.y + 4, 'start'], [from.x - r - 8, from.y + 4, 'end']);
  for (const [sx, sy, a] of spots) {
    const hits = labelHits(layout, kinds, sx, sy, a, text.length, obstacles);
    if (hits < least) {
      least = hits;
      x = sx;
      y = sy;
      anchor = a;
    }
    if (hits === 0) break;
  }
  return { key, x, y, anchor, text, fam };
}
