import { upperBound } from '../../lib/search.ts';
import type { MessageRecord } from './messageRecord.ts';

/** Send times per message type and delivery times of the lost ones, sorted: counts at t by binary search. */
export interface CountIndex {
  sends: Map<string, number[]>;
  lostAt: number[];
}

export const emptyCounts = (): CountIndex => ({ sends: new Map(), lostAt: [] });

/** The count index of a message list the page already has (in send order). */
export function countIndex(messages: readonly MessageRecord[]): CountIndex {
  const sends = new Map<string, number[]>();
  const lostAt: number[] = [];
  for (const m of messages) {
    const xs = sends.get(m.type) ?? [];
    if (xs.length === 0) sends.set(m.type, xs);
    xs.push(m.sendAt);
    if (m.fate === 'dropped') lostAt.push(m.deliverAt);
  }
  for (const xs of sends.values()) xs.sort((a, b) => a - b);
  lostAt.sort((a, b) => a - b);
  return { sends, lostAt };
}

/** Adds one send (times arrive in order: a trace's events are sorted by time). */
export function addSend(ix: CountIndex, type: string, t: number): void {
  const xs = ix.sends.get(type);
  if (xs) xs.push(t);
  else ix.sends.set(type, [t]);
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
    const n = upperBound(xs.length, (i) => xs[i] as number, t);
    byType.set(type, n);
    sent += n;
  }
  return { byType, sent, lost: upperBound(ix.lostAt.length, (i) => ix.lostAt[i] as number, t) };
}
