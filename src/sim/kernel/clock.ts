import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { EventQueue } from './queue.ts';

/** XState's clock type (not exported by xstate itself). */
export type XClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/** What a node's clock needs from its host: drift, and a gate that defers work while paused. */
export interface ClockGate {
  /** Real (virtual-queue) ms for `localMs` of the node's own, possibly drifting, clock. */
  realDelay(localMs: number): number;
  /** Runs or defers a due timer; `incarnation` drops timers of a crashed process. */
  fire(incarnation: number, fn: () => void): void;
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
): () => void {
  const inc = gate.incarnation;
  let cancelled = false;
  const queued = queue.after(gate.realDelay(localMs), () =>
    gate.fire(inc, () => {
      if (!cancelled) fn();
    }),
  );
  return () => {
    cancelled = true;
    queue.cancel(queued);
  };
}

/** A way to run fn after `ms` of a node's clock, returning its cancel (afterOnClock, ProcessEnv.after). */
export type After = (ms: number, fn: () => void) => () => void;

/**
 * XState's Clock interface over an `after`: a timer's id is its cancel function. The one adapter for
 * the simulation's queue (queueClock), live mode's real clock and the state recorder's counted clock.
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
  return clockFrom((ms, fn) => afterOnClock(queue, gate, ms, fn));
}
