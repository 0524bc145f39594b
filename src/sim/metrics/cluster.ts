/**
 * The cluster as the metrics see it, event by event: each node's life and belief (up, paused,
 * believes it leads, since when healthily) and the network's state with its history. The other
 * trackers ask it who is an effective leader, who was reachable throughout a window, and why a
 * leader was lost.
 */
import { upperBound } from '../../lib/search.ts';
import { declarationOf } from '../algorithms/declared.ts';
import { foldFault } from '../faults/fold.ts';
import { blocked, type NetState, openNet } from '../net/reach.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import type { LossCause } from './types.ts';

interface NodeRec {
  up: boolean;
  paused: boolean;
  leader: boolean;
  /** Since when it has continuously believed it leads while up and not paused (null: not now). */
  healthySince: number | null;
  /** Since when it has been up and not paused (null: not now). */
  liveSince: number | null;
}

type RoleEvent = Extract<TraceEvent, { k: 'role' }>;
type FaultEvent = Extract<TraceEvent, { k: 'fault' }>;

export type ClusterTracker = ReturnType<typeof clusterTracker>;

export function clusterTracker(trace: Pick<Trace, 'hosts' | 'algorithm'>) {
  const kinds = new Map(trace.hosts.map((h) => [h.id, h.kind] as const));
  const isStore = (id: string) => kinds.get(id) === 'store';
  const nodeIds = trace.hosts.filter((h) => h.kind === 'node').map((h) => h.id);
  const storeId = trace.hosts.find((h) => h.kind === 'store')?.id ?? null;
  const alg = declarationOf(trace.algorithm);
  // What an effective leader must reach; a trace without a declaration: the store if it has one.
  const throughStore = (alg?.failover.leadsThrough ?? (storeId !== null ? 'store' : 'peers')) === 'store';
  const nodes = new Map<string, NodeRec>();
  for (const id of nodeIds)
    nodes.set(id, { up: true, paused: false, leader: false, healthySince: null, liveSince: 0 });
  let net: NetState = openNet;
  const netHistory: Array<{ t: number; state: NetState }> = [{ t: Number.NEGATIVE_INFINITY, state: openNet }];
  const cut = (s: NetState, a: string, b: string): boolean => blocked(s, isStore, a, b) !== null;

  return {
    nodeIds,
    storeId,
    /** An effective leader must reach the store (lease, patroni), else one other node. */
    throughStore,

    /** A role report; true when a node that did not believe it led now does (an election won). */
    role(e: RoleEvent): boolean {
      const n = nodes.get(e.node);
      if (!n) return false;
      if (e.role !== 'leader') {
        n.leader = false;
        n.healthySince = null;
        return false;
      }
      const won = !n.leader;
      if (won) n.healthySince = n.up && !n.paused ? e.t : null;
      n.leader = true;
      return won;
    },

    fault(e: FaultEvent): void {
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
        Object.assign(n, { up: false, paused: false, leader: false, healthySince: null, liveSince: null });
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
    },

    /** Nodes that believe they lead now. */
    believers(): number {
      return nodeIds.filter((id) => nodes.get(id)?.leader).length;
    },

    /** A believed leader that is up, not paused and not cut off (from the store, or from every node). */
    effective(id: string): boolean {
      const n = nodes.get(id);
      if (!n?.up || n.paused || !n.leader) return false;
      if (throughStore && storeId !== null) return !cut(net, id, storeId);
      if (nodeIds.length < 2) return true;
      return nodeIds.some((o) => o !== id && !cut(net, id, o));
    },

    /** Why a leader stopped being effective. */
    causeOf(id: string): LossCause {
      const n = nodes.get(id);
      if (!n?.up) return 'crash';
      if (n.paused) return 'pause';
      if (!n.leader) return 'step-down';
      return 'isolation';
    },

    /** No network state in force from `fromMs` until now cut a from b. */
    reachableThroughout(a: string, b: string, fromMs: number): boolean {
      // The state in force at fromMs and every later state so far.
      let i = upperBound(netHistory.length, (k) => (netHistory[k] as { t: number }).t, fromMs) - 1;
      for (i = Math.max(0, i); i < netHistory.length; i++)
        if (cut((netHistory[i] as { state: NetState }).state, a, b)) return false;
      return true;
    },

    /** Believed it led, up and not paused, from `fromMs` on. */
    ledHealthily(id: string, fromMs: number): boolean {
      return since(nodes.get(id)?.healthySince, fromMs);
    },

    /** Up and not paused from `fromMs` on. */
    liveThroughout(id: string, fromMs: number): boolean {
      return since(nodes.get(id)?.liveSince, fromMs);
    },
  };
}

const since = (v: number | null | undefined, fromMs: number) => v !== null && v !== undefined && v <= fromMs;
