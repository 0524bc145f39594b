import { describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  type AnyStateMachine,
  assign,
  createActor,
  raise,
  SimulatedClock,
  setup,
} from 'xstate';
import { scenarioById } from '../../../scenarios/index.ts';
import type { Recorded } from '../net/host.ts';
import { simulate } from '../simulate.ts';
import type { StateEvent } from '../trace/events.ts';
import { emptyNodeState, foldState, type NodeState } from '../trace/stateFold.ts';
import { PendingTimers } from './pendingTimers.ts';
import { leafPaths, leavesOf } from './stateLeaves.ts';
import { eventName, stateRecorder } from './stateRecord.ts';

/** Two parallel regions, nesting, a re-armed timer and a cancelled one: what the lease machine does. */
const machine = setup({
  types: { context: {} as { term: number; leader: string | null } },
  delays: { tick: 100, timeout: 250 },
}).createMachine({
  id: 'm',
  context: { term: 0, leader: null },
  initial: 'idle',
  states: {
    idle: { on: { GO: 'session' } },
    session: {
      type: 'parallel',
      on: { STOP: '#m.idle' },
      states: {
        beat: {
          initial: 'ticking',
          states: { ticking: { after: { tick: { target: 'ticking', reenter: true } } } },
        },
        role: {
          initial: 'waiting',
          states: {
            waiting: { after: { timeout: 'leading' }, on: { SEEN: { target: 'waiting', reenter: true } } },
            leading: {
              entry: ({ context }) => void context,
              on: { LEAD: { actions: () => {} } },
              initial: 'a',
              states: { a: { on: { NEXT: 'b' } }, b: {} },
            },
          },
          on: { TERM: { actions: [({ context }) => void context], target: '.waiting' } },
        },
      },
    },
  },
});

function hosted() {
  const clock = new SimulatedClock();
  const events: StateEvent[] = [];
  const env = {
    id: 'n1',
    now: () => clock.now(),
    record: (e: Recorded) => events.push({ ...(e as Omit<StateEvent, 't'>), t: clock.now() }),
  };
  const rec = stateRecorder(env);
  const actor = createActor(machine, { clock });
  rec.attach(actor as AnyActorRef);
  actor.start();
  let folded: NodeState = emptyNodeState();
  let read = 0;
  const state = () => {
    for (; read < events.length; read++) folded = foldState(folded, events[read] as StateEvent);
    return folded;
  };
  return { clock, actor, events, state };
}

describe('stateRecord: the trace tells the statechart', () => {
  it('folds back to the actor own configuration, timers and context at every step', () => {
    const h = hosted();
    const truth = () => leafPaths(h.actor.getSnapshot().value).sort();
    const steps: Array<() => void> = [
      () => h.actor.send({ type: 'GO' } as never),
      () => h.clock.increment(100),
      () => h.actor.send({ type: 'SEEN' } as never),
      () => h.clock.increment(250),
      () => h.actor.send({ type: 'NEXT' } as never),
      () => h.actor.send({ type: 'TERM' } as never),
      () => h.actor.send({ type: 'STOP' } as never),
    ];
    for (const step of steps) {
      step();
      expect(h.state().leaves).toEqual(truth());
    }
    // After TERM: waiting again, with a fresh timeout due 250 ms later; STOP cancels both timers.
    expect(h.state().timers.size).toBe(0);
  });

  it('names the due times: a re-armed timer moves, the one that fired is gone', () => {
    const h = hosted();
    h.actor.send({ type: 'GO' } as never);
    expect([...h.state().timers]).toEqual([
      ['tick', 100],
      ['timeout', 250],
    ]);
    h.clock.increment(100);
    expect(h.state().timers.get('tick')).toBe(200);
    const last = h.events.at(-1);
    expect(last?.on).toBe('after:tick');
  });

  it('writes deltas only: a name once, then its number; nothing unchanged', () => {
    const h = hosted();
    h.actor.send({ type: 'GO' } as never);
    h.clock.increment(100);
    h.clock.increment(100);
    h.actor.send({ type: 'LEAD' } as never); // an action-only transition changes nothing recorded
    const ticks = h.events.filter((e) => e.on === 'after:tick');
    expect(ticks.length).toBe(2);
    for (const e of ticks) expect(Object.keys(e).sort()).toEqual(['k', 'node', 'on', 't', 'tm']);
    expect(typeof ticks[1]?.tm?.[0]?.[0]).toBe('number');
    expect(h.events.some((e) => e.on === 'LEAD')).toBe(false);
    expect(h.events[0]).toMatchObject({ init: true, v: ['idle'], c: { term: 0, leader: null } });
  });

  it('reads a delay name out of XState event types', () => {
    expect(eventName('xstate.after.renewDelay.lease.session.keepalive.ticking')).toBe('after:renewDelay');
    expect(eventName('TXN_RESULT')).toBe('TXN_RESULT');
  });

  it('every node of a simulated run starts its record, and its leaves never repeat an active one', () => {
    const story = scenarioById('fencing-token');
    if (!story) throw new Error('fencing-token missing');
    const trace = simulate(story);
    const byNode = new Map<string, NodeState>();
    let count = 0;
    for (const e of trace.events) {
      if (e.k !== 'state') continue;
      count++;
      const prev = byNode.get(e.node);
      if (!prev) expect(e.init).toBe(true);
      const next = foldState(prev ?? emptyNodeState(), e);
      if (!e.init)
        for (const p of next.leaves.filter((l) => prev?.leaves.includes(l)))
          expect(e.v ?? []).not.toContain(p);
      expect(next.leaves.length).toBeGreaterThan(0);
      byNode.set(e.node, next);
    }
    expect(count).toBeGreaterThan(20);
    expect([...byNode.keys()].sort()).toEqual(
      trace.hosts
        .filter((h) => h.kind === 'node')
        .map((h) => h.id)
        .sort(),
    );
  });
});

