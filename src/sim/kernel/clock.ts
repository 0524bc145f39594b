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
 * An XState clock over the simulation's one queue, so delayed transitions and message deliveries
 * share a single (time, seq) order. Timers fire late when the node is paused (GC), and never for a
 * process that has crashed since it set them.
 */
export function queueClock(queue: EventQueue, gate: ClockGate): XClock {
  return {
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
      const inc = gate.incarnation;
      return queue.after(gate.realDelay(ms), () => gate.fire(inc, fn));
    },
    clearTimeout: (id: unknown) => queue.cancel(id as number),
  } as XClock;
}
