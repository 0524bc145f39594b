import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import type { Params } from '../params.ts';
import type { TimedFault } from '../scenario/schema.ts';
import { simulate } from '../simulate.ts';
import type { TraceEvent } from '../trace/events.ts';
import { leaderIntervals } from '../trace/summary.ts';
import type { Trace } from '../trace/trace.ts';
import {
  computeMetrics,
  createMetricsIndex,
  type Detection,
  type Failover,
  type LeaderPoint,
  type LossCause,
  type Metrics,
} from './metrics.ts';

function run(
  id: string,
  opts: {
    params?: Partial<Params>;
    durationMs?: number;
    interventions?: TimedFault[];
    withoutScript?: boolean;
  } = {},
): Trace {
  const sc = scenarioById(id);
  if (!sc) throw new Error(`no scenario ${id}`);
  return simulate(sc, opts);
}

// ---------------------------------------------------------------- the naive reference

interface NState {
  up: boolean;
  paused: boolean;
  leader: boolean;
}
interface World {
  nodes: Map<string, NState>;
  groups: string[][] | null;
  isolated: Map<string, 'all' | 'store'>;
  cuts: Array<[string, string]>;
}

function cloneWorld(w: World): World {
  return {
    nodes: new Map([...w.nodes].map(([k, v]) => [k, { ...v }])),
    groups: w.groups,
    isolated: new Map(w.isolated),
    cuts: [...w.cuts],
  };
}

/** Can a and b exchange messages in world w? Written from network.ts's rules, independently. */
function canTalk(w: World, kindOf: (id: string) => string | undefined, a: string, b: string): boolean {
  const ia = w.isolated.get(a);
  const ib = w.isolated.get(b);
  if (ia === 'all' || ib === 'all') return false;
  if (ia === 'store' && kindOf(b) === 'store') return false;
  if (ib === 'store' && kindOf(a) === 'store') return false;
  if (w.cuts.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) return false;
  if (w.groups) {
    const ga = w.groups.findIndex((g) => g.includes(a));
    const gb = w.groups.findIndex((g) => g.includes(b));
    if (ga >= 0 && gb >= 0 && ga !== gb) return false;
  }
  return true;
}

function applyEvent(w: World, e: TraceEvent): void {
  if (e.k === 'role') {
    const n = w.nodes.get(e.node);
    if (n) n.leader = e.role === 'leader';
  } else if (e.k === 'fault') {
    const f = e.fault;
    const n = 'node' in f ? w.nodes.get(f.node) : undefined;
    // A kill (processes killed on a live host) takes the node down as a crash does.
    if ((f.kind === 'crash' || f.kind === 'kill') && n)
      Object.assign(n, { up: false, paused: false, leader: false });
    if (f.kind === 'restart' && n) n.up = true;
    if (f.kind === 'pause' && n) n.paused = true;
    if (f.kind === 'resume' && n) n.paused = false;
    if (f.kind === 'partition') w.groups = f.groups;
    if (f.kind === 'heal') Object.assign(w, { groups: null, isolated: new Map(), cuts: [] });
    if (f.kind === 'isolate') w.isolated.set(f.node, f.from ?? 'all');
    if (f.kind === 'rejoin') w.isolated.delete(f.node);
    if (f.kind === 'cut-link') w.cuts.push([f.a, f.b]);
    if (f.kind === 'restore-link')
      w.cuts = w.cuts.filter(([x, y]) => !((x === f.a && y === f.b) || (x === f.b && y === f.a)));
  }
}