describe('stateRecord: due times are whole milliseconds', () => {
  it('a fractional delay (a renew period of TTL / 3) is rounded up, as the clock fires it', () => {
    const clock = new SimulatedClock();
    const events: StateEvent[] = [];
    const env = {
      id: 'n1',
      now: () => clock.now(),
      record: (e: Recorded) => events.push({ ...(e as Omit<StateEvent, 't'>), t: clock.now() }),
    };
    const m = setup({ delays: { third: 2000 / 3 } }).createMachine({
      initial: 'a',
      states: { a: { after: { third: 'b' } }, b: {} },
    });
    const rec = stateRecorder(env);
    const actor = createActor(m, { clock });
    rec.attach(actor as AnyActorRef);
    actor.start();
    expect(events[0]?.tm).toEqual([['third', 667]]);
  });
});

describe('stateRecord: how it watches the actor', () => {
  const env = () => {
    const clock = new SimulatedClock();
    const events: StateEvent[] = [];
    return {
      clock,
      events,
      env: {
        id: 'n1',
        now: () => clock.now(),
        record: (e: Recorded) => events.push({ ...(e as Omit<StateEvent, 't'>), t: clock.now() }),
      },
    };
  };

  it("takes XState's inspection events from the system's hook, not through a copying observer", () => {
    // The fast path: if an XState upgrade drops the hook, the recorder still works (below) but a run
    // with states is slower again (npm run bench prints the overhead); this says it happened.
    const h = env();
    const rec = stateRecorder(h.env);
    const actor = createActor(machine, { clock: h.clock });
    expect(rec.attach(actor as AnyActorRef)).toBe('hook');
    actor.start();
    actor.send({ type: 'GO' } as never);
    expect(h.events.map((e) => e.on)).toEqual(['xstate.init', 'GO']);
  });

  it('is the hook itself, and hands the events on once someone else inspects the system', () => {
    const a = env();
    const b = env();
    const ra = stateRecorder(a.env);
    const actorA = createActor(machine, { clock: a.clock });
    ra.attach(actorA as AnyActorRef);
    const rb = stateRecorder(b.env);
    const actorB = createActor(machine, { clock: b.clock });
    rb.attach(actorB as AnyActorRef);
    const seen: string[] = [];
    actorB.system.inspect((ie) => {
      if (ie.type === '@xstate.event') seen.push(ie.event.type);
    });
    for (const [actor, clock] of [
      [actorA, a.clock],
      [actorB, b.clock],
    ] as const) {
      actor.start();
      actor.send({ type: 'GO' } as never);
      clock.increment(250);
    }
    expect(seen).toEqual([
      'xstate.init',
      'GO',
      'xstate.after.tick.m.session.beat.ticking',
      'xstate.after.timeout.m.session.role.waiting',
    ]);
    expect(b.events.length).toBeGreaterThan(3);
    expect(b.events).toEqual(a.events);
  });

  it('falls back to the public inspect, with the same record, on an XState without the hook', () => {
    const a = env();
    const b = env();
    const ra = stateRecorder(a.env);
    const actorA = createActor(machine, { clock: a.clock });
    ra.attach(actorA as AnyActorRef);
    const rb = stateRecorder(b.env);
    const actorB = createActor(machine, { clock: b.clock });
    const sys = actorB.system as unknown as { _sendInspectionEvent?: unknown };
    const own = sys._sendInspectionEvent;
    sys._sendInspectionEvent = undefined;
    expect(rb.attach(actorB as AnyActorRef)).toBe('inspect');
    // XState itself still needs its hook to reach the observer the recorder registered.
    sys._sendInspectionEvent = own;
    for (const actor of [actorA, actorB]) {
      actor.start();
      actor.send({ type: 'GO' } as never);
      actor.send({ type: 'SEEN' } as never);
    }
    a.clock.increment(250);
    b.clock.increment(250);
    expect(b.events.length).toBeGreaterThan(3);
    expect(b.events).toEqual(a.events);
  });

  it("follows the timers through the scheduler: never enumerates XState's scheduled events", () => {
    // The record is the same as through the public inspect (which reads the scheduler), and the
    // scheduler's record, a dictionary once keys are deleted from it, is looked up by key only.
    const a = env();
    const b = env();
    const ra = stateRecorder(a.env);
    const actorA = createActor(machine, { clock: a.clock });
    expect(ra.attach(actorA as AnyActorRef)).toBe('hook');
    const rb = stateRecorder(b.env);
    const actorB = createActor(machine, { clock: b.clock });
    attachThroughInspect(rb, actorB);
    actorA.start();
    actorB.start();
    const sysA = actorA.system as unknown as { _snapshot: { _scheduledEvents: object } };
    let enumerated = 0;
    sysA._snapshot._scheduledEvents = new Proxy(sysA._snapshot._scheduledEvents, {
      ownKeys: (o) => {
        enumerated++;
        return Reflect.ownKeys(o);
      },
    });
    for (const [actor, clock] of [
      [actorA, a.clock],
      [actorB, b.clock],
    ] as const) {
      actor.send({ type: 'GO' } as never);
      clock.increment(100);
      actor.send({ type: 'SEEN' } as never);
      clock.increment(100);
      clock.increment(250);
      actor.send({ type: 'TERM' } as never);
      clock.increment(100);
      actor.send({ type: 'STOP' } as never);
      actor.send({ type: 'GO' } as never);
    }
    expect(a.events.filter((e) => e.tm || e.tx).length).toBeGreaterThan(5);
    expect(a.events).toEqual(b.events);
    expect(enumerated).toBe(0);
  });
});

