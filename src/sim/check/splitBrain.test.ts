import { describe, expect, it } from 'vitest';
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
