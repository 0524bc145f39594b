import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import type { Recorded } from '../net/host.ts';
import type { StateEvent, StateName, StateValue } from '../trace/events.ts';
import { ListSharer } from '../trace/sharedLists.ts';
import { PendingTimers, type Scheduled } from './pendingTimers.ts';
import { mayRaise } from './raises.ts';
import { leavesOf, moveOf, NO_LEAVES, sameNodes } from './stateLeaves.ts';

/**
 * The context values the inspector lists, by the names the machines use: term, fencing token, lease
 * id, lease deadline (the lease machine's `deadline`, Patroni's `leaderUntilMs`), the known leader
 * (Bully's `coordinator`), Postgres's timeline, gossip's epoch and Raft's configuration. Primitives only: a nested object
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
  // Raft's configuration (thesis §4.1), only once it is not every server (raft/machine.ts).
  'configuration',
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

/** A context value as the record keeps it: primitives only (anything else is not listed). */
const primitive = (v: unknown): v is StateValue =>
  typeof v === 'number' || typeof v === 'string' || v === null;

/** Kubernetes keeps the Lease object it last read; its holder is the leader it knows. */
function holderOf(c: Record<string, unknown>): string | undefined {
  const observed = c.observed as { holderIdentity?: unknown } | null | undefined;
  return observed && typeof observed.holderIdentity === 'string' ? observed.holderIdentity : undefined;
}

/** The context keys read, `holder` last (holderOf): a record's `c` keeps this order. */
const readKeys = [...contextKeys, 'holder'] as const;

/** The last value recorded for each of readKeys, by index; `undefined` where none is (or it stopped being a primitive). */
type Known = Array<StateValue | undefined>;

/**
 * The listed context values that differ from `known` (all of them at init), or null when none do;
 * `known` is brought up to date in place. Read in place: no copy of the context is made for the many
 * transitions that change none of these keys. A key whose value stops being a primitive leaves
 * `known` unrecorded, so the next primitive it takes is written again.
 */
function contextChanges(ctx: unknown, known: Known, init: boolean): Record<string, StateValue> | null {
  const c = (ctx ?? {}) as Record<string, unknown>;
  // Named reads, one per key: the same read site meets every machine's context, and a keyed read
  // there (c[key] in a loop) went megamorphic, the recorder's costliest line in a lease run.
  let out = changed(null, known, init, 0, c.term);
  out = changed(out, known, init, 1, c.token);
  out = changed(out, known, init, 2, c.lease);
  out = changed(out, known, init, 3, c.deadline);
  out = changed(out, known, init, 4, c.leaderUntilMs);
  out = changed(out, known, init, 5, c.leader);
  out = changed(out, known, init, 6, c.coordinator);
  out = changed(out, known, init, 7, c.timeline);
  out = changed(out, known, init, 8, c.epoch);
  out = changed(out, known, init, 9, c.configuration);
  return changed(out, known, init, 10, holderOf(c));
}

/** contextChanges for readKeys[i], whose value is now `v`. */
function changed(
  out: Record<string, StateValue> | null,
  known: Known,
  init: boolean,
  i: number,
  v: unknown,
): Record<string, StateValue> | null {
  if (!primitive(v)) {
    known[i] = undefined;
    return out;
  }
  if (!init && known[i] === v) return out;
  known[i] = v;
  const o = out ?? {};
  o[readKeys[i] as string] = v;
  return o;
}

/** XState's Actor.update: a macrostep's end, its snapshot and the event that caused it. */
type Update = (snap: AnyMachineSnapshot, event: { type: string }) => void;

/** An actor's pending timers, in the scheduler's order: each one's name in the record, due time and entry. */
interface Timers {
  names: string[];
  dues: number[];
  of: readonly Scheduled[];
}
const NO_TIMERS: Timers = { names: [], dues: [], of: [] };

/** A timer's name in the record: its delay's name (`renewDelay`), or the delayed event's type. */
const timerNames = new Map<string, string>();
function timerName(type: string): string {
  let t = timerNames.get(type);
  if (t === undefined) {
    const n = eventName(type);
    t = n.startsWith('after:') ? n.slice('after:'.length) : n;
    timerNames.set(type, t);
  }
  return t;
}

