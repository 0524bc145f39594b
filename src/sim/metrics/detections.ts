/**
 * Failure detections and the spurious ones (the definitions are in types.ts): the store deleting a
 * leader key whose lease expired, and the algorithm's own detection marks (its declaration's
 * `failover.marks`), each judged against the cluster over the detection's window.
 */
import { upperBound } from '../../lib/search.ts';
import { declarationOf } from '../algorithms/declared.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import type { ClusterTracker } from './cluster.ts';
import type { Detection, DetectionKind, Metrics } from './types.ts';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What `detectionsAt` reads (plain data). */
export interface DetectionData {
  detections: Detection[];
  spuriousTimes: number[];
}

export function detectionTracker(trace: Pick<Trace, 'algorithm' | 'params'>, cluster: ClusterTracker) {
  const detections: Detection[] = [];
  const spuriousTimes: number[] = [];
  const alg = declarationOf(trace.algorithm);
  const lockKeys = new Set(alg?.leadership.keys ?? []);
  const leaseExpiry = Boolean(alg?.failover.leaseExpiry);
  const ttlS = num(trace.params.ttlS);
  const marks = new Map((alg?.failover.marks ?? []).map((m) => [m.name, m]));
  const lockHolder = new Map<string, { holder: string; lease: number }>();
  const leaseTtlS = new Map<number, number>();
  const c = cluster;

  /** A live leader the detecting node could reach during the whole window, if any. */
  const liveLeaderFor = (node: string, suspect: string | null, fromMs: number): string | null => {
    if (c.throughStore && c.storeId !== null)
      return suspect !== null &&
        c.ledHealthily(suspect, fromMs) &&
        c.reachableThroughout(suspect, c.storeId, fromMs)
        ? suspect
        : null;
    for (const id of c.nodeIds)
      if (id !== node && c.ledHealthily(id, fromMs) && c.reachableThroughout(node, id, fromMs)) return id;
    return null;
  };

  /** A leader that gave up on its quorum while a majority was live and reachable all along. */
  const quorumWasThere = (leader: string, fromMs: number): boolean => {
    if (!c.ledHealthily(leader, fromMs)) return false;
    let ok = 0;
    for (const id of c.nodeIds)
      if (id === leader || (c.liveThroughout(id, fromMs) && c.reachableThroughout(leader, id, fromMs))) ok++;
    return ok >= Math.floor(c.nodeIds.length / 2) + 1;
  };

  const detect = (t: number, kind: DetectionKind, node: string, suspect: string | null, windowMs: number) => {
    const from = t - windowMs;
    const found =
      kind === 'lost-quorum'
        ? quorumWasThere(node, from)
          ? node
          : null
        : liveLeaderFor(node, suspect, from);
    detections.push({ t, kind, node, suspect: found ?? suspect, windowMs, spurious: found !== null });
    if (found !== null) spuriousTimes.push(t);
  };

  return {
    data: { detections, spuriousTimes } satisfies DetectionData,
    observe(e: TraceEvent): void {
      if (e.k === 'store') {
        const ch = e.change;
        if (ch.kind === 'put' && lockKeys.has(ch.kv.key))
          lockHolder.set(ch.kv.key, { holder: ch.kv.value, lease: ch.kv.lease });
        else if (ch.kind === 'lease-grant' || ch.kind === 'lease-keepalive')
          leaseTtlS.set(ch.lease, ch.ttlSec);
        else if (ch.kind === 'delete' && lockKeys.has(ch.key)) {
          const h = lockHolder.get(ch.key);
          lockHolder.delete(ch.key);
          if (ch.cause === 'lease-expired' && h && c.storeId !== null && leaseExpiry)
            detect(e.t, 'lease-expired', c.storeId, h.holder, (leaseTtlS.get(h.lease) ?? ttlS ?? 0) * 1000);
        }
      } else if (e.k === 'mark') {
        const d = e.data ?? {};
        const m = marks.get(e.name);
        if (m && (m.when?.(d) ?? true))
          detect(e.t, m.kind, e.node, m.suspect(e.node, d), m.windowMs(d, trace.params));
      }
    },
  };
}

export function detectionsAt(
  d: DetectionData,
  t: number,
): Pick<Metrics, 'spuriousElections' | 'failureDetections'> {
  return {
    spuriousElections: upperBound(d.spuriousTimes.length, (i) => d.spuriousTimes[i] as number, t),
    failureDetections: upperBound(d.detections.length, (i) => (d.detections[i] as Detection).t, t),
  };
}
