import type { TraceEvent, Violation } from '../trace/events.ts';
import { type Checker, LeaderBeliefs } from './checker.ts';
import { violation } from './violation.ts';

/** Liveness alarm: no node has believed it leads for longer than `boundMs` (raised once per window). */
export function leaderlessChecker(boundMs: number): Checker {
  const beliefs = new LeaderBeliefs();
  let since: number | null = 0;
  let raised = false;
  return {
    observe(e: TraceEvent): Violation[] {
      beliefs.observe(e);
      if (beliefs.leaders.size > 0) {
        since = null;
        raised = false;
        return [];
      }
      since ??= e.t;
      if (raised || e.t - since <= boundMs) return [];
      raised = true;
      return [violation({ kind: 'leaderless', nodes: [], ms: e.t - since, boundMs })];
    },
    state: () => ({ leaders: beliefs.leaders, since, raised }),
  };
}
