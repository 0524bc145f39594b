/**
 * The chaos properties: each one a checker over a finished trace, independent of the checkers that
 * run inside simulate() (src/sim/check), so a bug in one is caught by the other. A safety property
 * has the id of the violation kind the trace names it with, where there is one (events.ts).
 *
 * Safety (over the whole run, faults included; split-brain is defined beside src/sim/check/splitBrain.ts:
 * on the fenced storage the violation is a stale write, and two believed leaders alone are a metric):
 * - `stale-write-accepted`: the protected storage never accepts a write whose fencing token is lower than one
 *   it accepted before, nor a write without a token (Kleppmann 2016);
 * - `two-lease-holders`: while the leader key exists in the store it stays on one lease (etcd
 *   Election.Campaign's create_revision compare; a put under another lease = two holders);
 * - `two-leaders-in-term`: no two nodes report leadership of the same term (Raft election safety,
 *   Ongaro & Ousterhout 2014, fig. 3).
 * - `one-db-writer`: the job runner's database never accepts writes from two believed leaders whose
 *   leaderships overlap, the later write coming after the other's leadership began (split-brain on
 *   the database: both run the job; an old leader's write before the new one began is not one).
 * - `one-job-run`: at most one run of the scheduled job at a time (a CronJob under concurrencyPolicy
 *   Forbid: its pod host never marks a start while another run is going, cronjob/pod.ts).
 * - `job-committed-twice`: the job queue's database never commits a job that is already done (each
 *   job's row is locked FOR UPDATE until its transaction ends; PostgreSQL docs 13.3.2).
 * Liveness (once the faults stop at F, checked at F + bound):
 * - `lease-leader`: a node believes it leads and the store's leader key names it;
 * - `quorum-leader`: exactly one node believes it leads;
 * - `bully-agreement`: the highest id leads and every other node's last word from it (HEARTBEAT or
 *   COORDINATOR) came after its last change of role, so every live node believes in the highest id;
 * - `shard-leaders`: every shard's key names a live node that believes it leads;
 * - `job-started`: a run of the scheduled job starts after F (the CronJob's next slots are met);
 * - `jobs-done`: every job of the queue has been committed (a dead worker's row lock released, and
 *   another worker took the job).
 * Sharded leadership checks the first two per shard: `stale-write-accepted` per item the storage fences (the
 * write's key) and `two-lease-holders` on every `/shards/<nn>/leader` key (the algorithm's
 * `leadership.keys`, as for the lease's one key).
 */

import type { Algorithm, ChaosHooks } from '../algorithms/algorithm.ts';
import { POD_HOST } from '../algorithms/cronjob/index.ts';
import { POD_STARTED } from '../algorithms/cronjob/pod.ts';
import { DB_HOST } from '../algorithms/dbjob/keys.ts';
import { LEADER_KEY, STORAGE_HOST } from '../algorithms/lease/keys.ts';
import { algorithmFor } from '../algorithms/registry.ts';
import { shardKey, shardOfKey } from '../algorithms/sharded/keys.ts';
import { COMMIT_MARK, PG_HOST } from '../algorithms/skiplocked/keys.ts';
import { splitBrainChecker } from '../check/splitBrain.ts';
import { hostOf, startsHost, stopsHost } from '../faults/table.ts';
import { type CliFigures, cliFigures, computeMetrics } from '../metrics/metrics.ts';
import type { Params } from '../params.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import { type ChaosAlgorithm, type ChaosSchedule, hooksOf } from './schedule.ts';

export { LEADER_KEY };

export type PropertyId =
  | 'stale-write-accepted'
  | 'two-lease-holders'
  | 'two-leaders-in-term'
  | 'one-db-writer'
  | 'one-job-run'
  | 'lease-leader'
  | 'quorum-leader'
  | 'bully-agreement'
  | 'split-brain'
  | 'shard-leaders'
  | 'job-started'
  | 'job-committed-twice'
  | 'jobs-done';

export interface Failure {
  property: PropertyId;
  atMs: number;
  detail: string;
}

export interface LivenessResult {
  property: PropertyId;
  /** ms after F from which the desired state held without a break until F + bound (null: not at F + bound). */
  recoveredAfterMs: number | null;
  boundMs: number;
  failure: Failure | null;
}

