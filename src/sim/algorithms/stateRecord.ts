import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
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

function contextOf(ctx: unknown): Record<string, StateValue> {
  const c = (ctx ?? {}) as Record<string, unknown>;
  const out: Record<string, StateValue> = {};
  for (const k of contextKeys) {
    const v = c[k];
    if (typeof v === 'number' || typeof v === 'string' || v === null) out[k] = v;
  }
  // Kubernetes keeps the Lease object it last read; its holder is the leader it knows.
  const observed = c.observed as { holderIdentity?: unknown } | null | undefined;
  if (observed && typeof observed.holderIdentity === 'string') out.holder = observed.holderIdentity;
  return out;
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
  let leaves: string[] = [];
  let timers = new Map<string, number>();
  let ctx: Record<string, StateValue> = {};
  const names = new Map<string, number>();
  const dueOf = new WeakMap<object, number>();
  const ref = (n: string): StateName => {
    const i = names.get(n);
    if (i !== undefined) return i;
    names.set(n, names.size);
    return n;
  };

  /** The actor's pending timers; the same map as before when XState's scheduled events are the same objects. */
  const timersOf = (actor: AnyActorRef, t: number): Map<string, number> => {
    // The system's own record (system.ts `_snapshot`); getSnapshot() would copy it at every event.
    const sys = actor.system as unknown as { _snapshot?: { _scheduledEvents: Record<string, Scheduled> } };
    const all =
      sys._snapshot?._scheduledEvents ??
      (actor.system.getSnapshot() as { _scheduledEvents: Record<string, Scheduled> })._scheduledEvents;
    const mine: Scheduled[] = [];
    for (const id in all) {
      const s = all[id] as Scheduled;
      if (s.source === actor) mine.push(s);
    }
    if (mine.length === lastScheduled.length && mine.every((s, i) => s === lastScheduled[i])) return timers;
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
  const inspect = (ie: InspectionEvent) => {
    if (ie.type === '@xstate.microstep') {
      if (ie.actorRef === root) steps.push(ie.event);
      return;
    }
    if (ie.type !== '@xstate.snapshot' || root === null || ie.actorRef !== root) return;
    const snap = ie.snapshot as AnyMachineSnapshot;
    const t = env.now();
    const e: Omit<StateEvent, 't'> = { k: 'state', node: env.id, on: eventName(ie.event.type) };
    const r: string[] = [];
    for (const ev of steps)
      if (ev !== ie.event) {
        const n = eventName(ev.type);
        if (n !== e.on && !r.includes(n)) r.push(n);
      }
    steps = [];
    if (r.length > 0) e.r = r;
    const init = !started;
    if (init) e.init = true;
    started = true;
    const nowLeaves = snap.value === lastValue ? leaves : leafPaths(snap.value).sort();
    lastValue = snap.value;
    const nowTimers = timersOf(root, t);
    // assign() makes a new context object: the same object means the same values.
    const nowCtx = snap.context === lastContext ? ctx : contextOf(snap.context);
    lastContext = snap.context;

    if (nowLeaves !== leaves && nowLeaves.join() !== leaves.join()) {
      const v = nowLeaves.filter((p) => !leaves.includes(p));
      if (v.length > 0) e.v = v.map(ref);
      // Where stateFold's rule would not give the real configuration, the leaves left are written out.
      const implied = impliedExits(leaves, v);
      const left = leaves.filter((p) => !nowLeaves.includes(p));
      if (left.join() !== implied.join()) e.x = left.map(ref);
    }
    const fired = e.on.startsWith('after:') ? e.on.slice('after:'.length) : null;
    const tx: StateName[] = [];
    for (const n of timers.keys()) if (!nowTimers.has(n) && n !== fired) tx.push(ref(n));
    if (tx.length > 0) e.tx = tx;
    const tm: Array<[StateName, number]> = [];
    for (const [n, due] of nowTimers) if (timers.get(n) !== due) tm.push([ref(n), due - t]);
    if (tm.length > 0) e.tm = tm;
    const dc: Record<string, StateValue> = {};
    let changed = false;
    for (const k in nowCtx)
      if (init || ctx[k] !== nowCtx[k]) {
        dc[k] = nowCtx[k] ?? null;
        changed = true;
      }
    if (changed) e.c = dc;

    leaves = nowLeaves;
    timers = nowTimers;
    ctx = nowCtx;
    if (init || e.v || e.x || e.tm || e.tx || e.c) env.record(e);
  };

  return {
    inspect,
    attach(actor: AnyActorRef) {
      root = actor;
    },
  };
}
