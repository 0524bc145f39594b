/** The SKIP LOCKED job queue's hosts and the names of its marks (shared by the views, metrics and checkers). */

/** The PostgreSQL server that holds the `jobs` table and, with the fix, the `outbox` table. */
export const PG_HOST = 'postgres';

/** The mail provider the jobs send their e-mail through (an external HTTP API, not a database). */
export const MAIL_HOST = 'mail';

/** The database committed a job's transaction: data {job, node, pid, commits} (commits: this job's so far). */
export const COMMIT_MARK = 'job-committed';

/** The database ended a session and rolled its transaction back: data {pid, node, reason, jobs}. */
export const TERMINATED_MARK = 'session-terminated';

/** The mail provider sent an e-mail: data {job, by, count} (count: e-mails for this job so far). */
export const EMAIL_MARK = 'email-sent';

/** A job's id as the rows, marks and metrics name it. */
export const jobId = (n: number) => `job-${n}`;
