import type { HostKind } from '../net/host.ts';
import type { Params } from '../params.ts';
import type { TimedFault } from '../scenario/schema.ts';
import type { TraceEvent } from './events.ts';

/** A narration step resolved against the trace: when it happens and the values its caption shows. */
export interface ResolvedStep {
  id: string;
  atMs: number;
  /** Index of the anchoring event (or -1 for start/end anchors). */
  eventIndex: number;
  vars: Record<string, string | number>;
}

/**
 * Where a recorded run came from when it is not a simulation: live mode's real etcd cluster
 * (src/live/), its version and members (etcd's member ids in hex, as `etcdctl member list` prints them).
 */
export interface EtcdSource {
  version: string;
  members: Array<{ index: number; name: string; id: string }>;
}

/** The immutable result of one run; every view, the CLI and the checkers read only this. */
export interface Trace {
  /** The format's version (import.ts reads 1 and 2, and gives 2). */
  version: 2;
  scenario: string;
  algorithm: string;
  seed: number;
  params: Params;
  hosts: Array<{ id: string; kind: HostKind }>;
  durationMs: number;
  interventions: TimedFault[];
  /**
   * Absent for a simulation; a live recording's cluster: 'etcd' (etcd's and Patroni's live modes; then
   * `etcd` says which cluster) or 'zookeeper'.
   */
  source?: 'etcd' | 'zookeeper';
  etcd?: EtcdSource;
  events: TraceEvent[];
  steps: ResolvedStep[];
}

/** A trace from its parts, its fields in the one order (an exported trace is byte-identical). */
export function traceOf(
  head: Omit<Trace, 'events' | 'steps'> & Partial<Pick<Trace, 'events' | 'steps'>>,
  events: TraceEvent[],
  steps: ResolvedStep[],
): Trace {
  const { events: _e, steps: _s, ...fields } = head;
  return { ...fields, events, steps };
}
