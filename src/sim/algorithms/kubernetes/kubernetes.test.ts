import { describe, expect, it } from 'vitest';
import { netParams, netRules, type ParamError, resolveParams } from '../../params.ts';
import { testScenario } from '../../scenario/testScenario.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { leaderIntervals } from '../../trace/summary.ts';
import { LEASE_NAME, ObjectStore } from './apiserver.ts';
import { kubernetes } from './index.ts';
import { heldByOther, JITTER_FACTOR, jitteredMs } from './timing.ts';

type Write = Extract<TraceEvent, { k: 'write' }>;
const spec = (holder: string, transitions: number) => ({
  holderIdentity: holder,
  leaseDurationSeconds: 15,
  acquireTime: 0,
  renewTime: 0,
  leaseTransitions: transitions,
});

describe('the API server’s object store (resourceVersion compare-and-swap)', () => {
  it('an UPDATE with the resourceVersion last read succeeds and moves it; a stale one gets 409 Conflict', () => {
    const s = new ObjectStore();
    const c = s.create(LEASE_NAME, spec('a', 0));
    expect(c).toMatchObject({ type: 'CREATED', lease: { resourceVersion: 1 } });
    expect(s.update(LEASE_NAME, spec('b', 1), 1)).toMatchObject({
      type: 'UPDATED',
      lease: { resourceVersion: 2 },
    });
    // A second writer that also read resourceVersion 1 is refused and nothing changes.
    expect(s.update(LEASE_NAME, spec('c', 1), 1)).toEqual({
      type: 'CONFLICT',
      code: 409,
      reason: 'Conflict',
    });
    expect(s.get(LEASE_NAME)).toMatchObject({
      type: 'GET_OK',
      lease: { holderIdentity: 'b', resourceVersion: 2 },
    });
  });

  it('a second CREATE is 409 AlreadyExists; a GET of a missing Lease is 404', () => {
    const s = new ObjectStore();
    expect(s.get(LEASE_NAME)).toEqual({ type: 'NOT_FOUND', code: 404 });
    s.create(LEASE_NAME, spec('a', 0));
    expect(s.create(LEASE_NAME, spec('b', 0))).toEqual({
      type: 'CONFLICT',
      code: 409,
      reason: 'AlreadyExists',
    });
  });
});

describe('client-go’s rules and clocks', () => {
  const resolve = (p: Record<string, number>) =>
    resolveParams({ ...netParams, ...kubernetes.params }, [...netRules, ...kubernetes.rules], p);
  const refusedBy = (p: Record<string, number>) => {
    try {
      resolve(p);
      return null;
    } catch (e) {
      const pr = (e as ParamError).problem;
      return pr.kind === 'rule' ? pr.rule.id : pr.kind;
    }
  };

  it('takes the defaults 15 / 10 / 2 s and refuses each invalid combination by name', () => {
    expect(resolve({})).toMatchObject({ leaseDurationS: 15, renewDeadlineS: 10, retryPeriodS: 2 });
    expect(refusedBy({ leaseDurationS: 10 })).toBe('lease-duration-over-renew-deadline');
    expect(refusedBy({ leaseDurationS: 9 })).toBe('lease-duration-over-renew-deadline');
    // 10 > 1.2 × 8.3 fails; 10 > 1.2 × 8 holds.
    expect(refusedBy({ retryPeriodS: 8.4 })).toBe('renew-deadline-over-jittered-retry');
    expect(refusedBy({ retryPeriodS: 8 })).toBeNull();
    expect(JITTER_FACTOR).toBe(1.2);
  });

  it('a standby waits RetryPeriod × [1, 2.2) between tries', () => {
    expect(jitteredMs(2000, 0)).toBe(2000);
    expect(jitteredMs(2000, 0.999_999)).toBeLessThan(4400);
    expect(jitteredMs(2000, 0.5)).toBe(3200);
  });

  it('expiry is judged from when the candidate saw the record change, on its own clock', () => {
    // The record says renewTime 0 on the holder's clock, but this candidate only saw it at 9000.
    expect(heldByOther('a', 'b', 9000, 15, 20_000)).toBe(true);
    expect(heldByOther('a', 'b', 9000, 15, 24_000)).toBe(false);
    expect(heldByOther('', 'b', 9000, 15, 10_000)).toBe(false); // released
    expect(heldByOther('b', 'b', 9000, 15, 10_000)).toBe(false); // mine
  });
});

