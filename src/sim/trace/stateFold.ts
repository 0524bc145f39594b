import type { StateEvent, StateName, StateValue } from './events.ts';

/** A node's statechart as the record tells it at one moment: what the inspector lights. */
export interface NodeState {
  /** Active leaf paths, sorted. */
  leaves: string[];
  /** Pending timers: name -> due time on the node's clock. */
  timers: Map<string, number>;
  ctx: Record<string, StateValue>;
  /** The names this actor has written so far (events.ts StateName). */
  names: string[];
}

export const emptyNodeState = (): NodeState => ({ leaves: [], timers: new Map(), ctx: {}, names: [] });

/** A malformed `state` event: the field and why (trace import names the event). */
export class StateFoldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** How many leading path segments two dotted paths share (no allocation: it runs at every move). */
const depth = (a: string, b: string): number => {
  let n = 0;
  const len = Math.min(a.length, b.length);
  let i = 0;
  for (; i < len && a.charCodeAt(i) === b.charCodeAt(i); i++) if (a.charCodeAt(i) === 46) n++;
  // The shared prefix ends a segment when both strings end there or continue with a dot.
  const endA = i === a.length || a.charCodeAt(i) === 46;
  const endB = i === b.length || b.charCodeAt(i) === 46;
  return endA && endB && i > 0 ? n + 1 : n;
};

/**
 * The leaves left when `entered` are entered, unless the event lists them (`x`): each entered leaf
 * replaces the old leaves that share the longest path with it. A leaf in one parallel region shares
 * at least its region's path with the leaf it replaces and only the parallel state's path with the
 * other regions' leaves, so they stay; leaving a state leaves all of its leaves, which tie.
 */
export function impliedExits(old: readonly string[], entered: readonly string[]): string[] {
  const gone = new Set<string>();
  for (const n of entered) {
    let best = -1;
    for (const l of old) best = Math.max(best, depth(l, n));
    for (const l of old) if (depth(l, n) === best) gone.add(l);
  }
  return old.filter((l) => gone.has(l));
}

/**
 * Folds one `state` event into a node's state. The timer an `after:` event names has fired, so it
 * is gone unless the event sets it again (`tm`); other timers gone are listed in `tx`. A timer's
 * due time is the event's time plus its delay (a paused or drifting node fires it later).
 */
export function foldState(prev: NodeState, e: StateEvent): NodeState {
  const base = e.init ? emptyNodeState() : prev;
  const names = [...base.names];
  const name = (field: string) => (n: StateName, i: number) => {
    if (typeof n === 'string') {
      names.push(n);
      return n;
    }
    const s = names[n];
    if (s === undefined)
      throw new StateFoldError(
        `${field}[${i}]`,
        `name number ${n} was never written by this node (it has written ${names.length} since it started)`,
      );
    return s;
  };
  const entered = (e.v ?? []).map(name('v'));
  const exits = new Set(e.x ? e.x.map(name('x')) : impliedExits(base.leaves, entered));
  const leaves = [...base.leaves.filter((l) => !exits.has(l)), ...entered].sort();
  const timers = new Map(base.timers);
  if (e.on.startsWith('after:')) timers.delete(e.on.slice('after:'.length));
  for (const n of (e.tx ?? []).map(name('tx'))) timers.delete(n);
  (e.tm ?? []).forEach(([n, ms], i) => {
    timers.set(name('tm')(n, i), e.t + ms);
  });
  const ctx = e.c ? { ...base.ctx, ...e.c } : base.ctx;
  return { leaves, timers, ctx, names };
}