// ------------------------------------------------------------------------------------- safety

export function staleWrites(events: readonly TraceEvent[], resource = STORAGE_HOST): Failure[] {
  const out: Failure[] = [];
  // Per item: a write that names its item (a shard, write.key) is fenced against that item's writes.
  const highest = new Map<string, number>();
  for (const e of events) {
    if (e.k !== 'write' || e.resource !== resource || e.status !== 'accepted') continue;
    const item = e.key === undefined ? resource : `${resource} ${e.key}`;
    if (e.token === null) {
      out.push({
        property: 'stale-write-accepted',
        atMs: e.t,
        detail: `${item} accepted a write without a token from ${e.node}`,
      });
      continue;
    }
    const hi = highest.get(item);
    if (hi !== undefined && e.token < hi)
      out.push({
        property: 'stale-write-accepted',
        atMs: e.t,
        detail: `${item} accepted token ${e.token} from ${e.node} after token ${hi}`,
      });
    if (hi === undefined || e.token > hi) highest.set(item, e.token);
  }
  return out;
}

export function leaseHolders(events: readonly TraceEvent[], key = LEADER_KEY): Failure[] {
  const out: Failure[] = [];
  let held: { lease: number; value: string } | null = null;
  for (const e of events) {
    if (e.k !== 'store') continue;
    const c = e.change;
    if (c.kind === 'delete' && c.key === key) held = null;
    if (c.kind !== 'put' || c.kv.key !== key) continue;
    if (held && held.lease !== c.kv.lease)
      out.push({
        property: 'two-lease-holders',
        atMs: e.t,
        detail: `${key} put for ${c.kv.value} under lease ${c.kv.lease} while ${held.value} held it under lease ${held.lease}`,
      });
    held = { lease: c.kv.lease, value: c.kv.value };
  }
  return out;
}

/** `two-lease-holders` over every key that names a leader (the algorithm's `leadership.keys`: a shard's too). */
export function leaseHoldersOf(events: readonly TraceEvent[], keys: readonly string[]): Failure[] {
  return keys.flatMap((key) => leaseHolders(events, key));
}

export function termLeaders(events: readonly TraceEvent[]): Failure[] {
  const out: Failure[] = [];
  const leaderOf = new Map<number, string>();
  for (const e of events) {
    if (e.k !== 'role' || e.role !== 'leader' || e.term === undefined) continue;
    const prev = leaderOf.get(e.term);
    if (prev === undefined) leaderOf.set(e.term, e.node);
    else if (prev !== e.node)
      out.push({
        property: 'two-leaders-in-term',
        atMs: e.t,
        detail: `${prev} and ${e.node} both lead term ${e.term}`,
      });
  }
  return out;
}

/**
 * `no-split-brain`: no two believed leaders both have writes accepted on their own copies while both
 * believe (the definition beside src/sim/check/splitBrain.ts, replayed over the finished trace).
 */
export function splitBrains(events: readonly TraceEvent[]): Failure[] {
  const checker = splitBrainChecker();
  return events.flatMap((e) =>
    checker.observe(e).map((v) => ({ property: 'split-brain' as const, atMs: e.t, detail: v.detail })),
  );
}

/** Two believed leaders both had writes accepted on the database, each in its current leadership. */
export function dbWriters(events: readonly TraceEvent[], resource = DB_HOST): Failure[] {
  const out: Failure[] = [];
  const since = new Map<string, number>();
  const last = new Map<string, number>();
  for (const e of events) {
    if (e.k === 'role') {
      if (e.role === 'leader') {
        if (!since.has(e.node)) since.set(e.node, e.t);
      } else since.delete(e.node);
    } else if (e.k === 'fault' && stopsHost(e.fault)) since.delete(hostOf(e.fault) ?? '');
    if (e.k !== 'write' || e.resource !== resource || e.status !== 'accepted') continue;
    const mine = since.get(e.node);
    if (mine === undefined) continue;
    last.set(e.node, e.t);
    for (const [other, s] of since) {
      const w = last.get(other);
      if (other === e.node || w === undefined || w < s || w < mine) continue;
      out.push({
        property: 'one-db-writer',
        atMs: e.t,
        detail: `${resource} accepted writes from ${other} and ${e.node}, both leading`,
      });
    }
  }
  return out;
}

