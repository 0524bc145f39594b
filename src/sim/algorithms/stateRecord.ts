import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import type { XClock } from '../kernel/clock.ts';
import type { Recorded } from '../net/host.ts';
import type { StateEvent, StateName, StateValue } from '../trace/events.ts';
import { impliedExits } from '../trace/stateFold.ts';

/**
 * The context values the inspector lists, by the names the machines use: term, fencing token, lease
 * id, lease deadline (the lease machine's `deadline`, Patroni's `leaderUntilMs`), the known leader
 * (Bully's `coordinator`), Postgres's timeline and gossip's epoch. Primitives only: a nested object
 * would make every record large.
 */
const contextKeys = [
  'term',
  'token',
  'lease',
  'deadline',
  'leaderUntilMs',
  'leader',
  'coordinator',
  'timeline',
  'epoch',
] as const;

const named = new Map<string, string>();
/**
 * An XState v5 event type as a reader knows it: a delayed transition's `xstate.after.<delay>.<state
 * id>` is `after:<delay>`, a state's completion `xstate.done.state.<state id>` is `done:<state key>`.
 */
export function eventName(type: string): string {
  if (!type.startsWith('xstate.')) return type;
  let n = named.get(type);
  if (n === undefined) {
    if (type.startsWith('xstate.after.')) n = `after:${type.slice('xstate.after.'.length).split('.')[0]}`;
    else if (type.startsWith('xstate.done.state.')) n = `done:${type.split('.').at(-1)}`;
    else n = type;
    named.set(type, n);
  }
  return n;
}

/** The active leaf paths of a snapshot, dot-separated from the root (`session.role.following.waiting`). */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) out.push(...leafPaths(v, prefix ? `${prefix}.${k}` : k));
  return out.length > 0 ? out : prefix ? [prefix] : [];
}

/** A context value as the record keeps it: primitives only (anything else is not listed). */
const primitive = (v: unknown): v is StateValue =>
  typeof v === 'number' || typeof v === 'string' || v === null;

/** Kubernetes keeps the Lease object it last read; its holder is the leader it knows. */
function holderOf(c: Record<string, unknown>): string | undefined {
  const observed = c.observed as { holderIdentity?: unknown } | null | undefined;
  return observed && typeof observed.holderIdentity === 'string' ? observed.holderIdentity : undefined;
}

/**
 * The listed context values that differ from `known` (all of them at init), or null when none do;
 * `known` is brought up to date in place. Read in place: no copy of the context is made for the many
 * transitions that change none of these keys. A key whose value stops being a primitive leaves
 * `known` unrecorded, so the next primitive it takes is written again.
 */
function contextChanges(
  ctx: unknown,
  known: Map<string, StateValue>,
  init: boolean,
): Record<string, StateValue> | null {
  const c = (ctx ?? {}) as Record<string, unknown>;
  let out: Record<string, StateValue> | null = null;
  for (let i = 0; i <= contextKeys.length; i++) {
    const k = i < contextKeys.length ? (contextKeys[i] as string) : 'holder';
    const v = i < contextKeys.length ? c[k] : holderOf(c);
    if (!primitive(v)) {
      known.delete(k);
      continue;
    }
    if (init || known.get(k) !== v) {
      out ??= {};
      out[k] = v;
    }
    known.set(k, v);
  }
  return out;
}

/**
 * Configurations and moves, shared by every actor of every machine: a configuration's sorted leaf
 * paths, one array per distinct configuration, and what a move from one to another enters and (where
 * stateFold's rule would not tell) leaves. A node moves between a handful of configurations all run
 * long: each is worked out once, and a move costs a few lookups.
 */
const configurations = new Map<string, readonly string[]>();
const NO_LEAVES: readonly string[] = [];
configurations.set('', NO_LEAVES);
const moves = new WeakMap<
  readonly string[],
  Map<readonly string[], { entered: string[]; left: string[] | null }>
>();
const pathOf = new WeakMap<object, string>();

/** The configuration's leaves, from the snapshot's active state nodes (or its value, as a fallback). */
function leavesOf(snap: AnyMachineSnapshot): readonly string[] {
  const nodes = (snap as { _nodes?: ReadonlyArray<{ type: string; path: string[] }> })._nodes;
  let out: string[] = [];
  if (nodes)
    for (const n of nodes) {
      if (n.type !== 'atomic' && n.type !== 'final') continue;
      let p = pathOf.get(n);
      if (p === undefined) {
        p = n.path.join('.');
        pathOf.set(n, p);
      }
      out.push(p);
    }
  if (out.length === 0) out = leafPaths(snap.value);
  out.sort();
  const key = out.join('\n');
  const known = configurations.get(key);
  if (known) return known;
  configurations.set(key, out);
  return out;
}

