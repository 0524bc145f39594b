// Which messages of a run are background chatter (liveness, renewals, failed CAS polling) rather than the story.
import { isChatter } from '../glyphs.ts';

type Primitive = string | number | boolean | null;
interface MessageLike {
  id: number;
  type: string;
  from: string;
  to: string;
  data?: Record<string, Primitive>;
}

/** Which message ids belong to a set: all a view asks of the chatter. */
export interface IdSet extends Iterable<number> {
  has(id: number): boolean;
  readonly size: number;
}

const memo = new WeakMap<readonly MessageLike[], { n: number; ids: IdSet }>();

/**
 * Ids of the messages that are background chatter: liveness and renewal traffic (isChatter), and
 * compare-and-swap attempts that failed because someone else holds the key (a candidate polling
 * the store), request and answer both, paired by reqId. What remains is the story.
 *
 * A bitmap over message ids (they count up from 1), not a Set: a 24 h lease run has 360k messages,
 * and a Set of them costs ten times more to build. Memoized per messages list, as several views ask.
 */
export function chatterIds(messages: readonly MessageLike[]): IdSet {
  const hit = memo.get(messages);
  if (hit && hit.n === messages.length) return hit.ids;
  let max = 0;
  for (const m of messages) if (m.id > max) max = m.id;
  const bits = new Uint8Array(max + 1);
  // TXN requests by sender, receiver and reqId, to mark the request of a failed answer.
  const txns = new Map<string, Map<string, Map<Primitive, number>>>();
  for (const m of messages) {
    if (isChatter(m.type)) bits[m.id] = 1;
    else if (m.type === 'TXN' && m.data?.reqId != null) {
      const byTo = txns.get(m.from) ?? new Map<string, Map<Primitive, number>>();
      txns.set(m.from, byTo);
      const byReq = byTo.get(m.to) ?? new Map<Primitive, number>();
      byTo.set(m.to, byReq);
      byReq.set(m.data.reqId, m.id);
    } else if (m.type === 'TXN_RESULT' && m.data?.succeeded === false) {
      bits[m.id] = 1;
      const req = m.data.reqId != null ? txns.get(m.to)?.get(m.from)?.get(m.data.reqId) : undefined;
      if (req !== undefined) bits[req] = 1;
    }
  }
  let size = 0;
  for (const b of bits) size += b;
  const ids: IdSet = {
    has: (id) => bits[id] === 1,
    size,
    *[Symbol.iterator]() {
      for (let i = 0; i < bits.length; i++) if (bits[i] === 1) yield i;
    },
  };
  memo.set(messages, { n: messages.length, ids });
  return ids;
}
