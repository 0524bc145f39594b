// The cluster view's public shapes (hosts, links, options, handle) and the selection type its pieces share.
import type { BaseType, Selection } from 'd3-selection';
import type { HostKind } from '../../../sim/net/host.ts';
import type { Frame } from '../../../sim/trace/frame.ts';
import type { RaftLogs } from './raftLog.ts';

export interface HostInfo {
  id: string;
  kind: HostKind;
}

export type LinkKind = 'mesh' | 'store' | 'data';

export interface Link {
  a: string;
  b: string;
  kind: LinkKind;
}

export interface ClusterOptions {
  hosts: HostInfo[];
  links: Link[];
  /** How long (virtual ms) a crash or restart flash lasts. */
  flashMs: number;
  /** Accessible name of the picture. */
  label: string;
  /** The node that carries the ADR-001 badge (node-1 in the stories). */
  adrNode?: string;
  onAdr?: () => void;
  /** The store keys whose holder leads (the algorithm's declaration); see leaderKeyOf. */
  leaderKeys?: readonly string[];
  /** A leader per shard (the declaration's leadership scope): a node's pill lists the shards it leads. */
  perShard?: boolean;
  /** The algorithm elects no one (leadership scope `none`): a node is a worker, not a follower. */
  leaderless?: boolean;
  /** What a leader's pill shows (the declaration's `leadership.carries`): "term N" where it is the term. */
  carries?: 'token' | 'term' | 'timeline' | null;
  /** Which backend a proxy routes to at t (the view derives it from the trace). */
  routeOf?: (proxy: string, t: number) => string | null;
  /** Attribute naming a node's group: `data-node` (the testing contract) unless a second picture. */
  nodeAttribute?: string;
  /**
   * prefers-reduced-motion: messages do not travel (see messageStop) and crash/restart flashes do
   * not grow or fade; the svg says so in `data-motion="reduced"`.
   */
  reducedMotion?: boolean;
  /** The messages in flight also as SVG, in the picture (a static copy has no canvas): linkPicture.ts. */
  messagesSvg?: boolean;
  /** Laid out at this size, not the element's (a second, fixed picture: `alsoAt`). */
  fixedSize?: { width: number; height: number };
  /** A class the svg gets besides `cluster-svg`. */
  svgClass?: string;
  /** A second picture of the same frames, laid out at this size, its svg classed `className`: linkPicture.ts. */
  alsoAt?: { width: number; height: number; className: string };
  /** Raft's logs at a frame: each node's log is drawn under it (logs.ts). */
  logsAt?: (frame: Frame) => RaftLogs;
}

export interface ClusterRenderer {
  update(frame: Frame): void;
  destroy(): void;
}

export type Sel<E extends BaseType, D = unknown> = Selection<E, D, null, undefined>;
