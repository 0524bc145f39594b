import { describe, expect, it } from 'vitest';
import { contextShown } from './context.ts';

describe('contextShown', () => {
  const ctx = { term: 2, token: 2, leader: 'node-3' };

  it('leaves out the token where leaders carry a term (Raft copies its term there)', () => {
    expect(contextShown(ctx, 'term')).toEqual([
      ['term', 2],
      ['leader', 'node-3'],
    ]);
  });

  it('keeps a fencing token where leaders carry one, and for an unknown algorithm', () => {
    expect(contextShown(ctx, 'token').map(([k]) => k)).toEqual(['term', 'token', 'leader']);
    expect(contextShown(ctx, undefined).map(([k]) => k)).toEqual(['term', 'token', 'leader']);
  });
});
