/**
 * Chaos property tests (issue #8, part 1): random clusters under random fault schedules, a fixed
 * fast-check seed per property so CI is deterministic. `npm run chaos` runs many more (scripts/chaos.ts).
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run as cli, cliDocument } from '../../cli/main.ts';
import {
  baseScenarioOf,
  boundOutcome,
  type ChaosOutcome,
  firstProblem,
  runSchedule,
  traceOf,
} from '../../testing/chaos/run.ts';
import { LEADER_KEY } from '../algorithms/lease/keys.ts';
import { algorithmFor } from '../algorithms/registry.ts';
import { timedFaultSchema } from '../scenario/schema.ts';
import type { Fault, TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import {
  bullyAgreement,
  bullyCost,
  checkSafety,
  leaseLeader,
  metricBounds,
  quorumLeader,
} from './properties.ts';
import {
  type ChaosAlgorithm,
  type ChaosSchedule,
  closingFaults,
  hooksOf,
  infraOf,
  interventionsOf,
  type ScheduleOptions,
  scheduleArb,
  simArgv,
  simCommand,
} from './schedule.ts';

// ------------------------------------------------------------------------------------- generator

const namesOf = (f: Fault): string[] =>
  f.kind === 'partition' ? f.groups.flat() : 'a' in f ? [f.a, f.b] : 'node' in f ? [f.node] : [];

describe('chaos schedule generator', () => {
  it.each(['lease', 'heartbeat', 'bully', 'patroni'] as const)(
    '%s: faults name only existing hosts, pass the schema and stop at F',
    (alg) => {
      fc.assert(
        fc.property(scheduleArb(alg, { loss: true }), (s) => {
          const nodes = algorithmFor(alg).nodeIds(s.nodes);
          const hosts = new Set([...nodes, ...infraOf(alg)]);
          expect(s.nodes).toBeGreaterThanOrEqual(3);
          expect(s.nodes).toBeLessThanOrEqual(9);
          for (const tf of interventionsOf(s)) {
            expect(timedFaultSchema.safeParse(tf).success).toBe(true);
            for (const h of namesOf(tf.fault)) expect(hosts.has(h)).toBe(true);
            if (tf.fault.kind === 'crash' || tf.fault.kind === 'restart' || tf.fault.kind === 'isolate')
              expect(nodes).toContain(tf.fault.node);
            if (tf.fault.kind === 'partition') {
              const all = tf.fault.groups.flat();
              expect(new Set(all).size).toBe(all.length);
            }
          }
          for (const tf of s.faults) {
            expect(tf.atMs).toBeLessThan(s.faultsEndMs);
            if (tf.fault.kind === 'pause')
              expect(tf.atMs + tf.fault.durationMs).toBeLessThanOrEqual(s.faultsEndMs);
          }
          expect(s.durationMs).toBe(s.faultsEndMs + s.boundMs);
        }),
        { seed: 11, numRuns: 300 },
      );
    },
  );

  it('ends every schedule with a heal, restarts of the crashed nodes and clocks back to rate 1', () => {
    const s: ChaosSchedule = {
      algorithm: 'lease',
      unsafe: false,
      seed: 1,
      nodes: 3,
      params: {},
      faults: [
        { atMs: 10, fault: { kind: 'crash', node: 'node-2' } },
        { atMs: 20, fault: { kind: 'clock-drift', node: 'etcd', rate: 0.5 } },
        { atMs: 30, fault: { kind: 'pause', node: 'node-1', durationMs: 50 } },
      ],
      faultsEndMs: 100,
      boundMs: 10,
      durationMs: 110,
    };
    expect(closingFaults(s)).toEqual([
      { atMs: 100, fault: { kind: 'heal' } },
      { atMs: 100, fault: { kind: 'restart', node: 'node-2' } },
      { atMs: 100, fault: { kind: 'clock-drift', node: 'etcd', rate: 1 } },
    ]);
  });

  it('draws long pauses: many lease pauses outlast the TTL', () => {
    const xs = fc.sample(scheduleArb('lease'), { seed: 3, numRuns: 200 });
    const pauses = xs.flatMap((s) =>
      s.faults.flatMap((tf) =>
        tf.fault.kind === 'pause' ? [tf.fault.durationMs / (Number(s.params.ttlS) * 1000)] : [],
      ),
    );
    expect(pauses.length).toBeGreaterThan(100);
    expect(pauses.filter((r) => r > 1).length / pauses.length).toBeGreaterThan(0.4);
  });

  it('prints a sim CLI command that replays the exact trace', () => {
    const [s] = fc.sample(scheduleArb('lease', { loss: true }), { seed: 5, numRuns: 1 });
    if (!s) throw new Error('no sample');
    expect(s.faults.length).toBeGreaterThan(0);
    const r = cli(simArgv(s));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(
      JSON.parse(JSON.stringify(cliDocument(traceOf(s), baseScenarioOf('lease')))),
    );
    expect(simCommand(s)).toMatch(/^npm run -s sim -- fencing-token --no-script --seed \d+ --nodes \d /);
    expect(simCommand(s)).toContain(`--fault '${s.faults[0]?.atMs}:{"kind":`);
  });
});

// ------------------------------------------------------------------------------------- checkers

const role = (t: number, node: string, r: 'leader' | 'follower', extra: object = {}): TraceEvent => ({
  k: 'role',
  t,
  node,
  role: r,
  ...extra,
});
const put = (t: number, value: string, lease: number): TraceEvent => ({
  k: 'store',
  t,
  change: {
    kind: 'put',
    kv: { key: LEADER_KEY, value, lease, createRevision: t, modRevision: t, version: 1 },
  },
});
const expire = (t: number): TraceEvent => ({
  k: 'store',
  t,
  change: { kind: 'delete', key: LEADER_KEY, revision: t, cause: 'lease-expired', lease: 1 },
});
const fakeTrace = (events: TraceEvent[]): Trace => ({ events }) as unknown as Trace;
const sched = (nodes: number, F: number, bound: number): ChaosSchedule => ({
  algorithm: 'bully',
  unsafe: false,
  seed: 0,
  nodes,
  params: {},
  faults: [],
  faultsEndMs: F,
  boundMs: bound,
  durationMs: F + bound,
});

describe('chaos property checkers', () => {
  it('safety reads the violations simulate()’s checkers raised, of the kinds the hooks name', () => {
    const v = (t: number, kind: 'duplicate-email' | 'job-committed-twice' | 'split-brain'): TraceEvent => ({
      k: 'violation',
      t,
      violation: { kind, nodes: [], detail: kind },
    });
    const trace = fakeTrace([v(1, 'duplicate-email'), v(2, 'job-committed-twice'), v(3, 'split-brain')]);
    expect(hooksOf('skiplocked').safety).toEqual(['job-committed-twice', 'duplicate-email']);
    expect(checkSafety('skiplocked', trace)).toEqual([
      { property: 'duplicate-email', atMs: 1, detail: 'duplicate-email' },
      { property: 'job-committed-twice', atMs: 2, detail: 'job-committed-twice' },
    ]);
  });

  it('quorum-leader: exactly one believer at F + bound, recovery time measured from F', () => {
    const s = sched(3, 100, 50);
    const ok = quorumLeader(
      fakeTrace([
        role(0, 'node-1', 'leader'),
        role(120, 'node-1', 'follower'),
        role(130, 'node-2', 'leader'),
      ]),
      s,
    );
    expect(ok).toMatchObject({ failure: null, recoveredAfterMs: 30 });
    const two = quorumLeader(fakeTrace([role(0, 'node-1', 'leader'), role(130, 'node-2', 'leader')]), s);
    expect(two.failure?.detail).toContain('believers [node-1, node-2]');
    const crashed = quorumLeader(
      fakeTrace([
        role(0, 'node-1', 'leader'),
        { k: 'fault', t: 90, fault: { kind: 'crash', node: 'node-1' }, source: 'intervention' },
      ]),
      s,
    );
    expect(crashed.recoveredAfterMs).toBeNull();
  });

  it('lease-leader: the believer must hold the store key', () => {
    const s = { ...sched(3, 100, 50), algorithm: 'lease' }; // its leader key is the lease's
    expect(
      leaseLeader(fakeTrace([put(10, 'node-1', 1), role(11, 'node-1', 'leader')]), s).failure,
    ).toBeNull();
    const stale = leaseLeader(
      fakeTrace([put(10, 'node-1', 1), role(11, 'node-1', 'leader'), expire(120)]),
      s,
    );
    expect(stale.failure?.detail).toContain('held by nobody');
  });

  it('bully-agreement: every node must have heard the top node after its last change of role', () => {
    const s = sched(3, 100, 50);
    const hb = (id: number, t: number, to: string): TraceEvent[] => [
      { k: 'send', t: t - 5, id, from: 'node-3', to, type: 'HEARTBEAT', deliverAt: t },
      { k: 'deliver', t, id },
    ];
    const base = [role(0, 'node-3', 'leader'), ...hb(1, 110, 'node-1'), ...hb(2, 111, 'node-2')];
    expect(bullyAgreement(fakeTrace(base), s)).toMatchObject({ failure: null, recoveredAfterMs: 11 });
    const doubter = bullyAgreement(fakeTrace([...base, role(140, 'node-2', 'candidate' as 'leader')]), s);
    expect(doubter.failure?.detail).toContain('not yet following node-3: [node-2]');
  });

  it('bully-agreement: from F on, at most 2·n(n−1) election messages per fault recorded there', () => {
    const s = sched(3, 100, 50);
    const agreed = { property: 'bully-agreement' as const, recoveredAfterMs: 0, boundMs: 50, failure: null };
    const msg = (id: number, t: number, type: string): TraceEvent => ({
      k: 'send',
      t,
      id,
      from: 'node-1',
      to: 'node-2',
      type,
      deliverAt: t + 1,
    });
    const restart: TraceEvent = {
      k: 'fault',
      t: 100,
      fault: { kind: 'restart', node: 'node-1' },
      source: 'intervention',
    };
    // 2·3·2 = 12 per fault; before F and HEARTBEATs do not count.
    const events = [
      ...Array.from({ length: 30 }, (_, i) => msg(i, 50, 'ELECTION')),
      restart,
      ...Array.from({ length: 12 }, (_, i) => msg(100 + i, 120, 'OK')),
      msg(200, 130, 'HEARTBEAT'),
    ];
    const tr = (es: TraceEvent[]) => ({ events: es, durationMs: 150 }) as unknown as Trace;
    expect(bullyCost(tr(events), s, agreed)).toBe(agreed);
    const storm = bullyCost(tr([...events, msg(300, 140, 'COORDINATOR')]), s, agreed);
    expect(storm.failure?.detail).toBe(
      '13 ELECTION + OK + COORDINATOR from 100 ms on, over 2·n(n−1) x 1 fault(s) = 12',
    );
  });
});

// ------------------------------------------------------------------------------------- properties

interface Stats {
  schedules: number;
  faults: number;
  livenessChecked: number;
  kinds: Set<string>;
  worst: number;
}

/** Runs the property over `numRuns` schedules; a failure throws the problem and its replay command. */
function chaosProperty(alg: ChaosAlgorithm, opts: ScheduleOptions, seed: number, numRuns: number): Stats {
  const stats: Stats = { schedules: 0, faults: 0, livenessChecked: 0, kinds: new Set(), worst: 0 };
  fc.assert(
    fc.property(scheduleArb(alg, opts), (s) => {
      const o = runSchedule(s);
      const problem = firstProblem(o);
      if (problem) throw new Error(`${problem}\nreproduce: ${simCommand(s, 'text')}`);
      stats.schedules++;
      stats.faults += o.faultsInjected;
      for (const tf of s.faults) stats.kinds.add(tf.fault.kind);
      if (o.liveness) {
        stats.livenessChecked++;
        stats.worst = Math.max(stats.worst, (o.liveness.recoveredAfterMs ?? 0) / o.liveness.boundMs);
      }
    }),
    { seed, numRuns },
  );
  return stats;
}

