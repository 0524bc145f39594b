/**
 * Metrics of one run, at any cursor position (issue #5): messages, time without a leader, failovers,
 * concurrent leaders, writes, spurious elections and a leaders-over-time series.
 *
 * `createMetricsIndex(trace)` replays the trace ONCE into sorted arrays with prefix counts; `at(t)`
 * then answers with binary searches (plus a copy of the per-window lists up to t), so the UI can ask
 * every frame. All time-based metrics look at the state after ALL events of a millisecond: a
 * handover inside one millisecond is not a leaderless window, and two leaders within one
 * millisecond are not "two at once".
 *
 * Definitions (the same words as in the report):
 * - Believed leader: a node whose last reported role is 'leader' and that has not crashed since
 *   (a pause does not end the belief; LeaderBeliefs in check/checker.ts does the same).
 * - Effective leader: a believed leader that is up, not paused (GC) and not cut off: for algorithms
 *   with a coordination store (lease, patroni), it can reach the store; otherwise it can reach at
 *   least one other node (an isolated leader, or one alone in a partition group, leads nobody).
 * - Leaderless window: a maximal period with no effective leader, the initial election included.
 * - Failover: a leaderless window that began when the last effective leader stopped being one
 *   (cause: crash, pause, step-down, or isolation = cut off as above); it ends when any node is an
 *   effective leader again, possibly the same one (a short pause).
 * - Stale-but-accepted write: an accepted write whose token is lower than the highest token reported
 *   with a 'leader' role event before it (= issued to any leader): a stale leader's write that
 *   fencing did not stop. Writes without a token are never counted as stale.
 * - Failure detection: the moment an algorithm decides its leader is gone.
 *   Without a store (bully, heartbeat): a node's 'leader-missing' mark (its heartbeat/election
 *   timeout fired; window = the mark's `timeoutMs`). Elections joined on someone else's ELECTION,
 *   or held by a restarted node, are not detections.
 *   With a store (lease, patroni): the store deleting the lock key because its lease expired
 *   (window = that lease's TTL), or the leader giving itself up: lease 'step-down' with reason
 *   'deadline' (window = ttlS), patroni 'dcs-unreachable' (window = its retry timeout). Followers'
 *   'leader-missing' marks there only echo the store, so they are not counted again.
 * - Spurious election: a failure detection at t such that a leader L existed (L != the detecting
 *   node, for the peer algorithms) that, during the whole window [t - window, t], believed it led,
 *   was up and not paused, and was reachable (from the detecting node; with a store: to the store).
 *   Nothing was wrong with L; lost or late messages (or clock drift) made it look dead.
 */
import { upperBound } from '../../lib/search.ts';
import { declarationOf } from '../algorithms/declared.ts';
import { foldFault } from '../faults/fold.ts';
import { blocked, type NetState, openNet } from '../net/reach.ts';
import type { Trace } from '../trace/trace.ts';

export interface LeaderlessWindow {
  fromMs: number;
  /** The end, or the cursor time while the window is still open. */
  toMs: number;
  ongoing: boolean;
}

export type LossCause = 'crash' | 'pause' | 'step-down' | 'isolation';

export interface Failover {
  lostAtMs: number;
  /** null while no new leader has appeared by the cursor. */
  newLeaderAtMs: number | null;
  /** newLeaderAtMs - lostAtMs, or the time elapsed so far while ongoing. */
  durationMs: number;
  from: string;
  cause: LossCause;
  /** The new effective leader (may be `from` again, e.g. after a short pause), null while ongoing. */
  to: string | null;
  ongoing: boolean;
}

export interface LeaderPoint {
  /** From this time on (until the next point) ... */
  t: number;
  /** ... this many nodes believe they lead ... */
  count: number;
  /** ... and this many of them are effective leaders. */
  effective: number;
}

export type DetectionKind =
  | 'leader-missing'
  | 'lost-quorum'
  | 'lease-expired'
  | 'deadline-step-down'
  | 'dcs-unreachable';

export interface Detection {
  t: number;
  kind: DetectionKind;
  /** The node (or store) that decided the leader was gone. */
  node: string;
  /** The live, reachable leader when spurious; else the leader it suspected, if known. */
  suspect: string | null;
  windowMs: number;
  spurious: boolean;
}

