import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { createRng, hashString } from '../../../lib/rng.ts';
import { splitBrainChecker } from '../../check/splitBrain.ts';
import { afterOnClock, queueClock } from '../../kernel/clock.ts';
import { EventQueue } from '../../kernel/queue.ts';
import type { Process, ProcessEnv, Recorded } from '../../net/host.ts';
import { netParams, netRules, ParamError, resolveParams } from '../../params.ts';
import type { TimedFault } from '../../scenario/schema.ts';
import { testScenario } from '../../scenario/testScenario.ts';
import { simulate } from '../../simulate.ts';
import { storeProcess } from '../../store/process.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { leaderIntervals } from '../../trace/summary.ts';
import type { Trace } from '../../trace/trace.ts';
import type { PatroniInput } from './context.ts';
import { patroni } from './index.ts';
import { patroniKeys, READ_ONLY, REST_TIMEOUT_MS, START_STAGGER_MS, STORE } from './keys.ts';
import { patroniMachine } from './machine.ts';

// ------------------------------------------------------------------------------------------------
// A small lab: the real etcd store process and Patroni actors on the sim's event queue, with a fixed
// 10 ms latency and links that can be cut. Machine-level: the tests drive the agents directly.

interface Sent {
  t: number;
  from: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
}

const LATENCY = 10;
type PgActor = Actor<typeof patroniMachine>;

class Lab {
  readonly q = new EventQueue();
  readonly sent: Sent[] = [];
  readonly marks: Array<{ t: number; node: string; name: string; data: Record<string, unknown> }> = [];
  readonly records: Array<Recorded & { t: number }> = [];
  readonly procs = new Map<string, Process>();
  readonly pgs = new Map<string, PgActor>();
  private readonly cut = new Set<string>();
  /** Replies to messages sent to hosts the lab does not run (a prober, a client). */
  readonly inbox: Sent[] = [];

  private link(a: string, b: string) {
    return a < b ? `${a}|${b}` : `${b}|${a}`;
  }

  cutLink(a: string, b: string) {
    this.cut.add(this.link(a, b));
  }

  restoreLink(a: string, b: string) {
    this.cut.delete(this.link(a, b));
  }

  env(id: string): ProcessEnv {
    const gate = {
      id,
      realDelay: (ms: number) => Math.ceil(Math.max(0, ms)),
      fire: (_: number, fn: () => void) => fn(),
      incarnation: 0,
    };
    return {
      id,
      now: () => this.q.now,
      wallNow: () => this.q.now,
      send: (to, type, body = {}) => {
        const m = { t: this.q.now, from: id, to, type, body };
        this.sent.push(m);
        if (this.cut.has(this.link(id, to))) return;
        this.q.after(LATENCY, { k: 'call', name: 'test' }, () => {
          if (this.cut.has(this.link(id, to))) return;
          const p = this.procs.get(to);
          if (p) p.receive({ id: 0, from: id, to, type, body });
          else if (!this.procs.has(to)) this.inbox.push({ ...m, t: this.q.now });
        });
      },
      clock: queueClock(this.q, gate),
      after: (ms, fn, name) => afterOnClock(this.q, gate, ms, fn, name),
      rng: (purpose) => createRng(hashString(`${id}/${purpose}`, 11)),
      reportRole: () => {},
      mark: (name, data) => this.marks.push({ t: this.q.now, node: id, name, data: data ?? {} }),
      record: (e) => this.records.push({ ...e, t: this.q.now }),
    };
  }

  constructor() {
    this.procs.set(STORE, storeProcess()(this.env(STORE)));
  }

  addPg(id: string, over: Partial<Omit<PatroniInput, 'env' | 'disk'>> = {}): PgActor {
    const input: PatroniInput = {
      env: this.env(id),
      disk: { booted: true, hasData: false, lsn: 0, timeline: 0 },
      startDelayMs: 0,
      loopWaitMs: 10_000,
      ttlS: 30,
      retryTimeoutMs: 10_000,
      promoteMs: 1000,
      watchdog: false,
      maximumLagOnFailover: 1_048_576,
      walBytesPerWrite: 8192,
      ...over,
    };
    const actor = createActor(patroniMachine, { clock: input.env.clock, input });
    this.pgs.set(id, actor);
    actor.start();
    this.procs.set(id, {
      receive: (m) => actor.send({ ...m.body, type: m.type, from: m.from } as never),
      stop: () => actor.stop(),
    });
    return actor;
  }

  crash(id: string) {
    this.procs.get(id)?.stop();
    this.procs.delete(id);
  }