/** Replays the trace from the start up to t, one event at a time, computing everything directly. */
function naiveMetrics(trace: Trace, upTo: number): Metrics {
  const t = Math.max(0, Math.min(trace.durationMs, upTo));
  const events = trace.events.filter((e) => e.t <= t);
  const kindOf = (id: string) => trace.hosts.find((h) => h.id === id)?.kind;
  const nodeIds = trace.hosts.filter((h) => h.kind === 'node').map((h) => h.id);
  const store = trace.hosts.find((h) => h.kind === 'store')?.id;

  // Messages.
  const byType: Record<string, number> = {};
  let total = 0;
  for (const e of events)
    if (e.k === 'send') {
      total++;
      byType[e.type] = (byType[e.type] ?? 0) + 1;
    }
  const sortedByType = Object.fromEntries(Object.entries(byType).sort(([a], [b]) => (a < b ? -1 : 1)));

  // Writes: the highest token of any leader role event before each write.
  let accepted = 0;
  let rejected = 0;
  let staleAccepted = 0;
  let hi = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    if (e.k === 'role' && e.role === 'leader' && e.token !== undefined) hi = Math.max(hi, e.token);
    if (e.k === 'write') {
      if (e.status === 'rejected') rejected++;
      else {
        accepted++;
        if (e.token !== null && e.token < hi) staleAccepted++;
      }
    }
  }

  // World replay with a full history (one snapshot after each event), for windows and detections.
  const world: World = { nodes: new Map(), groups: null, isolated: new Map(), cuts: [] };
  for (const id of nodeIds) world.nodes.set(id, { up: true, paused: false, leader: false });
  const initial = cloneWorld(world);
  const history: Array<{ t: number; w: World }> = [];
  const isEffective = (w: World, id: string) => {
    const n = w.nodes.get(id) as NState;
    if (!n.up || n.paused || !n.leader) return false;
    if (store) return canTalk(w, kindOf, id, store);
    return nodeIds.length < 2 || nodeIds.some((o) => o !== id && canTalk(w, kindOf, id, o));
  };
  /** The worlds in force during [from, now]: the one in force at `from` and every later one. */
  const worldsSince = (from: number): World[] => {
    let start = -1;
    for (let i = 0; i < history.length; i++) if ((history[i] as { t: number }).t <= from) start = i;
    const ws = history.slice(start + 1).map((h) => h.w);
    return [start >= 0 ? (history[start] as { w: World }).w : initial, ...ws];
  };
  const healthyLeader = (w: World, id: string) => {
    const n = w.nodes.get(id);
    return !!n && n.up && !n.paused && n.leader;
  };

  const series: LeaderPoint[] = [{ t: 0, count: 0, effective: 0 }];
  const effectiveSets: Array<{ t: number; set: string[]; world: World }> = [];
  const detections: Detection[] = [];
  const lockHolder = new Map<string, { holder: string; lease: number }>();
  const leaseTtl = new Map<number, number>();
  const lockKeys = new Set(['/election/leader', '/service/batman/leader']);
  const params = trace.params;

  for (let i = 0; i < events.length; i++) {
    const e = events[i] as TraceEvent;
    // Detections look at the world before their own event.
    const detect = (kind: Detection['kind'], node: string, suspect: string | null, windowMs: number) => {
      const ws = worldsSince(e.t - windowMs);
      let found: string | null = null;
      if (kind === 'lost-quorum') {
        const ok = ws.every((w) => {
          if (!healthyLeader(w, node)) return false;
          const n = nodeIds.filter((id) => {
            const s = w.nodes.get(id) as NState;
            return id === node || (s.up && !s.paused && canTalk(w, kindOf, node, id));
          }).length;
          return n >= Math.floor(nodeIds.length / 2) + 1;
        });
        if (ok) found = node;
      } else if (store) {
        if (suspect && ws.every((w) => healthyLeader(w, suspect) && canTalk(w, kindOf, suspect, store)))
          found = suspect;
      } else {
        found =
          nodeIds.find(
            (id) => id !== node && ws.every((w) => healthyLeader(w, id) && canTalk(w, kindOf, node, id)),
          ) ?? null;
      }
      detections.push({ t: e.t, kind, node, suspect: found ?? suspect, windowMs, spurious: found !== null });
    };
    if (e.k === 'mark') {
      const d = e.data ?? {};
      if (!store && e.name === 'leader-missing') {
        const s =
          typeof d.coordinator === 'string' ? d.coordinator : typeof d.leader === 'string' ? d.leader : null;
        detect('leader-missing', e.node, s, typeof d.timeoutMs === 'number' ? d.timeoutMs : 0);
      }
      if (!store && e.name === 'lost-quorum')
        detect(
          'lost-quorum',
          e.node,
          e.node,
          Math.max(0, Number(params.electionTimeoutMinMs) - Number(params.heartbeatIntervalMs)),
        );
      if (store && e.name === 'step-down' && d.reason === 'deadline')
        detect('deadline-step-down', e.node, e.node, Number(params.ttlS) * 1000);
      if (store && e.name === 'dcs-unreachable')
        detect('dcs-unreachable', e.node, e.node, Number(d.retryTimeoutMs));
    }
    if (e.k === 'store') {
      const c = e.change;
      if (c.kind === 'put' && lockKeys.has(c.kv.key))
        lockHolder.set(c.kv.key, { holder: c.kv.value, lease: c.kv.lease });
      if (c.kind === 'lease-grant' || c.kind === 'lease-keepalive') leaseTtl.set(c.lease, c.ttlSec);
      if (c.kind === 'delete' && lockKeys.has(c.key)) {
        const h = lockHolder.get(c.key);
        lockHolder.delete(c.key);
        if (h && c.cause === 'lease-expired' && store)
          detect('lease-expired', store, h.holder, (leaseTtl.get(h.lease) ?? Number(params.ttlS)) * 1000);
      }
    }
    applyEvent(world, e);
    history.push({ t: e.t, w: cloneWorld(world) });
    const next = events[i + 1];
    if (next && next.t === e.t) continue;
    // End of a millisecond: sample the leaders.
    const set = nodeIds.filter((id) => isEffective(world, id));
    const count = nodeIds.filter((id) => world.nodes.get(id)?.leader).length;
    effectiveSets.push({ t: e.t, set, world: cloneWorld(world) });
    const last = series[series.length - 1] as LeaderPoint;
    if (last.count !== count || last.effective !== set.length) {
      if (last.t === e.t) series.pop();
      const prev = series[series.length - 1];
      if (!prev || prev.count !== count || prev.effective !== set.length)
        series.push({ t: e.t, count, effective: set.length });
    }
  }

  // Leaderless windows and failovers from the per-millisecond effective sets.
  const windows: Metrics['leaderless']['windows'] = [];
  const failovers: Failover[] = [];
  let openFrom: number | null = 0;
  let lost: { from: string; cause: LossCause } | null = null;
  let before: string[] = [];
  for (const s of effectiveSets) {
    if (s.set.length === 0 && openFrom === null) {
      openFrom = s.t;
      const from = before[0] as string;
      const n = s.world.nodes.get(from) as NState;
      lost = { from, cause: !n.up ? 'crash' : n.paused ? 'pause' : !n.leader ? 'step-down' : 'isolation' };
    } else if (s.set.length > 0 && openFrom !== null) {
      if (openFrom < s.t) {
        windows.push({ fromMs: openFrom, toMs: s.t, ongoing: false });
        if (lost)
          failovers.push({
            lostAtMs: openFrom,
            newLeaderAtMs: s.t,
            durationMs: s.t - openFrom,
            ...lost,
            to: s.set[0] as string,
            ongoing: false,
          });
      }
      openFrom = null;
      lost = null;
    }
    before = s.set;
  }
  if (openFrom !== null) {
    windows.push({ fromMs: openFrom, toMs: t, ongoing: true });
    if (lost)
      failovers.push({
        lostAtMs: openFrom,
        newLeaderAtMs: null,
        durationMs: t - openFrom,
        ...lost,
        to: null,
        ongoing: true,
      });
  }

  // Elections: a 'leader' role event of a node whose last role was not 'leader' (or that crashed since).
  let elections = 0;
  const leads = new Set<string>();
  for (const e of events) {
    if (e.k === 'role' && e.role === 'leader' && !leads.has(e.node)) elections++;
    if (e.k === 'role') e.role === 'leader' ? leads.add(e.node) : leads.delete(e.node);
    if (e.k === 'fault' && e.fault.kind === 'crash') leads.delete(e.fault.node);
  }

  const cur = series[series.length - 1] as LeaderPoint;
  return {
    t,
    messages: { total, byType: sortedByType, dropped: events.filter((e) => e.k === 'drop').length },
    leaderless: { windows, totalMs: windows.reduce((a, w) => a + w.toMs - w.fromMs, 0) },
    failovers,
    maxConcurrentLeaders: Math.max(...series.map((p) => p.count)),
    maxConcurrentEffectiveLeaders: Math.max(...series.map((p) => p.effective)),
    twoLeaderMs: series.reduce((a, p, i) => a + (p.count >= 2 ? (series[i + 1]?.t ?? t) - p.t : 0), 0),
    leaders: { believed: cur.count, effective: cur.effective },
    writes: { accepted, rejected, staleAccepted },
    spuriousElections: detections.filter((d) => d.spurious).length,
    failureDetections: detections.length,
    leadersOverTime: series,
    elections,
    unavailableMs: failovers.reduce((a, f) => a + f.durationMs, 0),
    messagesPerMinute: t > 0 ? (total * 60_000) / t : 0,
  };
}

