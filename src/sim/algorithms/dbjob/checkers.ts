import type { Checker } from '../../check/checker.ts';
import { violation } from '../../check/violation.ts';
import type { TraceEvent, Violation } from '../../trace/events.ts';
import { DB_HOST, SQL_MARK } from './keys.ts';

/**
 * `job-ran-twice` for the nightly job: a customer's reminder went into the outbox a second time, so
 * the job ran twice for that customer (twenty instances with no election each run it; an instance
 * that leads without a token writes beside another). The database's own count is the truth: the
 * outbox row goes in with the status UPDATE, in one transaction (db.ts), and the `sql` mark carries
 * the outbox after each statement. Raised once per statement that sends a customer its second
 * e-mail, naming that customer and the two instances whose updates sent them (one alarm for a run of
 * the job, not one per customer): the job exists to send one (the sources' billing report).
 */
export function jobRanTwiceChecker(): Checker {
  const senders = new Map<string, string[]>();
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'mark' || e.node !== DB_HOST || e.name !== SQL_MARK) return [];
      const from = String(e.data?.from);
      let first: Violation | null = null;
      for (const entry of String(e.data?.emails ?? '').split(';')) {
        const [customer, n] = entry.split(':');
        if (!customer) continue;
        const by = senders.get(customer) ?? [];
        if (Number(n) <= by.length) continue;
        by.push(from);
        senders.set(customer, by);
        const [a, b] = by;
        if (!first && by.length === 2 && a !== undefined && b !== undefined)
          first = violation({ kind: 'job-ran-twice', nodes: [a, b], pair: [a, b], job: customer, count: 2 });
      }
      return first ? [first] : [];
    },
    state: () => senders,
  };
}
