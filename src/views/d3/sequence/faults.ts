// Fault events as spans on the lifelines (down, paused, isolated, partitions) and where a partition's walls go.
import type { Fault } from '../../../sim/trace/events.ts';

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
  for (const { t, fault: f } of faults) {
    switch (f.kind) {
      case 'crash':
        close('paused', f.node, t);
        if (!open.down.has(f.node)) open.down.set(f.node, t);
        out.crashes.push({ node: f.node, t });
        break;
      case 'restart':
        close('down', f.node, t);
        out.restarts.push({ node: f.node, t });
        break;
      case 'pause':
        if (!open.paused.has(f.node)) open.paused.set(f.node, t);
        break;
      case 'resume':
        close('paused', f.node, t);
        break;
      case 'isolate':
        if (!open.isolated.has(f.node)) open.isolated.set(f.node, t);
        break;
      case 'rejoin':
        close('isolated', f.node, t);
        break;
      case 'partition':
        if (part) out.partitions.push({ from: part.from, to: t, groups: part.groups });
        part = { from: t, groups: f.groups };
        break;
      case 'heal':
        if (part) out.partitions.push({ from: part.from, to: t, groups: part.groups });
        part = null;
        for (const node of [...open.isolated.keys()]) close('isolated', node, t);
        break;
      default:
        break;
    }
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
    const lo = Math.min(...idx);
    const hi = Math.max(...idx);
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
