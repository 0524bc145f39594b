import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../../metrics/metrics.ts';
import { testScenario } from '../../scenario/testScenario.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { leaderIntervals } from '../../trace/summary.ts';

type Mark = Extract<TraceEvent, { k: 'mark' }>;
const crashAt8 = [{ atMs: 8000, fault: { kind: 'crash', node: 'node-1' } }] as const;

/** The gossip-leader story's cluster (leader node-1 crashes at 8 s), with these knobs and seed. */
function run(seed: number, params: Record<string, number>) {
  return simulate(
    testScenario('gossip', {
      seed,
      durationMs: 30_000,
      params: { gossipIntervalMs: 1000, fanout: 2, suspectTimeoutMs: 6000, writeIntervalMs: 500, ...params },
      faults: [...crashAt8],
    }),
  );
}
/** Mean twoLeaderMs over 12 seeds: one seed is one draw of the peers, the mean is the knob's effect. */
const meanTwoLeaderMs = (params: Record<string, number>) => {
  let sum = 0;
  for (let seed = 1; seed <= 12; seed++) sum += computeMetrics(run(seed, params)).twoLeaderMs;
  return sum / 12;
};

describe('gossip leadership', () => {
  it('a healthy cluster settles on node-1 (the first claim, in id order) and every view agrees', () => {
    const trace = simulate(testScenario('gossip', { durationMs: 20_000 }));
    const leaders = leaderIntervals(trace);
    expect(leaders.map((l) => [l.node, l.ongoing])).toEqual([['node-1', true]]);
    // Every other node heard node-1's claim: GOSSIP from each of them names it.
    const sends = trace.events.filter((e) => e.k === 'send' && e.type === 'GOSSIP' && e.t > 5000);
    const named = new Set(sends.map((e) => (e.k === 'send' ? `${e.from}:${String(e.data?.leader)}` : '')));
    for (const n of ['node-2', 'node-3', 'node-4', 'node-5']) expect(named.has(`${n}:node-1`)).toBe(true);
    expect(trace.events.some((e) => e.k === 'violation')).toBe(false);
  });

  it('after a crash, claims of the same epoch are settled by id: the higher one yields', () => {
    const trace = run(7, {});
    const claims = trace.events.filter(
      (e): e is Mark => e.k === 'mark' && e.name === 'claimed' && e.t > 8000,
    );
    expect(claims.map((c) => [c.node, c.data?.epoch])).toEqual([
      ['node-2', 2],
      ['node-3', 2],
    ]);
    const yielded = trace.events.filter((e): e is Mark => e.k === 'mark' && e.name === 'yielded');
    expect(yielded.map((y) => [y.node, y.data?.to])).toEqual([['node-3', 'node-2']]);
    // Each suspicion is a failure detection of node-1 (the metrics read it).
    const missing = trace.events.filter((e): e is Mark => e.k === 'mark' && e.name === 'leader-missing');
    expect(missing.every((m) => m.data?.leader === 'node-1' && m.data?.timeoutMs === 6000)).toBe(true);
  });

  it('a partition gives each side its own leader, and the better claim wins after the heal', () => {
    const trace = simulate(
      testScenario('gossip', {
        durationMs: 30_000,
        faults: [
          {
            atMs: 5000,
            fault: {
              kind: 'partition',
              groups: [
                ['node-1', 'node-2'],
                ['node-3', 'node-4', 'node-5'],
              ],
            },
          },
          { atMs: 15_000, fault: { kind: 'heal' } },
        ],
      }),
    );
    const during = leaderIntervals(trace).filter((l) => l.fromMs < 15_000 && l.toMs > 10_000);
    expect(new Set(during.map((l) => l.node)).size).toBe(2);
    expect(trace.events.some((e) => e.k === 'violation' && e.violation.kind === 'split-brain')).toBe(true);
    expect(leaderIntervals(trace).filter((l) => l.ongoing)).toHaveLength(1);
  });

  it('twoLeaderMs depends on the gossip interval and the fanout', () => {
    // Longer rounds: a claim takes longer to reach the other claimant.
    const slow = meanTwoLeaderMs({ gossipIntervalMs: 1000 });
    const fast = meanTwoLeaderMs({ gossipIntervalMs: 250 });
    expect(slow).toBeGreaterThan(2 * fast);
    // A larger fanout: more peers hear each claim every round.
    const narrow = meanTwoLeaderMs({ fanout: 1 });
    const wide = meanTwoLeaderMs({ fanout: 3 });
    expect(narrow).toBeGreaterThan(2 * wide);
    expect(wide).toBeGreaterThan(0);
  });
});