  /** Sends from a host the lab does not run (a prober, the app). */
  inject(from: string, to: string, type: string, body: Record<string, unknown> = {}) {
    this.env(from).send(to, type, body);
  }

  run(untilMs: number) {
    this.q.runUntil(untilMs);
  }

  ctx(id: string) {
    return (this.pgs.get(id) as PgActor).getSnapshot().context;
  }

  markOf(node: string, name: string) {
    return this.marks.filter((m) => m.node === node && m.name === name);
  }

  /** HAProxy's probe: the code each pg answers on /primary now. */
  probe(ids: string[]): Record<string, number> {
    const from = this.inbox.length;
    for (const id of ids) this.inject('probe', id, 'HEALTH_CHECK', { path: '/primary', seq: 1 });
    this.run(this.q.now + 2 * LATENCY + 1);
    const out: Record<string, number> = {};
    for (const m of this.inbox.slice(from)) if (m.type === 'HEALTH') out[m.from] = Number(m.body.code);
    return out;
  }

  /** The app writes to `to` every `everyMs` from `fromMs` to `toMs` (direct, no proxy). */
  writeEvery(to: () => string, fromMs: number, toMs: number, everyMs = 2000) {
    let wid = 1;
    for (let t = fromMs; t <= toMs; t += everyMs) {
      this.q.at(t, { k: 'call', name: 'test' }, () =>
        this.inject('app', to(), 'WRITE', { wid: wid++, client: 'app' }),
      );
    }
  }

  accepted() {
    return this.records.filter(
      (r): r is Extract<Recorded, { k: 'write' }> & { t: number } =>
        r.k === 'write' && r.status === 'accepted',
    );
  }
}

/** Three members booted one second apart; pg-1 bootstraps and leads. */
function cluster3(over: Partial<Omit<PatroniInput, 'env' | 'disk'>> = {}, delays = [0, 1000, 2000]): Lab {
  const lab = new Lab();
  ['pg-1', 'pg-2', 'pg-3'].forEach((id, i) => {
    lab.addPg(id, { ...over, startDelayMs: delays[i] ?? 0 });
  });
  return lab;
}

/** Per (node, timeline): the interval in which that primary accepted writes. */
function writeStints(writes: Array<{ t: number; resource: string; token: number | null }>) {
  const stints = new Map<string, { node: string; token: number | null; from: number; to: number }>();
  for (const w of writes) {
    const key = `${w.resource}@${w.token}`;
    const s = stints.get(key);
    if (s) s.to = w.t;
    else stints.set(key, { node: w.resource, token: w.token, from: w.t, to: w.t });
  }
  return [...stints.values()];
}

/** Two different pgs never accept writes in overlapping intervals. */
function overlaps(stints: ReturnType<typeof writeStints>): string[] {
  const out: string[] = [];
  for (const a of stints)
    for (const b of stints)
      if (a.node < b.node && a.from <= b.to && b.from <= a.to)
        out.push(
          `${a.node}@${a.token} [${a.from}, ${a.to}] overlaps ${b.node}@${b.token} [${b.from}, ${b.to}]`,
        );
  return out;
}