export interface Metrics {
  t: number;
  messages: { total: number; byType: Record<string, number>; dropped: number };
  leaderless: { windows: LeaderlessWindow[]; totalMs: number };
  failovers: Failover[];
  /** Most nodes believing they lead at the same time, up to t. */
  maxConcurrentLeaders: number;
  maxConcurrentEffectiveLeaders: number;
  /**
   * How long, up to t, two or more nodes believed they led at once. A metric, not an alarm: a paused
   * old leader believes it leads until its timers run, and fencing makes that safe (the definition of
   * split-brain is beside src/sim/check/splitBrain.ts).
   */
  twoLeaderMs: number;
  /** Leaders at t. */
  leaders: { believed: number; effective: number };
  writes: { accepted: number; rejected: number; staleAccepted: number };
  spuriousElections: number;
  /** All failure detections up to t, spurious or not. */
  failureDetections: number;
  /** Step series up to t, first point at 0. */
  leadersOverTime: LeaderPoint[];
  /**
   * Elections won up to t: each time a node that did not believe it led reported 'leader' (the
   * first election included). A spurious re-election counts like any other.
   */
  elections: number;
  /**
   * Time without an effective leader after one was lost, up to t: the failovers' total length. The
   * initial election is not counted (nothing was available yet); a window still open counts so far.
   */
  unavailableMs: number;
  /** Messages sent per minute of virtual time up to t (0 at t = 0): the steady cost plus the storms. */
  messagesPerMinute: number;
}

export interface MetricsIndex {
  readonly trace: Trace;
  /** Every failure detection of the run (for markers on a chart), sorted by time. */
  readonly detections: readonly Detection[];
  /** The whole leaders-over-time series. */
  readonly series: readonly LeaderPoint[];
  at(t?: number): Metrics;
}

// ---------------------------------------------------------------- the index

interface WindowRec {
  fromMs: number;
  toMs: number | null;
  lost: { from: string; cause: LossCause } | null;
  to: string | null;
}

interface NodeRec {
  up: boolean;
  paused: boolean;
  leader: boolean;
  /** Since when it has continuously believed it leads while up and not paused (null: not now). */
  healthySince: number | null;
  /** Since when it has been up and not paused (null: not now). */
  liveSince: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

class Index implements MetricsIndex {
  readonly detections: Detection[] = [];
  readonly series: LeaderPoint[] = [];

  private readonly sendTimes: number[] = [];
  private readonly typeTimes = new Map<string, number[]>();
  private readonly dropTimes: number[] = [];
  private readonly writeTimes: number[] = [];
  /** Prefix counts after each write: [accepted, rejected, staleAccepted]. */
  private readonly writeCounts: Array<[number, number, number]> = [];
  private readonly spuriousTimes: number[] = [];
  /** When a node took up leadership (see `elections`). */
  private readonly electionTimes: number[] = [];
  private readonly seriesMax: Array<[number, number]> = [];
  private readonly windows: WindowRec[] = [];
  /** closedBefore[i]: total length of windows 0..i-1 (all closed once window i exists). */
  private readonly closedBefore: number[] = [0];

