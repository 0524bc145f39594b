/** With the fix on, 1,000 schedules within each challenge's budget break none of the six (slow tier). */
import { describe, expect, it } from 'vitest';
import { CHALLENGES, searchInput } from '../../testing/challenges.ts';
import { runToEnd, SAMPLE_SCHEDULES, sampleSearch } from './search.ts';

describe('the fix search, in full', () => {
  it.each(CHALLENGES)('%s: with the fix, no break in 1,000 schedules', (id) => {
    const r = runToEnd(sampleSearch(searchInput(id, true)));
    expect(r).toEqual({ kind: 'none', tried: SAMPLE_SCHEDULES, exhaustive: false });
  });
});
