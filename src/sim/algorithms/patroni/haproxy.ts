import { enqueueActions, setup } from 'xstate';
import type { ProcessEnv, ProcessFactory } from '../../net/host.ts';
import { machineProcess } from '../machineProcess.ts';

/**
 * HAProxy in front of a Patroni cluster, as in Patroni's haproxy.cfg example:
 *   option httpchk OPTIONS /primary
 *   http-check expect status 200
 *   default-server inter 3s fall 3 rise 2 on-marked-down shutdown-sessions
 *
 * Every `interMs` it sends HEALTH_CHECK {path:'/primary', seq} to every backend (the first round one
 * interval after start). A check fails on any code but 200, or when no answer has come by the next
 * round (HAProxy uses `inter` as the check timeout when `timeout check` is not set). The health counter
 * is HAProxy's (src/check.c): 0..rise+fall-1, a server is marked down after `fall` consecutive
 * failures and up after `rise` consecutive successes; at start every server is up with health =
 * rise (init-state "up", the default: one failure marks it down).
 *
 * Client traffic: WRITE {wid, value} from a client is forwarded as WRITE {sid, wid, value, client} to
 * the first backend marked up (config order; with Patroni only the primary answers 200). With none
 * up the client gets WRITE_FAILED {wid, reason:'no server available'}. The backend's WRITE_OK /
 * WRITE_ERROR is relayed with `backend` added. `on-marked-down shutdown-sessions`: when a backend is
 * marked down, every write still waiting on it fails at once (WRITE_FAILED, 'server closed the
 * connection unexpectedly', what libpq reports). A write to a dead backend otherwise hangs: the
 * session is open and nothing answers.
 * Marks: 'backend-down' / 'backend-up' {backend, ...}. Not an election participant.
 */

export interface HaproxyConfig {
  backends: readonly string[];
  interMs: number;
  fall: number;
  rise: number;
  path?: string;
}

export interface HaproxyInput extends HaproxyConfig {
  env: ProcessEnv;
}

export interface PendingWrite {
  sid: number;
  wid: number | null;
  client: string;
  backend: string;
}

export interface HaproxyContext extends HaproxyInput {
  health: Record<string, number>;
  up: Record<string, boolean>;
  /** Round number of the check still unanswered, per backend (null: answered). */
  awaiting: Record<string, number | null>;
  round: number;
  nextSid: number;
  pending: PendingWrite[];
}

export type HaproxyEvent =
  | { type: 'WRITE'; from: string; wid?: number; value?: string }
  | { type: 'HEALTH'; from: string; seq: number | null; code: number }
  | { type: 'WRITE_OK'; from: string; sid: number; wid: number | null; lsn?: number; timeline?: number }
  | { type: 'WRITE_ERROR'; from: string; sid: number; wid: number | null; code?: number; reason?: string };

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

export const haproxyMachine = setup({
  types: {} as { context: HaproxyContext; events: HaproxyEvent; input: HaproxyInput },
  actions: {
    /** One check round: unanswered checks of the last round fail (timeout), then new checks go out. */
    checkRound: enqueueActions(({ context, enqueue }) => {
      const outcomes: CheckOutcome[] = context.backends
        .filter((b) => (context.awaiting[b] ?? null) !== null)
        .map((b) => ({ backend: b, ok: false, why: 'timeout' }));
      const round = context.round + 1;
      const awaiting: Record<string, number | null> = {};
      for (const b of context.backends) awaiting[b] = round;
      const { effects, ...next } = applyOutcomes(context, outcomes);
      enqueue.assign({ ...next, round, awaiting });
      for (const fx of effects) enqueue(fx);
      const path = context.path ?? '/primary';
      enqueue(() => {
        for (const b of context.backends) context.env.send(b, 'HEALTH_CHECK', { path, seq: round });
      });
    }),
    onHealth: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'HEALTH' || event.seq === null || context.awaiting[event.from] !== event.seq) return;
      const ok = event.code === 200;
      const { effects, ...next } = applyOutcomes(context, [
        { backend: event.from, ok, why: String(event.code) },
      ]);
      enqueue.assign({ ...next, awaiting: { ...context.awaiting, [event.from]: null } });
      for (const fx of effects) enqueue(fx);
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
        pending: [...context.pending, { sid, wid, client: event.from, backend }],
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
  delays: {
    inter: ({ context }) => context.interMs,
  },
}).createMachine({
  id: 'haproxy',
  context: ({ input }) => {
    const health: Record<string, number> = {};
    const up: Record<string, boolean> = {};
    const awaiting: Record<string, number | null> = {};
    for (const b of input.backends) {
      health[b] = input.rise; // init-state "up"
      up[b] = true;
      awaiting[b] = null;
    }
    return { ...input, health, up, awaiting, round: 0, nextSid: 1, pending: [] };
  },
  initial: 'running',
  on: {
    HEALTH: { actions: 'onHealth' },
    WRITE: { actions: 'forward' },
    WRITE_OK: { actions: 'relay' },
    WRITE_ERROR: { actions: 'relay' },
  },
  states: {
    running: { after: { inter: { target: 'running', reenter: true, actions: 'checkRound' } } },
  },
});

export function haproxyProcess(cfg: HaproxyConfig): ProcessFactory {
  return machineProcess(haproxyMachine, (env) => ({ env, ...cfg }), { reportsRole: false });
}
