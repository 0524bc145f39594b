/** The chaos suite's safety properties: over the whole run, faults included (properties.ts says which). */

import type { Algorithm, ChaosHooks } from '../algorithms/algorithm.ts';
import { POD_HOST } from '../algorithms/cronjob/index.ts';
import { POD_STARTED } from '../algorithms/cronjob/pod.ts';
import { DB_HOST } from '../algorithms/dbjob/keys.ts';
import { LEADER_KEY, STORAGE_HOST } from '../algorithms/lease/keys.ts';
import { algorithmFor } from '../algorithms/registry.ts';
import { COMMIT_MARK, PG_HOST } from '../algorithms/skiplocked/keys.ts';
import { splitBrainChecker } from '../check/splitBrain.ts';
import { hostOf, stopsHost } from '../faults/table.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import { type ChaosAlgorithm, hooksOf } from './schedule.ts';

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
