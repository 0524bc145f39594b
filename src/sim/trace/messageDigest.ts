import type { TraceEvent } from './events.ts';
import type { MessageRecord } from './frame.ts';

/**
 * What the views need of a run's whole message list, however long the run: the message types (the
 * legends), whether any was lost, and the pairs of hosts that talked (the cluster picture's links).
 * Small (types and pairs are bounded by the topology, not by the run's length), so the simulation
 * engine builds it beside the run as events are made (in the worker: engine/core.ts) and the page
 * reads it instead of going over every message again at each new run object.
 */
export interface MessageDigest {
  /** Message types, in the order of their first send. */
  types: string[];
  anyLost: boolean;
  /** Hosts that exchanged a message, [from, to] of the first message between them, in that order. */
  pairs: Array<[string, string]>;
}

/** The new part of a digest since the last one sent: appended to the page's copy (applyDigest). */
export type DigestDelta = MessageDigest;

export const emptyDigest = (): MessageDigest => ({ types: [], anyLost: false, pairs: [] });

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Builds a digest from events as they come, and hands out what is new since the last delta. */
export class DigestBuilder {
  readonly digest = emptyDigest();
  private readonly types = new Set<string>();
  private readonly pairs = new Set<string>();
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
        if (!this.types.has(e.type)) {
          this.types.add(e.type);
          d.types.push(e.type);
        }
        if (e.from !== e.to) {
          const key = pairKey(e.from, e.to);
          if (!this.pairs.has(key)) {
            this.pairs.add(key);
            d.pairs.push([e.from, e.to]);
          }
        }
      } else if (e.k === 'drop') d.anyLost = true;
    }
    this.seen = events.length;
  }

  /** What is new since the last delta (everything, the first time). */
  delta(): DigestDelta {
    const d = this.digest;
    const out: DigestDelta = {
      types: d.types.slice(this.sentTypes),
      anyLost: d.anyLost && !this.sentLost,
      pairs: d.pairs.slice(this.sentPairs),
    };
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
}

/** The digest of a message list the page already has (a run simulated at once, an imported trace). */
export function digestOfMessages(messages: readonly MessageRecord[]): MessageDigest {
  const d = emptyDigest();
  const types = new Set<string>();
  const pairs = new Set<string>();
  for (const m of messages) {
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
    if (m.fate === 'dropped') d.anyLost = true;
  }
  return d;
}
