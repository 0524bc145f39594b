import { assign, setup } from 'xstate';
import type { ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { machineProcess } from '../machineProcess.ts';

/**
 * The application: one INSERT every `intervalMs` through the proxy (WRITE {wid, value}), the first
 * one interval after start, without waiting for earlier ones (a connection pool). Answers:
 * WRITE_OK {wid, backend, lsn, timeline} (committed on `backend`), WRITE_ERROR {wid, backend, code,
 * reason} (the database refused, e.g. a read-only replica), WRITE_FAILED {wid, reason} (the proxy had no
 * server or shut the session). A failed write is marked 'write-failed' {wid, reason, backend}: it is
 * lost from the application's point of view. Not an election participant.
 */

export interface PgClientConfig {
  /** Host id of the proxy. */
  target: string;
  intervalMs: number;
}

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
  | { type: 'WRITE_FAILED'; from: string; wid: number | null; backend?: string; reason?: string };

export const pgClientMachine = setup({
  types: {} as { context: PgClientContext; events: PgClientEvent; input: PgClientInput },
  actions: {
    sendWrite: ({ context }) =>
      context.env.send(context.target, 'WRITE', { wid: context.nextWid, value: `row-${context.nextWid}` }),
    nextWrite: assign({ nextWid: ({ context }) => context.nextWid + 1 }),
    committed: assign({
      ok: ({ context }) => context.ok + 1,
      lastBackend: ({ context, event }) =>
        event.type === 'WRITE_OK' ? (event.backend ?? null) : context.lastBackend,
    }),
    failed: assign({ failed: ({ context }) => context.failed + 1 }),
    markFailed: ({ context, event }) => {
      if (event.type === 'WRITE_OK') return;
      context.env.mark('write-failed', {
        wid: event.wid,
        reason: event.reason ?? 'error',
        backend: event.backend ?? null,
      });
    },
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
  },
}).createMachine({
  id: 'pgClient',
  context: ({ input }) => ({ ...input, nextWid: 1, ok: 0, failed: 0, lastBackend: null }),
  initial: 'running',
  on: {
    WRITE_OK: { actions: 'committed' },
    WRITE_ERROR: { actions: ['failed', 'markFailed'] },
    WRITE_FAILED: { actions: ['failed', 'markFailed'] },
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