/** Cursor positions: every distinct event time and its neighbours (sampled), the ends, and beyond. */
function cursors(trace: Trace, max = 60): number[] {
  const times = [...new Set(trace.events.map((e) => e.t))];
  const step = Math.max(1, Math.floor(times.length / max));
  const out = new Set<number>([0, 1, trace.durationMs, trace.durationMs + 500, -10]);
  for (let i = 0; i < times.length; i += step) {
    const x = times[i] as number;
    out.add(x);
    out.add(x - 1);
    out.add(x + 1);
  }
  return [...out].sort((a, b) => a - b);
}

const pause = (atMs: number, node: string, durationMs: number): TimedFault => ({
  atMs,
  fault: { kind: 'pause', node, durationMs },
});

const traces: Array<[string, () => Trace]> = [
  ['bully', () => run('bully')],
  ['bully, lossy, 30 s', () => run('bully', { params: { dropRate: 0.3 }, durationMs: 30_000 })],
  ['etcd-lease', () => run('etcd-lease')],
  ['etcd-lease, lossy, 300 s', () => run('etcd-lease', { params: { dropRate: 0.3 }, durationMs: 300_000 })],
  [
    'etcd-lease, leader isolated from the store then rejoins',
    () =>
      run('etcd-lease', {
        withoutScript: true,
        durationMs: 90_000,
        interventions: [
          { atMs: 5000, fault: { kind: 'isolate', node: 'node-1', from: 'store' } },
          { atMs: 50_000, fault: { kind: 'rejoin', node: 'node-1' } },
          pause(60_000, 'node-2', 2000),
        ],
      }),
  ],
  ['fencing-token', () => run('fencing-token')],
  ['fencing-token, fencing off', () => run('fencing-token', { params: { fencing: false } })],
  ['split-brain', () => run('split-brain')],
  ['split-brain, quorum on', () => run('split-brain', { params: { quorum: true } })],
  [
    'heartbeat, lossy and jittery, quorum on, crash + restart + cut link',
    () =>
      run('split-brain', {
        params: { quorum: true, dropRate: 0.15, latencyMinMs: 5, latencyMaxMs: 150, voteTimeoutMs: 350 },
        durationMs: 40_000,
        interventions: [
          { atMs: 15_000, fault: { kind: 'crash', node: 'node-3' } },
          { atMs: 20_000, fault: { kind: 'restart', node: 'node-3' } },
          { atMs: 22_000, fault: { kind: 'cut-link', a: 'node-1', b: 'node-4' } },
          { atMs: 30_000, fault: { kind: 'isolate', node: 'node-5' } },
        ],
      }),
  ],
  ['patroni', () => run('patroni')],
  ['patroni, lossy, 200 s', () => run('patroni', { params: { dropRate: 0.2 }, durationMs: 200_000 })],
];