const expectCoverage = (st: Stats, runs: number) => {
  expect(st.schedules).toBe(runs);
  expect(st.faults).toBeGreaterThan(3 * runs);
  expect(st.livenessChecked).toBeGreaterThan(runs / 3);
  for (const k of ['crash', 'restart', 'pause', 'partition', 'heal', 'isolate', 'cut-link', 'delay-link'])
    expect(st.kinds).toContain(k);
};

describe('chaos properties, safe designs', () => {
  it('lease + fencing: no stale write accepted, one lease on the leader key, a leader within TTL + renew + retry', () => {
    const st = chaosProperty('lease', { loss: true }, 101, 200);
    expectCoverage(st, 200);
    expect(st.kinds).toContain('clock-drift');
    expect(st.kinds).toContain('clock-skew');
  });

  it('heartbeat + quorum: at most one leader per term, one leader within the election-timeout bound', () => {
    const st = chaosProperty('heartbeat', { loss: true }, 102, 200);
    expectCoverage(st, 200);
    expect(st.kinds).toContain('clock-drift');
  });

  it('bully: once faults stop, every node follows the highest id within the timeout bound', () => {
    const st = chaosProperty('bully', { loss: true }, 103, 200);
    expect(st.schedules).toBe(200);
    expect(st.faults).toBeGreaterThan(600);
    for (const k of [
      'crash',
      'restart',
      'pause',
      'partition',
      'isolate',
      'cut-link',
      'delay-link',
      'clock-drift',
    ])
      expect(st.kinds).toContain(k);
  });
});

