import { maxOf } from '../../lib/extent.ts';
import { DB_HOST, JOB_RUN_MARK, SQL_MARK } from '../algorithms/dbjob/keys.ts';
import { hostOf, stopsHost } from '../faults/table.ts';
import type { Trace } from '../trace/trace.ts';

/**
 * The job runner's figures (src/sim/algorithms/dbjob), for the CLI's `metrics` and the stories' tests:
 * - `jobRuns`: how many times an instance started the job (its `job-run` marks);
 * - `emailsPerCustomer`: the most reminder e-mails one customer got (the database's outbox at the end);
 * - `scans`: how many times the invoices were scanned;
 * - `jobRunsAfterCrash`: runs after the first crash of a node (null when no node crashes).
 * Null for a run without the job runner's database.
 */
export interface JobMetrics {
  jobRuns: number;
  emailsPerCustomer: number;
  scans: number;
  jobRunsAfterCrash: number | null;
}

export function jobMetrics(trace: Pick<Trace, 'hosts' | 'events'>): JobMetrics | null {
  if (!trace.hosts.some((h) => h.id === DB_HOST && h.kind === 'resource')) return null;
  const nodes = new Set(trace.hosts.filter((h) => h.kind === 'node').map((h) => h.id));
  let jobRuns = 0;
  let crashAt: number | null = null;
  let afterCrash = 0;
  let emails = 0;
  let scans = 0;
  for (const e of trace.events) {
    if (e.k === 'fault' && stopsHost(e.fault) && crashAt === null && nodes.has(hostOf(e.fault) ?? ''))
      crashAt = e.t;
    if (e.k !== 'mark') continue;
    if (e.name === JOB_RUN_MARK && nodes.has(e.node)) {
      jobRuns++;
      if (crashAt !== null && e.t > crashAt) afterCrash++;
    } else if (e.name === SQL_MARK && e.node === DB_HOST) {
      scans = Number(e.data?.scans ?? scans);
      emails = maxOf(
        emailCounts(String(e.data?.emails ?? '')).map(([, n]) => n),
        0,
      );
    }
  }
  return {
    jobRuns,
    emailsPerCustomer: emails,
    scans,
    jobRunsAfterCrash: crashAt === null ? null : afterCrash,
  };
}

/** The outbox counts a `sql` mark carries ("acme:20;globex:20"), as [customer, e-mails]. */
export function emailCounts(s: string): Array<[string, number]> {
  return s
    .split(';')
    .filter(Boolean)
    .map((part) => {
      const [c, n] = part.split(':');
      return [c ?? '', Number(n) || 0];
    });
}
