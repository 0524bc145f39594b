/**
 * What the search may do at a boundary: the fault menu over the nodes' lives and the network, which
 * it follows from the trace's fault events, and the algorithm's TTL that the menu's pause outlasts.
 */
import { foldFault } from '../faults/fold.ts';
import type { Fault, HostLife } from '../faults/table.ts';
import type { NetState } from '../net/reach.ts';
import type { Params } from '../params.ts';
import type { TraceEvent } from '../trace/events.ts';

/**
 * The nodes' lives and the network as the menu reads them, followed from the trace's fault events by
 * the one fold of the fault stream (faults/fold.ts), as the simulation itself applies them.
 */
export interface World {
  lives: Map<string, HostLife>;
  net: NetState;
}

/**
 * The fault menu at a boundary, per node, in this order: crash an up node, restart a crashed one,
 * pause a running one past the TTL, isolate one from everyone (each of the cluster's 1-vs-rest
 * splits, the store on the majority's side), and rejoin it. Left out: kill (a crash that refuses
 * connections: the same to the protocol but for the REFUSED answer), clock drift and skew (a rate
 * and an offset are continuous; the pause already makes a node's view of time stale), one-way cuts,
 * link delays (the latency's max stands for them), three-way partitions and store outages.
 */
export const MENU_KINDS: readonly Fault['kind'][] = ['crash', 'restart', 'pause', 'isolate', 'rejoin'];

export function faultMenu(w: World, pauseMs: number): Fault[] {
  const out: Fault[] = [];
  for (const [node, l] of w.lives) {
    if (l.up && !l.paused) out.push({ kind: 'crash', node });
    if (!l.up) out.push({ kind: 'restart', node });
    if (l.up && !l.paused) out.push({ kind: 'pause', node, durationMs: pauseMs });
    if (!w.net.isolated.has(node)) out.push({ kind: 'isolate', node, from: 'all' });
    else out.push({ kind: 'rejoin', node });
  }
  return out;
}

export function follow(w: World, e: TraceEvent): void {
  if (e.k !== 'fault') return;
  const step = foldFault(e.fault, (h) => w.lives.get(h), w.net);
  if (step.host !== undefined && step.life) w.lives.set(step.host, step.life);
  w.net = step.net;
}

/**
 * The algorithm's TTL: how long the cluster waits before it gives up on a leader (a lease's TTL,
 * Kubernetes' leaseDuration, ZooKeeper's session timeout, Raft's longest election timeout, Bully's
 * heartbeat timeout). The menu's pause outlasts it and the horizon's default is twice it.
 */
export function ttlMsOf(p: Params): number {
  const s = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : undefined);
  return (
    (s('ttlS') ?? s('leaseDurationS') ?? s('leaseTtlS') ?? 0) * 1000 ||
    (s('sessionTimeoutMs') ?? s('electionTimeoutMaxMs') ?? s('heartbeatTimeoutMs') ?? s('ttlMs') ?? 10_000)
  );
}
