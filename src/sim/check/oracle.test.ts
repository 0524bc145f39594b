/**
 * An oracle for every safety checker: a second, independent implementation of each property, with the
 * checker's name and semantics, written over the whole event list at once instead of event by event.
 * The tests compare the two on hand-made traces (each case's expected verdict is written out) and on
 * the chaos schedules of every algorithm, safe and unsafe, where the checkers are what simulate() ran.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { traceOf } from '../../testing/chaos/run.ts';
import { POD_HOST } from '../algorithms/cronjob/index.ts';
import { POD_FINISHED, POD_KILLED, POD_STARTED } from '../algorithms/cronjob/pod.ts';
import { DB_HOST, SQL_MARK } from '../algorithms/dbjob/keys.ts';
import { algorithmFor } from '../algorithms/registry.ts';
import { runtimeFor } from '../algorithms/runtimes.ts';
import { COMMIT_MARK, EMAIL_MARK, PG_HOST } from '../algorithms/skiplocked/keys.ts';
import { chaosAlgorithms, scheduleArb } from '../chaos/schedule.ts';
import { hostOf, stopsHost } from '../faults/table.ts';
import { simulate } from '../simulate.ts';
import type { TraceEvent, ViolationKind } from '../trace/events.ts';
import { safetyCheckers } from './index.ts';

/** A verdict to compare: when, what, and whom (sorted). */
type Found = readonly [t: number, kind: ViolationKind, nodes: string];
const found = (t: number, kind: ViolationKind, nodes: readonly string[]): Found => [
  t,
  kind,
  [...nodes].sort().join(' '),
];

// ------------------------------------------------------------------------------------- the oracles

/** Tokens per item (resource, or resource and key): an accepted token lower than the item's highest. */
function staleWriteAccepted(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const best = new Map<string, number>();
  for (const e of events) {
    if (e.k !== 'write' || e.status !== 'accepted' || e.token === null) continue;
    const item = JSON.stringify([e.resource, e.key ?? null]);
    const hi = best.get(item) ?? -Infinity;
    if (e.token < hi) out.push(found(e.t, 'stale-write-accepted', [e.node]));
    else best.set(item, e.token);
  }
  return out;
}

/** A leader key put for another holder on another lease while it exists (a renewal keeps its holder). */
function twoLeaseHolders(events: readonly TraceEvent[], keys: readonly string[]): Found[] {
  const out: Found[] = [];
  const held = new Map<string, { value: string; lease: number }>();
  for (const e of events) {
    if (e.k !== 'store') continue;
    const c = e.change;
    if (c.kind === 'delete') {
      held.delete(c.key);
      continue;
    }
    if (c.kind !== 'put' || !keys.includes(c.kv.key)) continue;
    const was = held.get(c.kv.key);
    if (was && was.value !== c.kv.value && was.lease !== c.kv.lease)
      out.push(found(e.t, 'two-lease-holders', [was.value, c.kv.value]));
    held.set(c.kv.key, { value: c.kv.value, lease: c.kv.lease });
  }
  return out;
}

/** Two nodes reporting leadership of one term. */
function twoLeadersInTerm(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const first = new Map<number, string>();
  for (const e of events) {
    if (e.k !== 'role' || e.role !== 'leader' || e.term === undefined) continue;
    const who = first.get(e.term) ?? e.node;
    first.set(e.term, who);
    if (who !== e.node) out.push(found(e.t, 'two-leaders-in-term', [who, e.node]));
  }
  return out;
}

/**
 * Split-brain on unfenced copies: a leadership is a node's stretch of believing it leads with one
 * token and term, ended by another role or by its host stopping. A write accepted on the copy a
 * believed leader keeps (or a tokenless write a believed leader sent) is that leader's; two current
 * leaderships that both wrote, the later writes after both began, are split-brain, told once per
 * pair and per the later of the two leaderships' starts.
 */
function splitBrain(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const leading = new Map<string, { since: number; token?: number; term?: number }>();
  const wrote = new Map<string, { at: number; since: number }>();
  const told = new Set<string>();
  for (const e of events) {
    if (e.k === 'role') {
      const cur = leading.get(e.node);
      if (e.role !== 'leader') leading.delete(e.node);
      else if (!cur || cur.token !== e.token || cur.term !== e.term)
        leading.set(e.node, { since: e.t, token: e.token, term: e.term });
    }
    if (e.k === 'fault' && stopsHost(e.fault)) leading.delete(hostOf(e.fault) ?? '');
    if (e.k !== 'write' || e.status !== 'accepted') continue;
    const keeper = leading.has(e.resource)
      ? e.resource
      : e.token === null && leading.has(e.node)
        ? e.node
        : undefined;
    if (keeper === undefined) continue;
    const mine = leading.get(keeper)?.since ?? 0;
    wrote.set(keeper, { at: e.t, since: mine });
    for (const [other, { since }] of leading) {
      const w = wrote.get(other);
      if (other === keeper || !w || w.since !== since || w.at < mine) continue;
      const tag = `${[keeper, other].sort().join('+')}@${Math.max(mine, since)}`;
      if (told.has(tag)) continue;
      told.add(tag);
      out.push(found(e.t, 'split-brain', [keeper, other]));
    }
  }
  return out;
}

