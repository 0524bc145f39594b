import { describe, expect, it } from 'vitest';
import { parseScenario } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { TraceIndex } from '../src/sim/trace/frame.ts';
import { summarize } from '../src/sim/trace/summary.ts';
import input from './etcd-leader-change.ts';

const scenario = parseScenario(input, 'scenarios/etcd-leader-change.ts');

describe('scenario etcd-leader-change', () => {
  const trace = simulate(scenario);
  const index = new TraceIndex(trace);

  it('node-1 leads with token 42 through the store’s leader change, then nobody leads', () => {
    const sum = summarize(trace, scenario);
    expect(sum.leaders.map((l) => [l.node, l.token])).toEqual([['node-1', 42]]);
    expect(sum.final.leader).toBeNull();
    expect(sum.violations).toEqual([]);
    expect(trace.steps.map((s) => s.id)).toEqual(scenario.steps.map((s) => s.id));
  });

  it('the picture draws three members: member-1 leads, then member-2, then none with two down', () => {
    const at = (t: number) => index.frameAt(t).store?.group;
    expect(at(5_000)).toMatchObject({ roles: ['leader', 'follower', 'follower'], leader: 'member-1' });
    expect(at(25_000)).toMatchObject({ roles: ['down', 'leader', 'follower'], leader: 'member-2' });
    expect(at(60_000)?.leader).toBeNull();
    expect(at(60_000)?.roles.slice(0, 2)).toEqual(['down', 'down']);
  });

  it('the leader key still names node-1 at the end: without a store leader no lease expires', () => {
    const last = index.frameAt(trace.durationMs);
    expect(last.store?.keys.find((k) => k.key === '/election/leader')?.value).toBe('node-1');
    expect(last.nodes.find((n) => n.id === 'node-1')?.role).toBe('follower');
  });
});
