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