/** A job's second (and later) commit on the queue's database. */
function jobCommittedTwice(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const done = new Set<string>();
  for (const e of events) {
    if (e.k !== 'mark' || e.name !== COMMIT_MARK || e.node !== PG_HOST) continue;
    const job = String(e.data?.job);
    if (done.has(job)) out.push(found(e.t, 'job-committed-twice', [String(e.data?.node)]));
    done.add(job);
  }
  return out;
}

/** A job's second (and later) e-mail, naming everyone that has sent one for it. */
function duplicateEmail(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const senders = new Map<string, string[]>();
  for (const e of events) {
    if (e.k !== 'mark' || e.name !== EMAIL_MARK) continue;
    const job = String(e.data?.job);
    const all = [...(senders.get(job) ?? []), String(e.data?.by)];
    senders.set(job, all);
    if (all.length > 1)
      out.push(
        found(
          e.t,
          'duplicate-email',
          [...new Set(all)].filter((s) => s.startsWith('node-')),
        ),
      );
  }
  return out;
}

/**
 * The nightly job's second e-mail to a customer, counted from the database's accepted writes (each
 * names the customers its UPDATE reminded: `UPDATE 3: 'acme', 'globex', 'initech'`), not from the
 * outbox the checker reads: once per write that sends some customer its second.
 */
function jobRanTwice(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const by = new Map<string, string[]>();
  for (const e of events) {
    if (e.k !== 'write' || e.resource !== DB_HOST || e.status !== 'accepted') continue;
    const customers = [...String(e.value ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1] as string);
    let second: string[] | null = null;
    for (const c of customers) {
      const senders = [...(by.get(c) ?? []), e.node];
      by.set(c, senders);
      if (senders.length === 2 && !second) second = senders;
    }
    if (second) out.push(found(e.t, 'job-ran-twice', second));
  }
  return out;
}

/** A pod started while another pod of the job runs: counted from the starts, ends and kills. */
function oneJobRun(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const running = new Set<string>();
  for (const e of events) {
    if (e.k === 'fault' && stopsHost(e.fault) && hostOf(e.fault) === POD_HOST) running.clear();
    if (e.k !== 'mark' || e.node !== POD_HOST) continue;
    const job = String(e.data?.job);
    if (e.name === POD_FINISHED || e.name === POD_KILLED) running.delete(job);
    if (e.name !== POD_STARTED) continue;
    running.add(job);
    if (running.size > 1) out.push(found(e.t, 'one-job-run', []));
  }
  return out;
}

/**
 * Raft's log properties (figure 3), over whole logs rebuilt from the `log` marks: each server's log
 * after every event, compared entry by entry (term and command).
 */