describe('patroni agent (machine level)', () => {
  it('bootstraps: the first member creates /initialize and the leader key, the others follow it', () => {
    const lab = cluster3();
    lab.run(5000);
    expect(lab.markOf('pg-1', 'bootstrap')).toHaveLength(1);
    expect(lab.ctx('pg-1')).toMatchObject({ pgRole: 'primary', lockHeld: true, timeline: 1, token: 1 });
    for (const id of ['pg-2', 'pg-3']) {
      expect(lab.ctx(id)).toMatchObject({
        pgRole: 'replica',
        lockHeld: false,
        upstream: 'pg-1',
        timeline: 1,
      });
      expect(lab.markOf(id, 'bootstrap')).toHaveLength(0);
    }
    expect(lab.pgs.get('pg-1')?.getSnapshot().hasTag('leader')).toBe(true);
    expect(lab.pgs.get('pg-2')?.getSnapshot().hasTag('leader')).toBe(false);
  });

  it('answers /primary with 200 while its own leader deadline runs, already while promoting (api.py is_leader)', () => {
    const lab = cluster3();
    lab.run(5000);
    expect(lab.probe(['pg-1', 'pg-2', 'pg-3'])).toEqual({ 'pg-1': 200, 'pg-2': 503, 'pg-3': 503 });

    lab.crash('pg-1');
    // Step until a member wins the lock: it holds the key but Postgres is still promoting.
    while (!lab.marks.some((m) => m.name === 'promote')) lab.run(lab.q.now + 1);
    const winner = lab.marks.find((m) => m.name === 'promote')?.node as string;
    expect(lab.ctx(winner)).toMatchObject({ lockHeld: true, pgRole: 'promoting' });
    expect(lab.pgs.get(winner)?.getSnapshot().hasTag('candidate')).toBe(true);
    // Patroni 3.0.2 answers 200 as soon as it holds the lock, before pg_is_in_recovery() is false.
    expect(lab.probe([winner])[winner]).toBe(200);
    lab.run(lab.q.now + 1000);
    expect(lab.ctx(winner)).toMatchObject({ lockHeld: true, pgRole: 'primary', timeline: 2, token: 2 });
    expect(lab.probe([winner])[winner]).toBe(200);
  });

  it('GET /patroni (GET_STATUS) reports role and WAL position', () => {
    const lab = cluster3();
    lab.writeEvery(() => 'pg-1', 3000, 7000);
    lab.run(8000);
    lab.inject('probe', 'pg-1', 'GET_STATUS', { reqId: 9 });
    lab.inject('probe', 'pg-2', 'GET_STATUS', { reqId: 9 });
    lab.run(8100);
    const st = Object.fromEntries(lab.inbox.filter((m) => m.type === 'STATUS').map((m) => [m.from, m.body]));
    expect(st['pg-1']).toEqual({ reqId: 9, role: 'master', lsn: 3 * 8192, timeline: 1 });
    expect(st['pg-2']).toEqual({ reqId: 9, role: 'replica', lsn: 3 * 8192, timeline: 1 });
  });

  it('a write on the primary advances its LSN and streams WAL; a replica rejects writes as read-only', () => {
    const lab = cluster3();
    lab.run(4000);
    lab.inject('app', 'pg-1', 'WRITE', { sid: 1, wid: 1, client: 'app' });
    lab.inject('app', 'pg-2', 'WRITE', { sid: 2, wid: 2, client: 'app' });
    lab.run(4100);
    expect(lab.ctx('pg-1').lsn).toBe(8192);
    expect(lab.ctx('pg-2').lsn).toBe(8192);
    expect(lab.ctx('pg-3').lsn).toBe(8192);
    const w = lab.records.filter((r) => r.k === 'write');
    expect(w).toMatchObject([
      { node: 'app', resource: 'pg-1', status: 'accepted', code: 200, token: 1 },
      { node: 'app', resource: 'pg-2', status: 'rejected', code: 503, reason: READ_ONLY },
    ]);
    const replies = lab.inbox.filter((m) => m.type.startsWith('WRITE'));
    expect(replies.map((m) => [m.from, m.type, m.body.sid])).toEqual([
      ['pg-1', 'WRITE_OK', 1],
      ['pg-2', 'WRITE_ERROR', 2],
    ]);
  });

  describe('healthiest-replica rule', () => {
    it('a replica lagging more than maximum_lag_on_failover does not race; within the limit it does', () => {
      const lag = (maximumLagOnFailover: number) => {
        const lab = new Lab();
        lab.addPg('pg-1', { maximumLagOnFailover });
        lab.addPg('pg-2', { maximumLagOnFailover, startDelayMs: 1000 });
        lab.run(9000); // pg-2 streams the first writes
        lab.cutLink('pg-1', 'pg-2'); // then replication breaks: 10 writes never reach pg-2
        lab.writeEvery(() => 'pg-1', 9500, 27_500);
        lab.run(28_000);
        lab.crash('pg-1');
        lab.run(80_000);
        return lab;
      };
      // pg-1 published /optime/leader = 6 writes at its 20 s loop (writes at 9.5 ... 19.5 s); pg-2 has none.
      const behind = lag(40_000);
      expect(behind.ctx('pg-2').lsn).toBe(0);
      const notHealthy = behind.markOf('pg-2', 'not-healthiest');
      expect(notHealthy.length).toBeGreaterThan(0);
      for (const m of notHealthy) expect(m.data).toMatchObject({ reason: 'lag', lag: 6 * 8192 });
      // It never sent the create txn, never took the key, and the cluster stays without a primary.
      expect(behind.sent.filter((m) => m.from === 'pg-2' && m.type === 'TXN')).toHaveLength(0);
      expect(behind.markOf('pg-2', 'healthiest')).toHaveLength(0);
      expect(behind.ctx('pg-2')).toMatchObject({ pgRole: 'replica', lockHeld: false });

      // Same run with the lag just allowed: it races and promotes.
      expect(lag(6 * 8192).ctx('pg-2')).toMatchObject({ pgRole: 'primary', lockHeld: true, timeline: 2 });
      expect(lag(6 * 8192 - 1).ctx('pg-2')).toMatchObject({ pgRole: 'replica', lockHeld: false });
      const within = lag(1_048_576);
      expect(within.markOf('pg-2', 'healthiest')).toHaveLength(1);
      expect(within.ctx('pg-2')).toMatchObject({ pgRole: 'primary', lockHeld: true, timeline: 2 });
    });

    it.each([
      ['pg-3 behind, pg-3 checks first', 'pg-3', [0, 5000, 1000]],
      ['pg-3 behind, pg-2 checks first', 'pg-3', [0, 1000, 5000]],
      ['pg-2 behind, pg-2 checks first', 'pg-2', [0, 1000, 5000]],
      ['pg-2 behind, pg-3 checks first', 'pg-2', [0, 5000, 1000]],
    ])('the most advanced replica wins (%s)', (_, behindId, delays) => {
      const lab = cluster3({}, delays);
      const aheadId = behindId === 'pg-2' ? 'pg-3' : 'pg-2';
      lab.writeEvery(() => 'pg-1', 7000, 11_000);
      lab.q.at(12_000, { k: 'call', name: 'test' }, () => lab.cutLink('pg-1', behindId));
      lab.writeEvery(() => 'pg-1', 13_000, 19_000);
      lab.run(21_000);
      expect(lab.ctx(aheadId).lsn).toBe(7 * 8192);
      expect(lab.ctx(behindId).lsn).toBe(3 * 8192);
      lab.crash('pg-1');
      lab.run(75_000);
      // The lagging member never races; if it looked first it saw the other one ahead.
      expect(lab.sent.filter((m) => m.from === behindId && m.type === 'TXN')).toHaveLength(0);
      for (const m of lab.markOf(behindId, 'not-healthiest'))
        expect(m.data).toMatchObject({ reason: 'member-ahead', ahead: aheadId, aheadLsn: 7 * 8192 });
      expect(lab.markOf(aheadId, 'healthiest')).toHaveLength(1);
      expect(lab.ctx(aheadId)).toMatchObject({ pgRole: 'primary', lockHeld: true, timeline: 2 });
      expect(lab.ctx(behindId)).toMatchObject({ pgRole: 'replica', upstream: aheadId });
      // and it catches up from the new primary, adopting its timeline
      lab.inject('app', aheadId, 'WRITE', { sid: 1, wid: 1 });
      lab.run(75_100);
      expect(lab.ctx(behindId)).toMatchObject({ lsn: 8 * 8192, timeline: 2 });
    });

    it('the watch wakes both replicas at the deletion, whatever their loop phase; each asks the dead primary too', () => {
      const lab = cluster3({}, [0, 5000, 1000]);
      lab.writeEvery(() => 'pg-1', 7000, 11_000);
      lab.q.at(12_000, { k: 'call', name: 'test' }, () => lab.cutLink('pg-1', 'pg-3'));
      lab.run(21_000);
      lab.crash('pg-1');
      lab.run(75_000);
      const deleted = lab.records.find(
        (r) => r.k === 'store' && r.change.kind === 'delete' && r.change.key === patroniKeys.leader,
      )?.t as number;
      const fired = lab.marks.filter((m) => m.name === 'watch-fired');
      expect(fired.map((m) => [m.node, m.t - deleted, m.data.event]).sort()).toEqual([
        ['pg-2', LATENCY, 'DELETE'],
        ['pg-3', LATENCY, 'DELETE'],
      ]);
      const missing = lab.marks.filter((m) => m.name === 'leader-missing');
      expect(missing.map((m) => m.t - deleted)).toEqual([LATENCY, LATENCY]);
      // pg-3 asked pg-1 (the last cluster with a leader had it: ha.py old_cluster) and pg-2.
      const asked = lab.sent.filter((m) => m.type === 'GET_STATUS' && m.from === 'pg-3');
      expect(asked.map((m) => m.to)).toEqual(['pg-1', 'pg-2']);
    });

    it('an unreachable member is left out after the REST timeout (ha.py: not healthy, not blocking)', () => {
      const lab = cluster3();
      lab.run(21_000);
      lab.crash('pg-1');
      lab.cutLink('pg-2', 'pg-3'); // the REST API between the replicas is down, etcd is fine
      lab.run(75_000);
      const m = lab.marks.find((x) => x.name === 'healthiest');
      expect(m).toBeDefined();
      const missing = lab.marks.find((x) => x.name === 'leader-missing' && x.node === m?.node);
      expect((m?.t ?? 0) - (missing?.t ?? 0)).toBe(REST_TIMEOUT_MS);
      expect(m?.data.answers).toBe('');
      const primaries = [...lab.pgs.keys()].filter(
        (id) => lab.procs.has(id) && lab.ctx(id).pgRole === 'primary',
      );
      expect(primaries).toHaveLength(1);
    });
  });

  describe('retry_timeout', () => {
    it('a primary that cannot reach etcd demotes itself before its lease expires: never two writable primaries', () => {
      const lab = cluster3();
      // The app keeps writing to pg-1 until 60 s, then to pg-2 (as HAProxy would once it is up).
      lab.writeEvery(() => (lab.q.now < 60_000 ? 'pg-1' : 'pg-2'), 3000, 90_000);
      lab.run(21_500);
      lab.cutLink('pg-1', STORE);
      lab.run(95_000);
      const lastRefresh = lab.sent
        .filter((m) => m.from === 'pg-1' && m.type === 'KEEPALIVE' && m.t < 21_500)
        .at(-1)?.t as number;
      const demote = lab.markOf('pg-1', 'demote')[0];
      expect(demote?.data.reason).toBe('dcs-unreachable');
      // Next loop at lastRefresh + loop_wait, retried for retry_timeout: demoted at the sum.
      expect(demote?.t).toBe(lastRefresh + 10_000 + 10_000);
      expect(lab.ctx('pg-1')).toMatchObject({ pgRole: 'replica', lockHeld: false });
      expect(lab.pgs.get('pg-1')?.getSnapshot().hasTag('leader')).toBe(false);
      // The store drops the key ttl after the last refresh it saw, well after the demotion.
      const promote = lab.marks.find((m) => m.name === 'promote');
      expect(promote?.node).toBe('pg-2');
      expect(promote?.t).toBeGreaterThan(lastRefresh + 30_000);
      // Writes the app sent to pg-1 after the demotion were refused.
      const after = lab.records.filter(
        (r) => r.k === 'write' && r.resource === 'pg-1' && r.t > (demote?.t ?? 0),
      );
      expect(after.length).toBe(10);
      for (const w of after) expect(w).toMatchObject({ status: 'rejected', code: 503, reason: READ_ONLY });
      const stints = writeStints(lab.accepted());
      expect(stints.map((s) => `${s.node}@${s.token}`)).toEqual(['pg-1@1', 'pg-2@2']);
      expect(overlaps(stints)).toEqual([]);
      // The control: with the check undone (retry_timeout longer than ttl allows), stints would overlap.
      expect(overlaps([...stints, { node: 'pg-1', token: 1, from: 0, to: 95_000 }]).length).toBeGreaterThan(
        0,
      );
    });

    it('a short etcd outage (shorter than retry_timeout) does not demote the leader', () => {
      const lab = cluster3();
      lab.run(20_500);
      lab.cutLink('pg-1', STORE);
      lab.run(26_000); // the 30 s loop is inside the outage
      lab.q.at(31_000, { k: 'call', name: 'test' }, () => lab.restoreLink('pg-1', STORE));
      lab.run(60_000);
      expect(lab.markOf('pg-1', 'demote')).toHaveLength(0);
      expect(lab.ctx('pg-1')).toMatchObject({ pgRole: 'primary', lockHeld: true, timeline: 1 });
    });

    it("a revoked lease: the primary's watch wakes it, it gets a new lease and takes the key again (etcd3.py LeaseNotFound)", () => {
      const lab = cluster3();
      lab.run(5000);
      const old = lab.ctx('pg-2').lease;
      const first = lab.ctx('pg-1').lease;
      lab.inject('admin', STORE, 'LEASE_REVOKE', { lease: first });
      lab.run(60_000);
      // A running primary that lost its key is the healthiest: it races with a new lease and wins.
      expect(lab.markOf('pg-1', 'demote')).toEqual([]);
      expect(lab.ctx('pg-1')).toMatchObject({ pgRole: 'primary', lockHeld: true, timeline: 1 });
      expect(lab.ctx('pg-1').lease).not.toBe(first);
      const leaders = [...lab.pgs.keys()].filter((id) => lab.ctx(id).lockHeld);
      expect(leaders).toEqual(['pg-1']);
      expect(lab.ctx('pg-2').lease).toBe(old);
    });
  });
});

