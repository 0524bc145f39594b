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

/**
 * Ids of the messages that are background chatter: liveness and renewal traffic (isChatter), and
 * compare-and-swap attempts that failed because someone else holds the key (a candidate polling
 * the store), request and answer both, paired by reqId. What remains is the story.
 */
export function chatterIds(messages: readonly MessageLike[]): Set<number> {
  const out = new Set<number>();
  const txns = new Map<string, number>();
  for (const m of messages) {
    if (isChatter(m.type)) out.add(m.id);
    else if (m.type === 'TXN' && m.data?.reqId != null) txns.set(`${m.from}>${m.to}#${m.data.reqId}`, m.id);
    else if (m.type === 'TXN_RESULT' && m.data?.succeeded === false) {
      out.add(m.id);
      const req = m.data.reqId != null ? txns.get(`${m.to}>${m.from}#${m.data.reqId}`) : undefined;
      if (req !== undefined) out.add(req);
    }
  }
  return out;
}
