import { enqueueActions, setup } from 'xstate';
import type { ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { machineProcess } from '../machineProcess.ts';

/**
 * HAProxy in front of a Patroni cluster, as in Patroni's haproxy.cfg example:
 *   option httpchk OPTIONS /primary
 *   http-check expect status 200
 *   default-server inter 3s fall 3 rise 2 on-marked-down shutdown-sessions
 *
 * Each backend has its own check loop, as HAProxy's check task per server (src/check.c): it sends
 * HEALTH_CHECK {path:'/primary', seq}, and the check ends at the answer, a refusal or its timeout;
 * the next one starts `inter` after it ended (process_chk_conn: `t->expire = tick_add(now_ms,
 * MS_TO_TICKS(srv_getinter(check) + rv))` once the check completes). The first checks are staggered
 * over one interval: backend i of n is first checked at inter + i x inter / n (start_check_task:
 * `mininter * srvpos / nbcheck`; the model's first check waits one interval, so that the members
 * have bootstrapped), counted from HAProxy's start (`drawnStart`). A check fails on any code but
 * 200, at once when the connection is refused (REFUSED: a killed backend on a live host,
 * "Connection refused" in HAProxy's L4CON check status), or when no answer has come
 * `checkTimeoutMs` after it went out (HAProxy 2.6 configuration manual, `timeout check`,
 * https://docs.haproxy.org/2.6/configuration.html#4.2-timeout%20check: "If set, haproxy uses
 * min("timeout connect", "inter") as a connect timeout for check and "timeout check" as an
 * additional read timeout"; "If "timeout check" is not set haproxy uses "inter" for complete check
 * timeout"). Patroni's haproxy.cfg sets `timeout check 5s`: a stopped Patroni's REST port still
 * accepts the connection (its kernel does), so each unanswered check takes 5 s and the next starts
 * 3 s later: down 21-24 s after the stop, not 9-12 s. The model does not tell a connection never
 * established (a partition: it fails at min(timeout connect, inter)) from one left unanswered. The
 * health counter is HAProxy's (src/check.c): 0..rise+fall-1, a server is marked down after `fall`
 * consecutive failures and up after `rise` consecutive successes; at start every server is up with
 * health = rise (init-state "up", the default: one failure marks it down).
 *
 * Client traffic: WRITE {wid, value} from a client is forwarded as WRITE {sid, wid, value, client} to
 * the first backend marked up (config order; with Patroni only the primary answers 200). With none
 * up the client's connection is closed at once: WRITE_FAILED {wid, reason:'no server available'}. The
 * backend's WRITE_OK / WRITE_ERROR is relayed with `backend` added. `on-marked-down shutdown-sessions`:
 * when a backend is marked down, every write still waiting on it fails at once (WRITE_FAILED, 'server
 * closed the connection unexpectedly', what libpq reports). Before that, HAProxy still sends new
 * connections to a dead backend: a refused one is tried again `retries` times (Patroni's haproxy.cfg
 * example: `retries 2`), each after a turn-around of min(timeout connect, 1 s) (HAProxy docs,
 * `retries`), then closed; a connection to a dark host just hangs. Either way the client usually
 * gives up first, at its connect timeout (pgClient.ts).
 * Marks: 'backend-down' / 'backend-up' {backend, ...}. Not an election participant.
 */

export interface HaproxyConfig {
  backends: readonly string[];
  interMs: number;
  fall: number;
  rise: number;
  path?: string;
  /** Connection retries after a refused connect (HAProxy `retries`; Patroni's example: 2). */
  retries?: number;
  /** HAProxy `timeout check`: an unanswered check fails this long after it went out (unset: `interMs`). */
  checkTimeoutMs?: number;
  /**
   * HAProxy starts at a drawn moment in [0, inter) of the run, not with the members: when it was
   * started against them is the operator's accident, so a fault falls anywhere in the check cycle (a
   * kill's DOWN is 6 to 9 s after it, not one fixed phase). Unset: it starts with the run.
   */
  drawnStart?: boolean;
}

/** Patroni's haproxy.cfg example: `timeout check 5s`. */
export const TIMEOUT_CHECK_MS = 5000;

/** HAProxy docs, `retries`: "a turn-around timer of min("timeout connect", one second) is applied". */
export const RETRY_TURNAROUND_MS = 1000;
/** Patroni's haproxy.cfg example: `retries 2`. */
export const DEFAULT_RETRIES = 2;

export interface HaproxyInput extends HaproxyConfig {
  env: ProcessEnv;
}

export interface PendingWrite {
  sid: number;
  wid: number | null;
  client: string;
  backend: string;
  /** Connection attempts made so far. */
  attempts: number;
  value?: string;
}

export interface HaproxyContext extends HaproxyInput {
  health: Record<string, number>;
  up: Record<string, boolean>;
  /** The number of the check still unanswered, per backend (null: none out). */
  awaiting: Record<string, number | null>;
  /** Checks sent so far, per backend: the k-th check of a backend carries seq k. */
  sent: Record<string, number>;
  nextSid: number;
  pending: PendingWrite[];
}

export type HaproxyEvent =
  | { type: 'WRITE'; from: string; wid?: number; value?: string }
  | { type: 'HEALTH'; from: string; seq: number | null; code: number }
  | { type: 'WRITE_OK'; from: string; sid: number; wid: number | null; lsn?: number; timeline?: number }
  | { type: 'WRITE_ERROR'; from: string; sid: number; wid: number | null; code?: number; reason?: string }
  /** A connection refused by a backend whose processes were killed (net/network.ts). */
  | { type: 'REFUSED'; from: string; of: string; seq?: number; sid?: number }
  | { type: 'RETRY'; sid: number }
  /** Raised: a backend's next check is due; its check went unanswered for `timeout check`. */
  | { type: 'CHECK'; backend: string }
  | { type: 'CHECK_TIMEOUT'; backend: string; seq: number };

export const NO_SERVER = 'no server available';
export const SESSION_SHUT = 'server closed the connection unexpectedly';

/** One check result on HAProxy's health counter (src/check.c, rise/fall). */
export function checkResult(
  health: number,
  up: boolean,
  ok: boolean,
  rise: number,
  fall: number,
): { health: number; up: boolean } {
  const max = rise + fall - 1;
  if (ok) {
    if (up) return { health: max, up: true };
    return health + 1 >= rise ? { health: max, up: true } : { health: health + 1, up: false };
  }
  if (up && health > rise) return { health: health - 1, up: true };
  return { health: 0, up: false };
}

interface CheckOutcome {
  backend: string;
  ok: boolean;
  why: string;
}

/** Applies results to the counters; marks transitions and shuts the sessions of servers going down. */
function applyOutcomes(
  context: HaproxyContext,
  outcomes: CheckOutcome[],
): Pick<HaproxyContext, 'health' | 'up' | 'pending'> & { effects: Array<() => void> } {
  const health = { ...context.health };
  const up = { ...context.up };
  let pending = context.pending;
  const effects: Array<() => void> = [];
  for (const o of outcomes) {
    const before = up[o.backend] ?? false;
    const r = checkResult(health[o.backend] ?? 0, before, o.ok, context.rise, context.fall);
    health[o.backend] = r.health;
    up[o.backend] = r.up;
    if (before && !r.up) {
      const shut = pending.filter((p) => p.backend === o.backend);
      pending = pending.filter((p) => p.backend !== o.backend);
      effects.push(() => {
        context.env.mark('backend-down', { backend: o.backend, reason: o.why, sessionsShut: shut.length });
        for (const p of shut)
          context.env.send(p.client, 'WRITE_FAILED', {
            wid: p.wid,
            backend: p.backend,
            reason: SESSION_SHUT,
          });
      });
    } else if (!before && r.up) effects.push(() => context.env.mark('backend-up', { backend: o.backend }));
  }
  return { health, up, pending, effects };
}

/** The part of XState's `enqueue` a check's end uses. */
interface Enqueue {
  (effect: () => void): void;
  assign(patch: Partial<HaproxyContext>): void;
  raise(event: HaproxyEvent, options: { delay: number; id: string }): void;
}

/** A check ended (answered, refused or timed out): its result counts, and the next starts `inter` later. */
function checkEnded(context: HaproxyContext, o: CheckOutcome, enqueue: Enqueue): void {
  const { effects, ...next } = applyOutcomes(context, [o]);
  enqueue.assign({ ...next, awaiting: { ...context.awaiting, [o.backend]: null } });
  for (const fx of effects) enqueue(fx);
  enqueue.raise({ type: 'CHECK', backend: o.backend }, { delay: context.interMs, id: `check-${o.backend}` });
}

export const haproxyMachine = setup({
  types: {} as { context: HaproxyContext; events: HaproxyEvent; input: HaproxyInput },
  actions: {
    /** A backend's check goes out; it fails if nothing has come back within the check timeout. */
    startCheck: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'CHECK') return;
      const b = event.backend;
      const seq = (context.sent[b] ?? 0) + 1;
      enqueue.assign({ sent: { ...context.sent, [b]: seq }, awaiting: { ...context.awaiting, [b]: seq } });
      const path = context.path ?? '/primary';
      enqueue(() => context.env.send(b, 'HEALTH_CHECK', { path, seq }));
      enqueue.raise(
        { type: 'CHECK_TIMEOUT', backend: b, seq },
        { delay: context.checkTimeoutMs ?? context.interMs, id: `timeout-${b}` },
      );
    }),
    onHealth: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'HEALTH' || event.seq === null || context.awaiting[event.from] !== event.seq) return;
      enqueue.cancel(`timeout-${event.from}`);
      checkEnded(context, { backend: event.from, ok: event.code === 200, why: String(event.code) }, enqueue);
    }),
    onTimeout: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'CHECK_TIMEOUT' || context.awaiting[event.backend] !== event.seq) return;
      checkEnded(context, { backend: event.backend, ok: false, why: 'timeout' }, enqueue);
    }),
    /** A refused check fails at once; a refused client connection is tried again, then closed. */
    onRefused: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'REFUSED') return;
      if (event.of === 'HEALTH_CHECK') {
        if (event.seq === undefined || context.awaiting[event.from] !== event.seq) return;
        enqueue.cancel(`timeout-${event.from}`);
        checkEnded(context, { backend: event.from, ok: false, why: 'refused' }, enqueue);
        return;
      }
      if (event.of !== 'WRITE') return;
      const p = context.pending.find((x) => x.sid === event.sid && x.backend === event.from);
      if (!p) return;
      if (p.attempts <= (context.retries ?? DEFAULT_RETRIES)) {
        enqueue.raise({ type: 'RETRY', sid: p.sid }, { delay: RETRY_TURNAROUND_MS });
        return;
      }
      enqueue.assign({ pending: context.pending.filter((x) => x !== p) });
      enqueue(() =>
        context.env.send(p.client, 'WRITE_FAILED', { wid: p.wid, backend: p.backend, reason: SESSION_SHUT }),
      );
    }),
    retry: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'RETRY') return;
      const p = context.pending.find((x) => x.sid === event.sid);
      if (!p) return; // shut down meanwhile
      enqueue.assign({
        pending: context.pending.map((x) => (x === p ? { ...x, attempts: x.attempts + 1 } : x)),
      });
      enqueue(() =>
        context.env.send(p.backend, 'WRITE', {
          sid: p.sid,
          wid: p.wid,
          client: p.client,
          ...(p.value !== undefined ? { value: p.value } : {}),
        }),
      );
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'WRITE') return;
      const wid = event.wid ?? null;
      const backend = context.backends.find((b) => context.up[b]);
      if (backend === undefined) {
        enqueue(() => context.env.send(event.from, 'WRITE_FAILED', { wid, reason: NO_SERVER }));
        return;
      }
      const sid = context.nextSid;
      enqueue.assign({
        nextSid: sid + 1,
        pending: [
          ...context.pending,
          {
            sid,
            wid,
            client: event.from,
            backend,
            attempts: 1,
            ...(event.value !== undefined ? { value: event.value } : {}),
          },
        ],
      });
      enqueue(() =>
        context.env.send(backend, 'WRITE', {
          sid,
          wid,
          client: event.from,
          ...(event.value !== undefined ? { value: event.value } : {}),
        }),
      );
    }),
    relay: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'WRITE_OK' && event.type !== 'WRITE_ERROR') return;
      const p = context.pending.find((x) => x.sid === event.sid && x.backend === event.from);
      if (!p) return; // its session was shut down already
      enqueue.assign({ pending: context.pending.filter((x) => x !== p) });
      const { type, from, sid: _sid, ...rest } = event;
      enqueue(() => context.env.send(p.client, type, { ...rest, wid: p.wid, backend: from }));
    }),
  },
}).createMachine({
  id: 'haproxy',
  context: ({ input }) => {
    const health: Record<string, number> = {};
    const up: Record<string, boolean> = {};
    const awaiting: Record<string, number | null> = {};
    const sent: Record<string, number> = {};
    for (const b of input.backends) {
      health[b] = input.rise; // init-state "up"
      up[b] = true;
      awaiting[b] = null;
      sent[b] = 0;
    }
    return { ...input, health, up, awaiting, sent, nextSid: 1, pending: [] };
  },
  initial: 'running',
  // Backend i of n is first checked at inter + floor(i x inter / n) after HAProxy's start.
  entry: enqueueActions(({ context, enqueue }) => {
    const n = context.backends.length;
    const startedMs = context.drawnStart ? context.env.rng('start').int(0, context.interMs - 1) : 0;
    context.backends.forEach((backend, i) => {
      const delay = startedMs + context.interMs + Math.floor((i * context.interMs) / n);
      enqueue.raise({ type: 'CHECK', backend }, { delay, id: `check-${backend}` });
    });
  }),
  on: {
    HEALTH: { actions: 'onHealth' },
    WRITE: { actions: 'forward' },
    WRITE_OK: { actions: 'relay' },
    WRITE_ERROR: { actions: 'relay' },
    REFUSED: { actions: 'onRefused' },
    RETRY: { actions: 'retry' },
    CHECK: { actions: 'startCheck' },
    CHECK_TIMEOUT: { actions: 'onTimeout' },
  },
  states: { running: {} },
});

export function haproxyProcess(cfg: HaproxyConfig): ProcessFactory {
  return machineProcess(haproxyMachine, (env) => ({ env, ...cfg }), { reportsRole: false });
}
