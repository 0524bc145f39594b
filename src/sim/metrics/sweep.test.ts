import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import {
  bullyMessagesVsNodes,
  failoverVsTtl,
  leaseMessagesVsNodes,
  spuriousVsElectionTimeout,
} from '../../sandbox/predefinedSweeps.ts';
import { ParamError } from '../params.ts';
import type { Scenario } from '../scenario/schema.ts';
import { computeMetrics } from './metrics.ts';
import { fitLine, logLogSlope, type SweepPoint, sweep, sweepValues, valued } from './sweep.ts';

const scenario = (id: string): Scenario => {
  const s = scenarioById(id);
  if (!s) throw new Error(id);
  return s;
};

const errorOf = (p: SweepPoint | undefined): string | undefined => (p && p.y === null ? p.error : undefined);

describe('sweepValues', () => {
  it('spaces a range evenly or geometrically; whole-number knobs are rounded and deduplicated', () => {
    expect(sweepValues({ from: 5, to: 60, steps: 12 })).toEqual([
      5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60,
    ]);
    expect(sweepValues({ from: 3, to: 100, steps: 5, log: true }, true)).toEqual([3, 7, 17, 42, 100]);
    expect(sweepValues({ from: 1, to: 3, steps: 9 }, true)).toEqual([1, 2, 3]);
    expect(sweepValues([0.5, 0.25])).toEqual([0.5, 0.25]);
    expect(() => sweepValues({ from: 0, to: 10, steps: 3, log: true })).toThrow(ParamError);
  });
});

describe('Bully messages vs n', () => {
  it('n = 3..100: exactly n(n-1) election messages at every n (the closed form)', () => {
    const r = bullyMessagesVsNodes();
    expect(r.points.map((p) => p.x)).toEqual(Array.from({ length: 98 }, (_, i) => i + 3));
    for (const p of r.points) expect(p).toEqual({ x: p.x, y: p.x * (p.x - 1) });
    expect(r.references[0]?.points).toEqual(r.points.map((p) => ({ x: p.x, y: p.x * (p.x - 1) })));
    // Quadratic: slope 2 on log-log (n(n-1) is a little steeper at small n).
    expect(logLogSlope(valued(r.points))).toBeCloseTo(2, 0);
  });
});

describe('lease messages vs n', () => {
  it('grow linearly: slope ~1 on log-log and a straight-line fit, far below Bully at 50 nodes', () => {
    const r = leaseMessagesVsNodes([2, 5, 10, 20, 35, 50]);
    const pts = valued(r.points);
    expect(pts).toHaveLength(6);
    // Each live candidate adds the same traffic, so y ~ a (n-1): slope 1 once n-1 ~ n.
    const slope = logLogSlope(pts.filter((p) => p.x >= 5));
    expect(slope).toBeGreaterThan(0.9);
    expect(slope).toBeLessThan(1.15);
    const { slope: perNode, intercept } = fitLine(pts);
    const ssTot = pts.reduce((a, p) => a + (p.y - pts.reduce((s, q) => s + q.y, 0) / pts.length) ** 2, 0);
    const ssRes = pts.reduce((a, p) => a + (p.y - (intercept + perNode * p.x)) ** 2, 0);
    expect(1 - ssRes / ssTot).toBeGreaterThan(0.999);
    // The reference 2 (n-1) W (1/renew + 1/retry) is within 10 % of every point.
    const ref = r.references[0]?.points ?? [];
    for (const [i, p] of pts.entries()) expect(Math.abs(p.y - (ref[i]?.y ?? 0)) / p.y).toBeLessThan(0.1);
    const at50 = pts.find((p) => p.x === 50)?.y ?? 0;
    expect(at50).toBeLessThan(50 * 49);
  });
});