describe('metrics at a cursor = a naive replay up to the cursor', () => {
  it.each(traces)('%s', (_name, make) => {
    const tr = make();
    const ix = createMetricsIndex(tr);
    for (const t of cursors(tr)) expect(ix.at(t), `at t=${t}`).toEqual(naiveMetrics(tr, t));
    expect(computeMetrics(tr)).toEqual(naiveMetrics(tr, tr.durationMs));
  });

  it('the reference itself sees the interesting cases (so the comparison is not vacuous)', () => {
    const lossyLease = computeMetrics(run('etcd-lease', { params: { dropRate: 0.3 }, durationMs: 300_000 }));
    expect(lossyLease.spuriousElections).toBeGreaterThan(0);
    expect(lossyLease.failovers.length).toBeGreaterThan(1);
    const isolated = computeMetrics((traces[4] as [string, () => Trace])[1]());
    expect(isolated.failovers[0]).toMatchObject({ from: 'node-1', cause: 'isolation', lostAtMs: 5000 });
  });
});

describe('writes: stale-but-accepted', () => {
  it('fencing-token with fencing off: node-1 writes 42 after node-3 got 43, and it is accepted', () => {
    const m = computeMetrics(run('fencing-token', { params: { fencing: false } }));
    expect(m.writes.staleAccepted).toBe(1);
    expect(m.writes.rejected).toBe(0);
  });

  it('fencing-token with fencing on: the same write is rejected (409), none stale-but-accepted', () => {
    const tr = run('fencing-token');
    const m = computeMetrics(tr);
    expect(m.writes).toMatchObject({ staleAccepted: 0, rejected: 1 });
    const stale = tr.events.find((e) => e.k === 'write' && e.status === 'rejected');
    // Just before the rejected write nothing was rejected yet.
    expect(computeMetrics(tr, (stale?.t ?? 0) - 1).writes.rejected).toBe(0);
  });

  it("split-brain: the deposed leader's writes after a higher term was issued are stale", () => {
    const m = computeMetrics(run('split-brain'));
    expect(m.writes.staleAccepted).toBeGreaterThan(0);
    expect(computeMetrics(run('split-brain', { params: { quorum: true } })).writes.staleAccepted).toBe(0);
  });
});

