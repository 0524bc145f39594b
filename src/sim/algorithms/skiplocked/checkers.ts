import type { Checker } from '../../check/checker.ts';
import { violation } from '../../check/violation.ts';
import type { TraceEvent, Violation } from '../../trace/events.ts';
import { COMMIT_MARK, EMAIL_MARK, PG_HOST } from './keys.ts';

/**
 * A job queue's two alarms (src/sim/algorithms/skiplocked), one concern each:
 * - `job-committed-twice`: the database committed a job that was already done (safety: each job is
 *   done exactly once; a row lock held to COMMIT is what gives it, PostgreSQL docs 13.3.2);
 * - `duplicate-email`: the mail provider sent a second e-mail for one job, a side effect repeated
 *   because it was made outside the transaction that a crash then rolled back.
 */
export function jobCommittedTwiceChecker(): Checker {
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'mark' || e.name !== COMMIT_MARK || e.node !== PG_HOST) return [];
      const commits = Number(e.data?.commits ?? 0);
      if (commits < 2) return [];
      return [
        violation({
          kind: 'job-committed-twice',
          nodes: [String(e.data?.node)],
          job: String(e.data?.job),
          count: commits,
        }),
      ];
    },
    // Each mark carries the database's own count: nothing kept.
    state: () => null,
  };
}

export function duplicateEmailChecker(): Checker {
  const by = new Map<string, string[]>();
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'mark' || e.name !== EMAIL_MARK) return [];
      const job = String(e.data?.job);
      const senders = [...(by.get(job) ?? []), String(e.data?.by)];
      by.set(job, senders);
      if (senders.length < 2) return [];
      return [
        violation({
          kind: 'duplicate-email',
          nodes: [...new Set(senders)].filter((s) => /^node-\d+$/.test(s)),
          job,
          count: senders.length,
          senders: [...senders],
        }),
      ];
    },
    state: () => by,
  };
}