/** A run of the job started while another was going (the pod host's `pod-started` mark counts them). */
export function jobRuns(events: readonly TraceEvent[]): Failure[] {
  return events.flatMap((e) =>
    e.k === 'mark' && e.node === POD_HOST && e.name === POD_STARTED && Number(e.data?.running) > 1
      ? [
          {
            property: 'one-job-run' as const,
            atMs: e.t,
            detail: `${String(e.data?.job)} started beside another run (${String(e.data?.running)} running)`,
          },
        ]
      : [],
  );
}

/** A job committed after it was already done: its row was not locked by the transaction that took it. */
export function jobCommits(events: readonly TraceEvent[]): Failure[] {
  const done = new Map<string, string>();
  const out: Failure[] = [];
  for (const e of events) {
    if (e.k !== 'mark' || e.name !== COMMIT_MARK || e.node !== PG_HOST) continue;
    const job = String(e.data?.job);
    const node = String(e.data?.node);
    const first = done.get(job);
    if (first === undefined) done.set(job, node);
    else
      out.push({
        property: 'job-committed-twice',
        atMs: e.t,
        detail: `${job} committed by ${node} after ${first} had committed it`,
      });
  }
  return out;
}

const safetyChecks: Record<
  ChaosHooks['safety'][number],
  (ev: readonly TraceEvent[], a: Algorithm) => Failure[]
> = {
  'stale-write-accepted': (ev) => staleWrites(ev),
  'two-lease-holders': (ev, a) => leaseHoldersOf(ev, a.leadership.keys),
  'two-leaders-in-term': termLeaders,
  'split-brain': splitBrains,
  'one-db-writer': (ev) => dbWriters(ev),
  'one-job-run': jobRuns,
  'job-committed-twice': jobCommits,
};

/** The safety properties the algorithm's chaos hooks name, in their order. */
export function checkSafety(alg: ChaosAlgorithm, trace: Trace): Failure[] {
  const a = algorithmFor(alg);
  return hooksOf(alg).safety.flatMap((name) => safetyChecks[name](trace.events, a));
}

// ------------------------------------------------------------------------------------- liveness

/**
 * Who believes they lead, replayed event by event; `visit` sees the state after every event. A crash ends a belief; a pause does not (see LeaderBeliefs in src/sim/check).
 */
function replayBeliefs(
  events: readonly TraceEvent[],
  until: number,
  visit: (e: TraceEvent, leaders: Set<string>) => void,
) {
  const leaders = new Set<string>();
  for (const e of events) {
    if (e.t > until) break;
    if (e.k === 'role') {
      if (e.role === 'leader') leaders.add(e.node);
      else leaders.delete(e.node);
    } else if (e.k === 'fault' && stopsHost(e.fault)) leaders.delete(hostOf(e.fault) ?? '');
    visit(e, leaders);
  }
  return leaders;
}

/**
 * Runs `good` after every event up to `until` and returns the time from which it held without a
 * break (or null if it does not hold at `until`). The state before F counts too: a leader that
 * survived the faults gives 0.
 */
function stableSince(
  events: readonly TraceEvent[],
  until: number,
  step: (e: TraceEvent, leaders: Set<string>) => void,
  good: (leaders: Set<string>) => boolean,
): number | null {
  let since: number | null = null;
  let sinceWasGood = false;
  const leaders = replayBeliefs(events, until, (e, ls) => {
    step(e, ls);
    const ok = good(ls);
    if (ok && !sinceWasGood) since = e.t;
    if (!ok) since = null;
    sinceWasGood = ok;
  });
  return good(leaders) ? since : null;
}

function liveness(
  property: PropertyId,
  s: ChaosSchedule,
  since: number | null,
  explain: () => string,
): LivenessResult {
  const F = s.faultsEndMs;
  const recoveredAfterMs = since === null ? null : Math.max(0, since - F);
  return {
    property,
    recoveredAfterMs,
    boundMs: s.boundMs,
    failure: since === null ? { property, atMs: F + s.boundMs, detail: explain() } : null,
  };
}

