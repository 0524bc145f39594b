import type { AnyStateMachine } from 'xstate';
import type { Checker } from '../check/checker.ts';
import type { HostKind, ProcessFactory } from '../net/host.ts';
import type { ParamRule, ParamSpecs, Params } from '../params.ts';
import type { TraceEvent, ViolationKind } from '../trace/events.ts';

/** What an algorithm's build() gets: the node ids, the resolved params, and a way to add hosts. */
export interface BuildContext {
  readonly nodeIds: string[];
  readonly params: Params;
  /**
   * Servers outside the cluster at the start, that an `add-server` fault names (Raft membership): the
   * algorithm hosts them beside the nodes, not in the initial configuration. Empty in most runs.
   */
  readonly spares?: readonly string[];
  addHost(id: string, kind: HostKind, factory: ProcessFactory): void;
}

/** Families share a colour and a shape in the pictures; the legend names each type present. */
export type MessageFamily = 'election' | 'heartbeat' | 'reply' | 'store' | 'data' | 'reject';

/** The messages an algorithm's hosts send. */
export interface Vocabulary {
  /** Every message type its machines can send (algorithms.test.ts checks), with its family. */
  readonly families: Readonly<Record<string, MessageFamily>>;
  /** Periodic liveness/renewal traffic, drawn lighter than the messages that make the story. */
  readonly chatter: readonly string[];
  /**
   * Types that are chatter when they carry nothing: by type, the field of its data that counts what
   * it carries, chatter when 0 (Raft's APPEND_ENTRIES with no entries, a heartbeat, and its reply).
   */
  readonly chatterWhenEmpty?: Readonly<Record<string, string>>;
  /** The store's leases are ZooKeeper sessions: narration says so, not "etcd expires lease". */
  readonly storeLeasesAreSessions?: boolean;
}

/**
 * How leadership shows in the trace. A node's `role` events say what it believes (leader, with the
 * token or term it carries); `scope` says how many leaders a healthy run has: one for the cluster,
 * one per shard or key, or none at all (work shared without a leader).
 */
export interface Leadership {
  readonly scope: 'cluster' | 'shard' | 'none';
  /** What a leader's role event and its writes carry: a fencing token, a term, Postgres's timeline. */
  readonly carries: 'token' | 'term' | 'timeline' | null;
  /** Store keys whose holder is the leader (a lock: at most one holder at a time; lease-holders checker). */
  readonly keys: readonly string[];
}

/**
 * How the metrics tell that the algorithm decided its leader is gone (a failure detection), and so
 * which elections were spurious. `leadsThrough` says what an effective leader must reach: the store
 * (lease, Patroni), or at least one peer (Bully, heartbeat).
 */
export interface FailoverDetection {
  readonly leadsThrough: 'store' | 'peers';
  /** Marks that are a detection, with the window it looked back over and whom it suspected. */
  readonly marks: readonly DetectionMark[];
  /** The store deleting a leader key because its lease expired is a detection (window: that lease's TTL). */
  readonly leaseExpiry: boolean;
}

export interface DetectionMark {
  readonly name: string;
  readonly kind: 'leader-missing' | 'lost-quorum' | 'deadline-step-down' | 'dcs-unreachable';
  /** Only marks whose data matches (e.g. a step-down because the lease deadline passed). */
  when?(data: Readonly<Record<string, unknown>>): boolean;
  windowMs(data: Readonly<Record<string, unknown>>, params: Params): number;
  /** The leader it suspected, if the mark says (null: the node itself, e.g. a leader giving up). */
  suspect(node: string, data: Readonly<Record<string, unknown>>): string | null;
}

/** The sandbox's choices for this algorithm: presets (a switch that makes the difference) and the pace. */
export interface SandboxOffer {
  readonly presets: ReadonlyArray<{
    readonly id: string;
    readonly params: Readonly<Record<string, number | boolean>>;
  }>;
  /** Cluster size, pace (virtual ms per wall ms at 1x) and the ADR-001 sections it demonstrates. */
  readonly variant: { readonly nodes: number; readonly timeScale: number; readonly adr: readonly string[] };
  /** The knob Compare offers first: the trade-off this algorithm turns on (its first switch otherwise). */
  readonly compareKnob?: string;
}

/**
 * What the chaos properties (src/sim/chaos) need of an algorithm. Its schedules draw the knobs inside
 * the algorithm's rules from per-mille fractions (`pick`), and liveness is checked a bound after the
 * faults stop.
 */