describe('failover window vs TTL (etcd-lease, renew = TTL/3)', () => {
  it('grows with the TTL and stays within [ttl - renew, ttl + retry]', () => {
    const r = failoverVsTtl();
    const pts = valued(r.points);
    expect(pts.map((p) => p.x)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
    const retryMs = 2000;
    for (const p of pts) {
      const renewMs = Math.round((p.x / 3) * 1000);
      expect(p.y, `ttl ${p.x}`).toBeGreaterThanOrEqual(p.x * 1000 - renewMs);
      expect(p.y, `ttl ${p.x}`).toBeLessThanOrEqual(p.x * 1000 + retryMs);
    }
    // About one more second of failover per second of TTL (the renewal phase adds scatter).
    const { slope } = fitLine(pts.map((p) => ({ x: p.x * 1000, y: p.y })));
    expect(slope).toBeGreaterThan(0.6);
    expect(slope).toBeLessThan(1.1);
    expect(r.references.map((x) => x.label)).toEqual(['ttl - renew', 'ttl + retry']);
  });
});

describe('invalid combinations are error points, never clamped', () => {
  it('lease: ttlS under renewS (fixed at 10) names the rule and its source', () => {
    const pts = sweep({
      scenario: scenario('etcd-lease'),
      knob: 'ttlS',
      values: [5, 10, 12, 13, 30],
      metric: (tr) => computeMetrics(tr).failovers.length,
      base: { params: { renewS: 10 } },
    });
    expect(pts.map((p) => p.x)).toEqual([5, 10, 12, 13, 30]);
    expect(errorOf(pts[0])).toMatch(
      /renew interval must be shorter than the TTL \(renewS < ttlS\) \(etcd clientv3/,
    );
    expect(errorOf(pts[1])).toMatch(/renewS < ttlS/);
    // 12 s passes the first rule but not the trusted part of the TTL (12 x 0.8 = 9.6 < 10).
    expect(errorOf(pts[2])).toMatch(/renewS < ttlS × \(1 − driftMarginRatio\)/);
    expect(errorOf(pts[2])).toMatch(/client-go leaderelection.go NewLeaderElector/);
    expect(pts[3]).toEqual({ x: 13, y: 1 });
    expect(pts[4]).toEqual({ x: 30, y: 1 });
  });

  it("patroni: loop_wait + 2 x retry_timeout > ttl is refused with Patroni's docs as the source", () => {
    const pts = sweep({
      scenario: scenario('patroni'),
      knob: 'ttlS',
      values: [20, 29, 30],
      metric: () => 0,
      base: { durationMs: 1000 },
    });
    expect(errorOf(pts[0])).toMatch(/loop_wait \+ 2 x retry_timeout must be <= ttl.*Patroni docs/);
    expect(errorOf(pts[1])).toMatch(/loop_wait/);
    expect(pts[2]).toEqual({ x: 30, y: 0 });
  });

  it('ranges and cluster sizes are refused too (the value as asked, the limit named)', () => {
    const pts = sweep({
      scenario: scenario('bully'),
      knob: 'nodes',
      values: [1, 2, 201],
      metric: (tr) => tr.hosts.length,
    });
    expect(errorOf(pts[0])).toBe('bully runs with 2 to 200 nodes, got 1');
    expect(pts[1]).toEqual({ x: 2, y: 2 });
    expect(errorOf(pts[2])).toBe('bully runs with 2 to 200 nodes, got 201');
    const neg = sweep({
      scenario: scenario('bully'),
      knob: 'answerTimeoutMs',
      values: [0, 100.5],
      metric: () => 0,
    });
    expect(errorOf(neg[0])).toBe('answerTimeoutMs must be >= 1, got 0');
    expect(errorOf(neg[1])).toBe('answerTimeoutMs must be a whole number, got 100.5');
  });

  it('an unknown knob fails the whole sweep, naming the known ones', () => {
    expect(() => sweep({ scenario: scenario('bully'), knob: 'ttlS', values: [1], metric: () => 0 })).toThrow(
      /unknown knob "ttlS" for bully \(known: nodes, latencyMinMs.*answerTimeoutMs/,
    );
  });
});

describe('on/off knobs and seeds', () => {
  it('quorum 0/1 on split-brain: two leaders at once without quorum, one with it', () => {
    const pts = sweep({
      scenario: scenario('split-brain'),
      knob: 'quorum',
      values: [0, 1, 2],
      metric: (tr) => computeMetrics(tr).maxConcurrentLeaders,
    });
    expect(pts.slice(0, 2)).toEqual([
      { x: 0, y: 2 },
      { x: 1, y: 1 },
    ]);
    expect(errorOf(pts[2])).toMatch(/quorum is on\/off/);
  });

  it('several seeds: y is the mean of the samples; a run without a value is an error point', () => {
    const [p] = sweep({
      scenario: scenario('split-brain'),
      knob: 'dropRate',
      values: [0.2],
      metric: (tr) => computeMetrics(tr).messages.dropped,
      seeds: [1, 2, 3],
      base: { withoutScript: true, durationMs: 5000 },
    });
    if (!p || p.y === null || !('samples' in p) || !p.samples) throw new Error('expected samples');
    expect(p.samples).toHaveLength(3);
    expect(p.y).toBeCloseTo(p.samples.reduce((a, b) => a + b, 0) / 3, 10);
    const none = sweep({
      scenario: scenario('bully'),
      knob: 'nodes',
      values: [4],
      metric: (tr) => computeMetrics(tr).failovers[0]?.durationMs ?? null,
    });
    expect(errorOf(none[0])).toMatch(/no value/);
  });
});

describe('a free knob: GC pause length (a fault, not a param)', () => {
  it('fencing off: a pause shorter than the TTL loses nothing; longer, the stale write gets through', () => {
    const pts = sweep({
      scenario: scenario('fencing-token'),
      knob: { name: 'pauseMs' },
      values: [10_000, 33_000],
      metric: (tr) => computeMetrics(tr).writes.staleAccepted,
      base: {
        params: { fencing: false },
        withoutScript: true,
        interventions: [{ atMs: 0, fault: { kind: 'crash', node: 'node-2' } }],
      },
      vary: (ms) => ({
        interventions: [{ atMs: 5100, fault: { kind: 'pause', node: 'node-1', durationMs: ms } }],
      }),
    });
    expect(pts).toEqual([
      { x: 10_000, y: 0 },
      { x: 33_000, y: 1 },
    ]);
    expect(() =>
      sweep({ scenario: scenario('fencing-token'), knob: { name: 'pauseMs' }, values: [1], metric: () => 0 }),
    ).toThrow(/needs a vary/);
  });
});

describe('spurious elections vs election timeout (heartbeat, jitter + loss)', () => {
  it('refuses timeouts the rule forbids, and falls to zero as the timeout grows', () => {
    const r = spuriousVsElectionTimeout([700, 750, 1000, 3000], { seeds: [1, 2], durationMs: 40_000 });
    expect(errorOf(r.points[0])).toMatch(
      /electionTimeoutMinMs must exceed heartbeatIntervalMs \+ latencyMaxMs/,
    );
    const y = (x: number) => valued(r.points).find((p) => p.x === x)?.y ?? Number.NaN;
    expect(y(750)).toBeGreaterThan(3);
    expect(y(750)).toBeGreaterThan(y(1000));
    expect(y(3000)).toBe(0);
  });

  it('is deterministic', () => {
    const a = spuriousVsElectionTimeout([750, 900], { seeds: [7], durationMs: 20_000 });
    const b = spuriousVsElectionTimeout([750, 900], { seeds: [7], durationMs: 20_000 });
    expect(a).toEqual(b);
  });
});