function raftLogProperties(events: readonly TraceEvent[]): Found[] {
  const out: Found[] = [];
  const logs: Record<string, Array<[number, string]>> = {};
  const leaderOf: Record<string, number | undefined> = {};
  // Each commit with the term its server was in: Leader Completeness binds leaders of later terms only.
  const commits: Array<[number, [number, string], number]> = [];
  const termOf: Record<string, number> = {};
  const firstApply: Record<number, [string, number, string]> = {};
  const same = (a?: [number, string], b?: [number, string]) =>
    a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];
  for (const e of events) {
    if (e.k === 'role') {
      leaderOf[e.node] = e.role === 'leader' ? e.term : undefined;
      if (e.term !== undefined) termOf[e.node] = e.term;
      if (e.role !== 'leader' || e.term === undefined) continue;
      const log = logs[e.node] ?? [];
      const term = e.term;
      if (commits.some(([i, entry, t]) => t < term && !same(log[i - 1], entry)))
        out.push(found(e.t, 'leader-completeness', [e.node]));
      continue;
    }
    if (e.k !== 'mark') continue;
    const d = e.data ?? {};
    if (e.name === 'log') {
      termOf[e.node] = Number(d.term);
      const from = Number(d.from);
      const old = logs[e.node] ?? [];
      const terms = String(d.terms) === '' ? [] : String(d.terms).split(',');
      const values = String(d.values).split(',');
      const log = old
        .slice(0, from - 1)
        .concat(terms.map((t, i) => [Number(t), values[i] ?? ''] as [number, string]));
      logs[e.node] = log;
      if (leaderOf[e.node] === Number(d.term) && from <= old.length)
        out.push(found(e.t, 'leader-append-only', [e.node]));
      for (const other of Object.keys(logs).sort()) {
        if (other === e.node) continue;
        const theirs = logs[other] ?? [];
        // Log Matching: any index where both hold the same term must sit on identical prefixes.
        const bad = log.some(
          (entry, i) =>
            entry[0] === theirs[i]?.[0] && !log.slice(0, i + 1).every((x, j) => same(x, theirs[j])),
        );
        if (bad) {
          out.push(found(e.t, 'log-matching', [other, e.node]));
          break;
        }
      }
    } else if (e.name === 'commit') {
      const log = logs[e.node] ?? [];
      for (let i = 1; i <= Number(d.index); i++)
        if (!commits.some(([j]) => j === i) && log[i - 1])
          commits.push([i, log[i - 1] as [number, string], termOf[e.node] ?? 0]);
    } else if (e.name === 'apply') {
      const i = Number(d.index);
      const first = firstApply[i];
      if (!first) firstApply[i] = [e.node, Number(d.term), String(d.value)];
      else if (first[1] !== Number(d.term) || first[2] !== String(d.value))
        out.push(found(e.t, 'state-machine-safety', [first[0], e.node]));
    }
  }
  return out;
}

/** Verdicts in one order whatever order each side found them in (events of one time may interleave). */
const sorted = (fs: readonly Found[]): Found[] =>
  [...fs].sort((a, b) => a[0] - b[0] || a.join().localeCompare(b.join()));

/** Every oracle's verdicts. */
function oracle(events: readonly TraceEvent[], keys: readonly string[]): Found[] {
  return sorted([
    ...splitBrain(events),
    ...staleWriteAccepted(events),
    ...twoLeaseHolders(events, keys),
    ...twoLeadersInTerm(events),
    ...jobCommittedTwice(events),
    ...duplicateEmail(events),
    ...jobRanTwice(events),
    ...oneJobRun(events),
    ...raftLogProperties(events),
  ]);
}

/** What the checkers find: replayed here as simulate() feeds them, or read from a simulated trace. */
function checkersOn(events: readonly TraceEvent[], algorithm: string): Found[] {
  const checkers = [
    ...safetyCheckers(algorithmFor(algorithm).leadership.keys),
    ...(runtimeFor(algorithm).checkers?.({}) ?? []),
  ];
  return sorted(
    judged(
      events.flatMap((e) =>
        e.k === 'state' ? [] : checkers.flatMap((c) => c.observe(e).map((v) => found(e.t, v.kind, v.nodes))),
      ),
    ),
  );
}
/** The liveness alarms are not safety properties: no oracle here. */
const judged = (fs: readonly Found[]) =>
  fs.filter(([, kind]) => kind !== 'leaderless' && kind !== 'job-not-running');
const inTrace = (events: readonly TraceEvent[]): Found[] =>
  sorted(
    judged(
      events.flatMap((e) => (e.k === 'violation' ? [found(e.t, e.violation.kind, e.violation.nodes)] : [])),
    ),
  );

// ------------------------------------------------------------------------------------- hand-made traces

const role = (t: number, node: string, r: 'leader' | 'follower', extra: object = {}): TraceEvent => ({
  k: 'role',
  t,
  node,
  role: r,
  ...extra,
});
const write = (t: number, node: string, token: number | null, extra: object = {}): TraceEvent => ({
  k: 'write',
  t,
  node,
  resource: 'storage',
  token,
  status: 'accepted',
  code: 200,
  seen: null,
  ...extra,
});
const put = (t: number, key: string, value: string, lease: number): TraceEvent => ({
  k: 'store',
  t,
  change: { kind: 'put', kv: { key, value, lease, createRevision: t, modRevision: t, version: 1 } },
});
const expire = (t: number, key: string): TraceEvent => ({
  k: 'store',
  t,
  change: { kind: 'delete', key, revision: t, cause: 'lease-expired', lease: 1 },
});
const mark = (t: number, node: string, name: string, data: Record<string, unknown>): TraceEvent =>
  ({ k: 'mark', t, node, name, data }) as TraceEvent;
const crash = (t: number, node: string): TraceEvent => ({
  k: 'fault',
  t,
  fault: { kind: 'crash', node },
  source: 'scenario',
});
const kill = (t: number, node: string): TraceEvent => ({
  k: 'fault',
  t,
  fault: { kind: 'kill', node },
  source: 'scenario',
});
const KEY = '/election/leader';

