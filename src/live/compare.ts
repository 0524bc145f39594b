/**
 * A live recording beside the simulation of the same fault schedule (times relative to the start):
 * the failover windows, message counts and revisions of each. The store model has one member, so
 * member faults have a counterpart: each span in which fewer than two of the three members can serve
 * (quorum lost) becomes one `store-unavailable` fault on the store host for that span; node faults
 * are passed as they are. Pure (no Node API): the headless CLI and the page's live bar both use it.
 */
import { STORE_HOST } from '../sim/algorithms/lease/keys.ts';
import { specOf } from '../sim/faults/table.ts';
import type { TimedFault } from '../sim/scenario/schema.ts';
import { leaderIntervals } from '../sim/trace/summary.ts';
import type { Trace } from '../sim/trace/trace.ts';
import type { LiveNodeFault, StoreFault } from './run.ts';

const MEMBER_FAULTS = ['member-stop', 'member-resume', 'member-kill', 'member-restart'];

/** A recording's own schedule: its node faults, and its member faults (marks of the store host). */
export function scheduleOf(trace: Trace): {
  nodeFaults: Array<{ atMs: number; fault: LiveNodeFault }>;
  storeFaults: Array<{ atMs: number; fault: StoreFault }>;
} {
  const nodeFaults: Array<{ atMs: number; fault: LiveNodeFault }> = [];
  const storeFaults: Array<{ atMs: number; fault: StoreFault }> = [];
  for (const e of trace.events) {
    // A quiet fault (a pause's own end) follows its cause by itself in the simulation too.
    if (e.k === 'fault' && !specOf(e.fault).quiet)
      nodeFaults.push({ atMs: e.t, fault: e.fault as LiveNodeFault });
    if (
      e.k === 'mark' &&
      e.node === STORE_HOST &&
      MEMBER_FAULTS.includes(e.name) &&
      typeof e.data?.member === 'number'
    )
      storeFaults.push({ atMs: e.t, fault: { kind: e.name as StoreFault['kind'], member: e.data.member } });
  }
  return { nodeFaults, storeFaults };
}

const MEMBERS = 3;

/** The simulator's schedule for a live one: node faults as they are, quorum loss as store-unavailable. */
export function simulatedSchedule(
  nodeFaults: ReadonlyArray<{ atMs: number; fault: LiveNodeFault }>,
  storeFaults: ReadonlyArray<{ atMs: number; fault: StoreFault }>,
  durationMs: number,
): TimedFault[] {
  const out: TimedFault[] = nodeFaults.map((f) => ({ atMs: f.atMs, fault: f.fault }));
  const state = Array.from({ length: MEMBERS }, () => 'running' as 'running' | 'stopped' | 'killed');
  let lostAt: number | null = null;
  const sorted = [...storeFaults].sort((a, b) => a.atMs - b.atMs);
  for (const { atMs, fault } of sorted) {
    const i = fault.member - 1;
    const s = state[i];
    if (fault.kind === 'member-stop' && s === 'running') state[i] = 'stopped';
    else if (fault.kind === 'member-resume' && s === 'stopped') state[i] = 'running';
    else if (fault.kind === 'member-kill' && s !== 'killed') state[i] = 'killed';
    else if (fault.kind === 'member-restart' && s === 'killed') state[i] = 'running';
    const quorum = state.filter((x) => x === 'running').length * 2 > MEMBERS;
    if (!quorum && lostAt === null) lostAt = atMs;
    if (quorum && lostAt !== null) {
      if (atMs > lostAt) out.push(unavailable(lostAt, atMs - lostAt));
      lostAt = null;
    }
  }
  if (lostAt !== null && durationMs > lostAt) out.push(unavailable(lostAt, durationMs - lostAt));
  return out.sort((a, b) => a.atMs - b.atMs);
}

const unavailable = (atMs: number, durationMs: number): TimedFault => ({
  atMs,
  fault: { kind: 'store-unavailable', node: STORE_HOST, durationMs },
});

export interface RunFigures {
  /** Each span with no leader between two leaderships: the old leader's end to the next one's start. */
  failovers: Array<{ from: string; to: string; fromMs: number; toMs: number; windowMs: number }>;
  messages: { total: number; byType: Record<string, number> };
  /** The store's last revision, and how many revisions the election keys took. */
  revisions: { last: number; electionChanges: number };
}

export function figures(trace: Trace): RunFigures {
  const leads = leaderIntervals(trace).sort((a, b) => a.fromMs - b.fromMs);
  const failovers: RunFigures['failovers'] = [];
  for (let i = 1; i < leads.length; i++) {
    const prev = leads[i - 1];
    const next = leads[i];
    if (!prev || !next || prev.ongoing || next.fromMs < prev.toMs) continue;
    failovers.push({
      from: prev.node,
      to: next.node,
      fromMs: prev.toMs,
      toMs: next.fromMs,
      windowMs: next.fromMs - prev.toMs,
    });
  }
  const byType: Record<string, number> = {};
  let total = 0;
  let last = 0;
  let electionChanges = 0;
  for (const e of trace.events) {
    if (e.k === 'send') {
      byType[e.type] = (byType[e.type] ?? 0) + 1;
      total++;
    } else if (e.k === 'store') {
      const c = e.change;
      const rev = c.kind === 'put' ? c.kv.modRevision : 'revision' in c ? c.revision : 0;
      last = Math.max(last, rev);
      if (c.kind === 'put' || c.kind === 'delete') electionChanges++;
    }
  }
  return { failovers, messages: { total, byType }, revisions: { last, electionChanges } };
}
