import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../../scenarios/index.ts';
import { simulate } from '../../../sim/simulate.ts';
import type { TraceEvent } from '../../../sim/trace/events.ts';
import { outsideConfig, RaftLogIndex, stripOf } from './raftLog.ts';

const story = scenarioById('raft');
if (!story) throw new Error('raft missing');
const trace = simulate(story);
const events = trace.events;

describe('stripOf: a log in a few cells', () => {
  const log = (n: number, commit: number) => ({
    terms: Array.from({ length: n }, (_, i) => 1 + Math.floor(i / 4)),
    commit,
  });

  it('a log that fits keeps a cell per entry, committed up to the commit index', () => {
    const s = stripOf(log(4, 2), 6);
    expect(s.folded).toBe(0);
    expect(s.cells.map((c) => [c.index, c.term, c.committed])).toEqual([
      [1, 1, true],
      [2, 1, true],
      [3, 1, false],
      [4, 1, false],
    ]);
  });

  it('a longer log folds its oldest entries, the committed prefix, into one cell and keeps the newest', () => {
    const s = stripOf(log(20, 17), 6);
    expect(s.folded).toBe(15);
    expect(s.foldedCommitted).toBe(true);
    expect(s.cells.map((c) => c.index)).toEqual([16, 17, 18, 19, 20]);
    expect(s.cells.map((c) => c.term)).toEqual([4, 5, 5, 5, 5]);
    expect(s.cells.filter((c) => c.committed).map((c) => c.index)).toEqual([16, 17]);
    expect(s.length).toBe(20);
    expect(s.commit).toBe(17);
  });

  it('a fold that reaches past the commit index says so', () => {
    const s = stripOf(log(20, 3), 4);
    expect(s.folded).toBe(17);
    expect(s.foldedCommitted).toBe(false);
    expect(s.cells.every((c) => !c.committed)).toBe(true);
  });

  it('the commit index never passes the log (a stale mark after a truncation)', () => {
    expect(stripOf({ terms: [1, 1], commit: 5 }, 6).commit).toBe(2);
    expect(stripOf(undefined, 6)).toMatchObject({ length: 0, commit: 0, folded: 0, cells: [] });
  });

  it('carries the leader’s progress for the follower', () => {
    expect(stripOf(log(5, 5), 6, { match: 3, next: 4 }).progress).toEqual({ match: 3, next: 4 });
    expect(stripOf(log(5, 5), 6).progress).toBeUndefined();
  });
});

type Send = Extract<TraceEvent, { k: 'send' }>;

