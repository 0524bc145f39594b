import { assign, setup } from 'xstate';
import type { ProcessEnv } from '../../net/host.ts';
import { DB_HOST, JOB_RUN_MARK } from './keys.ts';

/**
 * One instance of an application that runs a nightly billing job, with or without an election in a
 * database table (the pitfalls of Microsoft's Leader Election pattern and of a hand-made election:
 * "uma linha, um TTL, um UPDATE condicional"). Two regions run side by side:
 *
 * - election (when `election` is on): at boot and every `retryMs` a follower reads the leader row. If
 *   the row is free (node NULL) or its lease ran out (`expires_at < now()` on the database's clock),
 *   it claims it with an UPDATE and leads if the answer says it changed a row ("UPDATE 1").
 *   - `casToken` off: `UPDATE leader SET node=$me WHERE TRUE`. Every claim changes the row, so two
 *     instances that read the free row at once both get "UPDATE 1" and both believe they won.
 *   - `casToken` on: `UPDATE leader SET node=$me, token=token+1 WHERE token=$current`: under READ
 *     COMMITTED the second UPDATE waits for the first and re-checks its WHERE against the new row
 *     (PostgreSQL docs 13.2.1), so exactly one of them changes it; the other gets "UPDATE 0".
 *   - `leaseTtlS` 0: the row never expires (a leadership flag): a dead leader holds it for ever.
 *     Otherwise the leader renews it every `renewS` (`SET expires_at = now() + ttl`) and steps down
 *     when a renewal changes no row or when it has not confirmed one for ttl - renew (client-go's
 *     RenewDeadline inside LeaseDuration).
 * - job: at `jobAtMs` and every `jobEveryMs` after it on the instance's clock (the 03:00 cron), an
 *   instance that leads, or every instance when `election` is off, runs the job: it scans the overdue
 *   invoices, sends the status UPDATE (fenced by its token when `casToken` is on) and the e-mails go
 *   into the outbox in the same transaction (db.ts).
 */

export interface DbJobConfig {
  election: boolean;
  casToken: boolean;
  ttlMs: number;
  renewMs: number;
  retryMs: number;
  requestTimeoutMs: number;
  jobAtMs: number;
  jobEveryMs: number;
}

export interface DbJobInput {
  env: ProcessEnv;
  cfg: DbJobConfig;
}

export interface DbJobContext extends DbJobInput {
  /** The leader row's token as last read (the claim's $current). */
  read: number;
  /** Leader: the token this instance won (cas on), read by machineProcess for the role event. */
  token: number | undefined;
  leading: boolean;
  /** Local send time of the latest renewal the database confirmed (or of the winning claim). */
  confirmedAt: number;
  claimSentAt: number;
  renewSentAt: number;
}

export type DbJobEvent =
  | { type: 'LEADER_ROW'; from: string; node: string | null; token: number; expired: boolean }
  | { type: 'UPDATED'; from: string; rows: number; token: number }
  | { type: 'NOT_UPDATED'; from: string; rows: number; token: number }
  | { type: 'RENEWED'; from: string; rows: number }
  | { type: 'NOT_RENEWED'; from: string; rows: number }
  | { type: 'SCAN_ROWS'; from: string; rows: number; customers: string }
  | { type: 'JOB_DONE'; from: string; rows: number }
  | { type: 'JOB_REFUSED'; from: string; rows: number };

const ttlSql = (c: DbJobConfig) => (c.ttlMs > 0 ? `, expires_at=now()+'${c.ttlMs / 1000} s'` : '');

/** The claim's SQL as the instance sends it. */
export function claimSql(c: DbJobConfig, me: string, current: number): string {
  if (!c.casToken) return `UPDATE leader SET node='${me}'${ttlSql(c)} WHERE TRUE`;
  const free = c.ttlMs > 0 ? '(node IS NULL OR expires_at<now())' : 'node IS NULL';
  return `UPDATE leader SET node='${me}', token=token+1${ttlSql(c)} WHERE token=${current} AND ${free}`;
}