// ------------------------------------------------------------------------------------- controls

/**
 * The same generator against the unsafe design must find a safety violation (endOnFailure: no
 * shrinking); `arb` for another unsafe variant than the hooks' own.
 */
function control(
  alg: ChaosAlgorithm,
  seed: number,
  numRuns: number,
  arb: fc.Arbitrary<ChaosSchedule> = scheduleArb(alg, { unsafe: true, loss: true }),
) {
  let found: ChaosOutcome | null = null;
  let runs = 0;
  const r = fc.check(
    fc.property(arb, (s) => {
      runs++;
      const o = runSchedule(s);
      if (o.safety.length === 0) return true;
      found = o;
      return false;
    }),
    { seed, numRuns, endOnFailure: true },
  );
  return { failed: r.failed, runs, found: found as ChaosOutcome | null };
}

/**
 * The same generator against the unsafe design must break the liveness property once faults stop
 * (no message loss: liveness is claimed only then).
 */
function livenessControl(alg: ChaosAlgorithm, seed: number, numRuns: number) {
  let found: ChaosOutcome | null = null;
  const r = fc.check(
    fc.property(scheduleArb(alg, { unsafe: true, loss: false }), (s) => {
      const o = runSchedule(s);
      if (!o.liveness?.failure) return true;
      found = o;
      return false;
    }),
    { seed, numRuns, endOnFailure: true },
  );
  return { failed: r.failed, found: found as ChaosOutcome | null };
}

