import { describe, expect, it } from 'vitest';
import sandbox from '../../../../scenarios/sandbox.ts';
import { withAlgorithm } from '../../scenario/sandbox.ts';
import type { TimedFault } from '../../scenario/schema.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { applyChange, configOf } from './membership.ts';

/**
 * Membership changes one server at a time (Ongaro 2014, PhD thesis, chapter 4): `add-server` and
 * `remove-server` faults are the operator's AddServer/RemoveServer, which the leader appends as a
 * configuration entry.
 */
const raftSandbox = withAlgorithm(sandbox, 'raft');
type Mark = Extract<TraceEvent, { k: 'mark' }>;
type Role = Extract<TraceEvent, { k: 'role' }>;

function run(nodes: number, faults: TimedFault[], durationMs: number, seed = 1) {
  const trace = simulate(raftSandbox, { seed, nodes, durationMs, interventions: faults });
  const marks = trace.events.filter((e): e is Mark => e.k === 'mark');
  const roles = trace.events.filter((e): e is Role => e.k === 'role');
  return { trace, marks, roles, leaders: roles.filter((e) => e.role === 'leader') };
}

const leaderAt = (roles: readonly Role[], t: number): string | undefined => {
  const last = new Map<string, Role>();
  for (const r of roles) if (r.t <= t) last.set(r.node, r);
  return [...last.values()].find((r) => r.role === 'leader')?.node;
};

describe('add a server (thesis §4.1, §4.2.1)', () => {
  const { trace, marks, roles } = run(
    3,
    [{ atMs: 8000, fault: { kind: 'add-server', node: 'node-4' } }],
    16_000,
  );

  it('the new server is a spare host from the start, outside the configuration, and starts no election', () => {
    expect(trace.hosts.map((h) => h.id)).toContain('node-4');
    const first = marks.find((m) => m.node === 'node-4' && m.name === 'config');
    expect(first?.data).toEqual({ members: 'node-1,node-2,node-3', member: false });
    expect(roles.some((r) => r.node === 'node-4' && r.role !== 'follower')).toBe(false);
  });

  it('the leader appends +node-4, every server uses it at once, and it commits on 3 of 4', () => {
    const leader = leaderAt(roles, 8000);
    const append = marks.find((m) => m.name === 'append' && m.data?.value === '+node-4');
    expect(append?.node).toBe(leader);
    const commit = marks.find((m) => m.name === 'config-commit');
    expect(commit?.data?.members).toBe('node-1,node-2,node-3,node-4');
    // Every server, the new one included, ends with the 4-server configuration in its log.
    for (const id of ['node-1', 'node-2', 'node-3', 'node-4']) {
      const last = marks.filter((m) => m.node === id && m.name === 'config').at(-1);
      expect(last?.data).toEqual({ members: 'node-1,node-2,node-3,node-4', member: true });
    }
    // A commit after the change counts a majority of four: three replicas.
    const later = marks.filter(
      (m) => m.name === 'commit' && m.t > (commit?.t ?? 0) && m.data?.replicas !== undefined,
    );
    expect(later.length).toBeGreaterThan(0);
    for (const m of later) expect(Number(m.data?.replicas)).toBeGreaterThanOrEqual(3);
  });

  it("the new server catches up: it starts empty and ends with the leader's whole log", () => {
    const logs = marks.filter((m) => m.node === 'node-4' && m.name === 'log');
    expect(logs[0]?.data?.from).toBe(1);
    const lastOf = (id: string) =>
      Number(marks.filter((m) => m.node === id && m.name === 'log').at(-1)?.data?.last);
    expect(lastOf('node-4')).toBe(lastOf(leaderAt(roles, 16_000) as string));
  });
});

describe('remove the leader (thesis §4.2.2)', () => {
  const first = leaderAt(run(5, [], 6000).roles, 6000) as string;
  const { marks, roles, leaders } = run(
    5,
    [{ atMs: 8000, fault: { kind: 'remove-server', node: first } }],
    20_000,
  );

  it('it replicates the entry without counting itself, steps down once it commits, and never leads again', () => {
    const commit = marks.find((m) => m.name === 'config-commit');
    expect(commit?.node).toBe(first);
    const down = marks.find((m) => m.name === 'removed-step-down');
    expect(down?.node).toBe(first);
    expect(roles.some((r) => r.node === first && r.t >= (down?.t ?? 0) && r.role === 'follower')).toBe(true);
    expect(leaders.filter((l) => l.node === first && l.t > 8000)).toEqual([]);
    expect(roles.some((r) => r.node === first && r.t > 8000 && r.role === 'candidate')).toBe(false);
  });

  it('a new leader is elected among the other four, in a later term', () => {
    const next = leaders.find((l) => l.t > 8000);
    expect(next).toBeDefined();
    expect(next?.node).not.toBe(first);
    expect(next?.term ?? 0).toBeGreaterThan(1);
  });
});

describe('one change at a time (thesis §4.1)', () => {
  it('a second change while the first is uncommitted is refused; after it commits, one is taken', () => {
    const { marks } = run(
      3,
      [
        { atMs: 8000, fault: { kind: 'add-server', node: 'node-4' } },
        { atMs: 8000, fault: { kind: 'add-server', node: 'node-5' } },
        { atMs: 12_000, fault: { kind: 'add-server', node: 'node-5' } },
      ],
      16_000,
    );
    const appended = marks.filter((m) => m.name === 'append' && String(m.data?.value).startsWith('+'));
    expect(appended.map((m) => [m.t, m.data?.value])).toEqual([
      [8000, '+node-4'],
      [12_000, '+node-5'],
    ]);
    expect(
      marks.filter((m) => m.name === 'config-refused').map((m) => [m.t, m.data?.change, m.data?.reason]),
    ).toEqual([[8000, '+node-5', 'pending']]);
  });

  it("why: two servers added at once can give disjoint majorities (thesis figure 4.3's problem)", () => {
    const old = ['s1', 's2', 's3'];
    const one = applyChange(old, { op: '+', server: 's4' });
    const two = applyChange(one, { op: '+', server: 's5' });
    const majorities = (c: string[]) => subsets(c).filter((s) => s.length > c.length / 2);
    const disjoint = (a: string[], b: string[]) =>
      majorities(a).some((x) => majorities(b).some((y) => x.every((m) => !y.includes(m))));
    // One server apart: every majority of one meets every majority of the other.
    expect(disjoint(old, one)).toBe(false);
    expect(disjoint(one, two)).toBe(false);
    // Two apart: {s1, s2} of the old and {s3, s4, s5} of the new can each elect a leader in one term.
    expect(disjoint(old, two)).toBe(true);
  });
});

describe('configOf (thesis §4.1: the latest configuration in the log, committed or not)', () => {
  it('applies each configuration entry in order and ignores client commands', () => {
    const log = [
      { term: 1, value: 'x1' },
      { term: 1, value: '+n4' },
      { term: 2, value: '-n1' },
      { term: 2, value: 'x2' },
    ];
    expect(configOf(['n1', 'n2', 'n3'], log)).toEqual(['n2', 'n3', 'n4']);
    expect(configOf(['n1', 'n2', 'n3'], log.slice(0, 2))).toEqual(['n1', 'n2', 'n3', 'n4']);
  });
});

function subsets<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [[]];
  for (const x of xs) for (const s of out.slice()) out.push([...s, x]);
  return out;
}