// ------------------------------------------------------------------------------------------------
// Whole runs through simulate(): HAProxy, the client, the network, the checkers.

type Mark = Extract<TraceEvent, { k: 'mark' }>;
type Write = Extract<TraceEvent, { k: 'write' }>;
type Send = Extract<TraceEvent, { k: 'send' }>;

function run(
  opts: {
    nodes?: number;
    params?: Record<string, number>;
    faults?: TimedFault[];
    durationMs?: number;
    seed?: number;
  } = {},
): Trace {
  return simulate(
    testScenario('patroni', {
      nodes: opts.nodes ?? 3,
      seed: opts.seed ?? 3,
      durationMs: opts.durationMs ?? 90_000,
      params: opts.params ?? {},
      faults: opts.faults ?? [],
    }),
  );
}

const marksOf = (tr: Trace, name: string, node?: string): Mark[] =>
  tr.events.filter((e): e is Mark => e.k === 'mark' && e.name === name && (!node || e.node === node));
const writesOf = (tr: Trace): Write[] => tr.events.filter((e): e is Write => e.k === 'write');
const violations = (tr: Trace) => tr.events.flatMap((e) => (e.k === 'violation' ? [e.violation] : []));

/**
 * The core split-brain checker, fed with each write attributed to the database that accepted it (in
 * Patroni the writer is the app; the believed leader is the pg): "BOTH WRITE" if two pgs that both
 * believe they lead both accept writes.
 */