describe('chaos negative controls (the checkers can fail)', () => {
  it('lease with fencing off: a stale write gets accepted, and the CLI command replays it', () => {
    const { failed, found, runs } = control('lease', 201, 300);
    expect(failed).toBe(true);
    expect(runs).toBeLessThan(300);
    expect(found?.safety[0]?.property).toBe('stale-write-accepted');
    const s = found?.schedule as ChaosSchedule;
    const out = JSON.parse(cli(simArgv(s)).out) as { violations: Array<{ kind: string }> };
    expect(out.violations.map((v) => v.kind)).toContain('stale-write-accepted');
  });

  it('bully holding an election on every lower ELECTION (the short textbook rule): a storm past 2·n(n−1) per fault', () => {
    const { failed, found } = livenessControl('bully', 203, 100);
    expect(failed).toBe(true);
    expect(found?.schedule.params.holdOnEveryElection).toBe(true);
    expect(found?.liveness?.failure?.detail).toMatch(
      /ELECTION \+ OK \+ COORDINATOR from \d+ ms on, over 2·n\(n−1\)/,
    );
  });

  it('heartbeat with quorum off: two leaders in one term', () => {
    const { failed, found } = control('heartbeat', 202, 100);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('two-leaders-in-term');
    expect(found?.violationKinds).toContain('two-leaders-in-term');
  });
});

// gossip (issue #13)
describe('chaos: gossip', () => {
  it('discovery only (no writes): no split-brain, and one leader within the suspicion + rounds bound', () => {
    const st = chaosProperty('gossip', { loss: true }, 105, 60);
    expect(st.schedules).toBe(60);
    expect(st.livenessChecked).toBeGreaterThan(10);
  });

  it('a primary database (writes on, the negative control): split-brain', () => {
    const { failed, found } = control('gossip', 205, 100);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('split-brain');
    expect(found?.violationKinds).toContain('split-brain');
  });
});

// ------------------------------------------------------------------------------------- issue #14

describe('chaos: kubernetes (client-go leaderelection on a Lease)', () => {
  it('leaseTransitions as a fencing token: no stale write accepted, one leader within the bound', () => {
    const st = chaosProperty('kubernetes', { loss: true }, 141, 80);
    expect(st.schedules).toBe(80);
    expect(st.faults).toBeGreaterThan(3 * 80);
    expect(st.livenessChecked).toBeGreaterThan(80 / 3);
    for (const k of ['crash', 'restart', 'pause', 'partition', 'isolate', 'clock-drift'])
      expect(st.kinds).toContain(k);
  });

  it('negative control: a holder paused past LeaseDuration keeps writing without a fencing check', () => {
    const { failed, found } = control('kubernetes', 241, 200);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('stale-write-accepted');
    expect(found?.violationKinds).toContain('stale-write-accepted');
    // What let it through: a node frozen for longer than LeaseDuration.
    const s = found?.schedule as ChaosSchedule;
    const leaseMs = Number(s.params.leaseDurationS) * 1000;
    expect(
      s.faults.some(
        (tf) =>
          tf.fault.kind === 'pause' && tf.fault.node.startsWith('node-') && tf.fault.durationMs > leaseMs,
      ),
    ).toBe(true);
  });
});

