/**
 * The chaos suite's liveness properties: once the faults stop at F, checked at F + bound (properties.ts).
 * The ones any algorithm may keep are here; an algorithm's own live in its folder (`liveness.ts`).
 */

import type { ChaosHooks } from '../algorithms/algorithm.ts';
import { jobStarted } from '../algorithms/cronjob/liveness.ts';
import { algorithmFor } from '../algorithms/registry.ts';
import { shardLeaders } from '../algorithms/sharded/liveness.ts';
import { jobsDone } from '../algorithms/skiplocked/liveness.ts';
import { hostOf, startsHost, stopsHost } from '../faults/table.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import { type LivenessResult, liveness, stableSince } from './recovery.ts';
import { type ChaosAlgorithm, type ChaosSchedule, hooksOf } from './schedule.ts';

export type { LivenessResult } from './recovery.ts';
export { jobStarted, jobsDone, shardLeaders };

/** `lease-leader`: one node believes it leads, and the algorithm's leader key names it (the lease's, Patroni's /service/<scope>/leader). */
export function leaseLeader(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  const key = algorithmFor(s.algorithm).leadership.keys[0];
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
  const agreement = liveness('bully-agreement', s, since, () => {
    const doubters = ids.filter((id) => id !== top && believes.get(id) !== true);
    return `at ${until} ms believers [${[...last].join(', ')}] (want ${top}); not yet following ${top}: [${doubters.join(', ')}]`;
  });
  return agreement.failure ? agreement : bullyCost(trace, s, agreement);
}

/**
 * Bully's cost once the faults stop: each fault recorded from F on (the heal, each restart) may start
 * one election, and an election costs at most n(n-1) ELECTION + OK + COORDINATOR (Garcia-Molina 1982);
 * twice that per fault leaves room for elections that overlap, never for a storm.
 */
export function bullyCost(trace: Trace, s: ChaosSchedule, agreed: LivenessResult): LivenessResult {
  const F = s.faultsEndMs;
  let faults = 0;
  let messages = 0;
  for (const e of trace.events) {
    if (e.t < F) continue;
    if (e.k === 'fault') faults++;
    else if (e.k === 'send' && e.type !== 'HEARTBEAT') messages++;
  }
  const bound = 2 * s.nodes * (s.nodes - 1) * Math.max(1, faults);
  if (messages <= bound) return agreed;
  const detail = `${messages} ELECTION + OK + COORDINATOR from ${F} ms on, over 2·n(n−1) x ${Math.max(1, faults)} fault(s) = ${bound}`;
  return { ...agreed, failure: { property: 'bully-agreement', atMs: trace.durationMs, detail } };
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
