/**
 * What a Patroni agent writes into its keys and reads back (Patroni 3.0's member data, /status,
 * /history), and its one way to send the store a txn: the helpers of the HA loop's actions
 * (actions.ts).
 */
import type { Compare, RequestOp, ResponseOp } from '../../store/api.ts';
import type { PatroniContext } from './context.ts';
import { STORE } from './keys.ts';

export const me = (c: PatroniContext) => c.env.id;
export const rangeValue = (responses: ResponseOp[]): string | null => {
  for (const r of responses) if ('range' in r) return r.range.kvs[0]?.value ?? null;
  return null;
};

/** Member key value: JSON like Patroni 3.0's member data (role, state, xlog_location, timeline). */
export function memberValue(c: PatroniContext): string {
  return JSON.stringify({
    role: c.pgRole === 'primary' ? 'master' : 'replica',
    state: c.disk.hasData ? 'running' : 'stopped',
    xlog_location: c.lsn,
    timeline: c.timeline,
  });
}

/** The optime in a /status value (Patroni 3.0: JSON {"optime": lsn, ...}). */
export function statusOptime(value: string): number | null {
  try {
    const v = JSON.parse(value) as { optime?: unknown };
    return typeof v.optime === 'number' ? v.optime : null;
  } catch {
    return null;
  }
}

export function parseHistory(value: string): PatroniContext['history'] {
  try {
    const v = JSON.parse(value) as unknown;
    return Array.isArray(v) ? (v as PatroniContext['history']) : [];
  } catch {
    return [];
  }
}

/** The leader's /history, with the line for its own promotion if it is missing. */
export function historyWithMine(c: PatroniContext): PatroniContext['history'] | null {
  if (c.pgRole !== 'primary' || c.timeline <= 1) return null;
  if (c.history.some((l) => l[0] === c.timeline - 1)) return null;
  // The timestamp is the virtual clock as an ISO date (Patroni writes the promotion time).
  const at = new Date(c.env.now()).toISOString();
  return [...c.history, [c.timeline - 1, c.lsn, 'no recovery target specified', at, me(c)]];
}

export const localDeadline = (c: PatroniContext) => c.env.now() + c.ttlS * 1000;

/** A txn on `key` (the key is echoed in TXN_RESULT, for the trace). */
export function txn(
  c: PatroniContext,
  key: string,
  compare: Compare[],
  success: RequestOp[],
  failure: RequestOp[],
): void {
  c.env.send(STORE, 'TXN', { reqId: c.cycle, key, compare, success, failure });
}
