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

export class DetectionTracker {
  readonly detections: Detection[] = [];
  private readonly spuriousTimes: number[] = [];
  private readonly lockKeys: Set<string>;
  private readonly leaseExpiry: boolean;
  private readonly ttlS: number | null;
  private readonly marks: Map<
    string,
    NonNullable<ReturnType<typeof declarationOf>>['failover']['marks'][number]
  >;
  private readonly lockHolder = new Map<string, { holder: string; lease: number }>();
  private readonly leaseTtlS = new Map<number, number>();

  constructor(
    private readonly trace: Trace,
    private readonly cluster: ClusterTracker,
  ) {
    const alg = declarationOf(trace.algorithm);
    this.lockKeys = new Set(alg?.leadership.keys ?? []);
    this.leaseExpiry = Boolean(alg?.failover.leaseExpiry);
    this.ttlS = num(trace.params.ttlS);
    this.marks = new Map((alg?.failover.marks ?? []).map((m) => [m.name, m]));
  }

  observe(e: TraceEvent): void {
    if (e.k === 'store') {
      const c = e.change;
      if (c.kind === 'put' && this.lockKeys.has(c.kv.key))
        this.lockHolder.set(c.kv.key, { holder: c.kv.value, lease: c.kv.lease });
      else if (c.kind === 'lease-grant' || c.kind === 'lease-keepalive')
        this.leaseTtlS.set(c.lease, c.ttlSec);
      else if (c.kind === 'delete' && this.lockKeys.has(c.key)) {
        const h = this.lockHolder.get(c.key);
        this.lockHolder.delete(c.key);
        const storeId = this.cluster.storeId;
        if (c.cause === 'lease-expired' && h && storeId !== null && this.leaseExpiry)
          this.detect(
            e.t,
            'lease-expired',
            storeId,
            h.holder,
            (this.leaseTtlS.get(h.lease) ?? this.ttlS ?? 0) * 1000,
          );
      }
    } else if (e.k === 'mark') {
      const d = e.data ?? {};
      const m = this.marks.get(e.name);
      if (m && (m.when?.(d) ?? true))
        this.detect(e.t, m.kind, e.node, m.suspect(e.node, d), m.windowMs(d, this.trace.params));
    }
  }

  /** A live leader the detecting node could reach during the whole window, if any. */
  private liveLeaderFor(node: string, suspect: string | null, fromMs: number): string | null {
    const c = this.cluster;
    if (c.throughStore && c.storeId !== null)
      return suspect !== null &&
        c.ledHealthily(suspect, fromMs) &&
        c.reachableThroughout(suspect, c.storeId, fromMs)
        ? suspect
        : null;
    for (const id of c.nodeIds)
      if (id !== node && c.ledHealthily(id, fromMs) && c.reachableThroughout(node, id, fromMs)) return id;
    return null;
  }

  /** A leader that gave up on its quorum while a majority was live and reachable all along. */
  private quorumWasThere(leader: string, fromMs: number): boolean {
    const c = this.cluster;
    if (!c.ledHealthily(leader, fromMs)) return false;
    let ok = 0;
    for (const id of c.nodeIds)
      if (id === leader || (c.liveThroughout(id, fromMs) && c.reachableThroughout(leader, id, fromMs))) ok++;
    return ok >= Math.floor(c.nodeIds.length / 2) + 1;
  }

  private detect(t: number, kind: DetectionKind, node: string, suspect: string | null, windowMs: number) {
    const from = t - windowMs;
    const found =
      kind === 'lost-quorum'
        ? this.quorumWasThere(node, from)
          ? node
          : null
        : this.liveLeaderFor(node, suspect, from);
    this.detections.push({ t, kind, node, suspect: found ?? suspect, windowMs, spurious: found !== null });
    if (found !== null) this.spuriousTimes.push(t);
  }

  at(t: number): Pick<Metrics, 'spuriousElections' | 'failureDetections'> {
    return {
      spuriousElections: upperBound(this.spuriousTimes.length, (i) => this.spuriousTimes[i] as number, t),
      failureDetections: upperBound(this.detections.length, (i) => (this.detections[i] as Detection).t, t),
    };
  }
}
