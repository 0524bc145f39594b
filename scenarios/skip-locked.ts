import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * No leader at all: four workers share twelve jobs in a PostgreSQL table, each claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED` and done in one transaction (src/sim/algorithms/skiplocked).
 * The jobs run four at a time. node-2 crashes in the middle of job-5, after its e-mail went out and
 * before its COMMIT: the row stays locked until the server gives up on the connection (TCP
 * keepalive: 5 s idle, then 3 probes 1 s apart, the story's settings), rolls the transaction back
 * and releases the lock; another worker takes job-5 and sends its e-mail a second time. Every job
 * still commits exactly once. With the fix, the e-mail is an outbox row in the job's transaction:
 * the rollback takes it back with the lock, and the relay sends only committed rows.
 */
export default {
  id: 'skip-locked',
  title: 'SELECT … FOR UPDATE SKIP LOCKED',
  summary:
    'No leader: four workers take twelve jobs from a PostgreSQL table, each with SELECT … FOR UPDATE SKIP LOCKED in its own transaction, four at a time. A worker crashes after sending its e-mail and before COMMIT: its transaction is rolled back, the row lock released, another worker does the job, and the customer gets the e-mail twice. Every job still commits once; the transactional outbox makes the e-mail once too.',
  tagline: 'No election: a row lock per job, four workers at once, and the e-mail a crash sends twice.',
  group: 'systems',
  algorithm: 'skiplocked',
  nodes: 4,
  seed: 1,
  durationMs: 20_000,
  timeScale: 1,
  params: {
    jobs: 12,
    workMs: 2000,
    pollMs: 2000,
    keepaliveIdleS: 5,
    keepaliveIntervalS: 1,
    keepaliveCount: 3,
    outbox: false,
  },
  faults: [{ atMs: 3700, fault: { kind: 'crash', node: 'node-2' } }],
  steps: [
    {
      id: 'rows-claimed',
      shows: {},
      anchor: { k: 'mark', type: 'job-started', nth: 4 },
      caption:
        'Four workers, no leader. Each opens a transaction and runs SELECT … FOR UPDATE SKIP LOCKED: the first takes job-1 and locks its row, the others skip that locked row and take job-2, job-3 and job-4. Nobody waits for anybody.',
    },
    {
      id: 'email-sent',
      shows: { roles: { 'node-2': 'follower' } },
      anchor: { k: 'mark', node: 'mail', type: 'email-sent' },
      caption:
        'Halfway through its job, {by} e-mails the invoice of {job}: a call to the mail provider, outside the database and its transaction.',
    },
    {
      id: 'first-commit',
      shows: { roles: { 'node-2': 'follower' } },
      anchor: { k: 'mark', type: 'job-committed' },
      caption:
        '{node} commits {job}: UPDATE jobs SET state=’done’, then COMMIT. The row lock ends with the transaction, and the worker takes the next pending row.',
    },
    {
      id: 'worker-crashes',
      shows: { roles: { 'node-2': 'down' } },
      anchor: { k: 'fault', type: 'crash', node: 'node-2' },
      caption:
        'node-2 crashes in the middle of job-5: its e-mail is already sent, its COMMIT will never come. Its transaction is still open on the server, so job-5’s row stays locked and the others skip it.',
    },
    {
      id: 'keepalive-probe',
      shows: { roles: { 'node-2': 'down' } },
      anchor: { k: 'send', type: 'TCP_KEEPALIVE' },
      caption:
        'Nothing has come from node-2 for tcp_keepalives_idle ({keepaliveIdleS} s), so the server probes the connection. A crashed host answers nothing. (With PostgreSQL’s default, the operating system’s, that is two hours on Linux.)',
    },
    {
      id: 'session-terminated',
      shows: { roles: { 'node-2': 'down' } },
      anchor: { k: 'mark', type: 'session-terminated' },
      caption:
        '{keepaliveCount} probes unanswered: the server drops node-2’s connection and rolls its transaction back, as it does for any connection lost mid-transaction. The lock on {jobs} is released and the job is pending again.',
    },
    {
      id: 'job-retaken',
      shows: { roles: { 'node-4': 'follower' } },
      anchor: { k: 'mark', type: 'job-started', offsetMs: 1 },
      caption: '{node} polls, and SKIP LOCKED no longer skips {job}: attempt {attempt}.',
    },
    {
      id: 'duplicate-email',
      shows: { roles: { 'node-2': 'down', 'node-4': 'follower' }, alarm: 'duplicate-email' },
      anchor: { k: 'violation', type: 'duplicate-email' },
      caption:
        'Halfway through, the retry e-mails job-5’s invoice again: {nodes} have both sent it, and the customer gets it twice. node-2’s e-mail was never part of its transaction, so the rollback could not take it back.',
    },
    {
      id: 'every-job-once',
      shows: { roles: { 'node-4': 'follower' } },
      anchor: { k: 'mark', type: 'job-committed', offsetMs: 1 },
      caption:
        '{node} commits {job}. Every job is committed exactly once, by four workers in parallel instead of one after the other; only the e-mail, a side effect outside the database, happened twice.',
    },
  ],
  adr: ['matrix.skip-locked'],
  expect: { violations: ['duplicate-email'], noViolations: ['job-committed-twice'] },
  fix: {
    params: { outbox: true },
    steps: [
      {
        id: 'rows-claimed',
        shows: {},
        anchor: { k: 'mark', type: 'job-started', nth: 4 },
        caption:
          'Four workers, no leader. Each opens a transaction and runs SELECT … FOR UPDATE SKIP LOCKED: the first takes job-1 and locks its row, the others skip that locked row and take job-2, job-3 and job-4. Nobody waits for anybody.',
      },
      {
        id: 'outbox-insert',
        shows: { roles: { 'node-2': 'follower' } },
        anchor: { k: 'send', type: 'OUTBOX_INSERT' },
        caption:
          'Halfway through, {from} does not call the mail provider: it inserts the e-mail as a row of the outbox table, in the same transaction as the job.',
      },
      {
        id: 'relay-sends',
        shows: {},
        anchor: { k: 'mark', node: 'mail', type: 'email-sent' },
        caption:
          'The job commits, and with it its outbox row. Only now can the relay see the row, and it sends the e-mail of {job}, once per committed row.',
      },
      {
        id: 'worker-crashes-outbox',
        shows: { roles: { 'node-2': 'down' } },
        anchor: { k: 'fault', type: 'crash', node: 'node-2' },
        caption:
          'node-2 crashes in the middle of job-5, before COMMIT. Its e-mail is an outbox row in its open transaction, not yet visible to the relay; job-5’s row stays locked.',
      },
      {
        id: 'session-terminated',
        shows: { roles: { 'node-2': 'down' } },
        anchor: { k: 'mark', type: 'session-terminated' },
        caption:
          '{keepaliveCount} probes unanswered: the server drops node-2’s connection and rolls its transaction back, as it does for any connection lost mid-transaction. The lock on {jobs} is released and the job is pending again.',
      },
      {
        id: 'job-retaken',
        shows: { roles: { 'node-3': 'follower' } },
        anchor: { k: 'mark', type: 'job-started', offsetMs: 1 },
        caption: '{node} polls, and SKIP LOCKED no longer skips {job}: attempt {attempt}.',
      },
      {
        id: 'one-email',
        shows: { roles: { 'node-2': 'down' } },
        anchor: { k: 'mark', node: 'mail', type: 'email-sent', offsetMs: 1 },
        caption:
          'The retry commits job-5 and its own outbox row; node-2’s row went with the rollback. The relay sends job-5’s e-mail once. (The other defence, an idempotency key such as the job id sent to a provider that honours it, drops the second call instead.)',
      },
    ],
    expect: { noViolations: ['duplicate-email', 'job-committed-twice'] },
  },
} satisfies ScenarioInput;
