import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { EventQueue, TimerId } from './queue.ts';

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

interface Timer {
  queued: TimerId;
  cancelled: boolean;
}

/**
 * An XState clock over the simulation's one queue, so delayed transitions and message deliveries
 * share a single (time, seq) order. Timers fire late when the node is paused (GC), and never for a
 * process that has crashed since it set them. A timer cancelled while it waits in a paused node's
 * backlog stays cancelled: XState keys its timers by delay id, so a stale callback would clear the
 * bookkeeping of the timer that replaced it and leave that one uncancellable.
 */
export function queueClock(queue: EventQueue, gate: ClockGate): XClock {
  return {
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
      const inc = gate.incarnation;
      const timer: Timer = { queued: -1, cancelled: false };
      timer.queued = queue.after(gate.realDelay(ms), () =>
        gate.fire(inc, () => {
          if (!timer.cancelled) fn();
        }),
      );
      return timer;
    },
    clearTimeout: (id: unknown) => {
      const timer = id as Timer;
      timer.cancelled = true;
      queue.cancel(timer.queued);
    },
  } as XClock;
}
