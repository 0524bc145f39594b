/** The chaos suite's liveness properties: once the faults stop at F, checked at F + bound (properties.ts). */

import type { ChaosHooks } from '../algorithms/algorithm.ts';
import { POD_HOST } from '../algorithms/cronjob/index.ts';
import { POD_STARTED } from '../algorithms/cronjob/pod.ts';
import { LEADER_KEY } from '../algorithms/lease/keys.ts';
import { algorithmFor } from '../algorithms/registry.ts';
import { shardKey, shardOfKey } from '../algorithms/sharded/keys.ts';
import { COMMIT_MARK, PG_HOST } from '../algorithms/skiplocked/keys.ts';
import { hostOf, startsHost, stopsHost } from '../faults/table.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import type { Failure, PropertyId } from './safety.ts';
import { type ChaosAlgorithm, type ChaosSchedule, hooksOf } from './schedule.ts';

export interface LivenessResult {
  property: PropertyId;
  /** ms after F from which the desired state held without a break until F + bound (null: not at F + bound). */
  recoveredAfterMs: number | null;
  boundMs: number;
  failure: Failure | null;
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

/** `lease-leader` on the algorithm's leader key (the lease's LEADER_KEY, Patroni's /service/<scope>/leader). */
export function leaseLeader(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  const key = algorithmFor(s.algorithm).leadership.keys[0] ?? LEADER_KEY;
  let holder: string | null = null;
  const step = (e: TraceEvent) => {
    if (e.k !== 'store') return;
    if (e.change.kind === 'delete' && e.change.key === key) holder = null;
    if (e.change.kind === 'put' && e.change.kv.key === key) holder = e.change.kv.value;
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
