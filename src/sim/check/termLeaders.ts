import type { TraceEvent, Violation } from '../trace/events.ts';
import type { Checker } from './checker.ts';
import { violation } from './violation.ts';

/** Election safety (Raft, Ongaro & Ousterhout 2014, fig. 3): at most one leader per term. */
export function termLeadersChecker(): Checker {
  const leaderOf = new Map<number, string>();
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'role' || e.role !== 'leader' || e.term === undefined) return [];
      const prev = leaderOf.get(e.term);
      if (prev === undefined) leaderOf.set(e.term, e.node);
      if (prev === undefined || prev === e.node) return [];
      return [
        violation({
          kind: 'two-leaders-in-term',
          nodes: [prev, e.node].sort(),
          pair: [prev, e.node],
          term: e.term,
        }),
      ];
    },
    state: () => leaderOf,
  };
}
