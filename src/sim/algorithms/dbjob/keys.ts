/** The job runner's database host, its customers and the names of its marks (shared by views and metrics). */

/** The database every instance talks to: the `leader` row, the `invoices` table and the e-mail outbox. */
export const DB_HOST = 'db';

/** The overdue customers the billing job reminds (one invoice each). */
export const CUSTOMERS = ['acme', 'globex', 'initech'] as const;

/** An instance starts its job run (it sends the scan): the metrics count these. */
export const JOB_RUN_MARK = 'job-run';

/** The database ran a statement: the mark carries the SQL, the rows affected and the tables after it. */
export const SQL_MARK = 'sql';