describe('leaders at once', () => {
  it('twoLeaderMs: two believed leaders is a metric; fenced or not, the paused old leader counts', () => {
    const sb = computeMetrics(run('split-brain'));
    // node-1 leads the minority from its win until it hears the higher term after the heal
    expect(sb.twoLeaderMs).toBeGreaterThan(3000);
    expect(computeMetrics(run('split-brain', { params: { quorum: true } })).twoLeaderMs).toBe(0);
    const fenced = run('fencing-token');
    const m = computeMetrics(fenced);
    // node-3 leads from token 43 while paused node-1 still believes it leads, until it steps down
    const l = leaderIntervals(fenced);
    const overlap = Math.min(...l.map((x) => x.toMs)) - Math.max(...l.map((x) => x.fromMs));
    expect(m.twoLeaderMs).toBe(overlap);
    expect(fenced.events.some((e) => e.k === 'violation')).toBe(false);
    expect(computeMetrics(fenced, 30_000).twoLeaderMs).toBe(0);
  });

  it('split-brain: 2 with quorum off, 1 with quorum on', () => {
    const off = computeMetrics(run('split-brain'));
    const on = computeMetrics(run('split-brain', { params: { quorum: true } }));
    expect(off.maxConcurrentLeaders).toBe(2);
    expect(on.maxConcurrentLeaders).toBe(1);
    // Before the partition there is only one leader.
    expect(computeMetrics(run('split-brain'), 3999).maxConcurrentLeaders).toBe(1);
    expect(off.leadersOverTime.some((p) => p.count === 2)).toBe(true);
  });

  it('fencing-token: the paused node-1 still believes it leads beside node-3 (2 believed, 1 effective)', () => {
    const m = computeMetrics(run('fencing-token'));
    expect(m.maxConcurrentLeaders).toBe(2);
    expect(m.maxConcurrentEffectiveLeaders).toBe(1);
  });
});