export function renewSql(c: DbJobConfig, token: number | undefined): string {
  return `UPDATE leader SET expires_at=now()+'${c.ttlMs / 1000} s' WHERE ${c.casToken ? `token=${token}` : 'TRUE'}`;
}

export function jobUpdateSql(me: string, customers: string, token: number | undefined): string {
  const list = customers
    .split(',')
    .filter(Boolean)
    .map((x) => `'${x}'`)
    .join(',');
  const fence = token === undefined ? '' : ` AND (SELECT token FROM leader)=${token}`;
  return `UPDATE invoices SET status='reminded', reminded_by='${me}' WHERE customer IN (${list})${fence}; INSERT INTO outbox …`;
}

const SCAN_SQL = "SELECT customer FROM invoices WHERE status='overdue'";
const SELECT_SQL = 'SELECT node, token, expires_at FROM leader';

type Ev<T extends DbJobEvent['type']> = Extract<DbJobEvent, { type: T }>;

const dbJobSetup = setup({
  types: {} as { context: DbJobContext; events: DbJobEvent; input: DbJobInput },
  guards: {
    electionOn: ({ context }) => context.cfg.election,
    claimable: ({ event }) => {
      const e = event as Ev<'LEADER_ROW'>;
      return e.node === null || e.expired;
    },
    won: ({ event }) => (event as Ev<'UPDATED'>).rows === 1,
    leases: ({ context }) => context.cfg.ttlMs > 0,
    /** No renewal confirmed for ttl - renew: the lease may be gone by the next one (client-go RenewDeadline). */
    deadlinePassed: ({ context }) =>
      context.cfg.ttlMs > 0 &&
      context.env.now() - context.confirmedAt > context.cfg.ttlMs - context.cfg.renewMs,
    mayRun: ({ context }) => !context.cfg.election || context.leading,
    hasRows: ({ event }) => (event as Ev<'SCAN_ROWS'>).rows > 0,
  },
  actions: {
    markNoElection: ({ context }) => context.env.mark('no-election'),
    selectLeader: ({ context }) => context.env.send(DB_HOST, 'SELECT_LEADER', { sql: SELECT_SQL }),
    rememberRead: assign({ read: ({ event }) => (event as Ev<'LEADER_ROW'>).token }),
    claim: assign(({ context }) => {
      const c = context.cfg;
      context.env.send(DB_HOST, 'CLAIM', {
        sql: claimSql(c, context.env.id, context.read),
        cas: c.casToken,
        expect: context.read,
        ttlMs: c.ttlMs,
      });
      return { claimSentAt: context.env.now() };
    }),
    becomeLeader: assign(({ context, event }) => {
      const e = event as Ev<'UPDATED'>;
      context.env.mark('claim-won', { rows: e.rows, token: context.cfg.casToken ? e.token : null });
      return {
        leading: true,
        token: context.cfg.casToken ? e.token : undefined,
        confirmedAt: context.claimSentAt,
      };
    }),
    markClaimLost: ({ context, event }) =>
      context.env.mark('claim-lost', { rows: (event as Ev<'NOT_UPDATED'>).rows }),
    renew: assign(({ context }) => {
      context.env.send(DB_HOST, 'RENEW', {
        sql: renewSql(context.cfg, context.token),
        cas: context.cfg.casToken,
        token: context.token ?? null,
        ttlMs: context.cfg.ttlMs,
      });
      return { renewSentAt: context.env.now() };
    }),
    confirm: assign({ confirmedAt: ({ context }) => context.renewSentAt }),
    stepDown: assign(({ context }, params: { reason: string }) => {
      context.env.mark('step-down', { reason: params.reason, token: context.token ?? null });
      return { leading: false, token: undefined };
    }),
    startJob: ({ context }) => {
      context.env.mark(JOB_RUN_MARK, { token: context.token ?? null });
      context.env.send(DB_HOST, 'SCAN', { sql: SCAN_SQL });
    },
    sendUpdate: ({ context, event }) => {
      const customers = (event as Ev<'SCAN_ROWS'>).customers;
      const token = context.cfg.election && context.cfg.casToken ? context.token : undefined;
      context.env.send(DB_HOST, 'JOB_UPDATE', {
        sql: jobUpdateSql(context.env.id, customers, token),
        customers,
        token: token ?? null,
      });
    },
  },
  delays: {
    retry: ({ context }) => context.cfg.retryMs,
    requestTimeout: ({ context }) => context.cfg.requestTimeoutMs,
    renew: ({ context }) => context.cfg.renewMs,
    /**
     * Until the next run: jobAtMs, then every jobEveryMs, on this instance's wall clock (cron reads
     * the time of day, so a `clock-skew` step of the instance moves its 03:00; the wait itself runs
     * on the monotonic clock).
     */
    nextJob: ({ context }) => {
      const { jobAtMs, jobEveryMs } = context.cfg;
      const now = context.env.wallNow();
      if (now < jobAtMs) return jobAtMs - now;
      const k = Math.floor((now - jobAtMs) / jobEveryMs) + 1;
      return jobAtMs + k * jobEveryMs - now;
    },
  },
});

