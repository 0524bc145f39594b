/**
 * The real etcd's Raft group beside the simulated store group (storeMembers 3) under the same member
 * kills: the time from the first kill to a new leader, that leader's term, the term reached by the
 * end, and the leader changes after the kill. Both sides are read off trace events alike: the live
 * recording's `store-group` / `store-leader` marks (memberStatus.ts) and the simulation's (store/
 * process.ts). Pure (no Node API): `npm run live -- --headless --compare --runs N` and the test of
 * the recorded fixture use it.
 */
import { STORE_HOST } from '../sim/algorithms/lease/keys.ts';
import type { Params } from '../sim/params.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import { type Spread, spread } from './patroni/figures.ts';
import type { StoreFault } from './run.ts';

/** A scheduled member fault: a member by number, or `"leader"`, the one that leads when it fires. */
export type ScheduledStoreFault = { kind: StoreFault['kind']; member: number | 'leader' };

/**
 * etcd-leader-change's kills (scenarios/etcd-leader-change.ts): the store's leader, then a second
 * member, here the new leader, with the cluster settled first and a few election timeouts after the
 * second kill, in which the lone member's terms climb (PreVote off: each timeout is a new term).
 */
export const GROUP_SCHEDULE: Array<{ atMs: number; fault: ScheduledStoreFault }> = [
  { atMs: 4000, fault: { kind: 'member-kill', member: 'leader' } },
  { atMs: 10_000, fault: { kind: 'member-kill', member: 'leader' } },
];
export const GROUP_DURATION_MS = 16_000;

export interface GroupFigures {
  /** From the first kill to the first leader seen after it (ms); null when none was elected. */
  timeToLeaderMs: number | null;
  /** That leader's term. */
  termAtLeader: number | null;
  /** Terms the failover took: that leader's term less the term led in before the kill. */
  failoverTerms: number | null;
  /** The highest term any member reached by the end. */
  termReached: number;
  /**
   * Leaders after the first kill: etcd's own etcd_server_leader_changes_seen_total where the
   * recording has it (its rise on a member that ran throughout, the most any saw), else the new
   * leaders the marks show.
   */
  leaderChanges: number;
}

type Mark = Extract<TraceEvent, { k: 'mark' }>;
const storeMarks = (events: readonly TraceEvent[], name: string): Mark[] =>
  events.filter((e): e is Mark => e.k === 'mark' && e.node === STORE_HOST && e.name === name);

/** The first member kill: a live `member-kill` mark, or a simulated `server` fault that kills. */
export function firstKillAt(events: readonly TraceEvent[]): number | null {
  for (const e of events) {
    if (e.k === 'mark' && e.node === STORE_HOST && e.name === 'member-kill') return e.t;
    if (e.k === 'fault' && e.fault.kind === 'server' && (e.fault.act ?? 'kill') === 'kill') return e.t;
  }
  return null;
}

const list = (raw: unknown) => String(raw ?? '').split(',');

export function groupFigures(events: readonly TraceEvent[]): GroupFigures {
  const kill = firstKillAt(events);
  if (kill === null) throw new Error('the run has no member kill');
  const groups = storeMarks(events, 'store-group');
  const leaders = storeMarks(events, 'store-leader').filter((e) => e.t > kill);
  const first = leaders[0];
  const last = groups.at(-1);
  const before = groups.filter((e) => e.t <= kill).at(-1);
  let changes: number | null = null;
  if (before?.data?.changes !== undefined && last?.data?.changes !== undefined) {
    const from = list(before.data.changes);
    const to = list(last.data.changes);
    const after = groups.filter((e) => e.t > kill);
    from.forEach((v, i) => {
      const ranThroughout = after.every((g) => list(g.data?.roles)[i] !== 'down');
      if (!ranThroughout || v === '' || to[i] === '' || to[i] === undefined) return;
      changes = Math.max(changes ?? 0, Number(to[i]) - Number(v));
    });
  }
  const ledBefore = storeMarks(events, 'store-leader')
    .filter((e) => e.t <= kill)
    .at(-1);
  const termAtLeader = first ? Number(first.data?.term ?? 0) : null;
  return {
    timeToLeaderMs: first ? first.t - kill : null,
    termAtLeader,
    failoverTerms:
      termAtLeader !== null && ledBefore ? termAtLeader - Number(ledBefore.data?.term ?? 0) : null,
    termReached: Number(last?.data?.term ?? 0),
    leaderChanges: changes ?? leaders.length,
  };
}