describe('leaderless windows and failovers', () => {
  it('etcd-lease: one failover node-1 -> node-2, from the crash to node-2 leading, within the TTL bounds', () => {
    const tr = run('etcd-lease');
    const m = computeMetrics(tr);
    const node2 = tr.events.find((e) => e.k === 'role' && e.node === 'node-2' && e.role === 'leader');
    expect(m.failovers).toEqual([
      {
        lostAtMs: 35_000,
        newLeaderAtMs: node2?.t,
        durationMs: (node2?.t ?? 0) - 35_000,
        from: 'node-1',
        cause: 'crash',
        to: 'node-2',
        ongoing: false,
      },
    ]);
    const d = m.failovers[0]?.durationMs ?? 0;
    expect(d).toBeGreaterThanOrEqual((30 - 10) * 1000);
    expect(d).toBeLessThanOrEqual(30_000 + 2000);
    // Initial election + failover; the total is their sum.
    expect(m.leaderless.windows).toHaveLength(2);
    expect(m.leaderless.totalMs).toBe(m.leaderless.windows.reduce((a, w) => a + w.toMs - w.fromMs, 0));
    // Mid-failover the window is open and grows with the cursor.
    const mid = computeMetrics(tr, 45_000);
    expect(mid.failovers[0]).toMatchObject({
      ongoing: true,
      durationMs: 10_000,
      newLeaderAtMs: null,
      to: null,
    });
    expect(mid.leaderless.windows.at(-1)).toEqual({ fromMs: 35_000, toMs: 45_000, ongoing: true });
  });

  it('fencing-token: the GC pause is the loss (cause pause), node-3 the new leader', () => {
    const m = computeMetrics(run('fencing-token'));
    expect(m.failovers).toHaveLength(1);
    expect(m.failovers[0]).toMatchObject({ lostAtMs: 5100, from: 'node-1', cause: 'pause', to: 'node-3' });
  });

  it('a pause shorter than the timeouts: the same leader comes back', () => {
    const m = computeMetrics(
      run('etcd-lease', { withoutScript: true, interventions: [pause(10_000, 'node-1', 3000)] }),
    );
    expect(m.failovers).toEqual([
      {
        lostAtMs: 10_000,
        newLeaderAtMs: 13_000,
        durationMs: 3000,
        from: 'node-1',
        cause: 'pause',
        to: 'node-1',
        ongoing: false,
      },
    ]);
  });

  it('bully: the coordinator is down from t=0, so there is only the initial election, no failover', () => {
    const m = computeMetrics(run('bully'));
    expect(m.failovers).toEqual([]);
    expect(m.leaderless.windows).toEqual([{ fromMs: 0, toMs: m.leadersOverTime[1]?.t, ongoing: false }]);
    expect(m.leadersOverTime).toEqual([
      { t: 0, count: 0, effective: 0 },
      { t: expect.any(Number), count: 1, effective: 1 },
    ]);
  });
});

describe('messages', () => {
  it('bully: counts by type, and the election messages are n(n-1)', () => {
    const m = computeMetrics(run('bully'));
    expect(m.messages.byType.ELECTION).toBe(10);
    expect(m.messages.byType.OK).toBe(6);
    expect(m.messages.byType.COORDINATOR).toBe(4);
    expect(m.messages.total).toBe(Object.values(m.messages.byType).reduce((a, b) => a + b, 0));
    expect(computeMetrics(run('bully'), 0).messages).toEqual({ total: 0, byType: {}, dropped: 0 });
  });
});

