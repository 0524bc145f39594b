/**
 * The store group against the real etcd: the figures read off a recording and off a simulation, and
 * the 20 % rule held against runs recorded on a real 3-member etcd 3.4 (fixture below, made with
 * `npm run live -- --headless --compare --runs 5 --out ...` on this repository's machine).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { STORE_HOST } from '../sim/algorithms/lease/keys.ts';
import { scenarioParams } from '../sim/inputs.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { parseTrace } from '../sim/trace/import.ts';
import type { Trace } from '../sim/trace/trace.ts';
import {
  GROUP_DURATION_MS,
  GROUP_SCHEDULE,
  type GroupFigures,
  groupFigures,
  groupTable,
  simulateGroup,
  withinRule,
} from './groupCompare.ts';

interface Fixture {
  note: string;
  recordedAt: string;
  etcd: string;
  load: string;
  runs: Trace[];
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/etcd-group-runs.json', import.meta.url), 'utf8'),
) as Fixture;
const sandbox = withAlgorithm(
  scenarios.find((s) => s.id === 'sandbox') as (typeof scenarios)[number],
  'lease',
);
const params = scenarioParams(sandbox, {});

const simulated = (seeds: number): GroupFigures[] =>
  Array.from({ length: seeds }, (_, i) =>
    groupFigures(
      simulateGroup(sandbox, GROUP_SCHEDULE, {
        seed: i + 1,
        nodes: 3,
        params,
        durationMs: GROUP_DURATION_MS,
      }),
    ),
  );

const mark = (t: number, name: string, data: Record<string, string | number>): TraceEvent => ({
  k: 'mark',
  t,
  node: STORE_HOST,
  name,
  data,
});

describe('groupFigures', () => {
  it("reads the failover off the marks, and leader changes off etcd's counter on a member that ran throughout", () => {
    const events: TraceEvent[] = [
      mark(100, 'store-group', {
        roles: 'leader,follower,follower',
        term: 2,
        leader: 'member-1',
        changes: '1,1,1',
      }),
      mark(100, 'store-leader', { member: 'member-1', term: 2 }),
      mark(4000, 'member-kill', { member: 1 }),
      mark(4001, 'store-group', { roles: 'down,follower,follower', term: 2, leader: '', changes: ',1,1' }),
      mark(5400, 'store-group', {
        roles: 'down,leader,follower',
        term: 3,
        leader: 'member-2',
        changes: ',2,2',
      }),
      mark(5400, 'store-leader', { member: 'member-2', term: 3 }),
      mark(10_000, 'member-kill', { member: 2 }),
      mark(10_001, 'store-group', { roles: 'down,down,follower', term: 3, leader: '', changes: ',,2' }),
      mark(15_000, 'store-group', { roles: 'down,down,candidate', term: 6, leader: '', changes: ',,2' }),
    ];
    expect(groupFigures(events)).toEqual({
      timeToLeaderMs: 1400,
      termAtLeader: 3,
      failoverTerms: 1,
      termReached: 6,
      leaderChanges: 1,
    });
  });

  it('kills the leader in the simulation too: each seed\'s "leader" is the member that leads then', () => {
    for (const seed of [1, 2, 3]) {
      const events = simulateGroup(sandbox, GROUP_SCHEDULE, {
        seed,
        nodes: 3,
        params,
        durationMs: GROUP_DURATION_MS,
      });
      for (const e of events) {
        if (e.k !== 'fault' || e.fault.kind !== 'server') continue;
        const before = events
          .filter((g) => g.k === 'mark' && g.name === 'store-group' && g.t < e.t)
          .at(-1) as Extract<TraceEvent, { k: 'mark' }>;
        expect(before.data?.leader, `seed ${seed} at ${e.t}`).toBe(`member-${e.fault.server}`);
      }
    }
  });
});

describe('the 20 % rule on the recorded runs', () => {
  const real = fixture.runs.map((t) => groupFigures(parseTrace(JSON.stringify(t)).events));
  const sim = simulated(5);

  it('the recording imports with its store marks', () => {
    for (const t of fixture.runs) expect(parseTrace(JSON.stringify(t))).toEqual(t);
    expect(real).toHaveLength(5);
  });

  it('holds: each simulated median falls within the real range widened by 20 %', () => {
    for (const row of groupTable(real, sim)) {
      expect(row.real, row.figure).not.toBeNull();
      expect(
        row.within,
        `${row.figure}: real ${JSON.stringify(row.real)}, sim ${JSON.stringify(row.sim)}`,
      ).toBe(true);
    }
  });

  it('fails on a doctored recording outside the range (the negative control)', () => {
    // Every election twice as slow and two terms further on than the runs recorded.
    const doctored = fixture.runs.map((t) =>
      groupFigures(
        t.events.map((e) => {
          if (e.k !== 'mark' || !e.name.startsWith('store-')) return e;
          const kill = t.events.find((x) => x.k === 'mark' && x.name === 'member-kill')?.t ?? 0;
          const data = {
            ...e.data,
            ...(e.data?.term !== undefined ? { term: Number(e.data.term) + 2 } : {}),
          };
          return { ...e, t: e.t > kill ? kill + (e.t - kill) * 2 : e.t, data };
        }),
      ),
    );
    const rows = groupTable(doctored, sim);
    expect(rows.find((r) => r.key === 'timeToLeaderMs')?.within).toBe(false);
    expect(rows.find((r) => r.key === 'termAtLeader')?.within).toBe(false);
    expect(rows.find((r) => r.key === 'termReached')?.within).toBe(false);
  });

  it('widens each bound by 20 % of it', () => {
    const r = { min: 1000, median: 1200, max: 1500, n: 5 };
    expect(withinRule(r, 800)).toBe(true);
    expect(withinRule(r, 799)).toBe(false);
    expect(withinRule(r, 1800)).toBe(true);
    expect(withinRule(r, 1801)).toBe(false);
  });
});