export function leaseLeader(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  let holder: string | null = null;
  const step = (e: TraceEvent) => {
    if (e.k !== 'store') return;
    if (e.change.kind === 'delete' && e.change.key === LEADER_KEY) holder = null;
    if (e.change.kind === 'put' && e.change.kv.key === LEADER_KEY) holder = e.change.kv.value;
  };
  const good = (ls: Set<string>) => holder !== null && ls.size === 1 && ls.has(holder);
  let last: Set<string> = new Set();
  const since = stableSince(trace.events, until, step, (ls) => {
    last = new Set(ls);
    return good(ls);
  });
  return liveness(
    'lease-leader',
    s,
    since,
    () => `at ${until} ms believers [${[...last].join(', ')}], store key held by ${holder ?? 'nobody'}`,
  );
}

export function quorumLeader(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  let last: Set<string> = new Set();
  const since = stableSince(
    trace.events,
    until,
    () => {},
    (ls) => {
      last = new Set(ls);
      return ls.size === 1;
    },
  );
  return liveness('quorum-leader', s, since, () => `at ${until} ms believers [${[...last].join(', ')}]`);
}

export function bullyAgreement(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  const ids = Array.from({ length: s.nodes }, (_, i) => `node-${i + 1}`);
  const top = ids[ids.length - 1] as string;
  const sends = new Map<number, { from: string; to: string; type: string }>();
  /** node -> does its latest word from the top come after its latest non-follower role (or crash)? */
  const believes = new Map<string, boolean>();
  const step = (e: TraceEvent) => {
    if (e.k === 'send') sends.set(e.id, { from: e.from, to: e.to, type: e.type });
    else if (e.k === 'deliver') {
      const m = sends.get(e.id);
      if (m && m.from === top && (m.type === 'HEARTBEAT' || m.type === 'COORDINATOR'))
        believes.set(m.to, true);
    } else if (e.k === 'role' && e.role !== 'follower') believes.set(e.node, false);
    else if (e.k === 'fault' && (stopsHost(e.fault) || startsHost(e.fault)))
      believes.set(hostOf(e.fault) ?? '', false);
  };
  let last: Set<string> = new Set();
  const good = (ls: Set<string>) =>
    ls.size === 1 && ls.has(top) && ids.every((id) => id === top || believes.get(id) === true);
  const since = stableSince(trace.events, until, step, (ls) => {
    last = new Set(ls);
    return good(ls);
  });
  return liveness('bully-agreement', s, since, () => {
    const doubters = ids.filter((id) => id !== top && believes.get(id) !== true);
    return `at ${until} ms believers [${[...last].join(', ')}] (want ${top}); not yet following ${top}: [${doubters.join(', ')}]`;
  });
}

// sharded (issue #14)
/**
 * `shard-leaders`: every shard's key is held, each by a node that is up and believes it leads
 * (the schedule's `shards` knob says how many).
 */
export function shardLeaders(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  const shards = Number(s.params.shards);
  const holder = new Map<string, string>();
  const step = (e: TraceEvent) => {
    if (e.k !== 'store') return;
    if (e.change.kind === 'delete') holder.delete(e.change.key);
    if (e.change.kind === 'put' && shardOfKey(e.change.kv.key) !== null)
      holder.set(e.change.kv.key, e.change.kv.value);
  };
  let last: Set<string> = new Set();
  const missing = (ls: Set<string>) =>
    Array.from({ length: shards }, (_, i) => shardKey(i + 1)).filter((k) => !ls.has(holder.get(k) ?? ''));
  const since = stableSince(trace.events, until, step, (ls) => {
    last = new Set(ls);
    return missing(ls).length === 0;
  });
  return liveness(
    'shard-leaders',
    s,
    since,
    () =>
      `at ${until} ms no live leader for ${missing(last).join(', ')} (believers [${[...last].join(', ')}])`,
  );
}

/** A run of the job started after F and by F + bound. */
export function jobStarted(trace: Trace, s: ChaosSchedule): LivenessResult {
  const F = s.faultsEndMs;
  const start = trace.events.find(
    (e) => e.k === 'mark' && e.node === POD_HOST && e.name === POD_STARTED && e.t > F && e.t <= F + s.boundMs,
  );
  return liveness(
    'job-started',
    s,
    start ? start.t : null,
    () => `no run started in (${F}, ${F + s.boundMs}] ms`,
  );
}