describe('spurious elections', () => {
  const steady = (params: Partial<Params>, durationMs = 60_000) =>
    computeMetrics(run('split-brain', { withoutScript: true, durationMs, params }));

  it('heartbeat with latency jitter but no loss: none (the timeout rule leaves no room for one)', () => {
    // Heartbeats arrive at most 500 + 400 ms apart; the shortest allowed timeout is 901 ms.
    const m = steady({
      latencyMinMs: 0,
      latencyMaxMs: 400,
      voteTimeoutMs: 850,
      electionTimeoutMinMs: 901,
      electionTimeoutMaxMs: 1000,
    });
    expect(m.failureDetections).toBeGreaterThan(0); // the initial election
    expect(m.spuriousElections).toBe(0);
  });

  it('heartbeat with message loss: timeouts fire while the leader is alive and reachable', () => {
    const m = steady({
      dropRate: 0.25,
      latencyMinMs: 5,
      latencyMaxMs: 200,
      voteTimeoutMs: 450,
      electionTimeoutMinMs: 750,
    });
    expect(m.spuriousElections).toBeGreaterThan(3);
    const ix = createMetricsIndex(
      run('split-brain', { withoutScript: true, durationMs: 60_000, params: {} }),
    );
    expect(ix.detections.every((d) => !d.spurious)).toBe(true);
  });

  it('heartbeat quorum on, lossy: a leader that steps down with its quorum alive and reachable counts', () => {
    const tr = run('split-brain', {
      withoutScript: true,
      durationMs: 60_000,
      params: { quorum: true, dropRate: 0.2 },
    });
    const ix = createMetricsIndex(tr);
    expect(ix.detections.some((d) => d.kind === 'lost-quorum' && d.spurious)).toBe(true);
  });

  it('split-brain: the minority side suspects an unreachable leader, which is not spurious', () => {
    const ix = createMetricsIndex(run('split-brain'));
    const minority = ix.detections.filter((d) => d.node === 'node-1' || d.node === 'node-2');
    expect(minority.length).toBeGreaterThan(0);
    expect(minority.every((d) => !d.spurious && d.suspect === 'node-5')).toBe(true);
  });

  it('bully with loss: a node suspects the live coordinator node-5', () => {
    const ix = createMetricsIndex(
      run('bully', { withoutScript: true, params: { dropRate: 0.3 }, durationMs: 30_000 }),
    );
    const sp = ix.detections.filter((d) => d.spurious);
    expect(sp.length).toBeGreaterThan(0);
    expect(sp.every((d) => d.kind === 'leader-missing' && d.suspect === 'node-5')).toBe(true);
  });

  it('lease: a crashed or paused holder is not a spurious expiry; a lossy healthy one is', () => {
    for (const id of ['etcd-lease', 'fencing-token']) {
      const ix = createMetricsIndex(run(id));
      expect(ix.detections.length).toBeGreaterThan(0);
      expect(ix.detections.every((d) => !d.spurious)).toBe(true);
    }
    const lossy = createMetricsIndex(run('etcd-lease', { params: { dropRate: 0.3 }, durationMs: 300_000 }));
    expect(lossy.detections.some((d) => d.spurious && d.kind === 'deadline-step-down')).toBe(true);
  });
});

describe('cost', () => {
  // Speed is measured by `npm run bench`, not here: this checks the structure that makes it fast.
  it('builds once per trace and answers cursor positions from the index (same answers, any order)', () => {
    const tr = run('etcd-lease', { params: { dropRate: 0.1 }, durationMs: 600_000 });
    const ix = createMetricsIndex(tr);
    expect(createMetricsIndex(tr)).toBe(ix);
    const ts = Array.from({ length: 200 }, (_, i) => (tr.durationMs * i) / 199);
    const forward = ts.map((t) => JSON.stringify(ix.at(t)));
    const backward = [...ts].reverse().map((t) => JSON.stringify(ix.at(t)));
    expect(backward.reverse()).toEqual(forward);
  });
});

// ---------------------------------------------------------------- pitfall figures (issue #13)

