import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { Descriptor, EventQueue } from './queue.ts';

/** XState's clock type (not exported by xstate itself). */
export type XClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/** What a node's clock needs from its host: drift, and a gate that defers work while paused. */
export interface ClockGate {
  /** The host's id, which names its timers in the queue's descriptors. */
  readonly id: string;
  /** Real (virtual-queue) ms for `localMs` of the node's own, possibly drifting, clock. */
  realDelay(localMs: number): number;
  /**
   * Runs or defers a due timer; `incarnation` drops timers of a crashed process. `what` and `alive`
   * describe it while it waits in a paused host's backlog (a cancelled timer stays there, dead).
   */
  fire(incarnation: number, fn: () => void, what: Descriptor, alive?: () => boolean): void;
  readonly incarnation: number;
}

/**
 * Runs fn after `localMs` of the node's own clock, on the simulation's one queue; returns a cancel
 * function. Timers fire late when the node is paused (GC), and never for a process that has crashed
 * since it set them. A timer cancelled while it waits in a paused node's backlog stays cancelled:
 * XState keys its timers by delay id, so a stale callback would clear the bookkeeping of the timer
 * that replaced it and leave that one uncancellable.
 */
export function afterOnClock(
  queue: EventQueue,
  gate: ClockGate,
  localMs: number,
  fn: () => void,
  /** What the timer is for (its descriptor's name), and what its callback carries that no state holds. */
  name: string,
  data?: unknown,
): () => void {
  const inc = gate.incarnation;
  let cancelled = false;
  const what: Descriptor = {
    k: 'timer',
    host: gate.id,
    inc,
    name,
    ms: localMs,
    ...(data !== undefined ? { data } : {}),
  };
  const queued = queue.after(gate.realDelay(localMs), what, () =>
    gate.fire(
      inc,
      () => {
        if (!cancelled) fn();
      },
      what,
      () => !cancelled,
    ),
  );
  return () => {
    cancelled = true;
    queue.cancel(queued);
  };
}

/** A way to run fn after `ms` of a node's clock, returning its cancel (afterOnClock, ProcessEnv.after). */
export type After = (ms: number, fn: () => void) => () => void;

/** The name of a machine's delayed event (XState's scheduler) in the queue's descriptors. */
export const XSTATE_TIMER = 'xstate';

/**
 * XState's Clock interface over an `after`: a timer's id is its cancel function. The one adapter for
 * the simulation's queue (queueClock) and live mode's real clock.
 */
export function clockFrom(after: After): XClock {
  return {
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => after(ms, () => fn()),
    clearTimeout: (id: unknown) => (id as () => void)(),
  } as XClock;
}

/**
 * An XState clock over the simulation's one queue, so delayed transitions and message deliveries
 * share a single (time, seq) order.
 */
export function queueClock(queue: EventQueue, gate: ClockGate): XClock {
  return clockFrom((ms, fn) => afterOnClock(queue, gate, ms, fn, XSTATE_TIMER));
}
