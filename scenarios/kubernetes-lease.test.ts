import { describe, expect, it } from 'vitest';
import { adr001 } from '../src/adr/adr001.ts';
import { resolveAdrLink } from '../src/adr/links.ts';
import { run as cli } from '../src/cli/main.ts';
import { failoverBoundMs } from '../src/sim/algorithms/kubernetes/timing.ts';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import { leaderIntervals, summarize } from '../src/sim/trace/summary.ts';
import { scenarios } from './index.ts';
import input from './kubernetes-lease.ts';

const scenario = parseScenario(input, 'scenarios/kubernetes-lease.ts');
const CRASH_AT = 20_000;

describe('scenario kubernetes-lease', () => {
  const trace = simulate(scenario);
  const doc = cliSummary(trace, scenario);

  it('node-1 creates the Lease and leads with leaseTransitions 0; after its crash node-2 leads with 1', () => {
    const sum = summarize(trace, scenario);
    expect(sum.leaders.map((l) => [l.node, l.token])).toEqual([
      ['node-1', 0],
      ['node-2', 1],
    ]);
    expect(scenario.expect.leadersInOrder).toEqual(['node-1', 'node-2']);
    expect(scenario.expect.tokens).toEqual([0, 1]);
    expect(sum.final.leader).toBe(scenario.expect.finalLeader);
    expect(sum.violations).toEqual([]);
    expect(trace.steps.map((s) => s.id)).toEqual(scenario.steps.map((s) => s.id));
  });

  it('both standbys UPDATE the same resourceVersion and node-3 gets 409 Conflict: metrics.conflicts >= 1', () => {
    expect(doc.metrics.conflicts).toBeGreaterThanOrEqual(1);
    const conflict = trace.events.find((e) => e.k === 'mark' && e.name === 'conflict');
    expect(conflict).toMatchObject({ node: 'node-3', data: { reason: 'Conflict' } });
    const updates = trace.events.filter(
      (e) => e.k === 'send' && e.type === 'UPDATE' && e.t > CRASH_AT && e.from !== 'node-1',
    );
    const [a, b] = updates;
    expect(a?.k === 'send' && b?.k === 'send' && a.data?.resourceVersion === b.data?.resourceVersion).toBe(
      true,
    );
  });

  it('the takeover comes LeaseDuration after the last renewal at the earliest: metrics.failoverMs in its bound', () => {
    const { lo, hi } = failoverBoundMs(15_000, 2000, 4 * 60);
    expect(doc.metrics.failoverMs).toBeGreaterThanOrEqual(lo);
    expect(doc.metrics.failoverMs).toBeLessThanOrEqual(hi);
    const [, second] = leaderIntervals(trace);
    expect(second!.fromMs - CRASH_AT).toBeGreaterThan(15_000 - 2000);
  });

  it('metrics.failoverMs stays within [LeaseDuration, LeaseDuration + 4.4 × RetryPeriod + latency] over many seeds', () => {
    const seen: number[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 36, 88]) {
      for (const params of [{}, { leaseDurationS: 8, renewDeadlineS: 5, retryPeriodS: 1 }]) {
        const tr = simulate(scenario, { seed, params });
        const p = tr.params;
        const { lo, hi } = failoverBoundMs(
          Number(p.leaseDurationS) * 1000,
          Number(p.retryPeriodS) * 1000,
          4 * Number(p.latencyMaxMs),
        );
        const f = cliSummary(tr, scenario).metrics.failoverMs as number | null;
        expect(f, `seed ${seed}`).not.toBeNull();
        expect(f!, `seed ${seed}`).toBeGreaterThanOrEqual(lo);
        expect(f!, `seed ${seed}`).toBeLessThanOrEqual(hi);
        seen.push(f! - lo);
      }
    }
    // The jitter spreads it: not every seed lands at the same moment.
    expect(new Set(seen).size).toBeGreaterThan(5);
  });

  it('the CLI prints the figures under metrics, and the store holds the Lease object', () => {
    const out = JSON.parse(cli(['kubernetes-lease']).out) as { metrics: Record<string, number> };
    expect(out.metrics).toMatchObject({
      conflicts: doc.metrics.conflicts,
      failoverMs: doc.metrics.failoverMs,
    });
    const text = cli(['kubernetes-lease', '--format', 'text']).out;
    expect(text).toContain('409 Conflict');
    expect(text).toMatch(/leaseTransitions: 1, resourceVersion: \d+/);
    expect(cli(['kubernetes-lease', '--set', 'leaseDurationS=10']).err).toContain(
      'leaseDuration must be greater than renewDeadline',
    );
  });

  it('links every cell of its ADR-001 row to one of its steps', () => {
    const row = adr001.matrix.find((r) => r.id === 'matrix.kubernetes-lease');
    expect(row).toBeDefined();
    for (const id of [row!.id, ...adr001.criteria.map((c) => `${row!.id}.${c.id}`)])
      expect(resolveAdrLink(id, scenarios)?.scenarioId, id).toBe('kubernetes-lease');
    expect(scenario.adr).toContain('matrix.kubernetes-lease');
  });
});
