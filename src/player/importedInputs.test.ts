import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { simulate } from '../sim/simulate.ts';
import { createPlayerStore } from './store.ts';

describe('an imported trace keeps its inputs', () => {
  const lease = scenarios.find((s) => s.id === 'etcd-lease');
  if (!lease) throw new Error('etcd-lease scenario missing');
  const interventions = [{ atMs: 12_000, fault: { kind: 'crash' as const, node: 'node-2' } }];
  const trace = JSON.parse(
    JSON.stringify(simulate(lease, { seed: 5, params: { ttlS: 20, dropRate: 0.1 }, interventions })),
  );

  it('as the overrides the link is written from, so Copy link reproduces the view', () => {
    const store = createPlayerStore({ scenarios });
    expect(store.getState().loadTrace(trace)).toBe(true);
    const s = store.getState();
    expect(s.imported).toBe(true);
    expect(s.run?.trace).toBe(trace);
    expect(s.params).toEqual({ ttlS: 20, dropRate: 0.1 });
    expect(s.interventions).toEqual(interventions);
    expect(s.nodes).toBeUndefined();
    expect(s.durationMs).toBeUndefined();
    // Simulating those inputs again gives the imported run.
    const again = simulate(lease, { seed: s.seed ?? 0, params: s.params, interventions: s.interventions });
    expect(JSON.parse(JSON.stringify(again))).toEqual(trace);
  });
});