  constructor(readonly trace: Trace) {
    const kinds = new Map(trace.hosts.map((h) => [h.id, h.kind] as const));
    const isStore = (id: string) => kinds.get(id) === 'store';
    const cut = (s: NetState, a: string, b: string) => blocked(s, isStore, a, b) !== null;
    const nodeIds = trace.hosts.filter((h) => h.kind === 'node').map((h) => h.id);
    const storeId = trace.hosts.find((h) => h.kind === 'store')?.id ?? null;
    const alg = declarationOf(trace.algorithm);
    const lockKeys = new Set(alg?.leadership.keys ?? []);
    const ttlS = num(trace.params.ttlS);
    // What an effective leader must reach; a trace without a declaration: the store if it has one.
    const throughStore = (alg?.failover.leadsThrough ?? (storeId !== null ? 'store' : 'peers')) === 'store';
    const detectionMarks = new Map((alg?.failover.marks ?? []).map((m) => [m.name, m]));

    const nodes = new Map<string, NodeRec>();
    for (const id of nodeIds)
      nodes.set(id, { up: true, paused: false, leader: false, healthySince: null, liveSince: 0 });
    let net: NetState = openNet;
    const netHistory: Array<{ t: number; state: NetState }> = [{ t: Number.NEGATIVE_INFINITY, state: net }];
    const lockHolder = new Map<string, { holder: string; lease: number }>();
    const leaseTtlS = new Map<number, number>();
    let maxToken = Number.NEGATIVE_INFINITY;
    let acc = 0;
    let rej = 0;
    let stale = 0;

    const reachableThroughout = (a: string, b: string, fromMs: number): boolean => {
      // The state in force at fromMs and every later state so far.
      let i = upperBound(netHistory.length, (k) => (netHistory[k] as { t: number }).t, fromMs) - 1;
      for (i = Math.max(0, i); i < netHistory.length; i++)
        if (cut((netHistory[i] as { state: NetState }).state, a, b)) return false;
      return true;
    };
    const since = (v: number | null | undefined, fromMs: number) =>
      v !== null && v !== undefined && v <= fromMs;
    const ledHealthily = (id: string, fromMs: number) => since(nodes.get(id)?.healthySince, fromMs);
    const liveThroughout = (id: string, fromMs: number) => since(nodes.get(id)?.liveSince, fromMs);
    /** A live leader the detecting node could reach during the whole window, if any. */
    const liveLeaderFor = (node: string, suspect: string | null, fromMs: number): string | null => {
      if (throughStore && storeId !== null)
        return suspect !== null &&
          ledHealthily(suspect, fromMs) &&
          reachableThroughout(suspect, storeId, fromMs)
          ? suspect
          : null;
      for (const id of nodeIds)
        if (id !== node && ledHealthily(id, fromMs) && reachableThroughout(node, id, fromMs)) return id;
      return null;
    };
    /** A leader that gave up on its quorum while a majority was live and reachable all along. */
    const quorumWasThere = (leader: string, fromMs: number): boolean => {
      if (!ledHealthily(leader, fromMs)) return false;
      let ok = 0;
      for (const id of nodeIds)
        if (id === leader || (liveThroughout(id, fromMs) && reachableThroughout(leader, id, fromMs))) ok++;
      return ok >= Math.floor(nodeIds.length / 2) + 1;
    };
    const detect = (
      t: number,
      kind: DetectionKind,
      node: string,
      suspect: string | null,
      windowMs: number,
    ) => {
      const from = t - windowMs;
      const found =
        kind === 'lost-quorum'
          ? quorumWasThere(node, from)
            ? node
            : null
          : liveLeaderFor(node, suspect, from);
      this.detections.push({ t, kind, node, suspect: found ?? suspect, windowMs, spurious: found !== null });
      if (found !== null) this.spuriousTimes.push(t);
    };

    const effective = (id: string): boolean => {
      const n = nodes.get(id);
      if (!n?.up || n.paused || !n.leader) return false;
      if (throughStore && storeId !== null) return !cut(net, id, storeId);
      if (nodeIds.length < 2) return true;
      return nodeIds.some((o) => o !== id && !cut(net, id, o));
    };
    const causeOf = (id: string): LossCause => {
      const n = nodes.get(id);
      if (!n?.up) return 'crash';
      if (n.paused) return 'pause';
      if (!n.leader) return 'step-down';
      return 'isolation';
    };

    // Before the first event nobody leads: the initial election is the first leaderless window.
    this.series.push({ t: 0, count: 0, effective: 0 });
    this.seriesMax.push([0, 0]);
    this.windows.push({ fromMs: 0, toMs: null, lost: null, to: null });
    let effectiveSet: string[] = [];
    /** Called once per millisecond that changed roles or faults, after all its events. */
    const settle = (t: number) => {
      const now = nodeIds.filter(effective);
      const count = nodeIds.filter((id) => nodes.get(id)?.leader).length;
      let last = this.series[this.series.length - 1] as LeaderPoint;
      if (last.count !== count || last.effective !== now.length) {
        if (last.t === t) {
          this.series.pop();
          this.seriesMax.pop();
          last = this.series[this.series.length - 1] ?? { t: -1, count: -1, effective: -1 };
        }
        if (last.count !== count || last.effective !== now.length) {
          const [mb, me] = this.seriesMax[this.seriesMax.length - 1] ?? [0, 0];
          this.series.push({ t, count, effective: now.length });
          this.seriesMax.push([Math.max(mb, count), Math.max(me, now.length)]);
        }
      }
      const open = this.windows[this.windows.length - 1];
      if (now.length === 0 && (!open || open.toMs !== null)) {
        const lost = effectiveSet[0];
        this.windows.push({
          fromMs: t,
          toMs: null,
          lost: lost !== undefined ? { from: lost, cause: causeOf(lost) } : null,
          to: null,
        });
      } else if (now.length > 0 && open && open.toMs === null) {
        if (open.fromMs === t) this.windows.pop();
        else {
          open.toMs = t;
          open.to = now[0] ?? null;
          const before = this.closedBefore[this.windows.length - 1] ?? 0;
          this.closedBefore[this.windows.length] = before + (t - open.fromMs);
        }
      }
      effectiveSet = now;
    };

    const events = trace.events;
    let dirty = false;
    let groupT = 0;
    for (let i = 0; i <= events.length; i++) {
      const e = events[i];
      if (e === undefined || e.t !== groupT) {
        if (dirty) settle(groupT);
        dirty = false;
        if (e === undefined) break;
        groupT = e.t;
      }
      switch (e.k) {
        case 'send': {
          this.sendTimes.push(e.t);
          let ts = this.typeTimes.get(e.type);
          if (!ts) {
            ts = [];
            this.typeTimes.set(e.type, ts);
          }
          ts.push(e.t);
          break;
        }
        case 'drop':
          this.dropTimes.push(e.t);
          break;
        case 'role': {
          const n = nodes.get(e.node);
          if (!n) break;
          if (e.role === 'leader') {
            if (e.token !== undefined) maxToken = Math.max(maxToken, e.token);
            if (!n.leader) {
              n.healthySince = n.up && !n.paused ? e.t : null;
              this.electionTimes.push(e.t);
            }
            n.leader = true;
          } else {
            n.leader = false;
            n.healthySince = null;
          }
          dirty = true;
          break;
        }
        case 'fault': {
          // Clock rate and skew do not matter here: only up and paused.
          const step = foldFault(
            e.fault,
            (id) => {
              const n = nodes.get(id);
              return n ? { up: n.up, paused: n.paused, drift: 1 } : undefined;
            },
            net,
          );
          const n = step.host !== undefined ? nodes.get(step.host) : undefined;
          if (n && step.move === 'stop')
            Object.assign(n, {
              up: false,
              paused: false,
              leader: false,
              healthySince: null,
              liveSince: null,
            });
          else if (n && step.move === 'start') Object.assign(n, { up: true, liveSince: e.t });
          else if (n && step.move === 'pause')
            Object.assign(n, { paused: true, healthySince: null, liveSince: null });
          else if (n && step.move === 'resume') {
            n.paused = false;
            n.liveSince = e.t;
            if (n.leader && n.up) n.healthySince = e.t;
          }
          if (step.net !== net) {
            net = step.net;
            netHistory.push({ t: e.t, state: net });
          }
          dirty = true;
          break;
        }
        case 'write': {
          if (e.status === 'accepted') {
            acc++;
            if (e.token !== null && e.token < maxToken) stale++;
          } else rej++;
          this.writeTimes.push(e.t);
          this.writeCounts.push([acc, rej, stale]);
          break;
        }
        case 'store': {
          const c = e.change;
          if (c.kind === 'put' && lockKeys.has(c.kv.key))
            lockHolder.set(c.kv.key, { holder: c.kv.value, lease: c.kv.lease });
          else if (c.kind === 'lease-grant' || c.kind === 'lease-keepalive') leaseTtlS.set(c.lease, c.ttlSec);
          else if (c.kind === 'delete' && lockKeys.has(c.key)) {
            const h = lockHolder.get(c.key);
            lockHolder.delete(c.key);
            if (c.cause === 'lease-expired' && h && storeId !== null && alg?.failover.leaseExpiry)
              detect(e.t, 'lease-expired', storeId, h.holder, (leaseTtlS.get(h.lease) ?? ttlS ?? 0) * 1000);
          }
          break;
        }
        case 'mark': {
          const d = e.data ?? {};
          const m = detectionMarks.get(e.name);
          if (m && (m.when?.(d) ?? true))
            detect(e.t, m.kind, e.node, m.suspect(e.node, d), m.windowMs(d, trace.params));
          break;
        }
        default:
          break;
      }
    }
  }

