import { specOf } from '../faults/table.ts';
import type { Anchor, Scenario } from '../scenario/schema.ts';
import type { TraceEvent } from './events.ts';
import type { ResolvedStep } from './trace.ts';

/**
 * Whether an event is one a step's anchor names (its kind, node, role, type, status). A message's
 * type and ends are refined by resolveSteps, which reads its send; the authoring panel
 * (src/app/author/draft.ts) snaps captions to the events this matches.
 */
export function matches(a: Anchor, e: TraceEvent): boolean {
  if (a.k !== e.k) return false;
  switch (e.k) {
    case 'send':
    case 'deliver':
    case 'drop':
      return true; // refined by the message table in resolveSteps
    case 'role':
      return (!a.node || a.node === e.node) && (!a.role || a.role === e.role);
    case 'fault': {
      const f = e.fault;
      const node = 'node' in f ? f.node : undefined;
      return (!a.type || a.type === f.kind) && (!a.node || a.node === node);
    }
    case 'store':
      return !a.type || a.type === e.change.kind;
    case 'write':
      return (!a.node || a.node === e.node) && (!a.status || a.status === e.status);
    case 'violation':
      return !a.type || a.type === e.violation.kind;
    case 'mark':
      return (!a.node || a.node === e.node) && (!a.type || a.type === e.name);
    case 'state':
      // `type` names the event that moved the node's statechart (`after:renewDelay`, `TXN_RESULT`).
      return (!a.node || a.node === e.node) && (!a.type || a.type === e.on);
  }
}

function varsOf(e: TraceEvent, send: Extract<TraceEvent, { k: 'send' }> | undefined): ResolvedStep['vars'] {
  const v: ResolvedStep['vars'] = { t: e.t };
  const put = (k: string, x: unknown) => {
    if (typeof x === 'string' || typeof x === 'number') v[k] = x;
  };
  if (send) {
    put('from', send.from);
    put('to', send.to);
    put('type', send.type);
    put('node', send.from);
    for (const [k, x] of Object.entries(send.data ?? {})) put(k, x);
  }
  switch (e.k) {
    case 'role':
      put('node', e.node);
      put('role', e.role);
      put('token', e.token);
      put('term', e.term);
      break;
    case 'fault':
      if ('node' in e.fault) put('node', e.fault.node);
      put('type', e.fault.kind);
      // Its measures (a pause's durationMs, a delay's extraMs, a clock's rate or offset), by the table's shape.
      for (const [name, field] of Object.entries(specOf(e.fault).fields))
        if (field.type === 'ms' || field.type === 'number')
          put(name, (e.fault as Record<string, unknown>)[name]);
      break;
    case 'write':
      put('node', e.node);
      put('token', e.token ?? undefined);
      put('seen', e.seen ?? undefined);
      put('code', e.code);
      put('resource', e.resource);
      // What the write puts in the resource (the lease leader's job writes "<node>#<n>").
      put('value', e.value);
      // The item a per-item fenced resource wrote (a shard).
      put('key', e.key);
      break;
    case 'violation':
      put('nodes', e.violation.nodes.join(', '));
      put('detail', e.violation.detail);
      break;
    case 'mark':
      put('node', e.node);
      put('type', e.name);
      for (const [k, x] of Object.entries(e.data ?? {})) put(k, x);
      break;
    case 'store':
      if (e.change.kind === 'put') {
        put('key', e.change.kv.key);
        put('revision', e.change.kv.modRevision);
      } else if (e.change.kind === 'delete') put('key', e.change.key);
      if ('lease' in e.change) put('lease', e.change.lease);
      break;
  }
  return v;
}

/**
 * Anchors each narration step to the first matching trace event after the previous step's, so
 * captions follow the simulation when parameters change. A step whose event never happens is left
 * out (e.g. "the minority elects a leader" when quorum is on).
 */
export function resolveSteps(
  scenario: Scenario,
  events: TraceEvent[],
  durationMs: number,
  baseVars: ResolvedStep['vars'] = {},
): ResolvedStep[] {
  // A delivery's or a drop's send, indexed only as far as a step's search reaches: a message comes
  // after its send, and a 24 h run's million events would take 50 ms to index whole (issue #40).
  const sends = new Map<number, Extract<TraceEvent, { k: 'send' }>>();
  let indexed = 0;
  const indexThrough = (through: number) => {
    for (; indexed < through; indexed++) {
      const e = events[indexed] as TraceEvent;
      if (e.k === 'send') sends.set(e.id, e);
    }
  };
  const sendOf = (id: number, before: number) => {
    indexThrough(before);
    // Message ids are unique; one sent later (a trace made by hand) is still found.
    if (!sends.has(id)) indexThrough(events.length);
    return sends.get(id);
  };
  const out: ResolvedStep[] = [];
  let from = 0;
  const told = new Set<string>();
  for (const step of scenario.steps) {
    // A conditional step (a closing line per outcome) reads the steps before it; a skipped one
    // consumes no event, so the steps after it anchor as if it were not written.
    if (step.when && told.has(step.when.step) !== step.when.told) continue;
    const a = step.anchor;
    if (a.k === 'start' || a.k === 'end') {
      const atMs = a.k === 'start' ? 0 : durationMs;
      out.push({
        id: step.id,
        atMs: Math.max(0, atMs + (a.offsetMs ?? 0)),
        eventIndex: -1,
        vars: { ...baseVars, t: atMs },
      });
      told.add(step.id);
      continue;
    }
    let seen = 0;
    for (let i = from; i < events.length; i++) {
      const e = events[i] as TraceEvent;
      if (!matches(a, e)) continue;
      const send = e.k === 'send' ? e : e.k === 'deliver' || e.k === 'drop' ? sendOf(e.id, i) : undefined;
      if (
        send &&
        ((a.type && a.type !== send.type) || (a.from && a.from !== send.from) || (a.to && a.to !== send.to))
      )
        continue;
      if (send && a.node && a.node !== send.from) continue;
      if (++seen < (a.nth ?? 1)) continue;
      const atMs = Math.min(durationMs, Math.max(0, e.t + (a.offsetMs ?? 0)));
      out.push({ id: step.id, atMs, eventIndex: i, vars: { ...baseVars, ...varsOf(e, send) } });
      told.add(step.id);
      from = i + 1;
      break;
    }
  }
  // Offsets may reorder neighbouring steps; keep them in time order for stepping.
  return out.sort((x, y) => x.atMs - y.atMs);
}

/** Fills {name} placeholders from step vars, then params; unknown names stay visible. */
export function fillCaption(
  template: string,
  vars: Record<string, string | number>,
  params: Record<string, number | boolean> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = vars[name] ?? params[name];
    return v === undefined ? m : String(v);
  });
}