/**
 * Attaches `rec` through XState's public inspect (which reads the scheduler), as on an XState without
 * the internal hook: the hook and the scheduler are hidden while it attaches.
 */
function attachThroughInspect(rec: ReturnType<typeof stateRecorder>, actor: AnyActorRef | object) {
  const sys = (actor as AnyActorRef).system as unknown as {
    _sendInspectionEvent?: unknown;
    scheduler: unknown;
  };
  const hook = sys._sendInspectionEvent;
  const scheduler = sys.scheduler;
  sys._sendInspectionEvent = undefined;
  sys.scheduler = {};
  expect(rec.attach(actor as AnyActorRef)).toBe('inspect');
  sys._sendInspectionEvent = hook;
  sys.scheduler = scheduler;
}

/** A recorder of node n1 on a simulated clock, and the state events it records, stamped with that clock. */
function recording() {
  const clock = new SimulatedClock();
  const events: StateEvent[] = [];
  const rec = stateRecorder({
    id: 'n1',
    now: () => clock.now(),
    record: (e: Recorded) => events.push({ ...(e as Omit<StateEvent, 't'>), t: clock.now() }),
  });
  return { clock, events, rec };
}

describe('stateRecord: a timer that fires without leaving its state', () => {
  it('is gone from the record, as XState drops it: a delayed raise', () => {
    // No exit cancels these (XState deletes the entry as it relays the event): the recorder sees the
    // firing when the timer's own event reaches the actor.
    const m = setup({ delays: { poll: 100 } }).createMachine({
      initial: 'on',
      states: {
        on: {
          entry: raise({ type: 'PING' }, { delay: 50, id: 'ping' }),
          after: { poll: { actions: () => {} } },
          on: {
            PING: { actions: () => {} },
            AGAIN: { actions: raise({ type: 'PING' }, { delay: 50, id: 'ping' }) },
          },
        },
      },
    });
    const { clock, events, rec } = recording();
    const actor = createActor(m, { clock });
    expect(rec.attach(actor as AnyActorRef)).toBe('hook');
    actor.start();
    let folded = emptyNodeState();
    const timers = () => {
      for (const e of events.splice(0)) folded = foldState(folded, e);
      return [...folded.timers.keys()];
    };
    expect(timers()).toEqual(['PING', 'poll']);
    clock.increment(50);
    expect(timers()).toEqual(['poll']);
    // A second raise is a new timer, not the first one still pending (no `PING#2`).
    actor.send({ type: 'AGAIN' } as never);
    expect(timers()).toEqual(['poll', 'PING']);
  });
});