export function jobsDone(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  const jobs = Number(trace.params.jobs);
  const done = new Set<string>();
  let at: number | null = null;
  for (const e of trace.events) {
    if (e.t > until) break;
    if (e.k !== 'mark' || e.name !== COMMIT_MARK || e.node !== PG_HOST) continue;
    done.add(String(e.data?.job));
    if (done.size === jobs && at === null) at = e.t;
  }
  return liveness('jobs-done', s, at, () => `at ${until} ms ${done.size} of ${jobs} jobs committed`);
}

const livenessChecks: Record<ChaosHooks['liveness'], (trace: Trace, s: ChaosSchedule) => LivenessResult> = {
  'lease-leader': leaseLeader,
  'quorum-leader': quorumLeader,
  'bully-agreement': bullyAgreement,
  'shard-leaders': shardLeaders,
  'job-started': jobStarted,
  'jobs-done': jobsDone,
};

/** The liveness property the algorithm's chaos hooks name. */
export function checkLiveness(alg: ChaosAlgorithm, trace: Trace, s: ChaosSchedule): LivenessResult {
  return livenessChecks[hooksOf(alg).liveness](trace, s);
}

// ------------------------------------------------------------------------------------- metric bounds

/**
 * A liveness or cost pitfall (issue #13) breaks no safety property: its story keeps a bound on one
 * figure of the CLI summary instead (`cliFigures`, src/sim/metrics). The story's run without its fix
 * must break the bound (the bad figure) and the run with the fix must keep it (the good figure), so
 * the bound can fail. The runner that plays the stories is src/testing/chaos/run.ts (`boundOutcome`).
 */
export interface MetricBound {
  /** The pitfall story (scenarios/<id>.ts). */
  story: string;
  metric: Exclude<keyof CliFigures, 'twoLeaderMs'>;
  /** The largest acceptable value, from the run (its resolved params, length and hosts). */
  max: (trace: Trace) => number;
  /** Why this bound, with its source. */
  why: string;
}

export interface BoundResult {
  story: string;
  metric: MetricBound['metric'];
  value: number;
  max: number;
  ok: boolean;
}

/** The bound's figure in this trace, and whether it keeps the bound. */
export function checkBound(b: MetricBound, trace: Trace): BoundResult {
  const value = cliFigures(computeMetrics(trace))[b.metric];
  const max = b.max(trace);
  return { story: b.story, metric: b.metric, value, max, ok: value <= max };
}

const knob = (p: Params, k: string): number => Number(p[k]);

export const metricBounds: MetricBound[] = [
  // even-quorum
  {
    story: 'even-quorum',
    metric: 'leaderlessMs',
    // The first election and one failover, each within a few randomized timeouts.
    max: ({ params: p }) => 2 * knob(p, 'electionTimeoutMaxMs') + knob(p, 'electionTimeoutMinMs'),
    why: 'a cluster with a majority on one side of a cut elects within its election timeouts (Raft 5.2); floor(n/2)+1 of an even n is on neither side of an even split',
  },
  // short-timeout
  {
    story: 'short-timeout',
    metric: 'elections',
    // The first election, and at most one more per ten minutes of a cluster where nothing crashes.
    max: ({ durationMs }) => 1 + Math.floor(durationMs / 600_000),
    why: 'an election timeout well above the GC pauses and the latency tail rides them out; production clusters run 10-30 s with jitter (Raft 5.2: broadcastTime << electionTimeout << MTBF)',
  },
  // bully-at-scale
  {
    story: 'bully-at-scale',
    metric: 'messagesPerMinute',
    // Linear in the cluster: 150 messages per node per minute, whatever the network between the nodes does.
    max: ({ hosts }) => 150 * hosts.filter((h) => h.kind === 'node').length,
    why: 'an election through a lease costs each node its own requests to the store (etcd election.go: one txn per campaign, a keepalive per renewal); Bully costs O(n^2) per change of coordinator (Garcia-Molina 1982)',
  },
];
