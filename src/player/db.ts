import { DB_HOST, SQL_MARK } from '../sim/algorithms/dbjob/keys.ts';
import { EMAIL_MARK, MAIL_HOST } from '../sim/algorithms/skiplocked/keys.ts';
import { emailCounts } from '../sim/metrics/jobs.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { TraceIndex } from '../sim/trace/frame.ts';

/**
 * The job runner's database at t (src/sim/algorithms/dbjob/db.ts), read off the trace only: every
 * statement the database ran is a `sql` mark carrying its SQL, the rows it changed (or returned) and
 * the tables after it. The state at t is the latest mark at or before t; the statements are the last
 * few marks, newest first.
 */
export interface DbStatement {
  t: number;
  from: string;
  sql: string;
  rows: number;
  /** PostgreSQL's command tag: "UPDATE 1", "SELECT 3". */
  tag: string;
}

export interface DbInvoice {
  customer: string;
  status: string;
  remindedBy: string | null;
  emails: number;
}

/**
 * A job queue's row (src/sim/algorithms/skiplocked/queue.ts): its state, who holds its row lock
 * ("node-2/101": the worker and its session's pid; several names joined by + when nothing locks it
 * and they all took it), who committed it, and the e-mails its customer got so far (the mail host's marks).
 */
export interface DbJob {
  id: string;
  /** `locked`: a transaction holds its row lock; `taken`: sessions work on it with no lock (a plain SELECT). */
  state: 'pending' | 'locked' | 'taken' | 'done';
  holder: string | null;
  doneBy: string | null;
  attempts: number;
  commits: number;
  emails: number;
}

export interface DbState {
  /** The leader row (dbjob), or null for a database without one (the job queue). */
  leader: { node: string | null; token: number; leftMs: number | null } | null;
  /** The job queue's rows, or null for the job runner's database. */
  jobs: DbJob[] | null;
  /** Job queue: sessions open on the server. */
  sessions: number;
  invoices: DbInvoice[];
  scans: number;
  recent: DbStatement[];
}

type Mark = Extract<TraceEvent, { k: 'mark' }>;

/** A host's statements, in time order (the index reads them on as the run streams in). */
const marksOf = (index: TraceIndex, host: string) => index.marksNamed(SQL_MARK, host);

/** Whether the trace has the job runner's database (its panel replaces the storage panel). */
export function hasDb(index: TraceIndex, host: string = DB_HOST): boolean {
  return index.trace.hosts.some((h) => h.id === host) && marksOf(index, host).length > 0;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function statementOf(m: Mark): DbStatement {
  const sql = str(m.data?.sql);
  const rows = Number(m.data?.rows ?? 0);
  return { t: m.t, from: str(m.data?.from), sql, rows, tag: `${sql.split(' ')[0] ?? ''} ${rows}` };
}

export function dbStateAt(index: TraceIndex, host: string, t: number, recent = 3): DbState {
  const list = marksOf(index, host);
  // The last mark at or before t (binary search: marks are in time order).
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as { mark: Mark }).mark.t <= t) lo = mid + 1;
    else hi = mid;
  }
  const last = lo > 0 ? list[lo - 1]?.mark : undefined;
  const d = last?.data ?? {};
  const emails = new Map(emailCounts(str(d.emails)));
  const invoices = str(d.invoices)
    .split(';')
    .filter(Boolean)
    .map((row) => {
      const [customer = '', status = '', by = ''] = row.split(':');
      return {
        customer,
        status,
        remindedBy: by || null,
        emails: emails.get(customer) ?? 0,
      };
    });
  const leftMs =
    typeof d.leaderLeftMs === 'number' ? Math.max(0, d.leaderLeftMs - (t - (last?.t ?? 0))) : null;
  return {
    leader:
      'leaderToken' in d
        ? {
            node: typeof d.leaderNode === 'string' ? d.leaderNode : null,
            token: Number(d.leaderToken ?? 0),
            leftMs,
          }
        : null,
    jobs: typeof d.jobs === 'string' ? jobsOf(d.jobs, emailsAt(index, t)) : null,
    sessions: Number(d.sessions ?? 0),
    invoices,
    scans: Number(d.scans ?? 0),
    recent: list
      .slice(Math.max(0, lo - recent), lo)
      .reverse()
      .map((m) => statementOf(m.mark)),
  };
}

/** The queue's rows as the `sql` mark carries them ("5:pending:node-2/101::1:0;…"). */
function jobsOf(s: string, emails: Map<string, number>): DbJob[] {
  return s
    .split(';')
    .filter(Boolean)
    .map((row) => {
      const [n = '', state = '', holder = '', doneBy = '', attempts = '0', commits = '0'] = row.split(':');
      const id = `job-${n}`;
      return {
        id,
        state: state === 'done' || state === 'locked' || state === 'taken' ? state : 'pending',
        holder: holder || null,
        doneBy: doneBy || null,
        attempts: Number(attempts),
        commits: Number(commits),
        emails: emails.get(id) ?? 0,
      };
    });
}

/** E-mails per job the mail provider had sent by t (its `email-sent` marks). */
function emailsAt(index: TraceIndex, t: number): Map<string, number> {
  const list = index.marksNamed(EMAIL_MARK, MAIL_HOST);
  const out = new Map<string, number>();
  for (const { mark: m } of list) {
    if (m.t > t) break;
    const job = str(m.data?.job);
    out.set(job, (out.get(job) ?? 0) + 1);
  }
  return out;
}
