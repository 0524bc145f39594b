import { upperBound } from '../../lib/search.ts';
import type { MessageRecord } from './messageRecord.ts';

/**
 * One type's send times, in order: the first `n` of `at`, which has room to grow (doubling). Typed,
 * so that a worker's delta is appended by a copy (appendSends): a continued 24 h run's first delta
 * has ~360k send times, and pushing them one by one onto plain arrays took 16-22 ms in Node, and
 * 40-50 samples of a traced task on the page.
 */
export interface SendTimes {
  at: Float64Array;
  n: number;
}

/** Send times per message type and delivery times of the lost ones, sorted: counts at t by binary search. */
export interface CountIndex {
  sends: Map<string, SendTimes>;
  lostAt: number[];
}

export const emptyCounts = (): CountIndex => ({ sends: new Map(), lostAt: [] });

/** Room for `more` times after the first `n` (doubling, from 16). */
function room(xs: SendTimes, more: number): void {
  const need = xs.n + more;
  if (need <= xs.at.length) return;
  let cap = Math.max(16, xs.at.length);
  while (cap < need) cap *= 2;
  const grown = new Float64Array(cap);
  grown.set(xs.at.subarray(0, xs.n));
  xs.at = grown;
}

/** A type's times, made on its first send. */
function timesOf(ix: CountIndex, type: string): SendTimes {
  let xs = ix.sends.get(type);
  if (!xs) {
    xs = { at: new Float64Array(16), n: 0 };
    ix.sends.set(type, xs);
  }
  return xs;
}

/** The index as plain lists, whatever room each type's array has: what two indexes are compared by. */
export function countLists(ix: CountIndex): { sends: Map<string, number[]>; lostAt: number[] } {
  return {
    sends: new Map([...ix.sends].map(([type, xs]) => [type, Array.from(xs.at.subarray(0, xs.n))])),
    lostAt: ix.lostAt,
  };
}

/** The count index of a message list the page already has (in send order). */
export function countIndex(messages: readonly MessageRecord[]): CountIndex {
  const ix = emptyCounts();
  for (const m of messages) {
    addSend(ix, m.type, m.sendAt);
    if (m.fate === 'dropped') ix.lostAt.push(m.deliverAt);
  }
  for (const xs of ix.sends.values()) xs.at.subarray(0, xs.n).sort();
  ix.lostAt.sort((a, b) => a - b);
  return ix;
}

/** Adds one send (times arrive in order: a trace's events are sorted by time). */
export function addSend(ix: CountIndex, type: string, t: number): void {
  const xs = timesOf(ix, type);
  room(xs, 1);
  xs.at[xs.n++] = t;
}

/** Adds `from`'s times `[start, end)` to a type's, in one copy (they come after the ones it has). */
export function appendSends(
  ix: CountIndex,
  type: string,
  from: Float64Array,
  start: number,
  end: number,
): void {
  if (end <= start) return;
  const xs = timesOf(ix, type);
  room(xs, end - start);
  xs.at.set(from.subarray(start, end), xs.n);
  xs.n += end - start;
}

/** Adds a lost message's delivery time, kept sorted: drops do not come in delivery order, and are few. */
export function addLost(ix: CountIndex, deliverAt: number): void {
  const xs = ix.lostAt;
  let i = xs.length;
  xs.push(deliverAt);
  while (i > 0 && (xs[i - 1] as number) > deliverAt) {
    xs[i] = xs[i - 1] as number;
    i--;
  }
  xs[i] = deliverAt;
}

/**
 * Messages sent by t per type, and lost by t. Logarithmic in the run's length: a loop over every
 * message sent so far made each frame of a 24 h run cost ~100 ms (360k messages).
 */
export function countsAt(
  ix: CountIndex,
  t: number,
): { byType: Map<string, number>; sent: number; lost: number } {
  const byType = new Map<string, number>();
  let sent = 0;
  for (const [type, xs] of ix.sends) {
    const at = xs.at;
    const n = upperBound(xs.n, (i) => at[i] as number, t);
    byType.set(type, n);
    sent += n;
  }
  return { byType, sent, lost: upperBound(ix.lostAt.length, (i) => ix.lostAt[i] as number, t) };
}
