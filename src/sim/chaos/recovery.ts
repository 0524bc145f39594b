/**
 * How a liveness property is judged once the faults stop at F: replay who believes they lead, find
 * when the wanted state began to hold without a break, and compare with F + bound. Shared by the
 * chaos suite's own properties (liveness.ts) and those an algorithm keeps in its folder.
 */
import { hostOf, stopsHost } from '../faults/table.ts';
import type { TraceEvent } from '../trace/events.ts';
import type { Failure, PropertyId } from './safety.ts';
import type { ChaosSchedule } from './schedule.ts';

export interface LivenessResult {
  property: PropertyId;
  /** ms after F from which the desired state held without a break until F + bound (null: not at F + bound). */
  recoveredAfterMs: number | null;
  boundMs: number;
  failure: Failure | null;
}

/**
 * Who believes they lead, replayed event by event; `visit` sees the state after every event. A crash ends a belief; a pause does not (see LeaderBeliefs in src/sim/check).
 */
export function replayBeliefs(
  events: readonly TraceEvent[],
  until: number,
  visit: (e: TraceEvent, leaders: Set<string>) => void,
) {
  const leaders = new Set<string>();
  for (const e of events) {
    if (e.t > until) break;
    if (e.k === 'role') {
      if (e.role === 'leader') leaders.add(e.node);
      else leaders.delete(e.node);
    } else if (e.k === 'fault' && stopsHost(e.fault)) leaders.delete(hostOf(e.fault) ?? '');
    visit(e, leaders);
  }
  return leaders;
}

/**
 * Runs `good` after every event up to `until` and returns the time from which it held without a
 * break (or null if it does not hold at `until`). The state before F counts too: a leader that
 * survived the faults gives 0.
 */
export function stableSince(
  events: readonly TraceEvent[],
  until: number,
  step: (e: TraceEvent, leaders: Set<string>) => void,
  good: (leaders: Set<string>) => boolean,
): number | null {
  let since: number | null = null;
  let sinceWasGood = false;
  const leaders = replayBeliefs(events, until, (e, ls) => {
    step(e, ls);
    const ok = good(ls);
    if (ok && !sinceWasGood) since = e.t;
    if (!ok) since = null;
    sinceWasGood = ok;
  });
  return good(leaders) ? since : null;
}

export function liveness(
  property: PropertyId,
  s: ChaosSchedule,
  since: number | null,
  explain: () => string,
): LivenessResult {
  const F = s.faultsEndMs;
  const recoveredAfterMs = since === null ? null : Math.max(0, since - F);
  return {
    property,
    recoveredAfterMs,
    boundMs: s.boundMs,
    failure: since === null ? { property, atMs: F + s.boundMs, detail: explain() } : null,
  };
}
