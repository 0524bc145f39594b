/**
 * `store-unavailable`, the model's counterpart of a real cluster's quorum loss (live mode: two of
 * three members down): no answers, no expiry while it lasts, and every lease extended by its TTL
 * when it ends (etcd lease/lessor.go Promote).
 */
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { withAlgorithm } from '../scenario/sandbox.ts';
import { simulate } from '../simulate.ts';
import { leaderIntervals } from '../trace/summary.ts';
import { EtcdStore } from './etcd.ts';

const sandbox = withAlgorithm(
  scenarios.find((s) => s.id === 'sandbox') as (typeof scenarios)[number],
  'lease',
);
const params = { ttlS: 3, renewS: 1, retryMs: 500 };

describe('store-unavailable', () => {
  it('EtcdStore.promote keeps an overdue lease and gives every lease a full TTL from now', () => {
    const s = new EtcdStore();
    const { id } = s.grant(3, 0);
    s.put('/k', 'v', { lease: id }, 0);
    s.promote(10_000);
    expect(s.range('/k', undefined, 10_000).kvs).toHaveLength(1);
    expect(s.timeToLive(id, 12_000, false).ttl).toBe(1);
    expect(s.range('/k', undefined, 13_000).kvs).toHaveLength(0);
  });

  it('nobody leads while it lasts; the leader key survives it; a leader after it', () => {
    const at = 5000;
    const durationMs = 8000;
    const trace = simulate(sandbox, {
      nodes: 3,
      params,
      durationMs: 30_000,
      interventions: [{ atMs: at, fault: { kind: 'store-unavailable', node: 'etcd', durationMs } }],
    });
    const lead = leaderIntervals(trace);
    // The leader steps down at its local deadline, within one TTL; nobody leads until the store is back.
    const during = lead.filter((l) => l.fromMs < at + durationMs && l.toMs > at + 3000);
    expect(during).toEqual([]);
    expect(lead.some((l) => l.fromMs >= at + durationMs)).toBe(true);
    // No lease expired during the outage: the first expiry comes after the end.
    const expiries = trace.events.filter((e) => e.k === 'store' && e.change.kind === 'lease-expire');
    expect(expiries.every((e) => e.t >= at + durationMs)).toBe(true);
    expect(expiries.length).toBeGreaterThan(0);
    // The end is recorded as a rejoin of the store.
    const faults = trace.events.flatMap((e) => (e.k === 'fault' ? [`${e.t} ${e.fault.kind}`] : []));
    expect(faults).toEqual([`${at} store-unavailable`, `${at + durationMs} rejoin`]);
  });

  it('without Promote (a plain isolation of the store) the old leases expire during the outage', () => {
    const at = 5000;
    const trace = simulate(sandbox, {
      nodes: 3,
      params,
      durationMs: 30_000,
      interventions: [
        { atMs: at, fault: { kind: 'isolate', node: 'etcd', from: 'all' } },
        { atMs: at + 8000, fault: { kind: 'rejoin', node: 'etcd' } },
      ],
    });
    const expiries = trace.events.filter((e) => e.k === 'store' && e.change.kind === 'lease-expire');
    expect(expiries.some((e) => e.t < at + 8000)).toBe(true);
  });
});
