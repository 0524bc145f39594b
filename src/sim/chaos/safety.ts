/**
 * The chaos suite's safety properties: the violations simulate()'s own checkers (src/sim/check, and an
 * algorithm's `checkers` in its folder) raised over the whole run, faults included, restricted to the
 * kinds the algorithm's chaos hooks name. One property, one checker, one name: a property's id is the
 * violation kind the trace names it with. An independent oracle for each lives with the tests
 * (src/sim/check/oracle.test.ts) and is compared with them on chaos schedules.
 */

import type { ChaosHooks } from '../algorithms/algorithm.ts';
import type { ViolationKind } from '../trace/events.ts';
import type { Trace } from '../trace/trace.ts';
import { type ChaosAlgorithm, hooksOf } from './schedule.ts';

/** A safety property's id (a violation kind) or a liveness property's. */
export type PropertyId = ViolationKind | ChaosHooks['liveness'];

export interface Failure {
  property: PropertyId;
  atMs: number;
  detail: string;
}

/** Every violation of these kinds in the trace, as its checker raised it, in the order raised. */
export function violationsOf(trace: Pick<Trace, 'events'>, kinds: Iterable<ViolationKind>): Failure[] {
  const ids = new Set(kinds);
  return trace.events.flatMap((e) =>
    e.k === 'violation' && ids.has(e.violation.kind)
      ? [{ property: e.violation.kind, atMs: e.t, detail: e.violation.detail }]
      : [],
  );
}

/** Every violation of the algorithm's safety properties in the trace. */
export function checkSafety(alg: ChaosAlgorithm, trace: Trace): Failure[] {
  return violationsOf(trace, hooksOf(alg).safety);
}