function pgSplitBrain(tr: Trace) {
  const c = splitBrainChecker();
  return tr.events.flatMap((e) => c.observe(e.k === 'write' ? { ...e, node: e.resource } : e));
}

describe('patroni (simulated)', () => {
  it('refuses loop_wait + 2 x retry_timeout > ttl, naming the rule and its source', () => {
    const specs = { ...netParams, ...patroni.params };
    const rules = [...netRules, ...patroni.rules];
    expect(() => resolveParams(specs, rules, { loopWaitS: 10, retryTimeoutS: 11, ttlS: 30 })).toThrow(
      ParamError,
    );
    expect(() => resolveParams(specs, rules, { loopWaitS: 10, retryTimeoutS: 11, ttlS: 30 })).toThrow(
      /loop_wait \+ 2 x retry_timeout must be <= ttl.*Patroni docs/,
    );
    expect(() => resolveParams(specs, rules, { loopWaitS: 11, ttlS: 30 })).toThrow(ParamError);
    expect(resolveParams(specs, rules, { loopWaitS: 10, retryTimeoutS: 10, ttlS: 30 }).ttlS).toBe(30);
    expect(resolveParams(specs, rules, { loopWaitS: 20, retryTimeoutS: 5, ttlS: 30 }).loopWaitS).toBe(20);
    expect(() => resolveParams(specs, rules, { ttlS: 19 })).toThrow(/ttlS must be >= 20/);
    expect(() => run({ params: { retryTimeoutS: 15 } })).toThrow(/loop_wait \+ 2 x retry_timeout/);
  });

  it('has the documented defaults', () => {
    const d = Object.fromEntries(Object.entries(patroni.params).map(([k, s]) => [k, s.default]));
    expect(d).toMatchObject({
      ttlS: 30,
      loopWaitS: 10,
      retryTimeoutS: 10,
      maximumLagOnFailover: 1_048_576,
      haproxyInterMs: 3000,
      haproxyFall: 3,
      haproxyRise: 2,
    });
    expect(patroni.nodeIds(3)).toEqual(['pg-1', 'pg-2', 'pg-3']);
  });

  it('is deterministic: same inputs, byte-identical trace; another seed changes latencies only', () => {
    const faults: TimedFault[] = [{ atMs: 21_500, fault: { kind: 'crash', node: 'pg-1' } }];
    const a = JSON.stringify(run({ faults }));
    expect(JSON.stringify(run({ faults }))).toBe(a);
    expect(JSON.stringify(run({ faults, seed: 4 }))).not.toBe(a);
  });

  it.each([2, 3, 5, 9])(
    'with %i members pg-1 bootstraps and leads, the others replicate, writes land on it',
    (n) => {
      const tr = run({ nodes: n, durationMs: 40_000 });
      expect(leaderIntervals(tr).map((l) => [l.node, l.token, l.ongoing])).toEqual([['pg-1', 1, true]]);
      expect(tr.events.filter((e) => e.k === 'role' && e.role === 'follower' && e.t > 0).length).toBe(0);
      const w = writesOf(tr);
      expect(w.length).toBeGreaterThan(15);
      expect(new Set(w.map((x) => `${x.resource}/${x.status}`))).toEqual(new Set(['pg-1/accepted']));
      // every replica streams: START_REPLICATION to pg-1 from each of them
      const streamers = new Set(
        tr.events
          .filter((e): e is Send => e.k === 'send' && e.type === 'START_REPLICATION')
          .map((e) => e.from),
      );
      expect(streamers.size).toBe(n - 1);
      expect(violations(tr)).toEqual([]);
    },
  );

  it('/primary answers 200 exactly while the node believes it leads', () => {
    const tr = run({
      faults: [
        { atMs: 12_000, fault: { kind: 'cut-link', a: 'pg-1', b: 'pg-3' } },
        { atMs: 21_500, fault: { kind: 'crash', node: 'pg-1' } },
      ],
    });
    const leading = new Map<string, boolean>();
    let checked = 0;
    for (const e of tr.events) {
      if (e.k === 'role') leading.set(e.node, e.role === 'leader');
      if (e.k === 'send' && e.type === 'HEALTH') {
        checked++;
        expect([e.from, e.data?.code]).toEqual([e.from, leading.get(e.from) ? 200 : 503]);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('isolating the primary from etcd: it demotes (retry_timeout), writes to it are refused, a replica takes over, no BOTH WRITE', () => {
    const tr = run({ faults: [{ atMs: 21_500, fault: { kind: 'isolate', node: 'pg-1', from: 'store' } }] });
    const demote = marksOf(tr, 'demote', 'pg-1')[0];
    expect(demote?.data?.reason).toBe('dcs-unreachable');
    const expire = tr.events.find((e) => e.k === 'store' && e.change.kind === 'lease-expire');
    expect(demote?.t).toBeLessThan(expire?.t ?? 0);
    const w = writesOf(tr);
    const refused = w.filter((x) => x.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const x of refused) expect(x).toMatchObject({ resource: 'pg-1', code: 503, reason: READ_ONLY });
    for (const x of refused) expect(x.t).toBeGreaterThan(demote?.t ?? 0);
    // HAProxy takes pg-1 out because it answers 503 now, not because it is silent.
    expect(marksOf(tr, 'backend-down').find((m) => m.data?.backend === 'pg-1')?.data?.reason).toBe('503');
    // Both replicas are at the same position and the watch wakes them together: they race, and etcd's
    // create-if-absent decides (the first create txn to reach it).
    const winner = tr.events.find(
      (e) =>
        e.k === 'store' &&
        e.change.kind === 'put' &&
        e.change.kv.key === patroniKeys.leader &&
        e.change.kv.value !== 'pg-1',
    );
    const next = winner?.k === 'store' && winner.change.kind === 'put' ? winner.change.kv.value : '';
    expect(['pg-2', 'pg-3']).toContain(next);
    expect(
      marksOf(tr, 'healthiest')
        .map((m) => m.node)
        .sort(),
    ).toEqual(['pg-2', 'pg-3']);
    expect(leaderIntervals(tr).map((l) => [l.node, l.token])).toEqual([
      ['pg-1', 1],
      [next, 2],
    ]);
    const stints = writeStints(w.filter((x) => x.status === 'accepted'));
    expect(stints.map((s) => `${s.node}@${s.token}`)).toEqual(['pg-1@1', `${next}@2`]);
    expect(overlaps(stints)).toEqual([]);
    expect(pgSplitBrain(tr)).toEqual([]);
    expect(violations(tr)).toEqual([]);
  });

  it('the overlap check and the checker do catch a frozen primary that wakes up and commits queued writes', () => {
    // Negative control: a 45 s pause (no watchdog in the model) lets pg-1 commit, on resume, writes
    // that reached it before HAProxy shut their sessions, while pg-2 is already the primary.
    const tr = run({
      faults: [{ atMs: 21_500, fault: { kind: 'pause', node: 'pg-1', durationMs: 45_000 } }],
    });
    const stints = writeStints(writesOf(tr).filter((x) => x.status === 'accepted'));
    expect(overlaps(stints).length).toBeGreaterThan(0);
    // pg-2 and pg-3 are alike here (no cut link): the race's winner is the new primary.
    const next = leaderIntervals(tr).find((l) => l.node !== 'pg-1')?.node;
    expect(['pg-2', 'pg-3']).toContain(next);
    expect(pgSplitBrain(tr).map((v) => v.nodes)).toEqual([['pg-1', next]]);
    // and pg-1 steps down at its first loop after waking (its lease is gone)
    expect(marksOf(tr, 'demote', 'pg-1')[0]?.data?.reason).toBe('lease-lost');
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'under message loss 0.05 (seed %i) there is one primary at a time and writes never overlap',
    (seed) => {
      const tr = run({
        seed,
        params: { dropRate: 0.05 },
        faults: [{ atMs: 21_500, fault: { kind: 'crash', node: 'pg-1' } }],
        durationMs: 120_000,
      });
      const stints = writeStints(writesOf(tr).filter((x) => x.status === 'accepted'));
      expect(overlaps(stints)).toEqual([]);
      expect(pgSplitBrain(tr)).toEqual([]);
      expect(violations(tr)).toEqual([]);
      const final = leaderIntervals(tr).filter((l) => l.ongoing);
      expect(final.length).toBe(1);
      expect(final[0]?.node).not.toBe('pg-1');
    },
  );

  it('starts the members START_STAGGER_MS apart so pg-1 bootstraps whatever the seed', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const tr = run({ seed, durationMs: 5000 });
      expect(marksOf(tr, 'bootstrap').map((m) => m.node)).toEqual(['pg-1']);
      const firstKeepalive = (id: string) =>
        tr.events.find((e) => e.k === 'send' && e.type === 'LEASE_GRANT' && e.from === id)?.t;
      expect(firstKeepalive('pg-2')).toBe(START_STAGGER_MS);
      expect(firstKeepalive('pg-3')).toBe(2 * START_STAGGER_MS);
    }
  });

  it('a crashed primary restarted after the failover comes back read-only and follows the new primary', () => {
    const tr = run({
      faults: [
        { atMs: 21_500, fault: { kind: 'crash', node: 'pg-1' } },
        { atMs: 70_000, fault: { kind: 'restart', node: 'pg-1' } },
      ],
      durationMs: 100_000,
    });
    // pg-2 and pg-3 are alike here (no cut link): the race's winner is the new primary.
    const next = leaderIntervals(tr)[1]?.node;
    expect(['pg-2', 'pg-3']).toContain(next);
    expect(leaderIntervals(tr).map((l) => [l.node, l.token, l.ongoing])).toEqual([
      ['pg-1', 1, false],
      [next, 2, true],
    ]);
    const follow = marksOf(tr, 'follow', 'pg-1').filter((m) => m.t >= 70_000);
    expect(follow.map((m) => m.data?.leader)).toEqual([next]);
    // it streams from pg-2 and adopts timeline 2: its member key says so at its next loop
    const memberPuts = tr.events.filter(
      (e) =>
        e.k === 'store' &&
        e.change.kind === 'put' &&
        e.change.kv.key === patroniKeys.member('pg-1') &&
        e.t > 80_000,
    );
    const last = memberPuts.at(-1);
    const value = last?.k === 'store' && last.change.kind === 'put' ? JSON.parse(last.change.kv.value) : {};
    expect(value).toMatchObject({ role: 'replica', timeline: 2 });
    expect(pgSplitBrain(tr)).toEqual([]);
  });

  it('a primary restarted within ttl still owns the key: it re-attaches it to its new lease and nobody else promotes', () => {
    const tr = run({
      faults: [
        { atMs: 21_500, fault: { kind: 'crash', node: 'pg-1' } },
        { atMs: 25_000, fault: { kind: 'restart', node: 'pg-1' } },
      ],
    });
    const leaderPuts = tr.events.flatMap((e) =>
      e.k === 'store' && e.change.kind === 'put' && e.change.kv.key === patroniKeys.leader
        ? [
            {
              t: e.t,
              value: e.change.kv.value,
              lease: e.change.kv.lease,
              created: e.change.kv.createRevision,
            },
          ]
        : [],
    );
    expect(leaderPuts.map((p) => p.value)).toEqual(['pg-1', 'pg-1']);
    expect(leaderPuts[1]?.lease).not.toBe(leaderPuts[0]?.lease);
    expect(leaderPuts[1]?.created).toBe(leaderPuts[0]?.created); // the same key, never deleted
    expect(marksOf(tr, 'promote').map((m) => m.node)).toEqual(['pg-1']);
    expect(marksOf(tr, 'lock-acquired', 'pg-1')[0]?.data?.reason).toBe('had-session-lock');
    expect(leaderIntervals(tr).map((l) => l.node)).toEqual(['pg-1', 'pg-1']);
    expect(pgSplitBrain(tr)).toEqual([]);
  });

  it('keeps the Patroni keys in etcd: leader and member keys on each agent lease, optime without one', () => {
    const tr = run({ durationMs: 25_000 });
    const puts = new Map<string, { lease: number; value: string }>();
    for (const e of tr.events)
      if (e.k === 'store' && e.change.kind === 'put') puts.set(e.change.kv.key, e.change.kv);
    expect(puts.get(patroniKeys.leader)?.value).toBe('pg-1');
    expect(puts.get(patroniKeys.leader)?.lease).toBe(puts.get(patroniKeys.member('pg-1'))?.lease);
    expect(puts.get(patroniKeys.status)?.lease).toBe(0);
    expect(puts.get(patroniKeys.initialize)?.lease).toBe(0);
    expect(JSON.parse(puts.get(patroniKeys.member('pg-2'))?.value ?? '{}')).toMatchObject({
      role: 'replica',
      state: 'running',
      timeline: 1,
    });
  });
});
