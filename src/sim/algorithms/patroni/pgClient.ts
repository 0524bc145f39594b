import { assign, enqueueActions, setup } from 'xstate';
import type { ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { machineProcess } from '../machineProcess.ts';

/**
 * The application: one INSERT every `intervalMs` through the proxy (WRITE {wid, value}), the first
 * one interval after start, without waiting for earlier ones (a connection pool). Answers:
 * WRITE_OK {wid, backend, lsn, timeline} (committed on `backend`), WRITE_ERROR {wid, backend, code,
 * reason} (the database refused, e.g. a read-only replica), WRITE_FAILED {wid, reason} (the proxy had no
 * server or shut the session). Each write opens a connection, and a write without an answer after
 * `connectTimeoutMs` fails with libpq's "timeout expired" (libpq connect_timeout: "Maximum time to
 * wait while connecting"; the proxy accepts at once, but the connection is not usable before the
 * backend has answered its startup). A late answer to a write given up is ignored. A failed write is
 * marked 'write-failed' {wid, reason, backend, reached}: `reached` is true when a database answered
 * (it refused; the database recorded the write), false when the write never reached one. It is lost
 * from the application's point of view. Not an election participant.
 */

export interface PgClientConfig {
  /** Host id of the proxy. */
  target: string;
  intervalMs: number;
  /** libpq connect_timeout in ms (absent: wait indefinitely, libpq's default). */
  connectTimeoutMs?: number;
}

export const TIMEOUT_EXPIRED = 'timeout expired';

export interface PgClientInput extends PgClientConfig {
  env: ProcessEnv;
}

export interface PgClientContext extends PgClientInput {
  /** Id of the next write. */
  nextWid: number;
  ok: number;
  failed: number;
  /** Backend of the last committed write. */
  lastBackend: string | null;
  /** Writes sent and not answered yet. */
  open: number[];
}

export type PgClientEvent =
  | { type: 'WRITE_OK'; from: string; wid: number | null; backend?: string; lsn?: number; timeline?: number }
  | {
      type: 'WRITE_ERROR';
      from: string;
      wid: number | null;
      backend?: string;
      code?: number;
      reason?: string;
    }
  | { type: 'WRITE_FAILED'; from: string; wid: number | null; backend?: string; reason?: string }
  | { type: 'CONNECT_TIMEOUT'; wid: number };

export const pgClientMachine = setup({
  types: {} as { context: PgClientContext; events: PgClientEvent; input: PgClientInput },
  actions: {
    sendWrite: enqueueActions(({ context, enqueue }) => {
      const wid = context.nextWid;
      enqueue(() => context.env.send(context.target, 'WRITE', { wid, value: `row-${wid}` }));
      enqueue.assign({ open: [...context.open, wid] });
      if (context.connectTimeoutMs !== undefined)
        enqueue.raise({ type: 'CONNECT_TIMEOUT', wid }, { delay: context.connectTimeoutMs });
    }),
    nextWrite: assign({ nextWid: ({ context }) => context.nextWid + 1 }),
    close: assign({
      open: ({ context, event }) => context.open.filter((w) => !('wid' in event) || w !== event.wid),
    }),
    timedOut: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'CONNECT_TIMEOUT') return;
      enqueue.assign({ open: context.open.filter((w) => w !== event.wid), failed: context.failed + 1 });
      enqueue(() =>
        context.env.mark('write-failed', {
          wid: event.wid,
          reason: TIMEOUT_EXPIRED,
          backend: null,
          reached: false,
        }),
      );
    }),
    committed: assign({
      ok: ({ context }) => context.ok + 1,
      lastBackend: ({ context, event }) =>
        event.type === 'WRITE_OK' ? (event.backend ?? null) : context.lastBackend,
    }),
    failed: assign({ failed: ({ context }) => context.failed + 1 }),
    markFailed: ({ context, event }) => {
      if (event.type === 'WRITE_OK') return;
      if (event.type === 'CONNECT_TIMEOUT') return;
      context.env.mark('write-failed', {
        wid: event.wid,
        reason: event.reason ?? 'error',
        backend: event.backend ?? null,
        reached: event.type === 'WRITE_ERROR',
      });
    },
  },
  guards: {
    isOpen: ({ context, event }) => 'wid' in event && event.wid !== null && context.open.includes(event.wid),
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
  },
}).createMachine({
  id: 'pgClient',
  context: ({ input }) => ({ ...input, nextWid: 1, ok: 0, failed: 0, lastBackend: null, open: [] }),
  initial: 'running',
  on: {
    WRITE_OK: { guard: 'isOpen', actions: ['close', 'committed'] },
    WRITE_ERROR: { guard: 'isOpen', actions: ['close', 'failed', 'markFailed'] },
    WRITE_FAILED: { guard: 'isOpen', actions: ['close', 'failed', 'markFailed'] },
    CONNECT_TIMEOUT: { guard: 'isOpen', actions: 'timedOut' },
  },
  states: {
    running: {
      after: { interval: { target: 'running', reenter: true, actions: ['sendWrite', 'nextWrite'] } },
    },
  },
});

export function pgClientProcess(cfg: PgClientConfig): ProcessFactory {
  return machineProcess(pgClientMachine, (env) => ({ env, ...cfg }), { reportsRole: false });
}
