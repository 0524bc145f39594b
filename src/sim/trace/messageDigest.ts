import { declaredAlgorithms, declaredVersion } from '../algorithms/declared.ts';
import type { Primitive } from '../net/message.ts';
import type { TraceEvent } from './events.ts';
import { addLost, addSend, appendSends, type CountIndex, emptyCounts } from './messageCounts.ts';
import type { MessageRecord } from './messageRecord.ts';

/**
 * What the views need of a run's whole message list, however long the run: the message types (the
 * legends), whether any was lost, and the pairs of hosts that talked (the cluster picture's links).
 * Types and pairs are bounded by the topology, not by the run's length; the chatter is a bitmap over
 * message ids. The simulation engine builds it beside the run as events are made (in the worker:
 * engine/core.ts; its chatter ids cross as a transferred Int32Array) and the page reads it instead of
 * going over every message again at each new run object.
 */
export interface MessageDigest {
  /** Message types, in the order of their first send. */
  types: string[];
  anyLost: boolean;
  /** Hosts that exchanged a message, [from, to] of the first message between them, in that order. */
  pairs: Array<[string, string]>;
  /**
   * Background chatter (views/d3/sequence/chatter.ts): liveness and renewal traffic, and failed
   * compare-and-swap attempts, request and answer both. `bits[id]` is 1 for a chatter message.
   */
  chatter: { bits: Uint8Array; size: number };
  /** Send times per type and lost messages' delivery times (the message counts panel, at any t). */
  counts: CountIndex;
}

/** The new part of a digest since the last one sent: appended to the page's copy (applyDigest). */
export interface DigestDelta {
  types: string[];
  anyLost: boolean;
  pairs: Array<[string, string]>;
  /** Message ids that became chatter (a failed answer also marks its request, sent before). */
  chatter: Int32Array;
  /**
   * Send times since the last delta, grouped by type: `sendCounts[k]` times of the digest's
   * `types[k]`, in that order, each group in send order. Grouped in the engine, so that the page
   * appends each type's times in one copy (messageCounts.ts appendSends).
   */
  sends: Float64Array;
  sendCounts: Uint32Array;
  /** Delivery times of the messages dropped since the last delta, in the order of their drops. */
  lostAt: Float64Array;
}

export const emptyDigest = (): MessageDigest => ({
  types: [],
  anyLost: false,
  pairs: [],
  chatter: { bits: new Uint8Array(1024), size: 0 },
  counts: emptyCounts(),
});

let chatterSet: { version: number; types: Set<string>; whenEmpty: Map<string, string> } | null = null;
function chatterTables(): NonNullable<typeof chatterSet> {
  if (chatterSet?.version !== declaredVersion())
    chatterSet = {
      version: declaredVersion(),
      types: new Set(declaredAlgorithms().flatMap((a) => a.vocabulary.chatter)),
      whenEmpty: new Map(
        declaredAlgorithms().flatMap((a) => Object.entries(a.vocabulary.chatterWhenEmpty ?? {})),
      ),
    };
  return chatterSet;
}
/** Periodic liveness/renewal types of every declared algorithm (views/d3/glyphs.ts isChatter). */
export function isChatterType(type: string): boolean {
  return chatterTables().types.has(type);
}

/** A message as the chatter rules read it (a frame's MessageView, or the engine's own). */
export interface MessageLike {
  id: number;
  type: string;
  from: string;
  to: string;
  data?: Record<string, Primitive> | undefined;
}

/**
 * Finds chatter one message at a time, in send order: the chatter types, the types that carry nothing
 * (chatterWhenEmpty), and a TXN_RESULT that says
 * the compare-and-swap failed together with its TXN request (same hosts, same reqId), sent before.
 */
export class ChatterFinder {
  private readonly txns = new Map<string, Map<string, Map<Primitive, number>>>();
  /** Calls `mark` with each chatter id `m` makes (its own, and a failed answer's request). */
  see(m: MessageLike, mark: (id: number) => void): void {
    const empty = chatterTables().whenEmpty.get(m.type);
    if (isChatterType(m.type)) mark(m.id);
    else if (empty !== undefined) {
      if (m.data?.[empty] === 0) mark(m.id);
    } else if (m.type === 'TXN' && m.data?.reqId != null) {
      const byTo = this.txns.get(m.from) ?? new Map<string, Map<Primitive, number>>();
      this.txns.set(m.from, byTo);
      const byReq = byTo.get(m.to) ?? new Map<Primitive, number>();
      byTo.set(m.to, byReq);
      byReq.set(m.data.reqId, m.id);
    } else if (m.type === 'TXN_RESULT' && m.data?.succeeded === false) {
      mark(m.id);
      const req = m.data.reqId != null ? this.txns.get(m.to)?.get(m.from)?.get(m.data.reqId) : undefined;
      if (req !== undefined) mark(req);
    }
  }
}