describe('chaos: zookeeper (the election recipe)', () => {
  it('the znode’s sequence number as a fencing token: no stale write accepted, one leader within the bound', () => {
    // 1,000 schedules, about 25 s: the session model is the part of ZooKeeper most likely to strand
    // the line, and each schedule is cheap.
    const st = chaosProperty('zookeeper', { loss: true }, 142, 1000);
    expect(st.schedules).toBe(1000);
    expect(st.faults).toBeGreaterThan(3 * 1000);
    expect(st.livenessChecked).toBeGreaterThan(1000 / 3);
    for (const k of [
      'crash',
      'restart',
      'pause',
      'partition',
      'isolate',
      'clock-drift',
      'clock-skew',
      'server',
    ])
      expect(st.kinds).toContain(k);
  });

  it('draws server faults for ZooKeeper alone, and the faults’ end brings every server back', () => {
    const xs = fc.sample(scheduleArb('zookeeper'), { seed: 7, numRuns: 300 });
    const servers = xs.flatMap((s) => s.faults.filter((tf) => tf.fault.kind === 'server'));
    expect(servers.some((tf) => tf.fault.kind === 'server' && tf.fault.act === 'kill')).toBe(true);
    expect(servers.some((tf) => tf.fault.kind === 'server' && tf.fault.act === 'stop')).toBe(true);
    // Two servers down at once: the ensemble without quorum.
    const down = (s: ChaosSchedule) => {
      const out = new Set<number>();
      let most = 0;
      for (const { fault: f } of s.faults) {
        if (f.kind !== 'server') continue;
        if (f.act === 'kill' || f.act === 'stop') out.add(f.server);
        else out.delete(f.server);
        most = Math.max(most, out.size);
      }
      return most;
    };
    expect(xs.some((s) => down(s) >= 2)).toBe(true);
    for (const s of xs.filter((x) => x.faults.some((tf) => tf.fault.kind === 'server'))) {
      const closing = closingFaults(s).map((tf) => tf.fault);
      for (const { fault: f } of s.faults)
        if (f.kind === 'server' && (f.act === 'kill' || f.act === 'stop'))
          expect(closing).toContainEqual({ ...f, act: f.act === 'kill' ? 'restart' : 'resume' });
    }
    for (const alg of ['lease', 'patroni', 'kubernetes'] as const)
      expect(
        fc
          .sample(scheduleArb(alg), { seed: 7, numRuns: 100 })
          .some((s) => s.faults.some((tf) => tf.fault.kind === 'server')),
      ).toBe(false);
  });

  it('a watch event lost in a cut reaches its client after it: the next in line leads within the bound', () => {
    // Found by chaos and shrunk: node-1's session expires while ZooKeeper is cut off for 1.7 s, and the
    // NodeDeleted event to node-2 met the cut. It used to be lost for good, and nobody led for the
    // last 10 s. Now node-2, silent past its read timeout, reconnects, sets its watch again, and
    // ZooKeeper fires the deletion it missed.
    const s: ChaosSchedule = {
      algorithm: 'zookeeper',
      unsafe: false,
      seed: 0,
      nodes: 3,
      params: {
        latencyMinMs: 0,
        latencyMaxMs: 0,
        dropRate: 0,
        sessionTimeoutMs: 4000,
        herd: false,
        writeIntervalMs: 200,
        fencing: true,
      },
      faults: [
        { atMs: 4, fault: { kind: 'pause', node: 'node-1', durationMs: 2304 } },
        {
          atMs: 2298,
          fault: { kind: 'partition', groups: [['node-1', 'node-2', 'node-3', 'storage'], ['zookeeper']] },
        },
        { atMs: 4003, fault: { kind: 'heal' } },
        { atMs: 4012, fault: { kind: 'heal' } },
      ],
      faultsEndMs: 4012,
      boundMs: 0,
      durationMs: 14_012,
    };
    // The bound is ZooKeeper's own (its chaos hooks' timing), unchanged: 10 s for this session timeout.
    const t = hooksOf('zookeeper').timing([0, 0, 0], {
      net: { latencyMinMs: 0, latencyMaxMs: 0, dropRate: 0 },
      latMax: 0,
      nodes: 3,
      unsafe: false,
    });
    expect(t.params.sessionTimeoutMs).toBe(4000);
    s.boundMs = t.boundMs;
    expect(s.faultsEndMs + s.boundMs).toBe(s.durationMs);
    const o = runSchedule(s);
    expect(o.safety).toEqual([]);
    expect(o.liveness?.failure ?? null).toBeNull();
    const tr = traceOf(s);
    const watchEvents = tr.events.filter(
      (e) => e.k === 'send' && e.type === 'WATCH_EVENT' && e.to === 'node-2',
    );
    expect(watchEvents.map((e) => e.t)).toEqual([4000, 4168]);
    const setWatches = tr.events.filter((e) => e.k === 'send' && e.type === 'SET_WATCHES');
    expect(setWatches.map((e) => [e.t, e.k === 'send' && e.from])).toEqual([[4168, 'node-2']]);
    const last = new Map<string, string>();
    for (const e of tr.events) if (e.k === 'role') last.set(e.node, e.role);
    expect([...last].filter(([, r]) => r === 'leader').map(([n]) => n)).toEqual(['node-2']);
  });

  it('a create whose answer is lost with the connection leaves no second znode: the line moves on', () => {
    // Found by chaos (seed 42): node-3's CREATE made /election/n_0000000002 as ZooKeeper was cut off, its
    // answer went with the connection, and the create sent again on the new one made a second znode.
    // The first, the lowest in the line, lived as long as node-3's session: nobody led for 15 s.
    const s: ChaosSchedule = {
      algorithm: 'zookeeper',
      unsafe: false,
      seed: 0,
      nodes: 9,
      params: {
        latencyMinMs: 0,
        latencyMaxMs: 3,
        dropRate: 0,
        sessionTimeoutMs: 6912,
        herd: false,
        writeIntervalMs: 388,
        fencing: true,
      },
      faults: [
        { atMs: 512, fault: { kind: 'crash', node: 'node-2' } },
        {
          atMs: 1010,
          fault: {
            kind: 'partition',
            groups: [
              [
                'node-1',
                'node-2',
                'node-3',
                'node-4',
                'node-5',
                'node-6',
                'node-7',
                'node-8',
                'node-9',
                'storage',
              ],
              ['zookeeper'],
            ],
          },
        },
        { atMs: 7016, fault: { kind: 'heal' } },
        { atMs: 7016, fault: { kind: 'restart', node: 'node-2' } },
      ],
      faultsEndMs: 7016,
      boundMs: 15_854,
      durationMs: 22_870,
    };
    const o = runSchedule(s);
    expect(o.safety).toEqual([]);
    expect(o.liveness?.failure ?? null).toBeNull();
    const creates = traceOf(s).events.filter((e) => e.k === 'store' && e.change.kind === 'put');
    const owners = creates.map((e) => (e.k === 'store' && e.change.kind === 'put' ? e.change.kv.lease : 0));
    expect(new Set(owners).size).toBe(owners.length);
  });

  it('negative control for liveness: session traffic as datagrams (tcp off) loses a watch event in a cut for good', () => {
    let found: ChaosOutcome | null = null;
    const datagrams = scheduleArb('zookeeper', { loss: false }).map((s) => ({
      ...s,
      params: { ...s.params, tcp: false },
    }));
    const r = fc.check(
      fc.property(datagrams, (s) => {
        const o = runSchedule(s);
        if (!o.liveness?.failure) return true;
        found = o;
        return false;
      }),
      // Datagrams strand the line in about 1 schedule of 200 (seeds 244-251: found at 15 to 648); TCP in
      // none of 7,000. This seed finds it quickly.
      { seed: 248, numRuns: 1000, endOnFailure: true },
    );
    expect(r.failed).toBe(true);
    expect((found as ChaosOutcome | null)?.liveness?.failure?.property).toBe('quorum-leader');
  });

  it('negative control: a leader paused past its session timeout writes without fencing', () => {
    const { failed, found } = control('zookeeper', 242, 200);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('stale-write-accepted');
    expect(found?.violationKinds).toContain('stale-write-accepted');
    const s = found?.schedule as ChaosSchedule;
    const timeout = Number(s.params.sessionTimeoutMs);
    expect(
      s.faults.some(
        (tf) =>
          tf.fault.kind === 'pause' && tf.fault.node.startsWith('node-') && tf.fault.durationMs > timeout,
      ),
    ).toBe(true);
  });
});

