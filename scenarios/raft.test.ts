import { describe, expect, it } from 'vitest';
import { run as cli } from '../src/cli/main.ts';
import { simulate } from '../src/sim/simulate.ts';
import type { TraceEvent } from '../src/sim/trace/events.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('raft');
if (!found) throw new Error('scenario raft is not registered');
const scenario = found;

type Mark = Extract<TraceEvent, { k: 'mark' }>;
const marks = (events: readonly TraceEvent[], name: string, node?: string): Mark[] =>
  events.filter(
    (e): e is Mark => e.k === 'mark' && e.name === name && (node === undefined || e.node === node),
  );

describe('scenario raft (the log on 5 servers, a follower down and back)', () => {
  const trace = simulate(scenario);

  it('node-3 leads term 1 throughout, with no violation of any of the five properties', () => {
    const leaders = trace.events.filter((e) => e.k === 'role' && e.role === 'leader');
    expect(leaders.map((e) => (e.k === 'role' ? [e.node, e.term] : null))).toEqual([['node-3', 1]]);
    expect(trace.events.filter((e) => e.k === 'violation')).toEqual([]);
  });

  it('each command commits once a majority holds it, also while node-5 is down', () => {
    const commits = marks(trace.events, 'commit', 'node-3');
    expect(commits.length).toBeGreaterThanOrEqual(6);
    for (const c of commits) expect(Number(c.data?.replicas)).toBeGreaterThanOrEqual(3);
    expect(commits.some((c) => c.t > 5000 && c.t < 11_000)).toBe(true);
  });

  it('node-5 applies nothing while down, then catches up to the leader after its restart', () => {
    const logs = marks(trace.events, 'log', 'node-5');
    const down = logs.filter((e) => e.t > 5000 && e.t < 11_000);
    expect(down).toEqual([]);
    const back = logs.find((e) => e.t > 11_000);
    expect(back?.data).toMatchObject({ from: 3, last: 5 });
    // Every server applied the leader's command at each index (node-5 replays its log after the
    // restart: its state machine is volatile, figure 2's lastApplied).
    const applied = (n: string) =>
      new Map(marks(trace.events, 'apply', n).map((e) => [e.data?.index, e.data?.value]));
    const leader = applied('node-3');
    expect(applied('node-5').size).toBeGreaterThanOrEqual(5);
    for (const n of ['node-1', 'node-2', 'node-4', 'node-5'])
      for (const [index, value] of applied(n)) expect(leader.get(index), `${n} ${index}`).toBe(value);
  });

  it('runs in the CLI as json, text and mermaid', () => {
    for (const format of ['json', 'text', 'mermaid']) {
      const r = cli(['raft', '--format', format]);
      expect(r.code, format).toBe(0);
      expect(r.out.length, format).toBeGreaterThan(100);
    }
    expect(JSON.parse(cli(['raft', '--format', 'json']).out).final).toMatchObject({ leader: 'node-3' });
  });
});