describe('stateRecord: PendingTimers', () => {
  const s = (n: string) => ({ event: { type: n }, delay: 1, source: null as unknown as AnyActorRef });
  it("keeps the order of a for-in over the scheduler's record: set again keeps its place, deleted and set goes last", () => {
    const all: Record<string, ReturnType<typeof s>> = {};
    const p = new PendingTimers();
    // As XState's scheduler does: schedule writes the key, cancel and a firing timer delete it.
    const schedule = (k: string) => {
      all[k] = s(k);
      p.set(k, all[k]);
    };
    const remove = (k: string) => {
      delete all[k];
      p.drop(k);
    };
    const same = () => {
      expect(p.list()).toEqual(Object.values(all));
      expect(p.list().every((e, i) => e === Object.values(all)[i])).toBe(true);
    };
    schedule('a');
    schedule('b');
    schedule('c');
    same();
    schedule('a'); // set again while pending: keeps its place
    same();
    remove('a'); // fired
    same();
    schedule('a');
    same();
    remove('b'); // fired, and set again: last
    schedule('b');
    same();
    const v = p.version;
    p.drop('zz'); // not pending: nothing moves
    expect(p.version).toBe(v);
    remove('c');
    expect(p.version).toBe(v + 1);
    same();
  });
});

describe('stateRecord: configurations met again', () => {
  it('gives the same leaves array for the same active states, and the right leaves for each', () => {
    const actor = createActor(machine, { clock: new SimulatedClock() });
    actor.start();
    const idle = actor.getSnapshot();
    actor.send({ type: 'GO' } as never);
    const session = actor.getSnapshot();
    actor.send({ type: 'STOP' } as never);
    const idleAgain = actor.getSnapshot();
    actor.send({ type: 'GO' } as never);
    const sessionAgain = actor.getSnapshot();
    expect(idleAgain).not.toBe(idle);
    expect(leavesOf(idle)).toEqual(['idle']);
    expect(leavesOf(session)).toEqual(['session.beat.ticking', 'session.role.waiting']);
    expect(leavesOf(idleAgain)).toBe(leavesOf(idle));
    expect(leavesOf(sessionAgain)).toBe(leavesOf(session));
  });
});

describe('stateRecord: on a real clock', () => {
  it('a timer due while the step is recorded is due in 0 ms, never before now (live mode)', () => {
    // Live mode's clock moves between two reads in one step (src/live/run.ts: real ms since start).
    let ms = 0;
    const events: StateEvent[] = [];
    const env = {
      id: 'n1',
      now: () => ms++,
      record: (e: Recorded) => events.push({ ...(e as Omit<StateEvent, 't'>), t: ms }),
    };
    const m = setup({ delays: { soon: 0 } }).createMachine({
      initial: 'a',
      states: { a: { after: { soon: 'b' } }, b: {} },
    });
    const rec = stateRecorder(env);
    const actor = createActor(m, { clock: new SimulatedClock() });
    rec.attach(actor as AnyActorRef);
    actor.start();
    const dues = events.flatMap((e) => (e.tm ?? []).map(([, due]) => due));
    expect(dues).toEqual([0]);
  });
});