/** A move's cause as the record names it (`on`), and the timer it is the firing of, if any. */
interface Cause {
  on: string;
  fired: string | null;
}
const causes = new Map<string, Cause>();
/** eventName and timerName of a macrostep's event, in one lookup: a recorded move needs both. */
function causeOf(type: string): Cause {
  let c = causes.get(type);
  if (c === undefined) {
    const on = eventName(type);
    c = { on, fired: on.startsWith('after:') ? timerName(type) : null };
    causes.set(type, c);
  }
  return c;
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
  let timers: Timers = NO_TIMERS;
  const ctx: Known = readKeys.map(() => undefined);
  const names = new Map<string, number>();
  let lastVersion = -1;
  const movesNamed = new Map<object, { v: StateName[] | undefined; x: StateName[] | undefined }>();
  const ref = (n: string): StateName => {
    const i = names.get(n);
    if (i !== undefined) return i;
    names.set(n, names.size);
    return n;
  };

  /**
   * The actor's scheduled events, kept by the scheduler's wrapper (attach): what `_scheduledEvents`
   * holds for this actor, in the same order, without enumerating that object (a dictionary once
   * XState deletes from it, so a for-in over it was the recorder's largest cost in a lease run).
   */
  const own = new PendingTimers();
  /** XState's entry for a scheduler key (attach): a timer whose entry is gone has fired. */
  let held: (key: string) => Scheduled | undefined = () => undefined;
  /** The actor's pending timers; the same object as before when XState's scheduled events are the same objects. */
  const timersOf = (actor: AnyActorRef, now: () => number): Timers => {
    let mine: Scheduled[];
    if (own.watching) {
      // Every schedule, cancel and firing of this actor's timers is seen (attach, the hook's events).
      if (own.version === lastVersion) return timers;
      lastVersion = own.version;
      if (sameNodes(own.entries, lastScheduled)) return timers;
      mine = own.list();
    } else {
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
      mine = [];
      for (const id in all) {
        const s = all[id] as Scheduled;
        if (s.source === actor) mine.push(s);
      }
    }
    lastScheduled = mine;
    // A handful of timers at most: arrays, searched in place, cost less than two maps per change.
    const out: Timers = { names: [], dues: [], of: mine };
    const t = now();
    for (const s of mine) {
      // A timer seen before keeps the due time it was first seen with.
      const was = timers.of.indexOf(s);
      // Whole ms, as the simulator's clock fires it (kernel/clock.ts rounds a delay up).
      const due = was >= 0 ? (timers.dues[was] as number) : t + Math.ceil(s.delay);
      const base = timerName(s.event.type);
      let name = base;
      for (let i = 2; out.names.includes(name); i++) name = `${base}#${i}`;
      out.names.push(name);
      out.dues.push(due);
    }
    return out;
  };

  // The events of the current macrostep's microsteps: those other than its cause were raised by the
  // machine. The first `nSteps` entries count: the array is reused, not emptied, at every macrostep.
  const steps: Array<{ type: string }> = [];
  let nSteps = 0;
  /** The timers a move cancelled and set, the first `tx` and `tm` entries (moved): reused, not emptied. */
  const txs: StateName[] = [];
  const tms: Array<[StateName, number]> = [];
  /** A move's lists of one name or one timer, shared by every record that says the same. */
  const lists = new ListSharer();
  /** The active state nodes the leaves were last read from: the same nodes, the same leaves. */
  let lastNodes: readonly unknown[] = [];
  /**
   * XState's inspection hook: called for every event, action, microstep and snapshot of the actor,
   * each a new object. Kept small, so that V8 can inline it where XState calls it and leave out the
   * objects it reads nothing of (an action's, the most frequent); the work is in moved().
   */
  const inspect = (ie: InspectionEvent): void => {
    if (ie.actorRef !== root || root === null) return;
    const type = ie.type;
    if (type === '@xstate.microstep') steps[nSteps++] = ie.event;
    else if (type === '@xstate.snapshot') moved(root, ie.event, ie.snapshot as AnyMachineSnapshot);
    // A timer's event on its way in: XState deleted its entry before relaying it (system.ts schedule).
    else if (type === '@xstate.event' && own.entries.length > 0) own.fired(ie.event, held);
  };
  /**
   * The hook on the fast path (attach): microsteps only. The macrostep's end, and a timer's firing,
   * are read where the actor updates (attach), so the hook XState calls for every event, action,
   * microstep and snapshot does one comparison for all but microsteps.
   */
  const microsteps = (ie: InspectionEvent): void => {
    if (ie.type === '@xstate.microstep' && ie.actorRef === root) steps[nSteps++] = ie.event;
  };
  /** The snapshot moved() last read. */
  let lastSnap: unknown = null;
  /**
   * A macrostep that ends in the snapshot moved() last read (a message handled without a move or an
   * assign: XState keeps the snapshot object), with the timers as they were and caused by no pending
   * timer's event, records nothing: told here, moved() is not called. Most of a
   * Bully election's macrosteps are such (39,006 of 40,201 at n = 200). With the update read here,
   * `npm run bench -- --states` put a Bully run with states at 1.09x one without (median of 3 bench
   * runs, load 8-10), against 1.19x with the recorder's work in XState's hook.
   */
  const quiet = (snap: AnyMachineSnapshot, event: unknown): boolean => {
    if (snap !== lastSnap || !own.watching || own.version !== lastVersion) return false;
    for (let i = 0; i < own.entries.length; i++)
      if ((own.entries[i] as Scheduled).event === event) return false;
    // Raised events alone are never recorded (moved() writes `r` beside a move only).
    return true;
  };
  /** A macrostep of the actor, caused by `event`, ended in `snap`: records what moved, if anything. */
  const moved = (actor: AnyActorRef, event: { type: string }, snap: AnyMachineSnapshot): void => {
    lastSnap = snap;
    // Most snapshots record nothing: the cause's name and the node's time are read only when needed.
    let raised: Array<{ type: string }> | null = null;
    if (nSteps > 0) {
      for (let i = 0; i < nSteps; i++)
        if (steps[i] !== event) {
          raised = steps.slice(0, nSteps);
          break;
        }
      nSteps = 0;
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
      if (init || !nodes || !sameNodes(nodes, lastNodes)) nowLeaves = leavesOf(snap);
      lastNodes = nodes ?? [];
      lastValue = snap.value;
    }
    const nowTimers = timersOf(actor, env.now);
    // assign() makes a new context object: the same object means the same values.
    const dc = snap.context === lastContext && !init ? null : contextChanges(snap.context, ctx, init);
    lastContext = snap.context;

    let v: StateName[] | undefined;
    let x: StateName[] | undefined;
    if (nowLeaves !== leaves) {
      const m = moveOf(leaves, nowLeaves);
      // Once this actor has written a move's names they are numbers for good: the same arrays serve
      // every later record of that move (frozen, as every record holding them shares them).
      const named = movesNamed.get(m);
      if (named) {
        v = named.v;
        x = named.x;
      } else {
        const known = m.entered.every((p) => names.has(p)) && (!m.left || m.left.every((p) => names.has(p)));
        if (m.entered.length > 0) v = m.entered.map(ref);
        if (m.left) x = m.left.map(ref);
        if (known)
          movesNamed.set(m, {
            v: v && (Object.freeze(v) as StateName[]),
            x: x && (Object.freeze(x) as StateName[]),
          });
      }
    }
    // Counts into the recorder's scratch lists (txs, tms): the record copies them at their length.
    let tx = 0;
    let tm = 0;
    const cause = causeOf(event.type);
    if (nowTimers !== timers) {
      const t = env.now();
      const fired = cause.fired;
      for (const n of timers.names) {
        if (nowTimers.names.includes(n) || n === fired) continue;
        txs[tx++] = ref(n);
      }
      for (let i = 0; i < nowTimers.names.length; i++) {
        const n = nowTimers.names[i] as string;
        const due = nowTimers.dues[i] as number;
        const was = timers.names.indexOf(n);
        if (was >= 0 && timers.dues[was] === due) continue;
        // Live mode's clock is real and moves between the reads: a timer due by now is due in 0 ms
        // (the simulator's clock stands still within a step, so it never is past due here).
        const set = tms[tm] ?? [0, 0];
        set[0] = ref(n);
        set[1] = Math.max(0, due - t);
        tms[tm++] = set;
      }
    }
    leaves = nowLeaves;
    timers = nowTimers;
    if (!(init || v || x || tm || tx || dc || raised)) return;
    const on = cause.on;
    let r: string[] | undefined;
    if (raised)
      for (const ev of raised)
        if (ev !== event) {
          const n = eventName(ev.type);
          if (n === on || r?.includes(n)) continue;
          r ??= [];
          r.push(n);
        }
    if (!(init || v || x || tm || tx || dc)) return;
    // The record's own key order (events.ts): k, node, on, r, init, v, x, tx, tm, c.
    const e: Omit<StateEvent, 't'> = { k: 'state', node: env.id, on };
    // The lists as arrays of their own length: an array grown by push keeps room for 16 elements, and
    // the record is kept for the run (so grown, a 1 h lease run's state records held 5.8 MB, the rest
    // of its trace 4.4 MB; stateRecord.memory.test.ts).
    if (r) e.r = r.slice();
    if (init) e.init = true;
    if (v) e.v = v;
    if (x) e.x = x;
    const cancelled = txs[0];
    if (tx) e.tx = tx === 1 && typeof cancelled === 'number' ? lists.name(cancelled) : txs.slice(0, tx);
    if (tm) {
      // The scratch pairs are reused: a list that is not shared copies them.
      const [n, ms] = tms[0] as [StateName, number];
      e.tm =
        tm === 1 && typeof n === 'number' ? lists.timer(n, ms) : tms.slice(0, tm).map(([a, b]) => [a, b]);
    }
    if (dc) e.c = dc;
    env.record(e);
  };

  return {
    inspect,
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
      // XState calls the hook for every event, action, microstep and snapshot. While nobody else
      // inspects the system (machineProcess creates actors without `inspect`), the recorder is the
      // hook itself: the system's own send would return at once for want of observers. A later
      // `system.inspect` puts the system's send back behind the recorder.
      // A macrostep ends in the actor's `update(snapshot, event)` (actor.ts), which sends its
      // `@xstate.snapshot` last: read there, after XState's own update, the hook keeps microsteps
      // only and does one comparison for every other event, action and snapshot.
      const actorUpdate = (actor as unknown as { update?: Update }).update;
      const hook = typeof actorUpdate === 'function' ? microsteps : inspect;
      // Microsteps tell the events a machine raised itself (`r`): a machine that cannot raise any
      // (raises.ts) needs no hook at all, and XState's own send returns at once.
      const logic = (actor as unknown as { logic?: AnyStateMachine }).logic;
      const needed = hook === inspect || logic === undefined || mayRaise(logic);
      if (typeof actorUpdate === 'function')
        (actor as unknown as { update: Update }).update = function (this: unknown, snap, event) {
          actorUpdate.call(this, snap, event);
          if (quiet(snap, event)) {
            nSteps = 0;
            return;
          }
          // A timer's event: XState deleted its entry before relaying it (system.ts schedule).
          if (own.entries.length > 0) own.fired(event, held);
          moved(actor, event, snap);
        };
      if (needed) {
        sys._sendInspectionEvent = hook;
        const subscribe = actor.system.inspect.bind(actor.system);
        actor.system.inspect = (observer) => {
          sys._sendInspectionEvent = (ie) => {
            hook(ie);
            send(ie);
          };
          return subscribe(observer);
        };
      }
      // Every timer the actor's actions set or cancel goes through `system.scheduler` (XState's
      // delayed transitions, raise and sendTo with a delay): followed there, so the recorder never
      // enumerates the scheduler's whole record.
      const sc = actor.system.scheduler as unknown as {
        schedule: (
          source: AnyActorRef,
          target: AnyActorRef,
          event: unknown,
          delay: number,
          id?: string,
        ) => void;
        cancel: (source: AnyActorRef, id: string) => void;
      };
      const all = () =>
        (actor.system as unknown as { _snapshot: { _scheduledEvents: Record<string, Scheduled> } })._snapshot
          ._scheduledEvents;
      const { schedule, cancel } = sc;
      // The scheduler's key (system.ts createScheduledEventId), built once per id: a new string per
      // schedule would be hashed again at every lookup.
      const keys = new Map<string, string>();
      const keyOf = (id: string): string => {
        let k = keys.get(id);
        if (k === undefined) {
          k = `${actor.sessionId}.${id}`;
          keys.set(id, k);
        }
        return k;
      };
      // A firing is seen when the timer's event reaches the actor (inspect, PendingTimers.fired).
      held = (key) => all()[key];
      if (typeof schedule === 'function' && typeof cancel === 'function') {
        own.watching = true;
        sc.schedule = (source, target, event, delay, id) => {
          if (source !== actor || !own.watching) return schedule(source, target, event, delay, id);
          // Without an id XState draws a random key the recorder cannot name: read the scheduler from now on.
          if (id === undefined) {
            own.watching = false;
            return schedule(source, target, event, delay, id);
          }
          const key = keyOf(id);
          // A timer that fired is seen when its event reaches the actor's update, after the actions
          // that set it again: its key is deleted, then set, as in XState's record (it goes last).
          if (own.entries.length > 0) own.stale(key, held);
          schedule(source, target, event, delay, id);
          own.set(key, all()[key]);
        };
        sc.cancel = (source, id) => {
          cancel(source, id);
          if (source === actor) own.drop(keyOf(id));
        };
      }
      return 'hook';
    },
  };
}