export const dbJobMachine = dbJobSetup.createMachine({
  id: 'dbjob',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    read: 0,
    token: undefined,
    leading: false,
    confirmedAt: 0,
    claimSentAt: 0,
    renewSentAt: 0,
  }),
  states: {
    election: {
      initial: 'boot',
      states: {
        boot: { always: [{ guard: 'electionOn', target: 'reading' }, { target: 'off' }] },
        /** No election: the instance never leads, and runs the job anyway (it says so at boot). */
        off: { entry: 'markNoElection' },
        waiting: { after: { retry: 'reading' } },
        reading: {
          entry: 'selectLeader',
          on: {
            LEADER_ROW: [
              { guard: 'claimable', target: 'claiming', actions: 'rememberRead' },
              { target: 'waiting' },
            ],
          },
          after: { requestTimeout: 'waiting' },
        },
        claiming: {
          entry: 'claim',
          on: {
            UPDATED: [{ guard: 'won', target: 'leader', actions: 'becomeLeader' }, { target: 'waiting' }],
            NOT_UPDATED: { target: 'waiting', actions: 'markClaimLost' },
          },
          after: { requestTimeout: 'waiting' },
        },
        leader: {
          tags: ['leader'],
          initial: 'idle',
          states: {
            idle: {
              after: {
                renew: [
                  {
                    guard: 'deadlinePassed',
                    target: '#dbjob.election.waiting',
                    actions: { type: 'stepDown', params: { reason: 'deadline' } },
                  },
                  { guard: 'leases', target: 'renewing' },
                ],
              },
            },
            renewing: {
              entry: 'renew',
              on: {
                RENEWED: { target: 'idle', actions: 'confirm' },
                NOT_RENEWED: {
                  target: '#dbjob.election.waiting',
                  actions: { type: 'stepDown', params: { reason: 'lost' } },
                },
              },
              after: { requestTimeout: 'idle' },
            },
          },
        },
      },
    },
    job: {
      initial: 'sleeping',
      states: {
        sleeping: {
          after: {
            nextJob: [
              { guard: 'mayRun', target: 'scanning' },
              { target: 'sleeping', reenter: true },
            ],
          },
        },
        scanning: {
          entry: 'startJob',
          on: {
            SCAN_ROWS: [
              { guard: 'hasRows', target: 'updating', actions: 'sendUpdate' },
              { target: 'sleeping' },
            ],
          },
          after: { requestTimeout: 'sleeping' },
        },
        updating: {
          on: { JOB_DONE: 'sleeping', JOB_REFUSED: 'sleeping' },
          after: { requestTimeout: 'sleeping' },
        },
      },
    },
  },
});