export interface ChaosHooks {
  /** The scenario its schedules run on, without its script (the CLI's `--no-script`). */
  readonly base: string;
  /** Hosts beside the nodes that faults may name. */
  readonly infra: readonly string[];
  /** Infrastructure that may pause and drift but never crashes (a replicated etcd whose data survive). */
  readonly slowInfra: readonly string[];
  /** An isolation may be from the store only. */
  readonly isolateFromStore: boolean;
  /**
   * The host that stands for an ensemble of servers (ZooKeeper's three): the generator draws `server`
   * faults on it. Without it, `server` is left out of the draw, so the other algorithms' schedules are
   * the ones drawn before the kind existed.
   */
  readonly ensemble?: string;
  /** Membership changes (add-server, remove-server) are drawn when a test asks (Raft, thesis ch. 4). */
  readonly membership?: boolean;
  /**
   * Pauses are drawn for the negative control only: the safe design relies on a guard the model
   * leaves out (Patroni's watchdog against a primary paused past ttl).
   */
  readonly pausesUnsafeOnly?: boolean;
  /**
   * Safety properties that must hold in every schedule of the safe design: violation kinds that
   * simulate()'s checkers raise (src/sim/check, and the algorithm's own `checkers`). The design's
   * switch is `timing`'s `unsafe`: the safe design turns on what promises them (SKIP LOCKED's outbox
   * for one e-mail per job), the negative control turns it off and must break one.
   */
  readonly safety: readonly ViolationKind[];
  /** The liveness property once the faults stop. */
  readonly liveness:
    | 'lease-leader'
    | 'quorum-leader'
    | 'bully-agreement'
    | 'shard-leaders'
    | 'job-started'
    | 'jobs-done';
  /**
   * Knobs from per-mille fractions `k`, the algorithm's time unit (faults scale with it) and the
   * liveness bound; `unsafe` is the negative control (fencing off, quorum off).
   */
  timing(k: readonly number[], t: ChaosNet): { params: Params; unitMs: number; boundMs: number };
}

export interface ChaosNet {
  /** The drawn network knobs. */
  readonly net: Params;
  readonly latMax: number;
  readonly nodes: number;
  readonly unsafe: boolean;
}

/** A resolved knob as a number (params.ts has checked it is one). */
export const knob = (p: Params, k: string): number => Number(p[k]);

/** A number from a mark's data or a knob (0 when absent). */
export function numOf(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/**
 * A peer's timeout fired without word from the leader (Bully's heartbeat timeout, heartbeat's
 * election timeout): the window is the mark's `timeoutMs`, the suspect the coordinator or leader it names.
 */
export const leaderMissing: DetectionMark = {
  name: 'leader-missing',
  kind: 'leader-missing',
  windowMs: (d) => numOf(d.timeoutMs),
  suspect: (_n, d) =>
    typeof d.coordinator === 'string' ? d.coordinator : typeof d.leader === 'string' ? d.leader : null,
};

/** Linear pick in [lo, hi] from a per-mille fraction, rounded to a whole number. */
export const pick = (f: number | undefined, lo: number, hi: number): number =>
  Math.round(lo + ((f ?? 0) / 1000) * (hi - lo));

/**
 * One algorithm = one folder in src/sim/algorithms: its declaration (index.ts, listed in registry.ts)
 * and its runtime (runtime.ts, listed in runtimes.ts). The declaration is what the pages read (knobs,
 * rules, vocabulary, leadership); it carries no machine, so the first view loads no simulator.
 */
export interface Algorithm {
  id: string;
  /** Its own knobs (network knobs are added for every algorithm). */
  params: ParamSpecs;
  rules: ParamRule[];
  /** Host ids of the election participants for a cluster of n. */
  nodeIds(n: number): string[];
  minNodes: number;
  maxNodes: number;
  vocabulary: Vocabulary;
  leadership: Leadership;
  /** A mesh between the nodes (Bully, heartbeat) is drawn; edges to a store come from the hosts. */
  topology: { readonly mesh: boolean };
  failover: FailoverDetection;
  sandbox: SandboxOffer;
  /** Random fault schedules with safety and liveness properties, where the algorithm has them. */
  chaos?: ChaosHooks;
  /**
   * The store host that stands for a group of members under these knobs (etcd with storeMembers 3 or
   * 5), whose members the What-if panel kills, stops, resumes and restarts (`server` faults).
   */
  storeGroup?(p: Params): { host: string; members: number } | undefined;
  /**
   * Names its users know a knob by (Patroni's `loop_wait` for `loopWaitS`), alias -> canonical key.
   * `--set` and links accept them (params.ts canonicalKnob); the knobs panel shows them as the labels;
   * the canonical key is the one form everywhere else (traces, links written, the CLI's JSON).
   */
  knobAliases?: Readonly<Record<string, string>>;
  /**
   * Figures of its own for the CLI's JSON summary, as `metrics.<name>` beside twoLeaderMs (the
   * 409 answers of the Kubernetes API server, ZooKeeper's watch events per change), read off the events.
   */
  storyMetrics?(events: readonly TraceEvent[], params: Params): Readonly<Record<string, StoryFigure>>;
}

/**
 * What running an algorithm needs (its runtime.ts): read by simulate() and, at build time, by the
 * inspector's chart plugin. Kept apart from the declaration so that xstate and the machines load
 * only with the simulator.
 */
export interface AlgorithmRuntime {
  /** The statechart every node runs (build hosts it with machineProcess); the inspector draws it. */
  machine: AnyStateMachine;
  /** Adds the hosts of a run: the nodes running the machine, and the store, storage or clients. */
  build(ctx: BuildContext): void;
  /**
   * Checkers of its own that simulate() runs beside the safety checkers (src/sim/check), built from
   * the resolved knobs: the job runner's "the job has not run for X" alarm (dbjob).
   */
  checkers?(params: Params): Checker[];
  /**
   * The period of the absolute phase its machines schedule on (lease/timing.ts: retry slots and the
   * write tick are multiples of the local clock, not delays from an event): the explorer's
   * fingerprint keeps `now` modulo it, since two worlds alike but for that phase have different
   * futures (issue #41).
   */
  phaseMs?(params: Params): number;
}

/** A storyMetrics figure: a number, or one number per job or worker keyed by its id (skiplocked). */
export type StoryFigure = number | null | Readonly<Record<string, number>>;

export const numberedIds = (prefix: string) => (n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);
