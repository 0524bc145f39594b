import { describe, expect, it } from 'vitest';
import { run as cli } from '../src/cli/main.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('raft-minority-leader');
if (!found) throw new Error('scenario raft-minority-leader is not registered');
const scenario = found;
const PARTITION = 3900;
const HEAL = 11_000;

type Mark = Extract<TraceEvent, { k: 'mark' }>;
const marks = (events: readonly TraceEvent[], name: string, node?: string): Mark[] =>
  events.filter(
    (e): e is Mark => e.k === 'mark' && e.name === name && (node === undefined || e.node === node),
  );

describe('scenario raft-minority-leader (a leader cut off with 2 of 5)', () => {
  const trace = simulate(scenario);

  it('node-3 leads term 1, node-1 term 2; no violation of the five properties', () => {
    const leaders = trace.events.flatMap((e) =>
      e.k === 'role' && e.role === 'leader' ? [`${e.node}@${e.term}`] : [],
    );
    expect(leaders).toEqual(['node-3@1', 'node-1@2']);
    expect(trace.events.filter((e) => e.k === 'violation')).toEqual([]);
  });

  it('node-3 appends entries on its side that nobody commits, while node-1 commits on the majority side', () => {
    const cutOff = marks(trace.events, 'append', 'node-3').filter((e) => e.t > PARTITION);
    expect(cutOff.map((e) => e.data?.index)).toEqual([2, 3]);
    // No server commits index 2 or 3 in term 1.
    const commits = marks(trace.events, 'commit');
    expect(commits.filter((e) => Number(e.data?.index) >= 2 && e.data?.term === 1)).toEqual([]);
    const majority = commits.filter((e) => e.node === 'node-1' && e.t > PARTITION && e.t < HEAL);
    expect(majority.length).toBeGreaterThanOrEqual(2);
    for (const c of majority) expect(c.data?.term).toBe(2);
  });

  it('on heal node-3 steps down and its term 1 entries from index 2 are replaced by the leader’s', () => {
    const down = trace.events.find(
      (e) => e.k === 'role' && e.node === 'node-3' && e.t > HEAL && e.role === 'follower',
    );
    expect(down).toBeDefined();
    const log = marks(trace.events, 'log', 'node-3').find((e) => e.t > HEAL);
    expect(log?.data).toMatchObject({ from: 2, term: 2, terms: '2,2,2' });
  });

  it('no client hears from node-3 after the partition: a deposed leader answers for no entry it lost', () => {
    const replies = trace.events.filter(
      (e) => e.k === 'send' && e.type === 'CLIENT_REPLY' && e.from === 'node-3' && e.t > PARTITION,
    );
    expect(replies).toEqual([]);
  });

  it('with CheckQuorum node-3 steps down while still cut off', () => {
    const t = simulate(scenario, { params: { checkQuorum: true } });
    const lost = marks(t.events, 'lost-quorum', 'node-3');
    expect(lost.length).toBe(1);
    expect(lost[0]?.t).toBeGreaterThan(PARTITION);
    expect(lost[0]?.t).toBeLessThan(HEAL);
  });

  it('runs in the CLI as json, text and mermaid', () => {
    for (const format of ['json', 'text', 'mermaid']) {
      const r = cli(['raft-minority-leader', '--format', format]);
      expect(r.code, format).toBe(0);
      expect(r.out.length, format).toBeGreaterThan(100);
    }
    expect(JSON.parse(cli(['raft-minority-leader', '--format', 'json']).out).final).toMatchObject({
      leader: 'node-1',
    });
  });
});
