// What the diagram computes once per trace: lane order, leaderships, fault spans, chatter, lease expiries, longest flight.
import type { HostKind } from '../../../sim/net/host.ts';
import type { TraceIndex } from '../../../sim/trace/frame.ts';
import { leaderIntervals } from '../../../sim/trace/summary.ts';
import type { Trace } from '../../../sim/trace/trace.ts';
import { chatterOf, type IdSet } from './chatter.ts';
import { type FaultSpans, faultSpans } from './faults.ts';

const KIND_ORDER: Record<HostKind, number> = { node: 0, store: 1, resource: 2, proxy: 3, client: 4 };

/** Lifelines left to right: the election participants in trace order, then etcd, storage, proxy, clients. */
export function laneOrder(
  hosts: ReadonlyArray<{ id: string; kind: HostKind }>,
): Array<{ id: string; kind: HostKind }> {
  return hosts
    .map((h, i) => ({ h, i }))
    .sort((a, b) => KIND_ORDER[a.h.kind] - KIND_ORDER[b.h.kind] || a.i - b.i)
    .map((x) => x.h);
}

export interface Prepared {
  index: TraceIndex;
  lanes: Array<{ id: string; kind: HostKind }>;
  laneIndex: Map<string, number>;
  maxFlight: number;
  leaders: ReturnType<typeof leaderIntervals>;
  spans: FaultSpans;
  chatter: IdSet;
  /** Lease expiries on the store's lifeline, with the keys they deleted. */
  expiries: Array<{ t: number; store: string; lease: number; revision: number; keys: string[] }>;
}

/** The store's lease expiries, each with the keys deleted with it (same instant, same lease). */
export function leaseExpiries(trace: Trace): Prepared['expiries'] {
  const store = trace.hosts.find((h) => h.kind === 'store')?.id;
  const out: Prepared['expiries'] = [];
  if (!store) return out;
  for (const e of trace.events) {
    if (e.k !== 'store') continue;
    const c = e.change;
    if (c.kind === 'lease-expire')
      out.push({ t: e.t, store, lease: c.lease, revision: c.revision, keys: [] });
    else if (c.kind === 'delete' && c.cause === 'lease-expired') {
      const last = out[out.length - 1];
      if (last && last.t === e.t && last.lease === c.lease) last.keys.push(c.key);
    }
  }
  return out;
}

export function prepare(index: TraceIndex): Prepared {
  const lanes = laneOrder(index.trace.hosts);
  let maxFlight = 0;
  for (const m of index.messages) maxFlight = Math.max(maxFlight, m.deliverAt - m.sendAt);
  return {
    index,
    lanes,
    laneIndex: new Map(lanes.map((l, i) => [l.id, i])),
    maxFlight,
    leaders: leaderIntervals(index.trace),
    spans: faultSpans(index.faults, index.trace.durationMs),
    chatter: chatterOf(index),
    expiries: leaseExpiries(index.trace),
  };
}