describe('RaftLogIndex on the raft story', () => {
  const index = new RaftLogIndex(events);
  const end = index.at(events.length);

  it('every server ends with the leader’s log, all of it committed', () => {
    const leader = end.logs.get('node-3');
    expect(leader?.terms.length).toBeGreaterThanOrEqual(6);
    for (const n of ['node-1', 'node-2', 'node-4', 'node-5'])
      expect(end.logs.get(n)?.terms, n).toEqual(leader?.terms);
    expect(leader?.commit).toBe(leader?.terms.length);
  });

  it('the leader’s nextIndex for a follower is what its next APPEND_ENTRIES to it starts from', () => {
    // The machine sends from nextIndex: prevLogIndex = nextIndex - 1 (figure 2). Every send of the
    // leader checks the progress the marks before it told.
    let checked = 0;
    events.forEach((e, i) => {
      if (e.k !== 'send' || e.type !== 'APPEND_ENTRIES' || e.from !== 'node-3') return;
      const p = index
        .at(i)
        .progress.get('node-3')
        ?.get((e as Send).to);
      expect(p?.next, `send ${e.id} at ${e.t}`).toBe(Number(e.data?.prevLogIndex) + 1);
      checked++;
    });
    expect(checked).toBeGreaterThan(50);
  });

  it('the leader’s matchIndex counts the replicas its commit marks counted', () => {
    let checked = 0;
    events.forEach((e, i) => {
      if (e.k !== 'mark' || e.name !== 'commit' || e.node !== 'node-3') return;
      const at = index.at(i + 1);
      const n = Number(e.data?.index);
      const matches = [...(at.progress.get('node-3')?.values() ?? [])].filter((p) => p.match >= n).length;
      expect(matches + 1, `commit ${n} at ${e.t}`).toBe(Number(e.data?.replicas));
      checked++;
    });
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('a crash loses the commit index (volatile), not the log (on disk), and the restart catches up', () => {
    const count = (t: number) => events.filter((e) => e.t <= t).length;
    const before = index.at(count(4999)).logs.get('node-5');
    const down = index.at(count(8000)).logs.get('node-5');
    expect(before?.commit).toBeGreaterThan(0);
    expect(down?.commit).toBe(0);
    expect(down?.terms).toEqual(before?.terms);
    expect(index.at(count(8000)).logs.get('node-3')?.terms.length).toBeGreaterThan(down?.terms.length ?? 0);
  });

  it('a seek from any kept state gives the fold from the start, in any order', () => {
    const every = new RaftLogIndex(events, 3);
    const counts = [events.length, 0, 400, 17, 901, 250, 250, 600, 1, 799];
    for (const c of counts) expect(every.at(c), String(c)).toEqual(new RaftLogIndex(events).at(c));
  });
});

describe('RaftLogIndex folds the marks as the machine writes them', () => {
  const mark = (
    t: number,
    node: string,
    name: string,
    data: Record<string, string | number>,
  ): TraceEvent => ({
    k: 'mark',
    t,
    node,
    name,
    data,
  });
  const synthetic: TraceEvent[] = [
    mark(1, 'a', 'log', { from: 1, terms: '1,1,1', last: 3 }),
    mark(2, 'a', 'commit', { index: 2 }),
    mark(3, 'b', 'progress', { peer: 'a', match: 2, next: 3 }),
    // §5.3: a conflict at index 2 truncates it and all that follow, then appends the leader's.
    mark(4, 'a', 'log', { from: 2, terms: '2', last: 2 }),
    // The Leader Append-Only control deletes a suffix: no terms from `from` on.
    mark(5, 'b', 'log', { from: 1, terms: '3,3', last: 2 }),
    mark(6, 'b', 'log', { from: 2, terms: '', last: 1 }),
    { k: 'fault', t: 7, fault: { kind: 'crash', node: 'b' }, source: 'scenario' },
    { k: 'fault', t: 8, fault: { kind: 'crash', node: 'a' }, source: 'scenario' },
  ];
  const index = new RaftLogIndex(synthetic);

  it('a log mark truncates at its index and appends its terms', () => {
    expect(index.at(3).logs.get('a')).toEqual({ terms: [1, 1, 1], commit: 2 });
    expect(index.at(4).logs.get('a')?.terms).toEqual([1, 2]);
    expect(index.at(6).logs.get('b')?.terms).toEqual([3]);
  });

  it('progress is the leader’s, and a crash of the leader drops it; a crash keeps the log', () => {
    expect(index.at(3).progress.get('b')?.get('a')).toEqual({ match: 2, next: 3 });
    expect(index.at(7).progress.has('b')).toBe(false);
    expect(index.at(8).logs.get('a')).toEqual({ terms: [1, 2], commit: 0 });
  });
});

describe('membership in the picture (Raft thesis ch. 4)', () => {
  const changed = simulate(story, {
    interventions: [
      { atMs: 8000, fault: { kind: 'add-server', node: 'node-6' } },
      { atMs: 14_000, fault: { kind: 'remove-server', node: 'node-3' } },
    ],
  });
  const index = new RaftLogIndex(changed.events, 4);
  const at = (ms: number) => changed.events.filter((e) => e.t <= ms).length;
  const leaderAt = (ms: number) => {
    const last = new Map<string, string>();
    for (const e of changed.events) if (e.k === 'role' && e.t <= ms) last.set(e.node, e.role);
    return [...last].find(([, r]) => r === 'leader')?.[0] ?? null;
  };

  it('without a change no server is outside, and no cell is a configuration entry', () => {
    const logs = new RaftLogIndex(events).at(events.length);
    expect(outsideConfig(logs, 'node-3').size).toBe(0);
    expect(stripOf(logs.logs.get('node-3'), 12).cells.some((c) => c.config)).toBe(false);
  });

  it('the spare is outside until the leader appends +node-6; the removed leader is outside after', () => {
    expect([...outsideConfig(index.at(at(7000)), leaderAt(7000))]).toEqual(['node-6']);
    expect([...outsideConfig(index.at(at(9000)), leaderAt(9000))]).toEqual([]);
    const end = index.at(changed.events.length);
    expect(leaderAt(changed.durationMs)).not.toBe('node-3');
    expect([...outsideConfig(end, leaderAt(changed.durationMs))]).toEqual(['node-3']);
    // The configuration entries are cells of their own, with their change.
    const cells = stripOf(end.logs.get('node-6'), 20).cells.filter((c) => c.config);
    expect(cells.map((c) => c.config)).toEqual(['+node-6', '-node-3']);
  });
});
