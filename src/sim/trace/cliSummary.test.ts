import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { simulate } from '../simulate.ts';
import { cliSummary } from './cliSummary.ts';

const metricsOf = (id: string) => {
  const s = scenarioById(id);
  if (!s) throw new Error(id);
  return cliSummary(simulate(s), s).metrics;
};

describe('the CLI summary’s one-leader figures', () => {
  it('are numbers for one leader per cluster', () => {
    const m = metricsOf('split-brain');
    expect(m.twoLeaderMs).toBeGreaterThan(0);
    expect(typeof m.leaderlessMs).toBe('number');
    expect(m.elections).toBeGreaterThan(0);
  });

  it('are null where every shard has its leader (four leaders at once are no split brain)', () => {
    const m = metricsOf('sharded-leadership');
    expect(m.twoLeaderMs).toBeNull();
    expect(m.leaderlessMs).toBeNull();
    expect(m.unavailableShardFraction).toBeCloseTo(2 / 12, 3);
  });

  it('are null where nobody leads (the whole run is not "leaderless")', () => {
    for (const id of ['skip-locked', 'external-scheduler']) {
      const m = metricsOf(id);
      expect([m.twoLeaderMs, m.leaderlessMs, m.elections], id).toEqual([null, null, null]);
    }
  });
});