/** The simulator's form of a member fault on the store host (the fault table's `server` kind). */
const simFault = (atMs: number, kind: ScheduledStoreFault['kind'], server: number): TimedFault => ({
  atMs,
  fault: { kind: 'server', node: STORE_HOST, server, act: kind.slice('member-'.length) as 'kill' },
});

/** The simulated group's leader just before `atMs` (its last `store-group` mark), as a member number. */
function simLeaderAt(events: readonly TraceEvent[], atMs: number): number | null {
  const g = storeMarks(events, 'store-group')
    .filter((e) => e.t < atMs)
    .at(-1);
  const leader = String(g?.data?.leader ?? '');
  return leader === '' ? null : Number(leader.slice('member-'.length));
}

/**
 * The schedule simulated on the store group, seed by seed: a `"leader"` fault is resolved on that
 * seed's own run up to its time (the run is deterministic, so its prefix is the full run's).
 */
export function simulateGroup(
  scenario: Scenario,
  schedule: ReadonlyArray<{ atMs: number; fault: ScheduledStoreFault }>,
  opts: { seed: number; nodes: number; params: Params; durationMs: number },
): TraceEvent[] {
  const base = { seed: opts.seed, nodes: opts.nodes, params: { ...opts.params, storeMembers: 3 } };
  const resolved: TimedFault[] = [];
  for (const { atMs, fault } of [...schedule].sort((a, b) => a.atMs - b.atMs)) {
    let member = fault.member;
    if (member === 'leader') {
      const prefix = simulate(scenario, {
        ...base,
        durationMs: atMs,
        interventions: [...resolved],
        withoutScript: true,
      });
      member = simLeaderAt(prefix.events, atMs) ?? 0;
      if (member === 0) continue;
    }
    resolved.push(simFault(atMs, fault.kind, member));
  }
  return simulate(scenario, {
    ...base,
    durationMs: opts.durationMs,
    interventions: resolved,
    withoutScript: true,
  }).events as TraceEvent[];
}

export const GROUP_ROWS = [
  ['timeToLeaderMs', 'time to a new leader (ms)'],
  ['termAtLeader', 'term of the new leader'],
  ['failoverTerms', 'terms the failover took'],
  ['termReached', 'term reached by the end'],
  ['leaderChanges', 'leader changes after the kill'],
] as const;

/**
 * The 20 % rule: the simulated median falls within the real range [min, max] widened by 20 % of each
 * bound (min x 0.8 to max x 1.2).
 */
export function withinRule(real: Spread, simMedian: number, widen = 0.2): boolean {
  return (
    simMedian >= real.min - Math.abs(real.min) * widen && simMedian <= real.max + Math.abs(real.max) * widen
  );
}

export interface GroupRow {
  key: (typeof GROUP_ROWS)[number][0];
  figure: string;
  real: Spread | null;
  sim: Spread | null;
  /** The rule holds (true), fails (false), or has nothing to compare (null). */
  within: boolean | null;
}

export function groupTable(real: readonly GroupFigures[], sim: readonly GroupFigures[]): GroupRow[] {
  return GROUP_ROWS.map(([key, figure]) => {
    const r = spread(real.map((f) => f[key]));
    const s = spread(sim.map((f) => f[key]));
    return { key, figure, real: r, sim: s, within: r && s ? withinRule(r, s.median) : null };
  });
}

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

export function groupText(real: readonly GroupFigures[], sim: readonly GroupFigures[]): string {
  const cell = (s: Spread | null) => (s ? `${num(s.min)} / ${num(s.median)} / ${num(s.max)}` : '-');
  const rows = groupTable(real, sim);
  const lines = [
    `| figure | real etcd min / median / max | simulated min / median / max | 20 % rule |`,
    `| --- | --- | --- | --- |`,
    ...rows.map(
      (r) =>
        `| ${r.figure} | ${cell(r.real)} | ${cell(r.sim)} | ${r.within === null ? '-' : r.within ? 'holds' : 'FAILS'} |`,
    ),
  ];
  return `${lines.join('\n')}\nreal runs: ${real.length}, seeds: ${sim.length}; the rule: the simulated median within the real range widened by 20 %\n`;
}