/** [name, algorithm whose checkers run, events, the kinds found in order] */
const cases: Array<[string, string, TraceEvent[], ViolationKind[]]> = [
  ['equal tokens pass', 'lease', [write(1, 'a', 42), write(2, 'a', 42), write(3, 'b', 43)], []],
  [
    'a lower token after a higher one',
    'lease',
    [write(1, 'b', 43), write(2, 'a', 42)],
    ['stale-write-accepted'],
  ],
  ['a write without a token is not a stale one', 'lease', [write(1, 'b', 43), write(2, 'a', null)], []],
  [
    'a lower token on another shard passes, on the same shard it does not',
    'sharded',
    [
      write(1, 'n', 9, { key: 'shard-01' }),
      write(2, 'n', 3, { key: 'shard-02' }),
      write(3, 'n', 3, { key: 'shard-01' }),
    ],
    ['stale-write-accepted'],
  ],
  [
    'a key handed over after its delete passes; handed over while held fails',
    'lease',
    [put(1, KEY, 'a', 1), put(2, KEY, 'a', 1), expire(3, KEY), put(4, KEY, 'b', 2), put(5, KEY, 'c', 3)],
    ['two-lease-holders'],
  ],
  ['the same holder on a new lease is a renewal', 'lease', [put(1, KEY, 'a', 1), put(2, KEY, 'a', 2)], []],
  ['other keys are not leader keys', 'lease', [put(1, '/member', 'a', 1), put(2, '/member', 'b', 2)], []],
  [
    'each shard key keeps one holder',
    'sharded',
    [
      put(1, '/shards/01/leader', 'a', 1),
      put(2, '/shards/02/leader', 'b', 2),
      put(3, '/shards/02/leader', 'c', 3),
    ],
    ['two-lease-holders'],
  ],
  [
    'two leaders of one term fail; one re-reporting passes',
    'heartbeat',
    [
      role(1, 'a', 'leader', { term: 3 }),
      role(2, 'a', 'leader', { term: 3 }),
      role(3, 'b', 'leader', { term: 3 }),
    ],
    ['two-leaders-in-term'],
  ],
  [
    'two believed leaders both writing their own copies',
    'heartbeat',
    [
      role(0, 'a', 'leader', { term: 1 }),
      role(1, 'b', 'leader', { term: 2 }),
      write(2, 'x', 1, { resource: 'a' }),
      write(3, 'y', 2, { resource: 'b' }),
      write(4, 'x', 1, { resource: 'a' }),
    ],
    ['split-brain'],
  ],
  [
    'a write from an earlier leadership of the other does not count',
    'heartbeat',
    [
      role(0, 'a', 'leader', { term: 1 }),
      role(1, 'b', 'leader', { term: 2 }),
      write(2, 'x', 1, { resource: 'a' }),
      role(3, 'a', 'follower'),
      role(4, 'a', 'leader', { term: 3 }),
      write(5, 'y', 2, { resource: 'b' }),
    ],
    [],
  ],
  [
    'an old leader’s tokenless write before the new one began passes; overlapping writers fail',
    'dbjob',
    [
      role(1, 'a', 'leader'),
      write(2, 'a', null, { resource: 'db' }),
      role(3, 'b', 'leader'),
      write(4, 'b', null, { resource: 'db' }),
      write(5, 'a', null, { resource: 'db' }),
    ],
    ['split-brain'],
  ],
  [
    'a crash or a kill ends a leadership alike',
    'dbjob',
    [
      role(1, 'a', 'leader'),
      role(2, 'b', 'leader'),
      write(3, 'a', null, { resource: 'db' }),
      crash(4, 'a'),
      write(5, 'b', null, { resource: 'db' }),
      role(6, 'c', 'leader'),
      write(7, 'b', null, { resource: 'db' }),
      kill(8, 'b'),
      write(9, 'c', null, { resource: 'db' }),
    ],
    [],
  ],
  [
    'a job committed twice',
    'skiplocked',
    [
      mark(1, PG_HOST, COMMIT_MARK, { job: 'job-1', node: 'node-1', commits: 1 }),
      mark(2, PG_HOST, COMMIT_MARK, { job: 'job-2', node: 'node-2', commits: 1 }),
      mark(3, PG_HOST, COMMIT_MARK, { job: 'job-1', node: 'node-2', commits: 2 }),
    ],
    ['job-committed-twice'],
  ],
  [
    'a job e-mailed twice',
    'skiplocked',
    [
      mark(1, 'mail', EMAIL_MARK, { job: 'job-1', by: 'node-1' }),
      mark(2, 'mail', EMAIL_MARK, { job: 'job-1', by: 'node-2' }),
    ],
    ['duplicate-email'],
  ],
  [
    'the nightly job ran twice: one alarm for the statement that sent the second e-mails',
    'dbjob',
    [
      write(1, 'node-1', null, { resource: DB_HOST, value: "UPDATE 2: 'acme', 'globex'" }),
      mark(1, DB_HOST, SQL_MARK, { from: 'node-1', emails: 'acme:1;globex:1' }),
      write(2, 'node-2', null, { resource: DB_HOST, value: "UPDATE 2: 'acme', 'globex'" }),
      mark(2, DB_HOST, SQL_MARK, { from: 'node-2', emails: 'acme:2;globex:2' }),
      write(3, 'node-3', null, { resource: DB_HOST, value: "UPDATE 1: 'acme'" }),
      mark(3, DB_HOST, SQL_MARK, { from: 'node-3', emails: 'acme:3;globex:2' }),
    ],
    ['job-ran-twice'],
  ],
  [
    'a run started beside another; after it ended none',
    'cronjob',
    [
      mark(1, POD_HOST, POD_STARTED, { job: 'r-1', running: 1 }),
      mark(2, POD_HOST, POD_STARTED, { job: 'r-2', running: 2 }),
      mark(3, POD_HOST, POD_FINISHED, { job: 'r-1', running: 1 }),
      mark(4, POD_HOST, POD_KILLED, { job: 'r-2', running: 0 }),
      mark(5, POD_HOST, POD_STARTED, { job: 'r-3', running: 1 }),
    ],
    ['one-job-run'],
  ],
];