/** Sets `id` in a digest's chatter bitmap, growing it (doubling) when the id is past its end. */
function markChatter(c: MessageDigest['chatter'], id: number): void {
  if (id >= c.bits.length) {
    let n = c.bits.length;
    while (n <= id) n *= 2;
    const grown = new Uint8Array(n);
    grown.set(c.bits);
    c.bits = grown;
  }
  if (c.bits[id] === 1) return;
  c.bits[id] = 1;
  c.size++;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Builds a digest from events as they come, and hands out what is new since the last delta. */
export class DigestBuilder {
  readonly digest = emptyDigest();
  private readonly pairs = new Set<string>();
  private readonly finder = new ChatterFinder();
  /** Delivery times of the messages in flight: a drop counts as lost at its message's delivery time. */
  private readonly flying = new Map<number, number>();
  /** Send times of each type (by its place in the digest's `types`) already in a delta. */
  private sentSends: number[] = [];
  private lostAt: number[] = [];
  private chatterNew: number[] = [];
  private readonly mark = (id: number) => {
    if (this.digest.chatter.bits[id] !== 1) this.chatterNew.push(id);
    markChatter(this.digest.chatter, id);
  };
  private seen = 0;
  private sentTypes = 0;
  private sentPairs = 0;
  private sentLost = false;

  /** Takes the events after the ones seen (`events` grows: the simulation's own array). */
  follow(events: readonly TraceEvent[]): void {
    const d = this.digest;
    for (let i = this.seen; i < events.length; i++) {
      const e = events[i] as TraceEvent;
      if (e.k === 'send') {
        // A type's first send: its send times do not exist yet.
        if (!d.counts.sends.has(e.type)) d.types.push(e.type);
        addSend(d.counts, e.type, e.t);
        this.flying.set(e.id, e.deliverAt);
        if (e.from !== e.to) {
          const key = pairKey(e.from, e.to);
          if (!this.pairs.has(key)) {
            this.pairs.add(key);
            d.pairs.push([e.from, e.to]);
          }
        }
        this.finder.see(e, this.mark);
      } else if (e.k === 'drop') {
        d.anyLost = true;
        const at = this.flying.get(e.id);
        if (at !== undefined) {
          addLost(d.counts, at);
          this.lostAt.push(at);
          this.flying.delete(e.id);
        }
      } else if (e.k === 'deliver') this.flying.delete(e.id);
    }
    this.seen = events.length;
  }

  /** What is new since the last delta (everything, the first time). */
  delta(): DigestDelta {
    const d = this.digest;
    // The times each type's list gained since the last delta, copied out of the digest's own.
    const lists = d.types.map((type) => d.counts.sends.get(type));
    const sendCounts = new Uint32Array(lists.length);
    let total = 0;
    lists.forEach((xs, k) => {
      sendCounts[k] = (xs?.n ?? 0) - (this.sentSends[k] ?? 0);
      total += sendCounts[k] as number;
    });
    const sends = new Float64Array(total);
    let at = 0;
    lists.forEach((xs, k) => {
      const from = this.sentSends[k] ?? 0;
      if (xs && xs.n > from) sends.set(xs.at.subarray(from, xs.n), at);
      at += sendCounts[k] as number;
      this.sentSends[k] = xs?.n ?? 0;
    });
    const out: DigestDelta = {
      types: d.types.slice(this.sentTypes),
      anyLost: d.anyLost && !this.sentLost,
      pairs: d.pairs.slice(this.sentPairs),
      chatter: Int32Array.from(this.chatterNew),
      sends,
      sendCounts,
      lostAt: Float64Array.from(this.lostAt),
    };
    this.chatterNew = [];
    this.lostAt = [];
    this.sentTypes = d.types.length;
    this.sentPairs = d.pairs.length;
    this.sentLost = d.anyLost;
    return out;
  }
}

/** Appends a delta to the page's copy of a digest. */
export function applyDigest(d: MessageDigest, delta: DigestDelta): void {
  for (const t of delta.types) d.types.push(t);
  for (const p of delta.pairs) d.pairs.push(p);
  if (delta.anyLost) d.anyLost = true;
  const ids = delta.chatter;
  for (let i = 0; i < ids.length; i++) markChatter(d.chatter, ids[i] as number);
  // One copy per type (a 24 h run's first piece has ~360k sends).
  const { sends, sendCounts, lostAt } = delta;
  let at = 0;
  for (let k = 0; k < sendCounts.length; k++) {
    const n = sendCounts[k] as number;
    appendSends(d.counts, d.types[k] as string, sends, at, at + n);
    at += n;
  }
  for (const t of lostAt) addLost(d.counts, t);
}

/** The digest of a message list the page already has (a run simulated at once, an imported trace). */
export function digestOfMessages(messages: readonly MessageRecord[]): MessageDigest {
  const d = emptyDigest();
  const types = new Set<string>();
  const pairs = new Set<string>();
  const finder = new ChatterFinder();
  const mark = (id: number) => markChatter(d.chatter, id);
  for (const m of messages) {
    finder.see(m, mark);
    if (!types.has(m.type)) {
      types.add(m.type);
      d.types.push(m.type);
    }
    if (m.from !== m.to) {
      const key = pairKey(m.from, m.to);
      if (!pairs.has(key)) {
        pairs.add(key);
        d.pairs.push([m.from, m.to]);
      }
    }
    addSend(d.counts, m.type, m.sendAt);
    if (m.fate === 'dropped') {
      d.anyLost = true;
      d.counts.lostAt.push(m.deliverAt);
    }
  }
  d.counts.lostAt.sort((a, b) => a - b);
  return d;
}
