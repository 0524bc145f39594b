/**
 * No leader at all: workers share a job queue in PostgreSQL, each job claimed with
 * `SELECT … FOR UPDATE SKIP LOCKED` and done in one transaction (PostgreSQL docs, SELECT, "The
 * Locking Clause"). The alternatives the sources offer to an election: a lock per item instead of
 * one leader for all. Knobs, rules, declaration (hosts: runtime.ts).
 */
import type { ParamRule, ParamSpecs, Params } from '../../params.ts';
import { type Algorithm, numberedIds, numOf, pick } from '../algorithm.ts';
import { MAIL_HOST, PG_HOST } from './keys.ts';
import type { WorkerConfig } from './machine.ts';
import { queueMetrics } from './metrics.ts';

const params: ParamSpecs = {
  jobs: {
    default: 12,
    min: 1,
    max: 500,
    integer: true,
    unit: '',
    doc: 'rows in the jobs table at the start, all pending (one invoice to render and e-mail each)',
    source: 'a batch job split into rows, one per item (the “lock per item” alternative to a leader)',
  },
  workMs: {
    default: 2000,
    min: 10,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how long one job takes: half before its e-mail (render the invoice), half after (store the PDF), then COMMIT',
    source: 'the job’s own work; the e-mail in the middle is the side effect outside the database',
  },
  pollMs: {
    default: 2000,
    min: 10,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'a worker that found no pending row (or lost its session) tries again after this long',
    source: 'graphile-worker pollInterval default 2000 ms (a Postgres job queue on SKIP LOCKED)',
  },
  requestTimeoutMs: {
    default: 1000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'how long a worker waits for the database (or the mail provider) to answer before it gives up on the session',
    source: 'PostgreSQL docs, statement_timeout (here on the client side)',
  },
  forUpdate: {
    default: true,
    unit: '',
    doc: 'claim with SELECT … FOR UPDATE SKIP LOCKED (the row stays locked until COMMIT); off: a plain SELECT that locks nothing, so every worker takes the same pending row',
    source:
      'PostgreSQL docs, SELECT, The Locking Clause: rows that cannot be locked at once are skipped with SKIP LOCKED; 13.3.2 Row-Level Locks',
  },
  outbox: {
    default: false,
    unit: '',
    doc: 'the job writes its e-mail as an outbox row in its own transaction and a relay sends committed rows; off: the job calls the mail provider itself, before COMMIT',
    source: 'microservices.io, Pattern: Transactional outbox (C. Richardson)',
  },
  keepaliveIdleS: {
    default: 7200,
    min: 1,
    max: 86_400,
    integer: true,
    unit: 's',
    doc: 'tcp_keepalives_idle: silence on a connection before the server sends its first keepalive probe',
    source:
      'PostgreSQL docs 20.3.1 tcp_keepalives_idle (0, the default, takes the OS value); Linux tcp(7) tcp_keepalive_time 7200 s',
  },
  keepaliveIntervalS: {
    default: 75,
    min: 1,
    max: 3600,
    integer: true,
    unit: 's',
    doc: 'tcp_keepalives_interval: the time between unanswered probes',
    source: 'PostgreSQL docs 20.3.1 tcp_keepalives_interval; Linux tcp(7) tcp_keepalive_intvl 75 s',
  },
  keepaliveCount: {
    default: 9,
    min: 1,
    max: 100,
    integer: true,
    unit: '',
    doc: 'tcp_keepalives_count: unanswered probes before the server drops the connection and rolls back its transaction',
    source: 'PostgreSQL docs 20.3.1 tcp_keepalives_count; Linux tcp(7) tcp_keepalive_probes 9',
  },
  idleInTxTimeoutS: {
    default: 0,
    min: 0,
    max: 86_400,
    unit: 's',
    doc: 'idle_in_transaction_session_timeout: a session idle inside an open transaction this long is terminated (0: off)',
    source: 'PostgreSQL docs 20.11.1 idle_in_transaction_session_timeout (default 0, disabled)',
  },
};

const rules: ParamRule[] = [
  {
    id: 'idle-timeout-over-work',
    ok: (p) => numOf(p.idleInTxTimeoutS) === 0 || numOf(p.idleInTxTimeoutS) * 1000 > numOf(p.workMs),
    message:
      'idle_in_transaction_session_timeout must be 0 (off) or longer than a job’s work (idleInTxTimeoutS × 1000 > workMs): a job is idle in its transaction while it works, and would be terminated every time',
    source: 'PostgreSQL docs 20.11.1 idle_in_transaction_session_timeout',
  },
];

