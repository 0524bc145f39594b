import { assign, setup } from 'xstate';
import { opaque } from '../../kernel/canonical.ts';
import type { ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { MAIL_HOST, PG_HOST } from './keys.ts';
import { claimSql } from './queue.ts';

/**
 * One worker of a job queue in PostgreSQL: no leader, every worker takes jobs (the "lock per item"
 * alternative to an election). It opens a session, then for each job, in one transaction:
 *
 *   BEGIN; SELECT id FROM jobs WHERE state='pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
 *   … renders the invoice (workMs / 2) …
 *   e-mails it: a call to the mail provider, or with `outbox` an INSERT INTO outbox in the transaction
 *   … stores the PDF (workMs / 2) …
 *   UPDATE jobs SET state='done' …; COMMIT
 *
 * and claims the next one; with no pending row left it polls every `pollMs`. A statement unanswered
 * within `requestTimeoutMs`, or an ERROR (its session was terminated), and the worker gives up on the
 * session: it closes it and opens a new one (its transaction, if any, is rolled back by the server).
 * Messages to and from the database carry the session's pid, so a late answer to an old session is
 * ignored.
 */

export interface WorkerConfig {
  workMs: number;
  pollMs: number;
  requestTimeoutMs: number;
  outbox: boolean;
  forUpdate: boolean;
}

export interface WorkerInput {
  env: ProcessEnv;
  cfg: WorkerConfig;
}

interface WorkerContext extends WorkerInput {
  pid: number | null;
  /** The session given up on (closed with the next CONNECT). */
  closed: number | null;
  job: string | null;
}

type WorkerEvent =
  | { type: 'CONNECTED'; pid: number }
  | { type: 'ROW'; pid: number; job: string; attempt: number }
  | { type: 'NO_ROW'; pid: number }
  | { type: 'INSERTED'; pid: number }
  | { type: 'COMMITTED'; pid: number }
  | { type: 'ERROR'; pid: number; reason: string }
  | { type: 'MAIL_OK'; job: string };

const mine = ({ context, event }: { context: WorkerContext; event: WorkerEvent }) =>
  'pid' in event && event.pid === context.pid;

const workerSetup = setup({
  types: {} as { context: WorkerContext; events: WorkerEvent; input: WorkerInput },
  guards: {
    mine,
    outbox: ({ context }) => context.cfg.outbox,
    sameJob: ({ context, event }) => event.type === 'MAIL_OK' && event.job === context.job,
  },
  actions: {
    connect: ({ context }) =>
      context.env.send(PG_HOST, 'CONNECT', context.closed === null ? {} : { closes: context.closed }),
    connected: assign({ pid: ({ event }) => (event as { pid: number }).pid, closed: null }),
    /** Gives up on the session: the next CONNECT closes its socket. */
    drop: assign(({ context }) => {
      if (context.job) context.env.mark('job-abandoned', { job: context.job, pid: context.pid });
      return { closed: context.pid, pid: null, job: null };
    }),
    claim: ({ context }) =>
      context.env.send(PG_HOST, 'SELECT_JOB', {
        pid: context.pid,
        forUpdate: context.cfg.forUpdate,
        sql: claimSql(context.cfg.forUpdate),
      }),
    take: assign(({ context, event }) => {
      const e = event as Extract<WorkerEvent, { type: 'ROW' }>;
      context.env.mark('job-started', { job: e.job, pid: e.pid, attempt: e.attempt });
      return { job: e.job };
    }),
    email: ({ context }) => {
      const { env, cfg, job, pid } = context;
      if (cfg.outbox) env.send(PG_HOST, 'OUTBOX_INSERT', { pid, job });
      else env.send(MAIL_HOST, 'SEND_EMAIL', { job, by: env.id });
    },
    commit: ({ context }) => context.env.send(PG_HOST, 'COMMIT', { pid: context.pid, job: context.job }),
    finished: assign(({ context }) => {
      context.env.mark('job-finished', { job: context.job, pid: context.pid });
      return { job: null };
    }),
  },
  delays: {
    half: ({ context }) => Math.round(context.cfg.workMs / 2),
    poll: ({ context }) => context.cfg.pollMs,
    timeout: ({ context }) => context.cfg.requestTimeoutMs,
  },
});

export const workerMachine = workerSetup.createMachine({
  id: 'worker',
  initial: 'connecting',
  context: ({ input }) => ({ ...input, pid: null, closed: null, job: null }),
  // The session was terminated (idle_in_transaction_session_timeout, or any statement after the
  // server dropped it): whatever the worker was doing, its transaction is gone.
  on: { ERROR: { guard: 'mine', target: '.backoff', actions: 'drop' } },
  states: {
    connecting: {
      entry: 'connect',
      on: { CONNECTED: { target: 'claiming', actions: 'connected' } },
      after: { timeout: 'backoff' },
    },
    backoff: { after: { poll: 'connecting' } },
    claiming: {
      entry: 'claim',
      on: {
        ROW: { guard: 'mine', target: 'working', actions: 'take' },
        NO_ROW: { guard: 'mine', target: 'idle' },
      },
      after: { timeout: { target: 'backoff', actions: 'drop' } },
    },
    idle: { after: { poll: 'claiming' } },
    working: { after: { half: 'emailing' } },
    emailing: {
      entry: 'email',
      on: {
        INSERTED: { guard: 'mine', target: 'finishing' },
        MAIL_OK: { guard: 'sameJob', target: 'finishing' },
      },
      after: {
        // An INSERT unanswered: the session is suspect. A mail call unanswered: it may have been sent,
        // there is no telling; the job goes on (and is counted by the provider if it arrived).
        timeout: [{ guard: 'outbox', target: 'backoff', actions: 'drop' }, { target: 'finishing' }],
      },
    },
    finishing: { after: { half: 'committing' } },
    committing: {
      entry: 'commit',
      on: { COMMITTED: { guard: 'mine', target: 'claiming', actions: 'finished' } },
      after: { timeout: { target: 'backoff', actions: 'drop' } },
    },
  },
});

/**
 * The worker's host kernel beside the process: it answers the server's TCP keepalive probes for the
 * sockets it has open (ACK), and for any other with RST (a restarted host knows no old connection;
 * a socket the worker closed is gone). A crashed host answers nothing; a paused one (the whole host
 * frozen) answers once it runs again.
 */
export function withKernel(inner: ProcessFactory): ProcessFactory {
  return (env) => {
    const open = new Set<number>();
    // The worker's context holds it: the host's wiring, written as its name in a fingerprint.
    const kernelEnv: ProcessEnv = opaque<ProcessEnv>(
      {
        ...env,
        get clock() {
          return env.clock;
        },
        send(to, type, body) {
          if (type === 'CONNECT' && typeof body?.closes === 'number') open.delete(body.closes);
          env.send(to, type, body);
        },
      },
      env.id,
    );
    const p = inner(kernelEnv);
    const state = p.state?.bind(p);
    return {
      receive(m) {
        if (m.type === 'CONNECTED') open.add(Number(m.body.pid));
        if (m.type === 'TCP_KEEPALIVE') {
          const pid = Number(m.body.pid);
          env.send(m.from, open.has(pid) ? 'TCP_ACK' : 'TCP_RST', { pid });
          return;
        }
        p.receive(m);
      },
      stop: () => p.stop(),
      ...(state ? { state: () => ({ open, worker: state() }) } : {}),
    };
  };
}
