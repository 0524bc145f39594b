/**
 * What live Patroni can do to its cluster, one entry per kind: what it names (the primary of the
 * moment, a node pg-N, or an etcd member 1-3), what it does to the real processes, and what the
 * recording says. A node fault is recorded as the simulation's fault of the same meaning (the kinds of
 * src/sim/faults/table.ts, so the player draws it as it draws the story's); an etcd member's as a mark
 * of the store host, as etcd's live mode records it (src/live/run.ts storeFault). A new kind is one
 * entry here: the CLI, stdin and the run read this table. Node-only.
 */

import type { Fault, FaultKind } from '../../sim/faults/table.ts';
import type { MemberAction } from '../cluster.ts';
import type { PatroniCluster } from './cluster.ts';
import type { PgNode } from './types.ts';

/** What an entry is given: the cluster and the node or member the fault names. */
export interface FaultTarget {
  cluster: PatroniCluster;
  node: PgNode | null;
  member: number | null;
}

/** What the recording says of an applied fault. */
export type Recorded = { fault: Fault } | { store: string };

export interface PatroniFaultKind {
  /** What `{"kind", ...}` names: nothing (the primary of the moment), `node` (pg-N) or `member` (1-3). */
  readonly target: 'primary' | 'node' | 'member';
  /** Does it now; false when it changes nothing (kill a killed node, resume a running one). */
  apply(t: FaultTarget): boolean | Promise<boolean>;
  record(t: FaultTarget): Recorded;
  /**
   * The node is killed: the run probes the survivors for the first writable one, and its time and
   * node are the kill the figures count from.
   */
  readonly kills?: boolean;
  /**
   * The node's Patroni stops, its PostgreSQL runs on: while it was the primary the run also writes
   * straight to it (the direct writer), and the first such stop is what `pauseFigures` tells of.
   */
  readonly stopsAgent?: boolean;
  /** The node's Patroni runs again: the direct writer stops. */
  readonly resumesAgent?: boolean;
}

/**
 * The simulation's fault a killing entry records, so that `--compare` finds the story's own kill in
 * the simulated trace by it (compare.ts).
 */
export const KILL_RECORDED_AS = 'kill' satisfies FaultKind;

const nodeOf = (t: FaultTarget): PgNode => {
  if (!t.node) throw new Error('a node fault without a node');
  return t.node;
};
const memberOf = (t: FaultTarget): number => {
  if (t.member === null) throw new Error('a member fault without a member');
  return t.member;
};

const kill: PatroniFaultKind = {
  target: 'node',
  kills: true,
  apply: (t) => t.cluster.killNode(nodeOf(t)),
  record: (t) => ({ fault: { kind: KILL_RECORDED_AS, node: nodeOf(t).name } }),
};

/** A member fault: etcd's live mode's actions on its processes (src/live/cluster.ts EtcdCluster.act). */
const member = (action: MemberAction): PatroniFaultKind => ({
  target: 'member',
  apply: (t) => t.cluster.etcd.act(memberOf(t), action),
  record: () => ({ store: `member-${action}` }),
});

