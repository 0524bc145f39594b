import { stopsHost } from '../faults/table.ts';
import type { TraceEvent, Violation } from '../trace/events.ts';

/**
 * A checker observes every trace event as the simulation appends it and returns the safety
 * violations that event reveals. One concern per checker, as in simulation-tested databases.
 */
export interface Checker {
  observe(e: TraceEvent): Violation[];
  /**
   * What it keeps of the past that decides its future alarms, as plain data: the explorer's
   * fingerprint of a world (issue #41). A checker without it keeps every world apart (never merged).
   */
  state?(): unknown;
}

/** Who believes they lead right now (crash ends a belief; a pause does not). Shared by checkers. */
export class LeaderBeliefs {
  readonly leaders = new Map<string, { since: number; token?: number; term?: number }>();

  observe(e: TraceEvent): void {
    if (e.k === 'role') {
      if (e.role === 'leader') {
        const cur = this.leaders.get(e.node);
        if (!cur || cur.token !== e.token || cur.term !== e.term)
          this.leaders.set(e.node, { since: e.t, token: e.token, term: e.term });
      } else this.leaders.delete(e.node);
    } else if (e.k === 'fault' && 'node' in e.fault && stopsHost(e.fault)) this.leaders.delete(e.fault.node);
  }
}
