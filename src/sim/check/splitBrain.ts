import type { TraceEvent, Violation } from '../trace/events.ts';
import { type Checker, LeaderBeliefs } from './checker.ts';

/**
 * Split-brain ("BOTH WRITE"): two nodes that both believe they lead both get writes accepted during
 * the same leadership, so the data diverge. Two believers alone are not enough (a paused old leader
 * whose writes are fenced off is safe); the divergence is.
 */
export function splitBrainChecker(): Checker {
  const beliefs = new LeaderBeliefs();
  // node -> leadership start of its latest accepted write
  const wroteIn = new Map<string, number>();
  const reported = new Set<string>();
  return {
    observe(e: TraceEvent): Violation[] {
      beliefs.observe(e);
      if (e.k !== 'write' || e.status !== 'accepted') return [];
      const mine = beliefs.leaders.get(e.node);
      if (!mine) return [];
      wroteIn.set(e.node, mine.since);
      const out: Violation[] = [];
      for (const [other, b] of beliefs.leaders) {
        if (other === e.node || wroteIn.get(other) !== b.since) continue;
        const pair = [e.node, other].sort();
        const key = `${pair.join('+')}@${Math.max(mine.since, b.since)}`;
        if (reported.has(key)) continue;
        reported.add(key);
        out.push({
          kind: 'split-brain',
          nodes: pair,
          detail: `BOTH WRITE: ${pair[0]} and ${pair[1]} both lead and both had writes accepted`,
        });
      }
      return out;
    },
  };
}