describe('pitfall figures on a hand-built trace', () => {
  /** Three heartbeat nodes, 120 s: node-1 leads, is paused, node-2 takes over, node-1 steps down. */
  const hand = (events: TraceEvent[], durationMs = 120_000): Trace => ({
    version: 2,
    scenario: 'hand-built',
    algorithm: 'heartbeat',
    seed: 1,
    params: {},
    hosts: ['node-1', 'node-2', 'node-3'].map((id) => ({ id, kind: 'node' as const })),
    durationMs,
    interventions: [],
    events,
    steps: [],
  });
  const send = (t: number, id: number): TraceEvent => ({
    k: 'send',
    t,
    id,
    from: 'node-1',
    to: 'node-2',
    type: 'HEARTBEAT',
    deliverAt: t + 10,
  });
  const events: TraceEvent[] = [
    { k: 'role', t: 1000, node: 'node-1', role: 'leader', term: 1 },
    // A repeated 'leader' report of the same leadership is not a new election.
    { k: 'role', t: 2000, node: 'node-1', role: 'leader', term: 1 },
    { k: 'fault', t: 10_000, fault: { kind: 'pause', node: 'node-1', durationMs: 5000 }, source: 'scenario' },
    { k: 'role', t: 12_000, node: 'node-2', role: 'leader', term: 2 },
    { k: 'fault', t: 15_000, fault: { kind: 'resume', node: 'node-1' }, source: 'scenario' },
    { k: 'role', t: 15_000, node: 'node-1', role: 'follower', term: 2 },
    { k: 'fault', t: 30_000, fault: { kind: 'crash', node: 'node-2' }, source: 'scenario' },
    { k: 'role', t: 33_500, node: 'node-3', role: 'leader', term: 3 },
    ...Array.from({ length: 90 }, (_, i) => send(40_000 + i * 100, i + 1)),
  ];
  const m = computeMetrics(hand(events));

  it('elections: every time a node takes up leadership, the first included, repeats not', () => {
    expect(m.elections).toBe(3);
    expect(computeMetrics(hand(events), 11_999).elections).toBe(1);
    expect(computeMetrics(hand(events), 12_000).elections).toBe(2);
    // A crash ends a leadership, so leading again after a restart is a new election.
    const again = computeMetrics(
      hand([
        { k: 'role', t: 1000, node: 'node-1', role: 'leader', term: 1 },
        { k: 'fault', t: 2000, fault: { kind: 'crash', node: 'node-1' }, source: 'scenario' },
        { k: 'fault', t: 3000, fault: { kind: 'restart', node: 'node-1' }, source: 'scenario' },
        { k: 'role', t: 4000, node: 'node-1', role: 'leader', term: 2 },
      ]),
    );
    expect(again.elections).toBe(2);
  });

  it('unavailableMs: the failovers (2 s after the pause, 3.5 s after the crash), not the first election', () => {
    expect(m.leaderless.totalMs).toBe(1000 + 2000 + 3500);
    expect(m.unavailableMs).toBe(2000 + 3500);
    // A window still open counts up to the cursor.
    expect(computeMetrics(hand(events), 31_000).unavailableMs).toBe(2000 + 1000);
  });

  it('leaderlessMs (leaderless.totalMs) counts the first election as well', () => {
    expect(computeMetrics(hand(events), 500).leaderless.totalMs).toBe(500);
    expect(computeMetrics(hand(events), 500).unavailableMs).toBe(0);
  });

  it('messagesPerMinute: messages sent per minute of virtual time up to the cursor', () => {
    expect(m.messages.total).toBe(90);
    expect(m.messagesPerMinute).toBe(45); // 90 in 120 s
    expect(computeMetrics(hand(events), 60_000).messagesPerMinute).toBe(90); // all 90 in the first minute
    expect(computeMetrics(hand(events), 45_000).messagesPerMinute).toBe(68); // 51 in 45 s
    expect(computeMetrics(hand(events), 0).messagesPerMinute).toBe(0);
  });
});
