import { describe, expect, it } from 'vitest';
import { nodePill } from './nodeText.ts';

describe('nodePill: what a leader carries, by its name', () => {
  // Raft's and heartbeat's machines copy the term into `token` too: the role event has both.
  const raftLeader = { role: 'leader', token: 3, term: 3 } as const;

  it('says "term N" where the algorithm’s leaders carry a term', () => {
    expect(nodePill(raftLeader, undefined, 'term')).toBe('term 3');
    expect(nodePill({ role: 'leader', token: 4 }, undefined, 'term')).toBe('term 4');
  });

  it('keeps "token N" where they carry a fencing token, and for an unknown algorithm', () => {
    expect(nodePill(raftLeader, undefined, 'token')).toBe('token 3');
    expect(nodePill(raftLeader)).toBe('token 3');
  });

  it('a follower of a term-carrying algorithm shows no pill', () => {
    expect(nodePill({ role: 'follower', term: 3 }, undefined, 'term')).toBe('');
  });
});
