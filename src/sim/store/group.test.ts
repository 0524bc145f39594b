import { describe, expect, it } from 'vitest';
import etcdLeaderChange from '../../../scenarios/etcd-leader-change.ts';
import { parseScenario } from '../scenario/schema.ts';
import { simulate } from '../simulate.ts';
import type { TraceEvent } from '../trace/events.ts';
import { ETCD_TIMES } from './group.ts';

/**
 * The store as a Raft group (storeMembers 3 or 5): the `raft` machine's election inside the store
 * host, etcd's lessor Promote on a new leader, and no answer without a majority.
 */
const story = parseScenario(etcdLeaderChange, 'scenarios/etcd-leader-change.ts');
type Mark = Extract<TraceEvent, { k: 'mark' }>;
type Store = Extract<TraceEvent, { k: 'store' }>;
const marks = (events: TraceEvent[], name: string) =>
  events.filter((e): e is Mark => e.k === 'mark' && e.node === 'etcd' && e.name === name);
const answers = (events: TraceEvent[], from: number, to = Number.POSITIVE_INFINITY) =>
  events.filter((e) => e.k === 'send' && e.from === 'etcd' && e.t > from && e.t <= to);
const kill = (atMs: number, server: number) => ({
  atMs,
  fault: { kind: 'server' as const, node: 'etcd', server, act: 'kill' as const },
});

describe('the etcd store as a Raft group', () => {
  const trace = simulate(story, { states: false });

  it('member-1 leads from the start in term 2, as a new etcd cluster does (bootstrapped in term 1); killed, another member wins term 3 within 2 election timeouts', () => {
    const won = marks(trace.events, 'store-leader');
    expect(won[0]?.data).toMatchObject({ member: 'member-1', term: 2 });
    expect(won[0]?.t).toBeLessThan(10);
    const next = won[1] as Mark;
    expect(next.data?.term).toBe(3);
    expect(next.data?.member).not.toBe('member-1');
    expect(next.t - 15_000).toBeGreaterThanOrEqual(ETCD_TIMES.electionTimeoutMinMs);
    expect(next.t - 15_000).toBeLessThan(2 * ETCD_TIMES.electionTimeoutMaxMs);
  });

  it('Promote: the new leader sets every lease to now + the election timeout + its TTL (lessor.go)', () => {
    const next = marks(trace.events, 'store-leader')[1] as Mark;
    const promoted = trace.events.filter(
      (e): e is Store => e.k === 'store' && e.t === next.t && e.change.kind === 'lease-keepalive',
    );
    // node-1's lease and the followers' leases alike (they hold no key, but etcd keeps them alive too).
    expect(promoted.length).toBeGreaterThanOrEqual(1);
    for (const p of promoted)
      if (p.change.kind === 'lease-keepalive')
        expect(p.change.deadlineMs).toBe(next.t + ETCD_TIMES.electionTimeoutMinMs + p.change.ttlSec * 1000);
  });

  it('while no member leads, nothing is answered; after the second kill, nothing ever again', () => {
    const [, elected] = marks(trace.events, 'store-leader') as [Mark, Mark];
    expect(answers(trace.events, 15_000 + 2, elected.t)).toEqual([]);
    expect(answers(trace.events, 35_000 + 2)).toEqual([]);
    // The last member keeps calling elections it cannot win (PreVote off, as etcd 3.4): terms climb.
    const last = marks(trace.events, 'store-group').at(-1) as Mark;
    expect(last.data?.leader).toBe('');
    expect(Number(last.data?.term)).toBeGreaterThan(5);
    // And no lease expires: only a leader's lessor expires leases.
    expect(trace.events.some((e) => e.k === 'store' && e.change.kind === 'lease-expire')).toBe(false);
  });

  it('five members survive two kills and stop at the third', () => {
    const five = simulate(story, {
      states: false,
      params: { storeMembers: 5 },
      withoutScript: true,
      interventions: [kill(15_000, 1), kill(25_000, 2), kill(40_000, 3)],
    });
    expect(marks(five.events, 'store-leader').length).toBeGreaterThanOrEqual(2);
    expect(answers(five.events, 30_000, 40_000).length).toBeGreaterThan(0);
    // A leader left without a majority may still answer keepalives until CheckQuorum steps it down
    // (an election timeout; etcd 3.4's LeaseRenew asks no quorum); then nothing is answered.
    const stepDown = 40_000 + ETCD_TIMES.electionTimeoutMinMs + 2 * ETCD_TIMES.heartbeatIntervalMs;
    expect(answers(five.events, stepDown)).toEqual([]);
    expect(marks(five.events, 'store-group').at(-1)?.data?.leader).toBe('');
  });

  it('a killed member restarted rejoins: with two of three back, the group answers again', () => {
    const back = simulate(story, {
      states: false,
      interventions: [{ atMs: 45_000, fault: { kind: 'server', node: 'etcd', server: 2, act: 'restart' } }],
    });
    const after = marks(back.events, 'store-leader').filter((m) => m.t > 45_000);
    expect(after.length).toBe(1);
    expect(answers(back.events, (after[0] as Mark).t).length).toBeGreaterThan(0);
  });

  it('a stopped member (SIGSTOP) leader is replaced, and on resume it follows the new term', () => {
    const stopped = simulate(story, {
      states: false,
      withoutScript: true,
      interventions: [
        { atMs: 10_000, fault: { kind: 'server', node: 'etcd', server: 1, act: 'stop' } },
        { atMs: 20_000, fault: { kind: 'server', node: 'etcd', server: 1, act: 'resume' } },
      ],
    });
    const won = marks(stopped.events, 'store-leader');
    expect(won.map((m) => m.data?.term)).toEqual([2, 3]);
    const last = marks(stopped.events, 'store-group').at(-1) as Mark;
    expect(
      String(last.data?.roles)
        .split(',')
        .filter((r) => r === 'leader'),
    ).toHaveLength(1);
    expect(last.data?.roles).toMatch(/^follower,/);
  });

  it('storeMembers 1 records no group at all (the single-member model stays as it was)', () => {
    const one = simulate(story, { states: false, params: { storeMembers: 1 } });
    expect(marks(one.events, 'store-group')).toEqual([]);
    expect(marks(one.events, 'store-leader')).toEqual([]);
  });
});