// ------------------------------------------------------------------------------------- dbjob

describe('chaos: the job runner elected in a database table', () => {
  it('UPDATE … WHERE token=$current with a TTL: never two leaders with writes accepted, one leader within the bound', () => {
    const st = chaosProperty('dbjob', { loss: true }, 104, 60);
    expect(st.schedules).toBe(60);
    expect(st.livenessChecked).toBeGreaterThan(60 / 3);
    for (const k of ['crash', 'pause', 'partition', 'isolate', 'clock-drift', 'clock-skew'])
      expect(st.kinds).toContain(k);
  });

  it('negative control, UPDATE … WHERE TRUE: two leaders both have their writes accepted', () => {
    const { failed, found } = control('dbjob', 204, 50);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('split-brain');
    expect(found?.violationKinds).toContain('split-brain');
  });
});

// ------------------------------------------------------------------------------------- skiplocked

describe('chaos: skiplocked (SELECT … FOR UPDATE SKIP LOCKED, no leader)', () => {
  it('with the outbox: no job commits twice, one e-mail per job, every job committed within the bound', () => {
    // The outbox is the design switch: every safe schedule has it on, so one e-mail per job is checked.
    const drawn = fc.sample(scheduleArb('skiplocked', { loss: true }), { seed: 143, numRuns: 50 });
    expect(drawn.every((s) => s.params.outbox === true && s.params.forUpdate === true)).toBe(true);
    // 80 schedules (was 120): the whole chaos file stays within its time with Patroni added.
    const st = chaosProperty('skiplocked', { loss: true }, 143, 80);
    expect(st.schedules).toBe(80);
    expect(st.livenessChecked).toBeGreaterThan(80 / 3);
    for (const k of ['crash', 'restart', 'pause', 'partition', 'isolate', 'clock-drift'])
      expect(st.kinds).toContain(k);
  });

  it('negative control, the outbox off: a worker that dies before COMMIT has its job e-mailed twice', () => {
    const { failed, found } = control('skiplocked', 243, 50);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('duplicate-email');
    expect(found?.violationKinds).toContain('duplicate-email');
    expect(found?.schedule.params.outbox).toBe(false);
    expect(found?.schedule.params.forUpdate).toBe(true);
  });

  it('negative control, a plain SELECT without FOR UPDATE (outbox on): a job commits twice', () => {
    const plainSelect = scheduleArb('skiplocked', { loss: true }).map((s) => ({
      ...s,
      params: { ...s.params, forUpdate: false },
    }));
    const { failed, found } = control('skiplocked', 243, 50, plainSelect);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('job-committed-twice');
    expect(found?.violationKinds).toContain('job-committed-twice');
  });
});