export const PATRONI_FAULTS = {
  /** The story's fault: SIGKILL the primary's Patroni and its postmaster together. */
  'kill-primary': { ...kill, target: 'primary' },
  kill,
  /** SIGSTOP a node's Patroni (its group); its PostgreSQL runs on. */
  pause: {
    target: 'node',
    stopsAgent: true,
    apply: (t) => t.cluster.pausePatroni(nodeOf(t), true),
    // The trace's pause holds a duration; it lasts until its resume, so an hour stands for "open".
    record: (t) => ({ fault: { kind: 'pause', node: nodeOf(t).name, durationMs: 3_600_000 } }),
  },
  resume: {
    target: 'node',
    resumesAgent: true,
    apply: (t) => t.cluster.pausePatroni(nodeOf(t), false),
    record: (t) => ({ fault: { kind: 'resume', node: nodeOf(t).name } }),
  },
  /** Cut the node's proxies to every etcd member: Patroni sees no etcd, PostgreSQL runs on. */
  'isolate-etcd': {
    target: 'node',
    apply: (t) =>
      nodeOf(t)
        .etcdProxies.map((p) => p.cut())
        .some(Boolean),
    record: (t) => ({ fault: { kind: 'isolate', node: nodeOf(t).name, from: 'store' } }),
  },
  'rejoin-etcd': {
    target: 'node',
    apply: (t) =>
      nodeOf(t)
        .etcdProxies.map((p) => p.heal())
        .some(Boolean),
    record: (t) => ({ fault: { kind: 'rejoin', node: nodeOf(t).name } }),
  },
  /** Cut HAProxy's health checks to the node (its REST proxy): the backend goes DOWN. */
  'cut-checks': {
    target: 'node',
    apply: (t) => nodeOf(t).restProxy.cut(),
    record: (t) => ({ fault: { kind: 'cut-link', a: 'haproxy', b: nodeOf(t).name } }),
  },
  'heal-checks': {
    target: 'node',
    apply: (t) => nodeOf(t).restProxy.heal(),
    record: (t) => ({ fault: { kind: 'restore-link', a: 'haproxy', b: nodeOf(t).name } }),
  },
  'member-kill': member('kill'),
  'member-restart': member('restart'),
  'member-stop': member('stop'),
  'member-resume': member('resume'),
} as const satisfies Record<string, PatroniFaultKind>;

export type PatroniFaultKindName = keyof typeof PATRONI_FAULTS;
export const PATRONI_FAULT_KINDS = Object.keys(PATRONI_FAULTS) as PatroniFaultKindName[];

/** What `--fault` and stdin ask for: a kind and what it names. */
export type PatroniFault =
  /**
   * `afterLoopMs`: at the primary's next HA loop ("no action. I am (pg-N), the leader with the lock")
   * plus this, so the kill falls at the same point of its lease every time (the story kills 1.4 s
   * after the last refresh, scenarios/patroni.ts).
   */
  | { kind: 'kill-primary'; afterLoopMs?: number }
  | { kind: Exclude<PatroniFaultKindName, 'kill-primary'>; node?: string; member?: number };

export const isPatroniFaultKind = (k: string): k is PatroniFaultKindName => Object.hasOwn(PATRONI_FAULTS, k);

/**
 * One fault request checked against its entry: the shape `--fault`, stdin and the control service
 * (src/live/server.ts) all take, with no field its target does not name. Throws a RangeError saying
 * what is wrong, which the CLI prefixes with `--fault` and the service answers with a 400.
 */
export function patroniFault(f: Record<string, unknown>): PatroniFault {
  const kind = String(f.kind);
  if (!isPatroniFaultKind(kind))
    throw new RangeError(`${JSON.stringify(kind)}: --system patroni takes ${PATRONI_FAULT_KINDS.join(', ')}`);
  const target = PATRONI_FAULTS[kind].target;
  const field = target === 'primary' ? 'afterLoopMs' : target;
  const extra = Object.keys(f).filter((k) => k !== 'kind' && k !== field);
  if (extra.length > 0)
    throw new RangeError(`${kind} takes no ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
  if (target === 'primary') {
    const after = f.afterLoopMs;
    if (
      after !== undefined &&
      (typeof after !== 'number' || !Number.isInteger(after) || after < 0 || after > 60_000)
    )
      throw new RangeError('kill-primary: afterLoopMs is a whole number of ms, 0 to 60000');
    return after === undefined ? { kind: 'kill-primary' } : { kind: 'kill-primary', afterLoopMs: after };
  }
  if (kind === 'kill-primary') throw new Error('unreachable');
  if (target === 'member') {
    if (typeof f.member !== 'number' || ![1, 2, 3].includes(f.member))
      throw new RangeError(`${kind} takes {"kind","member"} with member 1, 2 or 3`);
    return { kind, member: f.member };
  }
  if (typeof f.node !== 'string' || !/^pg-[1-3]$/.test(f.node))
    throw new RangeError(`${kind} takes {"kind","node"} with node pg-1, pg-2 or pg-3`);
  return { kind, node: f.node };
}
