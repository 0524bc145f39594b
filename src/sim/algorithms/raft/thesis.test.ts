import { describe, expect, it } from 'vitest';
import sandbox from '../../../../scenarios/sandbox.ts';
import type { Params } from '../../params.ts';
import { withAlgorithm } from '../../scenario/sandbox.ts';
import type { TimedFault } from '../../scenario/schema.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';

/**
 * The thesis' two knobs (Ongaro 2014, "Consensus: Bridging Theory and Practice"), each against the
 * run without it: PreVote (§9.6) keeps a server that was cut off from raising the term and deposing
 * the leader when it returns; CheckQuorum (§6.2) makes a leader left in a minority step down.
 */
const raftSandbox = withAlgorithm(sandbox, 'raft');
type Role = Extract<TraceEvent, { k: 'role' }>;

function run(params: Partial<Params>, faults: TimedFault[], durationMs: number) {
  const trace = simulate(raftSandbox, { seed: 1, nodes: 5, params, durationMs, interventions: faults });
  const roles = trace.events.filter((e): e is Role => e.k === 'role');
  return { trace, roles, leaders: roles.filter((e) => e.role === 'leader') };
}

/** Who leads at 4 s with seed 1 (the first election, before any fault). */
const firstLeader = (() => {
  const { leaders } = run({}, [], 4000);
  const l = leaders[0];
  if (!l || leaders.length !== 1) throw new Error('seed 1 should elect one leader by 4 s');
  return l.node;
})();
const follower = ['node-1', 'node-2', 'node-3', 'node-4', 'node-5'].find((n) => n !== firstLeader) as string;

describe('PreVote (thesis §9.6): a server back from a partition does not disrupt the leader', () => {
  // The follower is cut off alone for 20 s (several election timeouts), then the partition heals.
  const others = ['node-1', 'node-2', 'node-3', 'node-4', 'node-5'].filter((n) => n !== follower);
  const faults: TimedFault[] = [
    { atMs: 5000, fault: { kind: 'partition', groups: [[follower], others] } },
    { atMs: 25_000, fault: { kind: 'heal' } },
  ];

  it('without PreVote the cut-off server raises its term alone, and on its return the leader of term 1 is deposed', () => {
    const { roles, leaders } = run({}, faults, 40_000);
    const alone = roles.filter((e) => e.node === follower && e.t > 5000 && e.t < 25_000);
    expect(Math.max(...alone.map((e) => e.term ?? 0))).toBeGreaterThan(3);
    // The leader hears the higher term in an APPEND_REPLY and steps down: a new term's leader follows.
    expect(leaders.some((e) => e.t > 25_000 && (e.term ?? 0) > 1)).toBe(true);
    expect(roles.some((e) => e.node === firstLeader && e.t > 25_000 && e.role === 'follower')).toBe(true);
  });

  it('with PreVote it asks first, never wins a pre-vote, keeps term 1, and the leader leads on', () => {
    const { trace, roles, leaders } = run({ preVote: true }, faults, 40_000);
    expect(Math.max(...roles.map((e) => e.term ?? 0))).toBe(1);
    expect(leaders.map((e) => `${e.node}@${e.term}`)).toEqual([`${firstLeader}@1`]);
    const asked = trace.events.filter((e) => e.k === 'mark' && e.name === 'pre-vote-start');
    expect(asked.filter((e) => e.k === 'mark' && e.node === follower).length).toBeGreaterThan(3);
  });

  it('with PreVote a crashed leader is still replaced: the pre-vote passes where no leader is heard', () => {
    const { leaders } = run(
      { preVote: true },
      [{ atMs: 5000, fault: { kind: 'crash', node: firstLeader } }],
      20_000,
    );
    expect(leaders.some((e) => e.node !== firstLeader && e.term === 2)).toBe(true);
  });
});

describe('CheckQuorum (thesis §6.2): a leader left with a minority steps down', () => {
  // The leader keeps one follower; the three others are a majority of their own.
  const minority = [firstLeader, follower];
  const majority = ['node-1', 'node-2', 'node-3', 'node-4', 'node-5'].filter((n) => !minority.includes(n));
  const faults: TimedFault[] = [{ atMs: 5000, fault: { kind: 'partition', groups: [minority, majority] } }];
  const stillLeads = (roles: Role[]) => {
    const last = roles.filter((e) => e.node === firstLeader).at(-1);
    return last?.role === 'leader' && last.term === 1;
  };

  it('without CheckQuorum the old leader leads its minority of 2 until the end, beside the majority’s new leader', () => {
    const { trace, roles, leaders } = run({}, faults, 20_000);
    expect(stillLeads(roles)).toBe(true);
    expect(leaders.some((e) => majority.includes(e.node) && (e.term ?? 0) > 1)).toBe(true);
    expect(trace.events.some((e) => e.k === 'mark' && e.name === 'lost-quorum')).toBe(false);
  });

  it('with CheckQuorum it steps down within two election timeouts of the partition', () => {
    const { trace, roles } = run({ checkQuorum: true }, faults, 20_000);
    expect(stillLeads(roles)).toBe(false);
    const lost = trace.events.find((e) => e.k === 'mark' && e.name === 'lost-quorum');
    expect(lost?.k === 'mark' && lost.node).toBe(firstLeader);
    const min = trace.params.electionTimeoutMinMs as number;
    expect(lost?.t).toBeLessThanOrEqual(5000 + 2 * min + (trace.params.heartbeatIntervalMs as number));
  });

  it('with CheckQuorum and no fault the leader never steps down', () => {
    const { trace, leaders } = run({ checkQuorum: true }, [], 20_000);
    expect(leaders.map((e) => e.node)).toEqual([firstLeader]);
    expect(trace.events.some((e) => e.k === 'mark' && e.name === 'lost-quorum')).toBe(false);
  });
});

describe('a second client (knob clients)', () => {
  it('is a host only when asked for, and names its commands y1, y2, … starting from the last server', () => {
    const one = run({}, [], 8000).trace;
    expect(one.hosts.map((h) => h.id)).not.toContain('client-2');
    const two = run({ clients: 2 }, [], 8000).trace;
    expect(two.hosts.filter((h) => h.kind === 'client').map((h) => h.id)).toEqual(['client', 'client-2']);
    const first = two.events.find((e) => e.k === 'send' && e.from === 'client-2');
    expect(first?.k === 'send' && [first.to, first.data?.value]).toEqual(['node-5', 'y1']);
    const values = two.events.flatMap((e) => (e.k === 'mark' && e.name === 'append' ? [e.data?.value] : []));
    expect(values).toEqual(expect.arrayContaining(['x1', 'y1']));
  });
});
