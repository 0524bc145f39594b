/**
 * What a fault acts on, as the fault table (table.ts) sees it: a host's life, a node as the What-if
 * menu sees it, the servers of an ensemble, and what the menu is asked for.
 */

/** What a fault can change about a host: the simulation acts on it, frames and metrics replay it. */
export interface HostLife {
  up: boolean;
  paused: boolean;
  /** Clock rate (1 = real time). */
  drift: number;
  /**
   * How far the host's wall clock is from true time, in ms (absent: 0). Only wall-clock reads move
   * (ProcessEnv.wallNow); the monotonic clock that timers and deadlines run on does not.
   */
  skewMs?: number;
  /**
   * Down, but the host itself is up: its processes were killed, so its kernel refuses connections at
   * once (a TCP RST) instead of letting them time out. Only `kill` sets it; absent means false.
   */
  refuses?: boolean;
}

/** A node as the What-if menu sees it (a frame's NodeView has these fields). */
export interface MenuNode {
  readonly id: string;
  readonly up: boolean;
  readonly paused: boolean;
  readonly isolated: 'all' | 'store' | null;
  /** The ensemble's servers that are not up, for a host that stands for one (frame.ts). */
  readonly servers?: Readonly<Record<number, ServerLife>>;
  /** In the cluster's configuration (Raft membership, frame.ts), where the algorithm has one. */
  readonly member?: boolean;
}

/** One server of an ensemble, as `server` faults leave it (absent from MenuNode.servers: up). */
export type ServerLife = 'down' | 'stopped';

export interface MenuOptions {
  /** The run has a coordination store (isolating from it alone makes sense). */
  readonly hasStore: boolean;
  /** How long a pause from the menu lasts. */
  readonly pauseMs: number;
  /** A live recording: only the kinds marked `live`, and isolation from the store alone. */
  readonly live?: boolean;
  /** The host that stands for an ensemble of servers (the declaration's `chaos.ensemble`), if any. */
  readonly ensemble?: string;
  /** The algorithm changes its membership one server at a time (Raft, the declaration's `membership`). */
  readonly membership?: boolean;
  /** How many servers it has (3 unless said: ZooKeeper's; a store group's 3 or 5). */
  readonly ensembleSize?: number;
}
