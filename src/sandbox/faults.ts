import { formatNumber, t } from '../i18n/index.ts';
import type { Run } from '../player/store.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import { type Fault, memberName, menuFor } from '../sim/faults/table.ts';
import { faultWords } from '../sim/faults/words.ts';
import type { TimedFault } from '../sim/scenario/schema.ts';
import type { Frame, NodeView } from '../sim/trace/frame.ts';
import { outsideConfig, raftLogIndex } from '../views/d3/cluster/raftLog.ts';
import { formatTime, localFormat } from '../views/format.ts';

/** One fault the user can apply at the cursor. */
export interface FaultAction {
  id: string;
  label: string;
  fault: Fault;
}

/**
 * The faults that change something for this node in its current state (the fault table's menu
 * entries). `storeGroup`: the ensemble is a store that is a Raft group (etcd with storeMembers 3 or
 * 5), whose servers its stories call members (member-1): so do the labels.
 */
export function nodeActions(
  n: NodeView,
  o: {
    hasStore: boolean;
    pauseMs: number;
    live?: boolean;
    ensemble?: string;
    ensembleSize?: number;
    storeGroup?: boolean;
  },
  membership?: Membership | null,
): FaultAction[] {
  const node = membership ? { ...n, member: !membership.outside.has(n.id) } : n;
  const { storeGroup, ...menu } = o;
  return menuFor(node, { ...menu, membership: membership != null }).map((m) => ({
    id: m.id,
    label:
      storeGroup && m.fault.kind === 'server'
        ? t(`faults.member-${m.fault.act ?? 'kill'}`, { member: memberName(m.fault.server) })
        : t(`faults.${m.label ?? m.id}`, {
            ...m.vars,
            ...('durationMs' in m.fault ? { s: seconds(m.fault.durationMs) } : {}),
          }),
    fault: m.fault,
  }));
}

export { memberName };

/** The host of the run's store when it is a Raft group (etcd with storeMembers 3 or 5), else undefined. */
export function storeGroupHost(run: Pick<Run, 'trace'>): string | undefined {
  return declarationOf(run.trace.algorithm)?.storeGroup?.(run.trace.params)?.host;
}

export interface PartitionPreset {
  /** "2|3" */
  preset: string;
  groups: string[][];
}

/** Splits of the cluster into a first group of k nodes and the rest, the even split first: 5 -> 2|3, 1|4; 4 -> 2|2, 1|3. */
export function partitionPresets(nodeIds: readonly string[]): PartitionPreset[] {
  const out: PartitionPreset[] = [];
  for (let k = Math.floor(nodeIds.length / 2); k >= 1; k--) {
    const groups = [nodeIds.slice(0, k), nodeIds.slice(k)];
    out.push({ preset: `${k}|${nodeIds.length - k}`, groups });
  }
  return out;
}

/**
 * The stores a partition names on no side: the reachability rule (sim/net/reach.ts) keeps them
 * reachable from every side, which the presets' label and the event log say.
 */
export function storesOnNoSide(
  groups: readonly (readonly string[])[],
  hosts: ReadonlyArray<{ id: string; kind: string }>,
): string[] {
  const named = new Set(groups.flat());
  return hosts.filter((h) => h.kind === 'store' && !named.has(h.id)).map((h) => h.id);
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : formatNumber(s, 1);
}

/**
 * A fault in words: "crash node-2", "partition node-1, node-2 | node-3, node-4, node-5". A server of
 * `storeGroup` (the store that is a Raft group) is named as a member: "kill member-1 of etcd".
 */
/** `storeGroup` is required so that no caller forgets it: a store group's server is a member (storeGroupHost). */
export function faultText(f: Fault, storeGroup: string | undefined): string {
  const { key, vars } = faultWords(
    f,
    { ...localFormat(t), groups: (gs) => gs.map((g) => g.join(', ')).join(' | ') },
    { storeGroup },
  );
  return t(`fault.${key}`, vars);
}

/** "crash node-2 at 12.3 s" (the time as the player shows it). */
export function interventionText(tf: TimedFault, durationMs: number, storeGroup: string | undefined): string {
  return t('fault.at', { what: faultText(tf.fault, storeGroup), t: formatTime(tf.atMs, durationMs) });
}

/**
 * A GC pause worth trying: longer than the lease / leader key TTL where there is one (the
 * fencing-token story), else a quarter of the run.
 */
/** The pause length (ms) a GC pause field's text says, or null while it says none (empty, 0, not a number). */
export function pauseMsOf(raw: string): number | null {
  const s = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(s) || s <= 0) return null;
  return Math.max(1, Math.round(s * 1000));
}

export function defaultPauseMs(params: Record<string, number | boolean>, durationMs: number): number {
  const ttl = params.ttlS;
  if (typeof ttl === 'number') return Math.round(ttl + 10) * 1000;
  return Math.max(100, Math.round(durationMs / 4 / 100) * 100);
}

/** Raft membership at a frame (thesis chapter 4): who is outside the configuration, and the next new server's id. */
export interface Membership {
  readonly outside: ReadonlySet<string>;
  readonly next: string;
}

/** The membership the What-if menu offers changes of, where the algorithm has one (not in live mode). */
export function membershipAt(run: Run, frame: Frame, live?: boolean): Membership | null {
  const alg = declarationOf(run.trace.algorithm);
  if (live || !alg?.chaos?.membership) return null;
  const logs = raftLogIndex(run.trace.events).at(frame.eventCount);
  const leaders = frame.nodes.filter((n) => n.kind === 'node' && n.role === 'leader');
  const outside = outsideConfig(logs, leaders.length === 1 ? (leaders[0]?.id ?? null) : null);
  const count = frame.nodes.filter((n) => n.kind === 'node').length;
  return { outside, next: alg.nodeIds(count + 1).at(-1) ?? `node-${count + 1}` };
}
