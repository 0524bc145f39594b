import type { TraceEvent } from '../../trace/events.ts';
import { COMMIT_MARK, EMAIL_MARK, jobId, PG_HOST, TERMINATED_MARK } from './keys.ts';

/**
 * The job queue's figures for the CLI's JSON `metrics` (the declaration's storyMetrics), read off the
 * marks. Per-job and per-worker figures are objects keyed by id ("job-1", "node-2"), every job listed,
 * so `jobRunsPerJob` reads as "every value 1" at a glance and a 2 names its job:
 * - `jobRunsPerJob`: committed runs of each job (the database's COMMITs that marked it done);
 * - `attemptsPerJob`: times each job was taken (a worker's SELECT returned it), committed or not;
 * - `duplicateEmails`: e-mails beyond the first for a job (the side effect done twice);
 * - `emailsSent`: e-mails the provider sent;
 * - `jobsPerWorker`: committed jobs per worker (the parallelism);
 * - `makespanMs`: from the first job taken to the last commit;
 * - `oneWorkerMs`: the committed runs' lengths added up, what one worker alone would take;
 * - `speedup`: oneWorkerMs / makespanMs, two decimals;
 * - `sessionsTerminated`: sessions the server ended and rolled back (a lost connection, a timeout).
 */
export interface QueueMetrics {
  jobRunsPerJob: Record<string, number>;
  attemptsPerJob: Record<string, number>;
  duplicateEmails: number;
  emailsSent: number;
  jobsPerWorker: Record<string, number>;
  makespanMs: number | null;
  oneWorkerMs: number;
  speedup: number | null;
  sessionsTerminated: number;
}

type Mark = Extract<TraceEvent, { k: 'mark' }>;
const str = (v: unknown) => (typeof v === 'string' ? v : String(v ?? ''));

export function queueMetrics(
  events: readonly TraceEvent[],
  jobs: number,
  workers: readonly string[],
): QueueMetrics {
  const runs: Record<string, number> = {};
  const attempts: Record<string, number> = {};
  for (let i = 1; i <= jobs; i++) {
    runs[jobId(i)] = 0;
    attempts[jobId(i)] = 0;
  }
  const perWorker: Record<string, number> = Object.fromEntries(workers.map((w) => [w, 0]));
  const started = new Map<string, number>();
  const emails = new Map<string, number>();
  let first: number | null = null;
  let last: number | null = null;
  let serial = 0;
  let sent = 0;
  let terminated = 0;
  for (const e of events) {
    if (e.k !== 'mark') continue;
    const m = e as Mark;
    const job = str(m.data?.job);
    if (m.name === 'job-started') {
      attempts[job] = (attempts[job] ?? 0) + 1;
      started.set(`${m.node}|${str(m.data?.pid)}`, m.t);
      first ??= m.t;
    } else if (m.name === COMMIT_MARK && m.node === PG_HOST) {
      const node = str(m.data?.node);
      runs[job] = (runs[job] ?? 0) + 1;
      perWorker[node] = (perWorker[node] ?? 0) + 1;
      const from = started.get(`${node}|${str(m.data?.pid)}`);
      if (from !== undefined) serial += m.t - from;
      last = m.t;
    } else if (m.name === EMAIL_MARK) {
      sent += 1;
      emails.set(job, (emails.get(job) ?? 0) + 1);
    } else if (m.name === TERMINATED_MARK && m.node === PG_HOST) terminated += 1;
  }
  const makespan = first !== null && last !== null ? last - first : null;
  return {
    jobRunsPerJob: runs,
    attemptsPerJob: attempts,
    duplicateEmails: [...emails.values()].reduce((n, c) => n + Math.max(0, c - 1), 0),
    emailsSent: sent,
    jobsPerWorker: perWorker,
    makespanMs: makespan,
    oneWorkerMs: serial,
    speedup: makespan ? Math.round((serial / makespan) * 100) / 100 : null,
    sessionsTerminated: terminated,
  };
}
