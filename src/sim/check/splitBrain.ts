import type { TraceEvent, Violation } from '../trace/events.ts';
import { type Checker, LeaderBeliefs } from './checker.ts';
import { violation } from './violation.ts';

/**
 * Split-brain, as this lab defines it (one definition for the stories, the alarms and the chaos
 * properties):
 *
 * - On unfenced data, split-brain is two nodes each having writes accepted while both believe they
 *   lead, so the data diverge: two copies, each written by its own leader ("BOTH WRITE" in the
 *   split-brain story; Kleppmann, *Designing Data-Intensive Applications*, ch. 8, "The leader and the
 *   lock"; Raft, Ongaro & Ousterhout 2014, section 5.2, is what prevents it with a majority). A copy is
 *   unfenced when the host that keeps it is itself the believed leader writing to it: a heartbeat
 *   leader's own log, a Patroni primary's database. A write that carries no token at all, from a
 *   believed leader to a shared database (the job runner's UPDATE with no condition on the owner,
 *   src/sim/algorithms/dbjob), is unfenced too: its writer is the node that sent it.
 * - On a fenced resource (one shared storage that orders writers by their fencing token), two writers
 *   cannot make the data diverge; the violation there is a write accepted with a token lower than one
 *   already accepted: `staleWriteChecker` (Kleppmann, "How to do distributed locking", 2016). An old
 *   leader's write that lands before the new leader's first write is not a violation at all.
 * - Two nodes believing they lead is, by itself, a metric (`twoLeaderMs` in src/sim/metrics), not an
 *   alarm: a paused old leader believes it leads until its timers run.
 *
 * So this checker looks only at writes accepted on a copy kept by a believed leader, and fires when
 * two such leaders both had writes accepted on their own copies while both believed they led.
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
      // The copy's keeper: the host holding the data, when it believes it leads (a heartbeat leader
      // writing its own log, Patroni's primary taking a client's INSERT). A write to a shared, fenced
      // storage has no such keeper and is the stale-write checker's concern.
      const writer = beliefs.leaders.has(e.resource)
        ? e.resource
        : e.token === null && beliefs.leaders.has(e.node)
          ? e.node
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
        out.push(violation({ kind: 'split-brain', nodes: pair }));
      }
      return out;
    },
    state: () => ({ leaders: beliefs.leaders, lastWrite, reported }),
  };
}
