// Fault events as spans on the lifelines (down, paused, isolated, partitions) and where a partition's walls go.
import { maxOf, minOf } from '../../../lib/extent.ts';
import { foldFault, freshLife } from '../../../sim/faults/fold.ts';
import type { Fault, HostLife } from '../../../sim/faults/table.ts';
import { type NetState, openNet } from '../../../sim/net/reach.ts';

export interface Span {
  node: string;
  from: number;
  to: number;
}

export interface PartitionSpan {
  from: number;
  to: number;
  groups: string[][];
}

export interface FaultSpans {
  down: Span[];
  paused: Span[];
  isolated: Span[];
  partitions: PartitionSpan[];
  /** Instant markers: crash and restart moments. */
  crashes: Array<{ node: string; t: number }>;
  restarts: Array<{ node: string; t: number }>;
}

/** Turns the fault events into spans on the lifelines (open spans run to the end of the run). */
export function faultSpans(
  faults: ReadonlyArray<{ t: number; fault: Fault }>,
  durationMs: number,
): FaultSpans {
  const out: FaultSpans = { down: [], paused: [], isolated: [], partitions: [], crashes: [], restarts: [] };
  const open = {
    down: new Map<string, number>(),
    paused: new Map<string, number>(),
    isolated: new Map<string, number>(),
  };
  let part: { from: number; groups: string[][] } | null = null;
  const close = (kind: 'down' | 'paused' | 'isolated', node: string, t: number) => {
    const from = open[kind].get(node);
    if (from === undefined) return;
    out[kind].push({ node, from, to: t });
    open[kind].delete(node);
  };
  // Replayed through the fault table's one fold (faults/fold.ts), as frameAt does.
  const lives = new Map<string, HostLife>();
  let net: NetState = openNet;
  for (const { t, fault: f } of faults) {
    const step = foldFault(f, (id) => lives.get(id) ?? freshLife, net);
    const id = step.host;
    if (id !== undefined && step.life) {
      lives.set(id, step.life);
      if (step.move === 'stop') {
        close('paused', id, t);
        if (!open.down.has(id)) open.down.set(id, t);
        out.crashes.push({ node: id, t });
      } else if (step.move === 'start') {
        close('down', id, t);
        out.restarts.push({ node: id, t });
      } else if (step.move === 'pause') {
        if (!open.paused.has(id)) open.paused.set(id, t);
      } else if (step.move === 'resume') close('paused', id, t);
    }
    const next = step.net;
    if (next === net) continue;
    if (next.groups !== net.groups) {
      if (part) out.partitions.push({ from: part.from, to: t, groups: part.groups });
      part = next.groups ? { from: t, groups: next.groups as string[][] } : null;
    }
    for (const node of next.isolated.keys()) if (!open.isolated.has(node)) open.isolated.set(node, t);
    for (const node of [...open.isolated.keys()]) if (!next.isolated.has(node)) close('isolated', node, t);
    net = next;
  }
  for (const kind of ['down', 'paused', 'isolated'] as const)
    for (const [node, from] of open[kind]) out[kind].push({ node, from, to: durationMs });
  if (part) out.partitions.push({ from: part.from, to: durationMs, groups: part.groups });
  for (const kind of ['down', 'paused', 'isolated'] as const) out[kind].sort((a, b) => a.from - b.from);
  return out;
}

/**
 * Where to draw a partition as a wall: x positions between neighbouring groups, when every group
 * occupies a contiguous run of lanes (the usual picture); null when the groups interleave.
 */
export function partitionWalls(groups: string[][], laneIndex: ReadonlyMap<string, number>): number[] | null {
  const runs: Array<[number, number]> = [];
  for (const g of groups) {
    const idx = g.map((id) => laneIndex.get(id)).filter((i): i is number => i !== undefined);
    if (idx.length === 0) continue;
    const lo = minOf(idx);
    const hi = maxOf(idx);
    if (hi - lo + 1 !== idx.length) return null;
    runs.push([lo, hi]);
  }
  runs.sort((a, b) => a[0] - b[0]);
  const walls: number[] = [];
  for (let i = 1; i < runs.length; i++) {
    const prev = runs[i - 1] as [number, number];
    const cur = runs[i] as [number, number];
    if (cur[0] <= prev[1]) return null;
    walls.push((prev[1] + cur[0]) / 2);
  }
  return walls;
}