describe('the safety checkers and their oracle, on hand-made traces', () => {
  it.each(cases)('%s', (_name, alg, events, kinds) => {
    const keys = algorithmFor(alg).leadership.keys;
    expect(checkersOn(events, alg).map(([, k]) => k)).toEqual(kinds);
    expect(oracle(events, keys)).toEqual(checkersOn(events, alg));
  });
});

// ------------------------------------------------------------------------------------- chaos schedules

describe('the safety checkers and their oracle, on chaos schedules', () => {
  const seen = new Set<ViolationKind>();
  it.each(chaosAlgorithms.flatMap((alg) => [[alg, false] as const, [alg, true] as const]))(
    '%s (unsafe: %s): the same verdicts, at the same times, on the same nodes',
    (alg, unsafe) => {
      const keys = algorithmFor(alg).leadership.keys;
      // A Patroni schedule runs minutes of HA loops behind HAProxy: several times the others' cost.
      const numRuns = alg === 'patroni' ? 8 : 25;
      for (const s of fc.sample(scheduleArb(alg, { unsafe, loss: true }), { seed: 77, numRuns })) {
        const events = traceOf(s).events;
        const sim = inTrace(events);
        for (const [, k] of sim) seen.add(k);
        expect(oracle(events, keys), `${alg} seed ${s.seed}`).toEqual(sim);
      }
    },
  );
  it('skiplocked with a plain SELECT (its second control): the same verdicts', () => {
    // SKIP LOCKED's own control turns the outbox off; without FOR UPDATE jobs commit twice.
    const plainSelect = scheduleArb('skiplocked', { loss: true }).map((s) => ({
      ...s,
      params: { ...s.params, forUpdate: false },
    }));
    for (const s of fc.sample(plainSelect, { seed: 77, numRuns: 10 })) {
      const events = traceOf(s).events;
      const sim = inTrace(events);
      for (const [, k] of sim) seen.add(k);
      expect(oracle(events, []), `skiplocked seed ${s.seed}`).toEqual(sim);
    }
  });
  it.each(scenarios.flatMap((sc) => [[sc.id, false] as const, [sc.id, true] as const]))(
    'story %s (fix: %s): the same verdicts as its own run',
    (id, fix) => {
      const sc = scenarios.find((x) => x.id === id);
      if (!sc) throw new Error(id);
      const events = simulate(sc, { states: false, params: fix ? { fix: true } : {} }).events;
      const sim = inTrace(events);
      for (const [, k] of sim) seen.add(k);
      expect(oracle(events, algorithmFor(sc.algorithm).leadership.keys)).toEqual(sim);
    },
  );
  it('the schedules and stories reached violations of most kinds, so the comparison was not vacuous', () => {
    for (const k of [
      'stale-write-accepted',
      'two-leaders-in-term',
      'split-brain',
      'job-committed-twice',
    ] as const)
      expect(seen).toContain(k);
  });
});
