/** Reading etcd's status and metrics answers into the store group's marks. */
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { MemberInfo } from './cluster.ts';
import {
  groupView,
  leaderChangesOf,
  leaderIdOf,
  MemberPoller,
  type MemberReading,
  raftStatusOf,
} from './memberStatus.ts';

const info = (states: MemberInfo['state'][]): MemberInfo[] =>
  states.map((state, i) => ({
    index: i + 1,
    name: `m${i + 1}`,
    id: ['8e9e05c52164694d', '91bc3c398fb3c146', 'fd422379fda50e48'][i] as string,
    clientUrl: `http://127.0.0.1:${2379 + i}`,
    state,
  }));

describe('reading a member', () => {
  it('finds the leader-changes counter in a Prometheus exposition', () => {
    const text = [
      '# HELP etcd_server_leader_changes_seen_total The number of leader changes seen.',
      '# TYPE etcd_server_leader_changes_seen_total counter',
      'etcd_server_leader_changes_seen_total 3',
      'etcd_server_has_leader 1',
    ].join('\n');
    expect(leaderChangesOf(text)).toBe(3);
    expect(leaderChangesOf('etcd_server_has_leader 1\n')).toBeNull();
  });

  it("reads the status answer's leader (a decimal uint64, omitted when 0) as the hex member id", () => {
    expect(leaderIdOf('10276657743932975437')).toBe('8e9e05c52164694d');
    expect(leaderIdOf(undefined)).toBe('');
    expect(leaderIdOf('0')).toBe('');
  });
});

describe('groupView', () => {
  const read = (term: number, leader: string): MemberReading => ({
    term,
    applied: term,
    state: null,
    leader,
    changes: 1,
    fresh: true,
  });
  it('draws the group as the simulated store does: who leads, in which term, who is down', () => {
    const m = info(['killed', 'running', 'running']);
    const v = groupView(
      m,
      new Map([
        [1, { ...read(2, m[0]?.id as string), fresh: false }],
        [2, read(3, m[1]?.id as string)],
        [3, read(3, m[1]?.id as string)],
      ]),
    );
    expect(v).toEqual({
      roles: ['down', 'leader', 'follower'],
      term: 3,
      leader: 'member-2',
      terms: [2, 3, 3],
      applied: [2, 3, 3],
      changes: [1, 1, 1],
    });
  });

  it('shows a member that names no leader as a candidate, and none leads', () => {
    const m = info(['killed', 'killed', 'running']);
    const v = groupView(m, new Map([[3, read(7, '')]]));
    expect(v.roles).toEqual(['down', 'down', 'candidate']);
    expect(v.leader).toBe('');
  });

  it("takes the member's raft state and term from raft.status over the status answer's applied term", () => {
    const vars = {
      'raft.status': { id: 'f0', term: 6, lead: '0', raftState: 'StateCandidate', vote: 'f0' },
      cmdline: ['etcd'],
    };
    expect(raftStatusOf(vars)).toEqual({ term: 6, state: 'candidate' });
    expect(raftStatusOf({ cmdline: [] })).toBeNull();
    const m = info(['killed', 'killed', 'running']);
    const v = groupView(m, new Map([[3, { ...read(6, ''), applied: 3, state: 'candidate' as const }]]));
    expect(v).toMatchObject({
      roles: ['down', 'down', 'candidate'],
      term: 6,
      terms: [0, 0, 6],
      applied: [0, 0, 3],
    });
  });
});

describe('MemberPoller', () => {
  it('marks each change once, and a new leader as store-leader', async () => {
    const members = info(['running', 'running', 'running']);
    const answers: Record<string, { raftTerm: string; leader: string }> = {};
    const events: TraceEvent[] = [];
    let now = 0;
    const realFetch = globalThis.fetch;
    const leaderOf = (i: number) => BigInt(`0x${members[i]?.id}`).toString();
    for (const m of members) answers[m.clientUrl] = { raftTerm: '2', leader: leaderOf(0) };
    globalThis.fetch = (async (url: string) => {
      const base = String(url).replace(/\/(v3|metrics).*/, '');
      if (String(url).endsWith('/metrics')) return new Response('etcd_server_leader_changes_seen_total 1\n');
      return new Response(JSON.stringify(answers[base]));
    }) as typeof fetch;
    try {
      let steps = 0;
      let poller: MemberPoller | null = null;
      // A real (1 ms) wait, so that each loop's reading is in before the next round.
      const sleep = async () => {
        await new Promise((r) => setTimeout(r, 1));
        now += 100;
        if (++steps === 9) {
          members[0] = { ...(members[0] as MemberInfo), state: 'killed' };
          poller?.forget(1);
        }
        if (steps === 15)
          for (const m of members.slice(1)) answers[m.clientUrl] = { raftTerm: '3', leader: leaderOf(2) };
        if (steps > 30) void poller?.stop();
      };
      poller = new MemberPoller(
        { info: () => members },
        (e) => events.push(e),
        () => now,
        sleep,
      );
      poller.start();
      while (steps <= 30) await new Promise((r) => setTimeout(r, 5));
      await poller.stop();
    } finally {
      globalThis.fetch = realFetch;
    }
    const marks = events.flatMap((e) =>
      e.k === 'mark' ? [{ name: e.name, ...e.data } as Record<string, unknown>] : [],
    );
    const leaders = marks.filter((m) => m.name === 'store-leader');
    expect(leaders).toEqual([
      { name: 'store-leader', member: 'member-1', term: 2 },
      { name: 'store-leader', member: 'member-3', term: 3 },
    ]);
    const groups = marks.filter((m) => m.name === 'store-group').map((m) => `${m.roles}|${m.leader}`);
    // No mark repeats the one before it.
    const whole = marks.filter((m) => m.name === 'store-group').map((m) => JSON.stringify(m));
    expect(whole.every((g, i) => g !== whole[i - 1])).toBe(true);
    expect(groups).toContain('down,follower,follower|');
    expect(groups.at(-1)).toBe('down,follower,leader|member-3');
  });
});