describe('the elector in a cluster', () => {
  const base = (over: Parameters<typeof testScenario>[1] = {}) =>
    testScenario('kubernetes', { nodes: 3, durationMs: 60_000, ...over });
  const writes = (events: TraceEvent[]) => events.filter((e): e is Write => e.k === 'write');

  it('a leader paused past LeaseDuration wakes believing it leads and writes: accepted without fencing, 409 with it', () => {
    const faults = [{ atMs: 10_000, fault: { kind: 'pause' as const, node: 'node-1', durationMs: 25_000 } }];
    const off = simulate(base({ faults, params: { fencing: false } }));
    const on = simulate(base({ faults, params: { fencing: true } }));
    for (const tr of [off, on]) {
      const [first, second] = leaderIntervals(tr);
      expect(first).toMatchObject({ node: 'node-1', token: 0 });
      expect(second?.token).toBe(1);
      expect(second!.fromMs).toBeLessThan(35_000); // taken over during the pause
    }
    const late = (tr: typeof off) => writes(tr.events).filter((w) => w.node === 'node-1' && w.t >= 35_000);
    expect(late(off)[0]).toMatchObject({ token: 0, status: 'accepted' });
    expect(off.events.some((e) => e.k === 'violation' && e.violation.kind === 'stale-write-accepted')).toBe(
      true,
    );
    expect(late(on)[0]).toMatchObject({ token: 0, status: 'rejected', code: 409, reason: 'STALE TOKEN' });
    expect(on.events.some((e) => e.k === 'violation')).toBe(false);
  });

  it('a candidate whose clock runs fast acts on its own view and takes a Lease that is still renewed', () => {
    // node-2's clock runs 3x: 15 s of its clock pass in 5 s, while node-1 renews every 2 s. It still
    // needs to see no change for LeaseDuration, and it polls less often than the leader renews, so
    // with a slow leader (RetryPeriod near its limit) its view can go stale.
    const tr = simulate(
      base({
        params: { leaseDurationS: 3, renewDeadlineS: 2.5, retryPeriodS: 2, fencing: true },
        faults: [{ atMs: 0, fault: { kind: 'clock-drift', node: 'node-2', rate: 3 } }],
      }),
    );
    const leaders = leaderIntervals(tr).map((l) => l.node);
    expect(leaders.filter((n) => n === 'node-2').length).toBeGreaterThan(0);
    // node-1 was up the whole time: it lost the Lease to a view, not to a crash.
    expect(tr.events.some((e) => e.k === 'mark' && e.node === 'node-1' && e.name === 'step-down')).toBe(true);
  });

  it('the first node creates the Lease with leaseTransitions 0; every handover adds exactly one', () => {
    const tr = simulate(
      base({
        durationMs: 120_000,
        faults: [
          { atMs: 20_000, fault: { kind: 'crash', node: 'node-1' } },
          { atMs: 30_000, fault: { kind: 'restart', node: 'node-1' } },
          { atMs: 60_000, fault: { kind: 'crash', node: 'node-2' } },
          { atMs: 62_000, fault: { kind: 'crash', node: 'node-3' } },
        ],
      }),
    );
    const tokens = leaderIntervals(tr).map((l) => l.token);
    expect(tokens[0]).toBe(0);
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < tokens.length; i++) expect(tokens[i]).toBe((tokens[i - 1] ?? 0) + 1);
  });
});
