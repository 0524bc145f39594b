import { t } from '../i18n/index.ts';
import type { TimedFault } from '../sim/scenario/schema.ts';
import type { Fault } from '../sim/trace/events.ts';
import type { NodeView } from '../sim/trace/frame.ts';
import { formatTime } from '../views/format.ts';

/** One fault the user can apply at the cursor. */
export interface FaultAction {
  id: string;
  label: string;
  fault: Fault;
}

/** The faults that change something for this node in its current state (crash if up, restart if down...). */
export function nodeActions(n: NodeView, o: { hasStore: boolean; pauseMs: number }): FaultAction[] {
  const out: FaultAction[] = [];
  const node = n.id;
  if (n.up) out.push({ id: 'crash', label: t('faults.crash'), fault: { kind: 'crash', node } });
  else out.push({ id: 'restart', label: t('faults.restart'), fault: { kind: 'restart', node } });
  if (n.up && !n.paused)
    out.push({
      id: 'pause',
      label: t('faults.pause', { s: seconds(o.pauseMs) }),
      fault: { kind: 'pause', node, durationMs: o.pauseMs },
    });
  if (n.paused) out.push({ id: 'resume', label: t('faults.resume'), fault: { kind: 'resume', node } });
  if (n.isolated === null) {
    out.push({
      id: 'isolate',
      label: t('faults.isolate'),
      fault: { kind: 'isolate', node, from: 'all' },
    });
    if (o.hasStore)
      out.push({
        id: 'isolate-store',
        label: t('faults.isolateStore'),
        fault: { kind: 'isolate', node, from: 'store' },
      });
  } else out.push({ id: 'rejoin', label: t('faults.rejoin'), fault: { kind: 'rejoin', node } });
  return out;
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

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

/** A fault in words: "crash node-2", "partition node-1, node-2 | node-3, node-4, node-5". */
export function faultText(f: Fault): string {
  switch (f.kind) {
    case 'crash':
    case 'restart':
    case 'resume':
    case 'rejoin':
      return t(`fault.${f.kind}`, { node: f.node });
    case 'pause':
      return t('fault.pause', { node: f.node, s: seconds(f.durationMs) });
    case 'partition':
      return t('fault.partition', { groups: f.groups.map((g) => g.join(', ')).join(' | ') });
    case 'heal':
      return t('fault.heal');
    case 'isolate':
      return t(f.from === 'store' ? 'fault.isolateStore' : 'fault.isolate', { node: f.node });
    case 'cut-link':
      return t('fault.cut', { a: f.a, b: f.b });
    case 'restore-link':
      return t('fault.restore', { a: f.a, b: f.b });
    case 'delay-link':
      return t('fault.delay', { a: f.a, b: f.b, ms: f.extraMs });
    case 'clock-drift':
      return t('fault.drift', { node: f.node, rate: f.rate });
  }
}

/** "crash node-2 at 12.3 s" (the time as the player shows it). */
export function interventionText(tf: TimedFault, durationMs: number): string {
  return t('fault.at', { what: faultText(tf.fault), t: formatTime(tf.atMs, durationMs) });
}

/**
 * A GC pause worth trying: longer than the lease / leader key TTL where there is one (the
 * fencing-token story), else a quarter of the run.
 */
export function defaultPauseMs(params: Record<string, number | boolean>, durationMs: number): number {
  const ttl = params.ttlS;
  if (typeof ttl === 'number') return Math.round(ttl + 10) * 1000;
  return Math.max(100, Math.round(durationMs / 4 / 100) * 100);
}