export function workerConfig(p: Params): WorkerConfig {
  return {
    workMs: numOf(p.workMs),
    pollMs: numOf(p.pollMs),
    requestTimeoutMs: numOf(p.requestTimeoutMs),
    outbox: Boolean(p.outbox),
    forUpdate: Boolean(p.forUpdate),
  };
}

/** When the server gives up on a silent client: idle, then `count` probes `interval` apart (tcp(7)). */
export const keepaliveMs = (p: Params) =>
  (numOf(p.keepaliveIdleS) + numOf(p.keepaliveIntervalS) * numOf(p.keepaliveCount)) * 1000;

export const skiplocked: Algorithm = {
  id: 'skiplocked',
  params,
  rules,
  nodeIds: numberedIds('node'),
  minNodes: 1,
  maxNodes: 50,
  vocabulary: {
    families: {
      CONNECT: 'store',
      CONNECTED: 'reply',
      SELECT_JOB: 'store',
      ROW: 'reply',
      NO_ROW: 'reply',
      OUTBOX_INSERT: 'data',
      INSERTED: 'reply',
      COMMIT: 'data',
      COMMITTED: 'reply',
      ERROR: 'reject',
      TCP_KEEPALIVE: 'heartbeat',
      TCP_ACK: 'reply',
      TCP_RST: 'reject',
      SEND_EMAIL: 'data',
      MAIL_OK: 'reply',
    },
    chatter: ['TCP_KEEPALIVE', 'TCP_ACK', 'NO_ROW'],
  },
  leadership: { scope: 'none', carries: null, keys: [] },
  topology: { mesh: false },
  failover: { leadsThrough: 'store', marks: [], leaseExpiry: false },
  sandbox: {
    presets: [
      { id: 'skiplocked', params: { outbox: false } },
      { id: 'skiplocked-outbox', params: { outbox: true } },
    ],
    variant: { nodes: 4, timeScale: 1, adr: ['matrix.skip-locked'] },
  },
  chaos: {
    base: 'skip-locked',
    infra: [PG_HOST, MAIL_HOST],
    // The database may pause and drift, never crash: its rows survive (a replicated primary).
    slowInfra: [PG_HOST],
    isolateFromStore: false,
    // One e-mail per job is the outbox's promise, so the outbox is the design switch: the safe design
    // has it on; the negative control has it off, and the job e-mails before COMMIT, so a crash
    // before COMMIT sends it again (the story's pitfall).
    safety: ['job-committed-twice', 'duplicate-email'],
    liveness: 'jobs-done',
    timing(k, { net, latMax, nodes, unsafe }) {
      const workMs = pick(k[0], 200, 2000);
      const pollMs = pick(k[1], 100, 1000);
      const requestTimeoutMs = pick(k[2], 2 * latMax + 50, 2000);
      const idleS = (k[6] ?? 0) < 500 ? 0 : Math.ceil(workMs / 1000) + pick(k[6], 1, 5);
      const p: Params = {
        ...net,
        // Four rounds of jobs per worker, so that the faults land while jobs are running.
        jobs: 4 * nodes,
        workMs,
        pollMs,
        requestTimeoutMs,
        keepaliveIdleS: pick(k[3], 1, 5),
        keepaliveIntervalS: pick(k[4], 1, 2),
        keepaliveCount: pick(k[5], 1, 4),
        idleInTxTimeoutS: idleS,
        outbox: !unsafe,
        forUpdate: true,
      };
      return {
        params: p,
        unitMs: workMs + pollMs,
        // After F: a dead session's lock is gone within the keepalive time; a worker stuck on a lost
        // statement gives up within its timeout and a poll; then at most the four rounds of jobs.
        boundMs: keepaliveMs(p) + 2 * (requestTimeoutMs + pollMs) + 5 * (workMs + pollMs + 8 * latMax) + 2000,
      };
    },
  },
  storyMetrics: (events, p) => ({ ...queueMetrics(events, numOf(p.jobs), workersOf(events)) }),
};

/** The workers a run names: every node that took or committed a job, in id order. */
function workersOf(events: Parameters<NonNullable<Algorithm['storyMetrics']>>[0]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (e.k === 'mark' && e.name === 'job-started') ids.add(e.node);
  return [...ids].sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]));
}
