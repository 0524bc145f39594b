import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { simulate } from '../simulate.ts';
import type { TraceEvent } from '../trace/events.ts';
import { splitBrainChecker } from './splitBrain.ts';

const lead = (t: number, node: string, token: number): TraceEvent => ({
  k: 'role',
  t,
  node,
  role: 'leader',
  token,
});
const write = (t: number, node: string, token: number): TraceEvent => ({
  k: 'write',
  t,
  node,
  resource: node,
  token,
  status: 'accepted',
  code: 200,
  seen: null,
});
const run = (events: TraceEvent[]) => {
  const c = splitBrainChecker();
  return events.flatMap((e) => c.observe(e));
};

describe('splitBrainChecker', () => {
  it('fires BOTH WRITE when two believed leaders both get writes accepted', () => {
    const v = run([lead(0, 'a', 1), lead(10, 'b', 2), write(20, 'a', 1), write(30, 'b', 2)]);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ kind: 'split-brain', nodes: ['a', 'b'] });
    expect(v[0]?.detail).toContain('BOTH WRITE');
  });

  it('stays quiet when the old leader wrote only before the new one began', () => {
    expect(run([lead(0, 'a', 1), write(5, 'a', 1), lead(10, 'b', 2), write(30, 'b', 2)])).toEqual([]);
  });

  it('stays quiet when the old leader stepped down or crashed first', () => {
    const stepDown: TraceEvent = { k: 'role', t: 15, node: 'a', role: 'follower' };
    expect(run([lead(0, 'a', 1), lead(10, 'b', 2), write(12, 'a', 1), stepDown, write(30, 'b', 2)])).toEqual(
      [],
    );
    const crash: TraceEvent = { k: 'fault', t: 15, fault: { kind: 'crash', node: 'a' }, source: 'scenario' };
    expect(run([lead(0, 'a', 1), lead(10, 'b', 2), write(12, 'a', 1), crash, write(30, 'b', 2)])).toEqual([]);
  });

  it('reports a pair once per leadership', () => {
    const v = run([lead(0, 'a', 1), lead(1, 'b', 2), write(2, 'a', 1), write(3, 'b', 2), write(4, 'a', 1)]);
    expect(v).toHaveLength(1);
  });
});

describe('splitBrainChecker with client writes landing on databases', () => {
  it('attributes a client write to the database that believes it leads', () => {
    const clientWrite = (t: number, db: string): TraceEvent => ({
      k: 'write',
      t,
      node: 'app',
      resource: db,
      token: 1,
      status: 'accepted',
      code: 200,
      seen: null,
    });
    const v = run([
      lead(0, 'pg-1', 1),
      lead(10, 'pg-2', 2),
      clientWrite(20, 'pg-1'),
      clientWrite(30, 'pg-2'),
    ]);
    expect(v.map((x) => x.nodes)).toEqual([['pg-1', 'pg-2']]);
  });
});

describe('split-brain, as defined beside the checker', () => {
  const fenced = (t: number, node: string, token: number, seen: number | null): TraceEvent => ({
    k: 'write',
    t,
    node,
    resource: 'storage',
    token,
    status: 'accepted',
    code: 200,
    seen,
  });

  it("is not the old leader's fenced write landing before the new leader's first write", () => {
    // a still believes it leads (paused), b leads with a higher token; a's write with token 1 reaches the
    // fenced storage before b's first: the storage orders them by token, nothing diverges.
    const events = [lead(0, 'a', 1), lead(10, 'b', 2), fenced(12, 'a', 1, 1), fenced(30, 'b', 2, 1)];
    expect(run(events)).toEqual([]);
  });

  it('is not two believed leaders writing to one shared storage (the stale-write checker owns that)', () => {
    const events = [lead(0, 'a', 1), lead(10, 'b', 2), fenced(30, 'b', 2, 1), fenced(40, 'a', 1, 2)];
    expect(run(events)).toEqual([]);
  });
});

describe('split-brain in the stories (negative control and the fenced story)', () => {
  const story = (id: string) => scenarios.find((s) => s.id === id) as (typeof scenarios)[number];
  const kinds = (id: string, params: Record<string, number | boolean> = {}) =>
    simulate(story(id), { params }).events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));

  it('still finds BOTH WRITE in the split-brain story with quorum off', () => {
    expect(kinds('split-brain', { quorum: false })).toContain('split-brain');
  });

  it('finds none with quorum on', () => {
    expect(kinds('split-brain', { quorum: true })).not.toContain('split-brain');
  });

  it('the fencing-token story: fenced, no alarm; fencing off, a stale write and no split-brain', () => {
    expect(kinds('fencing-token')).toEqual([]);
    expect(kinds('fencing-token', { fencing: false })).toEqual(['stale-write-accepted']);
  });
});
