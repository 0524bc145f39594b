import type { AnyStateMachine } from 'xstate';

/**
 * Whether a machine can ever take a microstep on an event other than its macrostep's own: an event
 * it raises itself (`raise`, or `enqueue.raise` inside `enqueueActions`, whose raises cannot be seen
 * without running it) or a state's completion (`xstate.done.state.*`, raised when a final state is
 * entered). Only then can a state record have raised events (`r`, stateRecord.ts), so only then does
 * the recorder need XState's inspection hook, which XState calls for every event, action, microstep
 * and snapshot: without it a 1 h lease run's state recording cost 1.13-1.15x against 1.17-1.19x in
 * two paired runs, a gain that interleaved processes could not tell from their noise (issue #40).
 *
 * Read off the machine's state nodes (XState v5 StateNode: `entry`, `exit`, `transitions`,
 * `always`, `after`, `states`, `type`) and the implementations its actions name. An action XState
 * does not know (a shape this code has not met) counts as one that may raise.
 */
const known = new WeakMap<AnyStateMachine, boolean>();

export function mayRaise(machine: AnyStateMachine): boolean {
  let r = known.get(machine);
  if (r === undefined) {
    const impl = machine.implementations as Partial<Impls> | undefined;
    r = nodeMayRaise(machine.root as unknown as StateNodeLike, {
      actions: impl?.actions ?? {},
      delays: impl?.delays ?? {},
    });
    known.set(machine, r);
  }
  return r;
}

/** The parts of XState's StateNode read here. */
interface StateNodeLike {
  type: string;
  entry?: readonly unknown[];
  exit?: readonly unknown[];
  transitions?: Map<string, ReadonlyArray<{ actions?: readonly unknown[] }>>;
  always?: ReadonlyArray<{ actions?: readonly unknown[] }>;
  after?: ReadonlyArray<{ actions?: readonly unknown[] }>;
  states?: Record<string, StateNodeLike>;
}

/** What the walk reads of the machine's implementations. */
interface Impls {
  actions: Record<string, unknown>;
  delays: Record<string, unknown>;
}

/**
 * XState's `raise(event, { delay })` (raise.ts): with no delay the event goes on the internal queue,
 * a microstep of this macrostep; with one, to the scheduler, a macrostep of its own later (every
 * `after` transition is such a raise in its state's entry). A delay named in the machine's `delays`
 * is a delay; a name it lacks resolves to none, so XState raises at once.
 */
function raisesNow(a: { delay?: unknown }, impls: Impls): boolean {
  const d = a.delay;
  if (d === undefined) return true;
  return typeof d === 'string' && impls.delays[d] === undefined;
}

function actionMayRaise(a: unknown, impls: Impls): boolean {
  if (typeof a === 'function') {
    const type = (a as { type?: unknown }).type;
    // A built-in action creator's result carries its type; a plain function is a custom action,
    // which has no way to raise. enqueueActions' body may raise: it is not run here.
    if (type === 'xstate.raise') return raisesNow(a as { delay?: unknown }, impls);
    return type === 'xstate.enqueueActions';
  }
  const name = typeof a === 'string' ? a : (a as { type?: unknown } | null)?.type;
  if (typeof name !== 'string') return true;
  const impl = impls.actions[name];
  // A named action with no implementation does nothing (XState warns); a named one is its implementation.
  return impl === undefined ? false : actionMayRaise(impl, impls);
}

function nodeMayRaise(node: StateNodeLike, impls: Impls): boolean {
  if (node.type === 'final') return true;
  const lists: Array<readonly unknown[] | undefined> = [node.entry, node.exit];
  for (const ts of node.transitions?.values() ?? []) for (const t of ts) lists.push(t.actions);
  for (const t of node.always ?? []) lists.push(t.actions);
  for (const t of node.after ?? []) lists.push(t.actions);
  for (const list of lists) for (const a of list ?? []) if (actionMayRaise(a, impls)) return true;
  for (const child of Object.values(node.states ?? {})) if (nodeMayRaise(child, impls)) return true;
  return false;
}