  at(tRaw?: number): Metrics {
    const t = Math.max(0, Math.min(this.trace.durationMs, tRaw ?? this.trace.durationMs));
    const count = (arr: number[]) => upperBound(arr.length, (i) => arr[i] as number, t);

    const byType: Record<string, number> = {};
    for (const type of [...this.typeTimes.keys()].sort()) {
      const c = count(this.typeTimes.get(type) as number[]);
      if (c > 0) byType[type] = c;
    }

    const w = count(this.writeTimes);
    const [accepted, rejected, staleAccepted] = this.writeCounts[w - 1] ?? [0, 0, 0];

    const k = upperBound(this.windows.length, (i) => (this.windows[i] as WindowRec).fromMs, t);
    const windows: LeaderlessWindow[] = [];
    const failovers: Failover[] = [];
    for (let i = 0; i < k; i++) {
      const r = this.windows[i] as WindowRec;
      const closed = r.toMs !== null && r.toMs <= t;
      const toMs = closed ? (r.toMs as number) : t;
      windows.push({ fromMs: r.fromMs, toMs, ongoing: !closed });
      if (r.lost)
        failovers.push({
          lostAtMs: r.fromMs,
          newLeaderAtMs: closed ? toMs : null,
          durationMs: toMs - r.fromMs,
          from: r.lost.from,
          cause: r.lost.cause,
          to: closed ? r.to : null,
          ongoing: !closed,
        });
    }
    const lastW = windows[k - 1];
    const totalMs = lastW ? (this.closedBefore[k - 1] ?? 0) + (lastW.toMs - lastW.fromMs) : 0;

    const s = upperBound(this.series.length, (i) => (this.series[i] as LeaderPoint).t, t);
    const cur = this.series[s - 1] ?? { t: 0, count: 0, effective: 0 };
    const [maxB, maxE] = this.seriesMax[s - 1] ?? [0, 0];
    let twoLeaderMs = 0;
    for (let i = 0; i < s; i++) {
      const p = this.series[i] as LeaderPoint;
      if (p.count >= 2) twoLeaderMs += Math.min(t, this.series[i + 1]?.t ?? t) - p.t;
    }

    const sent = count(this.sendTimes);
    return {
      t,
      messages: { total: sent, byType, dropped: count(this.dropTimes) },
      leaderless: { windows, totalMs },
      failovers,
      maxConcurrentLeaders: maxB,
      maxConcurrentEffectiveLeaders: maxE,
      twoLeaderMs,
      leaders: { believed: cur.count, effective: cur.effective },
      writes: { accepted, rejected, staleAccepted },
      spuriousElections: count(this.spuriousTimes),
      failureDetections: upperBound(this.detections.length, (i) => (this.detections[i] as Detection).t, t),
      leadersOverTime: this.series.slice(0, s),
      elections: count(this.electionTimes),
      unavailableMs: failovers.reduce((a, f) => a + f.durationMs, 0),
      messagesPerMinute: t > 0 ? (sent * 60_000) / t : 0,
    };
  }
}

const cache = new WeakMap<Trace, MetricsIndex>();

/** One pass over the trace; then `at(t)` costs a few binary searches. Cached per trace object. */
export function createMetricsIndex(trace: Trace): MetricsIndex {
  let ix = cache.get(trace);
  if (!ix) {
    ix = new Index(trace);
    cache.set(trace, ix);
  }
  return ix;
}

/**
 * The figures the CLI's json document names under `metrics` (docs/architecture.md, CLI contract),
 * read off `at(t)`: the chaos suite's metric bounds read the same names.
 */
export function cliFigures(m: Metrics) {
  return {
    twoLeaderMs: m.twoLeaderMs,
    /** Time without an effective leader, the first election included. */
    leaderlessMs: m.leaderless.totalMs,
    elections: m.elections,
    unavailableMs: m.unavailableMs,
    /** Rounded to a whole number. */
    messagesPerMinute: Math.round(m.messagesPerMinute),
  };
}

export type CliFigures = ReturnType<typeof cliFigures>;

/** Metrics of `trace` up to `upToMs` (default: the whole run). */
export function computeMetrics(trace: Trace, upToMs?: number): Metrics {
  return createMetricsIndex(trace).at(upToMs);
}