function moveOf(from: readonly string[], to: readonly string[]) {
  let byTo = moves.get(from);
  if (!byTo) {
    byTo = new Map();
    moves.set(from, byTo);
  }
  let m = byTo.get(to);
  if (!m) {
    const entered = to.filter((p) => !from.includes(p));
    const implied = impliedExits(from, entered);
    const left = from.filter((p) => !to.includes(p));
    m = { entered, left: left.join() !== implied.join() ? left : null };
    byTo.set(to, m);
  }
  return m;
}

type Scheduled = { event: { type: string }; delay: number; source: AnyActorRef };

/** A timer's name in the record: its delay's name (`renewDelay`), or the delayed event's type. */
function timerName(type: string): string {
  const n = eventName(type);
  return n.startsWith('after:') ? n.slice('after:'.length) : n;
}

/**
 * Records a machine's moves as `state` trace events, deltas only (events.ts StateEvent). The due
 * time of a timer is taken when it is first seen, on the node's own clock (equal to trace time
 * unless the clock drifts): a rescheduled timer is a new object in XState's scheduler (system.ts
 * `schedule`), so it gets a new due time. Two pending timers of one name are told apart as
 * `name#2`. Returns the `inspect` option for createActor and the setter of the actor it watches.
 */
export function stateRecorder(env: { now(): number; record(e: Recorded): void; id: string }) {
  let root: AnyActorRef | null = null;
  let started = false;
  let lastValue: unknown = null;
  let lastContext: unknown = null;
  let lastScheduled: Scheduled[] = [];
  let leaves: readonly string[] = NO_LEAVES;
  let timers = new Map<string, number>();
  const ctx = new Map<string, StateValue>();
  const names = new Map<string, number>();
  /** Timers set, cleared or fired through clock() (-1: the actor runs on a clock the recorder does not see). */
  let clockMoves = -1;
  let timersAt = -2;
  const dueOf = new WeakMap<object, number>();
  const ref = (n: string): StateName => {
    const i = names.get(n);
    if (i !== undefined) return i;
    names.set(n, names.size);
    return n;
  };

  /** The actor's pending timers; the same map as before when XState's scheduled events are the same objects. */
  const timersOf = (actor: AnyActorRef, t: number): Map<string, number> => {
    // Through the recorder's clock, no timer was set, cleared or fired: the same timers.
    if (clockMoves >= 0 && clockMoves === timersAt) return timers;
    timersAt = clockMoves;
    // The system's own record (system.ts `_snapshot`); getSnapshot() would copy it at every event.
    const sys = actor.system as unknown as { _snapshot?: { _scheduledEvents: Record<string, Scheduled> } };
    const all =
      sys._snapshot?._scheduledEvents ??
      (actor.system.getSnapshot() as { _scheduledEvents: Record<string, Scheduled> })._scheduledEvents;
    // Compared in place first: most moves leave the timers as they were, and build nothing.
    let i = 0;
    let same = true;
    for (const id in all) {
      const s = all[id] as Scheduled;
      if (s.source !== actor) continue;
      if (s !== lastScheduled[i]) {
        same = false;
        break;
      }
      i++;
    }
    if (same && i === lastScheduled.length) return timers;
    const mine: Scheduled[] = [];
    for (const id in all) {
      const s = all[id] as Scheduled;
      if (s.source === actor) mine.push(s);
    }
    lastScheduled = mine;
    const out = new Map<string, number>();
    for (const s of mine) {
      let due = dueOf.get(s);
      if (due === undefined) {
        // Whole ms, as the simulator's clock fires it (kernel/clock.ts rounds a delay up).
        due = t + Math.ceil(s.delay);
        dueOf.set(s, due);
      }
      const base = timerName(s.event.type);
      let name = base;
      for (let i = 2; out.has(name); i++) name = `${base}#${i}`;
      out.set(name, due);
    }
    return out;
  };

  // The events of the current macrostep's microsteps: those other than its cause were raised by the machine.
  let steps: Array<{ type: string }> = [];
  /** The active state nodes the leaves were last read from: the same nodes, the same leaves. */
  let lastNodes: readonly unknown[] = [];
  const inspect = (ie: InspectionEvent) => {
    if (ie.type === '@xstate.microstep') {
      if (ie.actorRef === root) steps.push(ie.event);
      return;
    }
    if (ie.type !== '@xstate.snapshot' || root === null || ie.actorRef !== root) return;
    const snap = ie.snapshot as AnyMachineSnapshot;
    const t = env.now();
    const on = eventName(ie.event.type);
    let r: string[] | undefined;
    if (steps.length > 0) {
      for (const ev of steps)
        if (ev !== ie.event) {
          const n = eventName(ev.type);
          if (n === on || r?.includes(n)) continue;
          r ??= [];
          r.push(n);
        }
      steps = [];
    }
    const init = !started;
    started = true;
    // Most moves change neither the configuration nor a listed context value (a message handled by
    // an assign to other keys, a self-transition): those are told apart by reference, and nothing
    // is built for them. XState makes a new `value` object at every transition, but keeps the
    // active state nodes: the same nodes in the same order mean the same leaves.
    let nowLeaves = leaves;
    if (snap.value !== lastValue) {
      const nodes = (snap as { _nodes?: readonly unknown[] })._nodes;
      if (init || !nodes || nodes.length !== lastNodes.length || nodes.some((n, i) => n !== lastNodes[i]))
        nowLeaves = leavesOf(snap);
      lastNodes = nodes ?? [];
      lastValue = snap.value;
    }
    const nowTimers = timersOf(root, t);
    // assign() makes a new context object: the same object means the same values.
    const dc = snap.context === lastContext && !init ? null : contextChanges(snap.context, ctx, init);
    lastContext = snap.context;

    let v: StateName[] | undefined;
    let x: StateName[] | undefined;
    if (nowLeaves !== leaves) {
      const m = moveOf(leaves, nowLeaves);
      if (m.entered.length > 0) v = m.entered.map(ref);
      if (m.left) x = m.left.map(ref);
    }
    let tx: StateName[] | undefined;
    let tm: Array<[StateName, number]> | undefined;
    if (nowTimers !== timers) {
      const fired = on.startsWith('after:') ? on.slice('after:'.length) : null;
      for (const n of timers.keys()) {
        if (nowTimers.has(n) || n === fired) continue;
        tx ??= [];
        tx.push(ref(n));
      }
      for (const [n, due] of nowTimers) {
        if (timers.get(n) === due) continue;
        tm ??= [];
        tm.push([ref(n), due - t]);
      }
    }
    leaves = nowLeaves;
    timers = nowTimers;
    if (!(init || v || x || tm || tx || dc)) return;
    // The record's own key order (events.ts): k, node, on, r, init, v, x, tx, tm, c.
    const e: Omit<StateEvent, 't'> = { k: 'state', node: env.id, on };
    if (r) e.r = r;
    if (init) e.init = true;
    if (v) e.v = v;
    if (x) e.x = x;
    if (tx) e.tx = tx;
    if (tm) e.tm = tm;
    if (dc) e.c = dc;
    env.record(e);
  };

  return {
    inspect,
    /**
     * The actor's clock, counted: every timer XState schedules, cancels or fires goes through it,
     * so between two of those the timers are known without reading the scheduler.
     */
    clock(inner: XClock): XClock {
      clockMoves = 0;
      return {
        setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
          clockMoves++;
          return inner.setTimeout(() => {
            clockMoves++;
            fn();
          }, ms);
        },
        clearTimeout: (id: unknown) => {
          clockMoves++;
          inner.clearTimeout(id as never);
        },
      } as XClock;
    },
    /**
     * Watches `actor` (created without an `inspect` option). XState hands an inspection event to its
     * observers as a copy (`{ ...event, rootId }`) for every event, action, microstep and snapshot
     * of the actor: for a node that handles a message per millisecond that copy alone made a run
     * 10-25 % slower. The recorder takes them from the system's own hook instead, uncopied, and
     * falls back to the public `system.inspect` if an XState version has no such hook
     * (stateRecord.test.ts says which path runs).
     */
    attach(actor: AnyActorRef): 'hook' | 'inspect' {
      root = actor;
      const sys = actor.system as unknown as { _sendInspectionEvent?: (ie: InspectionEvent) => void };
      const send = sys._sendInspectionEvent;
      if (typeof send !== 'function') {
        actor.system.inspect(inspect);
        return 'inspect';
      }
      sys._sendInspectionEvent = (ie) => {
        inspect(ie);
        send(ie);
      };
      return 'hook';
    },
  };
}
