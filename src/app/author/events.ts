/**
 * The events a caption can snap to at a moment of the run, in the reader's language: a fault, a
 * role change (became leader, follower, candidate), an alarm, a write accepted or refused, a lease
 * granted, revoked or expired. Worded by the event log's own line (views/eventLine.ts), without
 * loading the log's chunk.
 */
import type { TraceEvent } from '../../sim/trace/events.ts';
import type { Trace } from '../../sim/trace/trace.ts';
import { eventLine, lineOptions } from '../../views/eventLine.ts';
import type { Snap } from './draft.ts';

export interface SnapChoice {
  snap: Snap;
  label: string;
  kind: 'fault' | 'role' | 'alarm' | 'write' | 'lease';
}

/** The anchor a step is given for this event, as built-in stories write theirs; null: not one to snap to. */
function anchorOf(e: TraceEvent): Snap['anchor'] | null {
  switch (e.k) {
    case 'fault':
      return { k: 'fault', type: e.fault.kind, ...('node' in e.fault ? { node: e.fault.node } : {}) };
    case 'role':
      return { k: 'role', node: e.node, role: e.role };
    case 'write':
      return { k: 'write', node: e.node, status: e.status };
    case 'violation':
      return { k: 'violation', type: e.violation.kind };
    case 'store':
      return ['lease-grant', 'lease-revoke', 'lease-expire'].includes(e.change.kind)
        ? { k: 'store', type: e.change.kind }
        : null;
    default:
      return null;
  }
}

const KIND: Record<string, SnapChoice['kind']> = {
  fault: 'fault',
  role: 'role',
  violation: 'alarm',
  write: 'write',
  store: 'lease',
};

/**
 * The events within `withinMs` of `atMs` that a caption may snap to, in the run's order, each with
 * which of the run's matches of its anchor it is (counted from the start, as draft.ts locates it).
 */
export function snapChoices(trace: Trace, atMs: number, withinMs = 0): SnapChoice[] {
  const line = lineOptions(trace);
  const out: SnapChoice[] = [];
  // An event's anchor names it exactly (narrate.ts matches): equal anchors are the matches counted.
  const seen = new Map<string, number>();
  for (const e of trace.events) {
    if (e.t > atMs + withinMs) break;
    const anchor = anchorOf(e);
    if (!anchor) continue;
    const key = JSON.stringify(anchor);
    const ordinal = (seen.get(key) ?? 0) + 1;
    seen.set(key, ordinal);
    if (e.t < atMs - withinMs) continue;
    out.push({ snap: { anchor, ordinal, atMs: e.t }, label: eventLine(e, line), kind: KIND[e.k] ?? 'fault' });
  }
  return out;
}