// ------------------------------------------------------------------------------------- raft

describe('chaos: raft (the log, figure 3)', () => {
  it("all five of figure 3's properties hold, one leader within the bound", () => {
    const st = chaosProperty('raft', { loss: true }, 144, 60);
    expect(st.schedules).toBe(60);
    expect(st.livenessChecked).toBeGreaterThan(60 / 3);
  });

  it('with membership changes (thesis ch. 4: add-server, remove-server, the leader too) all five hold', () => {
    const st = chaosProperty('raft', { loss: true, membership: true }, 145, 60);
    expect(st.schedules).toBe(60);
    expect(st.kinds).toContain('add-server');
    expect(st.kinds).toContain('remove-server');
  });

  it('negative control, the election restriction off: a leader lacks a committed entry', () => {
    const { failed, found } = control('raft', 244, 60);
    expect(failed).toBe(true);
    expect(found?.violationKinds).toContain('leader-completeness');
    expect(found?.schedule.params.electionRestriction).toBe(false);
  });
});

// ------------------------------------------------------------------------------------- metric bounds

/** Seeds per bound: a story of a simulated hour is costly, so fewer of those. */
const boundSeeds: Record<string, number> = { 'even-quorum': 8, 'short-timeout': 2, 'bully-at-scale': 2 };

describe('chaos metric bounds (liveness and cost pitfalls)', () => {
  it.each(metricBounds.map((b) => [`${b.story} ${b.metric}`, b] as const))(
    '%s: broken without the fix, kept with it, on random seeds',
    (_name, b) => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          const bad = boundOutcome(b, seed, false);
          const good = boundOutcome(b, seed, true);
          expect(bad.ok, `${b.story} seed ${seed}: ${bad.metric} ${bad.value} <= ${bad.max}`).toBe(false);
          expect(good.ok, `${b.story} seed ${seed} fixed: ${good.metric} ${good.value} > ${good.max}`).toBe(
            true,
          );
        }),
        { seed: 301, numRuns: boundSeeds[b.story] ?? 2 },
      );
    },
    // A simulated hour (short-timeout) is several seconds per run on a busy machine.
    600_000,
  );
});

