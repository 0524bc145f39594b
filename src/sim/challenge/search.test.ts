/**
 * The fix search's negative control: the same generator that answers "with the fix" must break each
 * challenge without it, within its budget. The 1,000 schedules with the fix, six times, are
 * fixSearch.test.ts (the slow tier: about a minute on a quiet machine).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../lib/rng.ts';
import { CHALLENGES, searchInput as inputOf } from '../../testing/challenges.ts';
import { simulate } from '../simulate.ts';
import { budgetUse, goalReached, withinBudget } from './challenge.ts';
import { drawSchedule, exploreSearch, runToEnd, sampleSearch } from './search.ts';

describe('the fix search', () => {
  it.each(CHALLENGES)(
    '%s: without the fix, the sample breaks it within the budget, and the break replays',
    (id) => {
      const input = inputOf(id, false);
      const r = runToEnd(sampleSearch(input));
      expect(r.kind).toBe('broken');
      if (r.kind !== 'broken') return;
      expect(r.tried).toBeLessThanOrEqual(1000);
      expect(withinBudget(input.challenge, r.faults)).toBe(true);
      const again = simulate(input.start, { interventions: r.faults, states: false });
      expect(goalReached(again.events, input.challenge.goal)).toEqual(r.at);
    },
  );

  it('every drawn schedule stays within the budget', () => {
    const input = inputOf('lease-no-fencing', false);
    const w = {
      nodes: ['node-1', 'node-2', 'node-3'],
      hosts: ['node-1', 'node-2', 'node-3', 'etcd'],
      stores: ['etcd'],
      durationMs: 40_000,
      ttlMs: 30_000,
      moments: [{ t: 5000, node: 'node-1' }],
    };
    for (let i = 0; i < 500; i++) {
      const faults = drawSchedule(createRng(i), input.challenge, w);
      expect(withinBudget(input.challenge, faults)).toBe(true);
      expect(budgetUse(input.challenge, faults).used).toBeGreaterThan(0);
    }
  });

  it('the explorer decides where its menu covers the budget: UPDATE with a token, every schedule of one fault', () => {
    const r = exploreSearch(inputOf('update-without-token', true), 2000);
    expect(r).toMatchObject({ kind: 'none', exhaustive: true });
    const off = exploreSearch(inputOf('update-without-token', false), 2000);
    expect(off).toMatchObject({
      kind: 'broken',
      exhaustive: true,
      at: { violation: { kind: 'split-brain' } },
    });
  });

  it('the explorer does not answer where its menu does not cover the budget (a partition)', () => {
    expect(exploreSearch(inputOf('split-brain', true), 2000)).toBeNull();
  });
});
