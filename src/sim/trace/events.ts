/**
 * Trace event types: the immutable record of a run and the single source of truth for every view,
 * the CLI and the checkers. Every event has a virtual time `t` (integer ms); events are appended in
 * (t, scheduling order), so the array is sorted by t.
 */
import type { Fault } from '../faults/table.ts';
import type { DropReason } from '../net/reach.ts';
import type { KeyValue, StoreChange } from '../store/api.ts';

export type { DropReason, Fault };

/** What a node believes it is; the one list the trace import, the scenario schema and the views read. */
export const ROLES = ['leader', 'follower', 'candidate'] as const;
export type Role = (typeof ROLES)[number];
/** What the views show: a believed role, or a fault that overrides it. */
/** What the cluster picture shows: a role, or what a fault made of the node. */
export const DISPLAY_ROLES = [...ROLES, 'down', 'paused', 'isolated'] as const;
export type DisplayRole = (typeof DISPLAY_ROLES)[number];

export const VIOLATION_KINDS = [
  'split-brain',
  'stale-write-accepted',
  'two-lease-holders',
  'leaderless',
  'two-leaders-in-term',
  'job-not-running',
  'job-committed-twice',
  'duplicate-email',
  'one-job-run',
  'job-ran-twice',
  'leader-append-only',
  'log-matching',
  'leader-completeness',
  'state-machine-safety',
] as const;
export type ViolationKind = (typeof VIOLATION_KINDS)[number];

/**
 * A safety (or liveness) breach a checker found, as data (trace format 2): the views and the narration
 * word it from these fields in the reader's language; `detail` is the same in English for people (the
 * CLI prints it), built from them by check/violation.ts. A format 1 trace has `kind`, `nodes` and
 * `detail` alone; the views then show its detail as written.
 */
export interface Violation {
  kind: ViolationKind;
  nodes: string[];
  detail: string;
  /** The protected resource that accepted a stale write, and the item it fences (a shard), if any. */
  resource?: string;
  /** The store key two leases held (two-lease-holders), or the item a resource fences (stale write). */
  key?: string;
  /** A stale write's token, and the higher token the resource had accepted before it. */
  token?: number;
  seen?: number;
  term?: number;
  /** The Raft log index a log property broke at (src/sim/algorithms/raft/checkers.ts). */
  index?: number;
  /** The two in the order the breach happened: the earlier holder or leader, then the later one. */
  pair?: [string, string];
  /** The leases of `pair` (two-lease-holders). */
  leases?: [number, number];
  job?: string;
  /** How many times (a job committed, an e-mail sent). */
  count?: number;
  /** Who sent a job's e-mails, in order (duplicate-email). */
  senders?: string[];
  /** How long nothing happened (no leader, the job not run), and the bound it broke. */
  ms?: number;
  boundMs?: number;
}

export type TraceEvent =
  | {
      k: 'send';
      t: number;
      id: number;
      from: string;
      to: string;
      type: string;
      deliverAt: number;
      /** Small, JSON-safe summary of the message body (token, term, key...). */
      data?: Record<string, string | number | boolean | null>;
    }
  | { k: 'deliver'; t: number; id: number }
  | { k: 'drop'; t: number; id: number; reason: DropReason }
  | { k: 'role'; t: number; node: string; role: Role; token?: number; term?: number }
  | { k: 'fault'; t: number; fault: Fault; source: 'scenario' | 'intervention' }
  | { k: 'store'; t: number; change: StoreChange }
  | {
      k: 'write';
      t: number;
      node: string;
      resource: string;
      token: number | null;
      status: 'accepted' | 'rejected';
      code: 200 | 409 | 503;
      reason?: string;
      /** Highest token the resource had seen before this write. */
      seen: number | null;
      value?: string;
      /** The item written, when a resource fences each item on its own (a shard): tokens compare per item. */
      key?: string;
    }
  | { k: 'violation'; t: number; violation: Violation }
  /** A named moment in a node's algorithm (campaign won, stepped down, promoted...), for narration. */
  | {
      k: 'mark';
      t: number;
      node: string;
      name: string;
      data?: Record<string, string | number | boolean | null>;
    }
  | StateEvent;

/** A context value the inspector lists (term, token, lease id, lease deadline, known leader...). */
export type StateValue = string | number | null;

/**
 * A path or timer name in a `state` event: written out the first time a node's actor uses it, a
 * number after that (its place among the names this actor has written, from 0), so a long trace
 * says `session.role.following.waiting` once per node, not at every poll.
 */
export type StateName = string | number;

/**
 * A node's statechart moved (src/sim/algorithms/stateRecord.ts; read with trace/stateFold.ts).
 * Deltas only, so long traces stay small: `v` the leaf states entered and `x` the leaf states left
 * (dot-separated paths from the root; `x` only where stateFold's rule would not tell), `tm` the
 * timers set or set again as [name, ms until due], `tx` the timers cancelled (a timer that fires is
 * gone by itself), `c` the context values that changed. `on` is the event that caused it
 * (`after:<delay>` for a timer), `r` the events the machine raised itself on the way (Patroni's
 * `pg.promote`). `init` marks a fresh actor (start or restart): its record and its
 * names start from nothing.
 */
export type StateEvent = {
  k: 'state';
  t: number;
  node: string;
  on: string;
  r?: string[];
  init?: true;
  v?: StateName[];
  x?: StateName[];
  tm?: Array<[StateName, number]>;
  tx?: StateName[];
  c?: Record<string, StateValue>;
};

export type TraceEventKind = TraceEvent['k'];

/** Every event kind, for schemas (trace import, narration anchors). */
export const eventKinds = [
  'send',
  'deliver',
  'drop',
  'role',
  'fault',
  'store',
  'write',
  'violation',
  'mark',
  'state',
] as const satisfies readonly TraceEventKind[];
export type { KeyValue };