describe('chaos: sharded leadership (a leader per shard)', () => {
  it('per shard: one lease holder per shard key, no stale write on any shard, every shard led within the bound', () => {
    const st = chaosProperty('sharded', { loss: true }, 143, 80);
    expect(st.schedules).toBe(80);
    expect(st.faults).toBeGreaterThan(3 * 80);
    expect(st.livenessChecked).toBeGreaterThan(80 / 3);
    for (const k of ['crash', 'restart', 'pause', 'partition', 'isolate', 'clock-drift'])
      expect(st.kinds).toContain(k);
  });

  it('negative control: a shard leader paused past its TTL writes that shard with fencing off', () => {
    const { failed, found } = control('sharded', 243, 300);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('stale-write-accepted');
    // The violation names one shard: tokens compare per shard, not across the storage.
    expect(found?.safety[0]?.detail).toMatch(
      /^storage shard-\d\d accepted token \d+ from node-\d+ after token \d+$/,
    );
    expect(found?.violationKinds).toContain('stale-write-accepted');
    const s = found?.schedule as ChaosSchedule;
    const ttlMs = Number(s.params.ttlS) * 1000;
    expect(
      s.faults.some(
        (tf) => tf.fault.kind === 'pause' && tf.fault.node.startsWith('node-') && tf.fault.durationMs > ttlMs,
      ),
    ).toBe(true);
  });
});

// ------------------------------------------------------------------------------------- cronjob

describe('chaos: an external scheduler (a CronJob, concurrencyPolicy Forbid)', () => {
  it('at most one run of the job at a time, and a run starts within the bound once the faults stop', () => {
    const st = chaosProperty('cronjob', { loss: true }, 143, 60);
    expect(st.schedules).toBe(60);
    expect(st.livenessChecked).toBeGreaterThan(60 / 3);
    for (const k of ['pause', 'partition', 'delay-link', 'clock-drift']) expect(st.kinds).toContain(k);
    // Runs do outlast their slot, so it is Forbid that keeps them apart.
    const skips = fc
      .sample(scheduleArb('cronjob', { loss: true }), { seed: 143, numRuns: 20 })
      .flatMap((s) => traceOf(s).events.filter((e) => e.k === 'mark' && e.name === 'JobAlreadyActive'));
    expect(skips.length).toBeGreaterThan(0);
  });

  it('negative control, Allow with a run longer than its slot: a second run starts beside the first', () => {
    const { failed, found } = control('cronjob', 243, 50);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('one-job-run');
    expect(Number(found?.schedule.params.concurrencyPolicy)).toBe(0);
  });
});

// ------------------------------------------------------------------------------------- patroni

describe('chaos: Patroni (the leader key in etcd, HAProxy’s /primary check)', () => {
  it('no primary paused past ttl: never two primaries taking writes, one key holder, a primary within the bound', () => {
    // No pauses in the safe design's draws: a primary paused past ttl is the watchdog's case, which
    // the model leaves out (patroni/index.ts, chaos.pausesUnsafeOnly).
    const st = chaosProperty('patroni', { loss: true }, 144, 16);
    expect(st.kinds).not.toContain('pause');
    expect(st.schedules).toBe(16);
    expect(st.faults).toBeGreaterThan(3 * 16);
    expect(st.livenessChecked).toBeGreaterThan(16 / 3);
    for (const k of ['crash', 'restart', 'partition', 'isolate', 'cut-link', 'clock-drift'])
      expect(st.kinds).toContain(k);
  });

  it('negative control, no watchdog against a primary paused past ttl: two primaries take writes', () => {
    const { failed, found } = control('patroni', 244, 40);
    expect(failed).toBe(true);
    expect(found?.safety[0]?.property).toBe('split-brain');
    expect(found?.violationKinds).toContain('split-brain');
    const s = found?.schedule as ChaosSchedule;
    const ttlMs = Number(s.params.ttlS) * 1000;
    expect(
      s.faults.some(
        (tf) => tf.fault.kind === 'pause' && tf.fault.node.startsWith('pg-') && tf.fault.durationMs > ttlMs,
      ),
    ).toBe(true);
  });
});
