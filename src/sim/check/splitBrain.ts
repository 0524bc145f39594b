import type { TraceEvent, Violation } from '../trace/events.ts';
import { type Checker, LeaderBeliefs } from './checker.ts';

/**
 * Split-brain ("BOTH WRITE"): two nodes that both believe they lead both get writes accepted while
 * both believe it, so the data diverge. Two believers alone are not enough (a paused old leader whose
 * writes are fenced off is safe), nor is an old leader's write from before the new one existed.
 */
export function splitBrainChecker(): Checker {
  const beliefs = new LeaderBeliefs();
  // node -> its latest accepted write: when, and in which leadership (its start time)
  const lastWrite = new Map<string, { at: number; since: number }>();
  const reported = new Set<string>();
  return {
    observe(e: TraceEvent): Violation[] {
      beliefs.observe(e);
      if (e.k !== 'write' || e.status !== 'accepted') return [];
      // The writer is the believed leader behind the write: the sender (a leader writing to storage) or,
      // when a client's write lands on a database, the database host (Patroni's primary).
      const writer = beliefs.leaders.has(e.node)
        ? e.node
        : beliefs.leaders.has(e.resource)
          ? e.resource
          : null;
      const mine = writer === null ? undefined : beliefs.leaders.get(writer);
      if (writer === null || !mine) return [];
      lastWrite.set(writer, { at: e.t, since: mine.since });
      const out: Violation[] = [];
      for (const [other, b] of beliefs.leaders) {
        const w = lastWrite.get(other);
        // the other's write must belong to its current leadership and come after mine began
        if (other === writer || !w || w.since !== b.since || w.at < mine.since) continue;
        const pair = [writer, other].sort();
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
