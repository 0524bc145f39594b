/**
 * The state a trace's events fold into, from which TraceIndex draws frames: each host's life and
 * believed role, the network's reach, the store's keys, leases and group, and each resource's writes.
 * `apply` is the fold of one event; `cloneState` copies a state for the index's snapshots.
 */
import { foldFault } from '../faults/fold.ts';
import { hostOf, memberFault, type ServerLife } from '../faults/table.ts';
import type { NetState } from '../net/reach.ts';
import type { KeyValue } from '../store/api.ts';
import type { Role, TraceEvent } from './events.ts';

export interface StoreGroupView {
  /** In member order (member-1 first): leader, candidate, follower, down or stopped. */
  roles: string[];
  term: number;
  /** The member that leads, or null. */
  leader: string | null;
  /** A live recording's (src/live/memberStatus.ts): each member's own term, in member order. */
  terms?: number[];
  /** And each one's etcd_server_leader_changes_seen_total, null where not read. */
  changes?: Array<number | null>;
}

export interface NodeState {
  believed: Role | null;
  token?: number;
  term?: number;
  up: boolean;
  paused: boolean;
  crashedAt?: number;
  restartedAt?: number;
  drift: number;
  skewMs: number;
  /** An ensemble's servers that are not up (`server` faults on the host that stands for it). */
  servers?: Record<number, ServerLife>;
}

export interface State {
  nodes: Map<string, NodeState>;
  /** Reachability, moved on by each fault kind's `net` step (faults/table.ts). */
  net: NetState;
  revision: number;
  keys: Map<string, KeyValue>;
  leases: Map<number, { ttlSec: number; deadlineMs: number }>;
  group?: StoreGroupView;
  resources: Map<
    string,
    { highest: number | null; accepted: number; rejected: number; byKey?: Record<string, number> }
  >;
}

export function cloneState(s: State): State {
  const nodes = new Map<string, NodeState>();
  for (const [k, v] of s.nodes) nodes.set(k, { ...v });
  return {
    nodes,
    revision: s.revision,
    keys: new Map(s.keys),
    leases: new Map(s.leases),
    ...(s.group ? { group: s.group } : {}),
    net: s.net,
    resources: new Map(
      [...s.resources].map(([k, v]) => [k, { ...v, ...(v.byKey ? { byKey: { ...v.byKey } } : {}) }]),
    ),
  };
}

export function apply(s: State, e: TraceEvent): void {
  switch (e.k) {
    case 'role': {
      const n = s.nodes.get(e.node);
      if (!n) return;
      n.believed = e.role;
      n.token = e.token;
      n.term = e.term;
      return;
    }
    case 'fault': {
      const member = memberFault(e.fault);
      if (member) {
        // Heard only by a host that is up (Host.notify), paused or not.
        const n = s.nodes.get(hostOf(e.fault) ?? '');
        if (n?.up) n.servers = serverAfter(n.servers, member);
      }
      const step = foldFault(e.fault, (id) => s.nodes.get(id), s.net);
      s.net = step.net;
      const n = step.host !== undefined ? s.nodes.get(step.host) : undefined;
      if (!n || !step.life) return;
      const { up, paused, drift, skewMs = 0 } = step.life;
      Object.assign(n, { up, paused, drift, skewMs });
      if (step.move === 'stop') Object.assign(n, { believed: null, token: undefined, crashedAt: e.t });
      else if (step.move === 'start') {
        n.restartedAt = e.t;
        // A new process: its ensemble starts with every server up.
        n.servers = undefined;
      }
      return;
    }
    case 'store': {
      const c = e.change;
      switch (c.kind) {
        case 'put':
          s.keys.set(c.kv.key, c.kv);
          s.revision = Math.max(s.revision, c.kv.modRevision);
          return;
        case 'delete':
          s.keys.delete(c.key);
          s.revision = Math.max(s.revision, c.revision);
          return;
        case 'lease-grant':
        case 'lease-keepalive':
          s.leases.set(c.lease, { ttlSec: c.ttlSec, deadlineMs: c.deadlineMs });
          return;
        case 'lease-revoke':
        case 'lease-expire':
          s.leases.delete(c.lease);
          s.revision = Math.max(s.revision, c.revision);
          return;
      }
      return;
    }
    case 'mark': {
      // The store group's roles (store/process.ts); the view is replaced whole, never changed.
      if (e.name !== 'store-group' || !e.data) return;
      const leader = String(e.data.leader ?? '');
      s.group = {
        roles: String(e.data.roles ?? '').split(','),
        term: Number(e.data.term ?? 0),
        leader: leader === '' ? null : leader,
        ...(typeof e.data.terms === 'string' ? { terms: e.data.terms.split(',').map(Number) } : {}),
        ...(typeof e.data.changes === 'string'
          ? { changes: e.data.changes.split(',').map((c) => (c === '' ? null : Number(c))) }
          : {}),
      };
      return;
    }
    case 'write': {
      let r = s.resources.get(e.resource);
      if (!r) {
        r = { highest: null, accepted: 0, rejected: 0 };
        s.resources.set(e.resource, r);
      }
      if (e.status === 'accepted') {
        r.accepted++;
        if (e.token !== null && (r.highest === null || e.token > r.highest)) r.highest = e.token;
        if (e.key !== undefined && e.token !== null) {
          r.byKey ??= {};
          r.byKey[e.key] = Math.max(r.byKey[e.key] ?? e.token, e.token);
        }
      } else r.rejected++;
      return;
    }
    default:
      return;
  }
}

/**
 * An ensemble's servers after a `server` fault (the store's process acts on it, algorithms/zookeeper/
 * process.ts): a new object (frames keep the old one), undefined when every server is up again.
 */
function serverAfter(
  before: Readonly<Record<number, ServerLife>> | undefined,
  m: NonNullable<ReturnType<typeof memberFault>>,
): Record<number, ServerLife> | undefined {
  const now = before?.[m.server];
  const next: ServerLife | undefined =
    m.act === 'kill'
      ? 'down'
      : m.act === 'stop'
        ? now === 'down'
          ? 'down'
          : 'stopped'
        : m.act === 'restart'
          ? now === 'down'
            ? undefined
            : now
          : now === 'stopped'
            ? undefined
            : now;
  if (next === now) return before as Record<number, ServerLife> | undefined;
  const out: Record<number, ServerLife> = { ...before };
  if (next === undefined) delete out[m.server];
  else out[m.server] = next;
  return Object.keys(out).length > 0 ? out : undefined;
}
