// Which messages of a run are background chatter (liveness, renewals, failed CAS polling) rather than the story.
import type { TraceIndex } from '../../../sim/trace/frame.ts';
import { ChatterFinder, type MessageLike } from '../../../sim/trace/messageDigest.ts';

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
  const finder = new ChatterFinder();
  const mark = (id: number) => {
    bits[id] = 1;
  };
  for (const m of messages) finder.see(m, mark);
  let size = 0;
  for (const b of bits) size += b;
  const ids = bitmapIds(bits, size);
  memo.set(messages, { n: messages.length, ids });
  return ids;
}

function bitmapIds(bits: Uint8Array, size: number): IdSet {
  return {
    has: (id) => bits[id] === 1,
    size,
    *[Symbol.iterator]() {
      for (let i = 0; i < bits.length; i++) if (bits[i] === 1) yield i;
    },
  };
}

/**
 * The chatter of a run on the page: from the digest its engine built (no pass over the messages
 * here), else chatterIds over its messages. Read when a view derives from the run, as chatterIds is.
 */
export function chatterOf(index: TraceIndex): IdSet {
  const c = index.digest?.chatter;
  return c ? bitmapIds(c.bits, c.size) : chatterIds(index.messages);
}
