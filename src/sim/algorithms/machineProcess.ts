import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type InputFrom,
} from 'xstate';
import type { Fault } from '../faults/table.ts';
import { canonical, Written } from '../kernel/canonical.ts';
import type { Process, ProcessEnv, ProcessFactory } from '../net/host.ts';
import { ROLES, type Role } from '../trace/events.ts';
import { stateRecorder } from './stateRecord.ts';

/**
 * Hosts an XState machine as a simulated process: timers run on the sim clock, a delivered message
 * becomes the event `{ type, from, ...body }`, and the role is read from state tags ('leader',
 * 'candidate'; anything else is a follower) and `context.token` / `context.term`. Each move of a
 * node's statechart is recorded as a `state` event (stateRecord.ts) for the inspector; helpers that
 * report no role (HAProxy, the Postgres client) record none, as the inspector draws nodes only.
 */
export function machineProcess<M extends AnyStateMachine>(
  machine: M,
  input: (env: ProcessEnv) => InputFrom<M>,
  opts: {
    reportsRole?: boolean;
    recordsState?: boolean;
    /**
     * The machine event a fault the process hears of becomes (Process.onFault: a fault on its host
     * that is not a change of life, or one to the whole cluster), or null: none.
     */
    faultEvent?: (f: Fault) => { type: string; [field: string]: unknown } | null;
  } = {},
): ProcessFactory {
  const reportsRole = opts.reportsRole ?? true;
  const recordsState = opts.recordsState ?? reportsRole;
  return (env: ProcessEnv): Process => {
    const written = new WeakMap<object, Written>();
    const rec = recordsState && env.recordsStates !== false ? stateRecorder(env) : null;
    // The recorder follows timers through XState's scheduler (stateRecord.ts attach): the node's own clock either way.
    const actor = createActor(machine, { clock: env.clock, input: input(env) });
    rec?.attach(actor);
    let last = '';
    if (reportsRole) {
      actor.subscribe((s) => {
        const snap = s as AnyMachineSnapshot;
        // A state tagged with a role other than follower (leader first); untagged is a follower.
        const role: Role = ROLES.find((r) => r !== 'follower' && snap.hasTag(r)) ?? 'follower';
        const ctx = (snap.context ?? {}) as { token?: unknown; term?: unknown };
        const token = role === 'leader' && typeof ctx.token === 'number' ? ctx.token : undefined;
        const term = typeof ctx.term === 'number' ? ctx.term : undefined;
        const key = `${role}|${token}|${term}`;
        if (key === last) return;
        last = key;
        env.reportRole(role, {
          ...(token !== undefined ? { token } : {}),
          ...(term !== undefined ? { term } : {}),
        });
      });
    }
    actor.start();
    return {
      // Messages are the machine's events; unknown types are ignored by XState like any unhandled event.
      receive: (msg) => actor.send({ ...msg.body, type: msg.type, from: msg.from } as never),
      stop: () => actor.stop(),
      // The chart's state and context, the events it has scheduled (the queue holds only when each
      // is due), and the role it last reported (a move that keeps it reports nothing).
      state: () => {
        const snap = actor.getSnapshot() as AnyMachineSnapshot;
        // A snapshot is immutable: its text is written once (the explorer asks at every boundary).
        let chart = written.get(snap);
        if (!chart) {
          chart = new Written(canonical({ status: snap.status, value: snap.value, context: snap.context }));
          written.set(snap, chart);
        }
        return { chart, timers: scheduled(actor), last };
      },
      ...(opts.faultEvent
        ? {
            onFault: (f: Fault) => {
              const ev = opts.faultEvent?.(f);
              if (ev) actor.send(ev as never);
            },
          }
        : {}),
    };
  };
}

/**
 * The delayed events XState's scheduler holds for the actor (the system's `_scheduledEvents`, which
 * XState persists in a snapshot), each as its event and delay: what a pending `xstate` timer in the
 * queue will deliver. Their ids and start times are left out (a delayed raise's id is random, and its
 * start is read off XState's own wall clock, not the simulation's).
 */
export function scheduled(actor: AnyActorRef): unknown[] {
  const sys = actor.system as unknown as {
    _snapshot?: { _scheduledEvents?: Record<string, { source: unknown; event: unknown; delay: number }> };
  };
  return Object.values(sys._snapshot?._scheduledEvents ?? {})
    .filter((e) => e.source === actor)
    .map((e) => canonical({ event: e.event, delay: e.delay }))
    .sort();
}