describe('stateRecord: macrosteps read at the actor update', () => {
  const hostedBoth = (m: AnyStateMachine) => {
    const make = (fast: boolean) => {
      const { clock, events, rec } = recording();
      const actor = createActor(m, { clock });
      if (!fast) {
        // The public inspect, reading XState's scheduler: the record the fast path must equal.
        attachThroughInspect(rec, actor);
      } else expect(rec.attach(actor as AnyActorRef)).toBe('hook');
      return { clock, events, actor };
    };
    return { fast: make(true), slow: make(false) };
  };

  it('a timer that fired and is set again in the same macrostep goes last, as in XState', () => {
    // Two pending timers of one name are PING and PING#2 in the scheduler's order; p1 fires and its
    // handler raises it again under the same id: XState deleted p1's key, so the new p1 comes after p2.
    const m = setup({}).createMachine({
      initial: 'on',
      states: {
        on: {
          entry: [
            raise({ type: 'PING' }, { delay: 50, id: 'p1' }),
            raise({ type: 'PING' }, { delay: 80, id: 'p2' }),
          ],
          on: { PING: { actions: raise({ type: 'PING' }, { delay: 100, id: 'p1' }) } },
        },
      },
    });
    const { fast, slow } = hostedBoth(m);
    const due = (events: StateEvent[]) => {
      let folded = emptyNodeState();
      for (const e of events) folded = foldState(folded, e);
      return [...folded.timers.entries()];
    };
    for (const h of [fast, slow]) {
      h.actor.start();
      expect(due(h.events)).toEqual([
        ['PING', 50],
        ['PING#2', 80],
      ]);
      h.clock.increment(50);
      // p2 is now the first PING, due at 80; p1 is PING#2, due at 150.
      expect(due(h.events)).toEqual([
        ['PING', 80],
        ['PING#2', 150],
      ]);
    }
    expect(fast.events).toEqual(slow.events);
  });

  it('records nothing for a macrostep that moves nothing, and all else as the public inspect does', () => {
    // HELLO is handled without a move or an assign (XState keeps the snapshot); KICK raises BUMP,
    // whose assign moves the term; `poll` re-arms; the delayed PONG fires in a state that keeps the
    // snapshot, and is raised again by AGAIN.
    const m = setup({ delays: { poll: 100 } }).createMachine({
      initial: 'on',
      context: { term: 0 },
      states: {
        on: {
          entry: raise({ type: 'PONG' }, { delay: 30, id: 'pong' }),
          after: { poll: { target: 'on', reenter: true } },
          on: {
            HELLO: { actions: () => {} },
            PONG: { actions: () => {} },
            KICK: { actions: raise({ type: 'BUMP' }) },
            BUMP: { actions: assign({ term: ({ context }) => context.term + 1 }) },
            AGAIN: { actions: raise({ type: 'PONG' }, { delay: 10, id: 'pong' }) },
          },
        },
      },
    });
    const { fast, slow } = hostedBoth(m);
    for (const h of [fast, slow]) {
      h.actor.start();
      h.actor.send({ type: 'HELLO' } as never);
      h.actor.send({ type: 'KICK' } as never);
      h.clock.increment(30);
      h.actor.send({ type: 'HELLO' } as never);
      h.actor.send({ type: 'AGAIN' } as never);
      h.clock.increment(70);
      h.actor.send({ type: 'HELLO' } as never);
    }
    const on = slow.events.map((e) => e.on);
    expect(on).not.toContain('HELLO');
    expect(on).toEqual(['xstate.init', 'KICK', 'PONG', 'AGAIN', 'PONG', 'after:poll']);
    expect(slow.events[1]?.r).toEqual(['BUMP']);
    expect(fast.events).toEqual(slow.events);
  });

  it("XState's hook does nothing for a snapshot: the actor's update records it", () => {
    const m = setup({}).createMachine({ initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } });
    const events: StateEvent[] = [];
    const rec = stateRecorder({
      id: 'n1',
      now: () => 0,
      record: (e: Recorded) => events.push({ ...(e as Omit<StateEvent, 't'>), t: 0 }),
    });
    const actor = createActor(m);
    expect(rec.attach(actor as AnyActorRef)).toBe('hook');
    actor.start();
    expect(events.map((e) => e.on)).toEqual(['xstate.init']);
    const sys = actor.system as unknown as { _sendInspectionEvent: (ie: unknown) => void };
    // The hook XState calls for every event, action, microstep and snapshot ignores a snapshot, even
    // one that moved (another actor's, in `b`).
    const other = createActor(m).start();
    other.send({ type: 'GO' });
    sys._sendInspectionEvent({
      type: '@xstate.snapshot',
      actorRef: actor,
      event: { type: 'GO' },
      snapshot: other.getSnapshot(),
    });
    expect(events.length).toBe(1);
    actor.send({ type: 'GO' });
    expect(events.map((e) => e.on)).toEqual(['xstate.init', 'GO']);
  });
});
