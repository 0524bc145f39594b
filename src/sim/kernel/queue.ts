/**
 * The simulation's one event queue: callbacks ordered by (time, seq). Ties at the same virtual
 * millisecond run in scheduling order, so a run depends only on its inputs. Integer ms only.
 */
export type TimerId = number;

/**
 * What a queue entry is, given where it is scheduled: the explorer's fingerprint of a world reads the
 * pending entries through these (a closure cannot be compared), so each must name everything its
 * callback will act on that the rest of the world does not already hold.
 */
export type Descriptor =
  /** A message's arrival (`tcp`: its connection and segment number). */
  | {
      k: 'deliver';
      from: string;
      to: string;
      type: string;
      body: unknown;
      tcp?: { stream: string; seq: number };
      /** Lost at its send (a cut or the loss draw): it arrives as a drop. */
      lost?: boolean;
    }
  /** The REFUSED answer to a message sent to a killed process. */
  | { k: 'refused'; from: string; to: string; type: string; body: unknown }
  /** TCP's retransmission of a segment after its timeout. */
  | {
      k: 'retransmit';
      stream: string;
      seq: number;
      tries: number;
      from: string;
      to: string;
      type: string;
      body: unknown;
    }
  /**
   * A host's timer (ProcessEnv.after, a machine's delayed transition): `name` and `data` say what it
   * will do; `inc` is the process incarnation that set it (a crash makes it a no-op).
   */
  | { k: 'timer'; host: string; inc: number; name: string; ms: number; data?: unknown }
  /** A fault of the script or an intervention, or what a fault brings by itself (a pause's end). */
  | { k: 'fault'; fault: unknown; source: string; host?: string; inc?: number }
  /** Anything else (tests that drive a queue by hand). */
  | { k: 'call'; name: string };

/** A live entry as a fingerprint reads it: due `dueIn` ms from now, in the order the queue runs them. */
export interface PendingEntry {
  dueIn: number;
  pri: 0 | 1;
  key: string;
  what: Descriptor;
}

interface Entry {
  at: number;
  /** 0 for faults (they run first in their millisecond, ordered by `key`), 1 for everything else. */
  pri: 0 | 1;
  key: string;
  seq: number;
  what: Descriptor;
  fn: () => void;
}

export class EventQueue {
  private heap: Entry[] = [];
  private seq = 0;
  private cancelled = new Set<number>();
  private _now = 0;
  /** Number of callbacks run so far (for benchmarks and runaway guards). */
  executed = 0;
  /** Set by halt(): no callback runs any more (a run that spent its budget). */
  private halted = false;
  /**
   * Told of every entry as it is scheduled and as it runs: the explorer's reduction reads which hosts
   * a millisecond's events act on (explore/reduce.ts). Absent in every other run.
   */
  watch?: (what: Descriptor) => void;

  /** Stops the queue after the callback under way: runSome runs nothing more and returns false. */
  halt(): void {
    this.halted = true;
  }

  get now(): number {
    return this._now;
  }

  get size(): number {
    return this.heap.length - this.cancelled.size;
  }

  /** Schedules fn, described by `what`, at absolute time `at` (never before now). Returns an id for cancel(). */
  at(at: number, what: Descriptor, fn: () => void): TimerId {
    if (!Number.isFinite(at)) throw new Error(`EventQueue: time must be finite, got ${at}`);
    const t = Math.max(this._now, Math.ceil(at));
    const seq = this.seq++;
    this.push({ at: t, pri: 1, key: '', seq, what, fn });
    return seq;
  }

  /**
   * Schedules a fault: it runs before any other callback of its millisecond, and faults of one
   * millisecond run in `key` order. The order then depends on the faults alone, not on when they
   * were scheduled, so a fault added to a run under way (simulate.ts, retarget) lands exactly where
   * it would have been had it been scheduled with the others before the run started.
   */
  atFault(at: number, key: string, what: Descriptor, fn: () => void): TimerId {
    if (!Number.isFinite(at)) throw new Error(`EventQueue: time must be finite, got ${at}`);
    const t = Math.max(this._now, Math.ceil(at));
    const seq = this.seq++;
    this.push({ at: t, pri: 0, key, seq, what, fn });
    return seq;
  }

  /** Schedules fn after `delay` ms of virtual time. */
  after(delay: number, what: Descriptor, fn: () => void): TimerId {
    return this.at(this._now + Math.max(0, delay), what, fn);
  }

  /**
   * The live entries in the order they will run, each due `dueIn` ms from now: their absolute times
   * and sequence numbers are history (when they were scheduled), their order and distance are not.
   */
  pending(): PendingEntry[] {
    return this.heap
      .filter((e) => !this.cancelled.has(e.seq))
      .sort((a, b) => (this.less(a, b) ? -1 : 1))
      .map((e) => ({ dueIn: e.at - this._now, pri: e.pri, key: e.key, what: e.what }));
  }

  cancel(id: TimerId): void {
    if (id >= 0 && id < this.seq) this.cancelled.add(id);
  }

  /** Time of the next live entry, or undefined when empty. */
  peekTime(): number | undefined {
    this.dropCancelledTop();
    return this.heap[0]?.at;
  }

  /** Runs one callback; returns false when the queue is empty. */
  step(): boolean {
    this.dropCancelledTop();
    const top = this.pop();
    if (!top) return false;
    this._now = top.at;
    this.executed++;
    this.watch?.(top.what);
    top.fn();
    return true;
  }

  /** Runs every callback due at or before `end`, then sets now = end. */
  runUntil(end: number, maxSteps = 50_000_000): void {
    if (!this.runSome(end, maxSteps + 1))
      throw new Error(`EventQueue: more than ${maxSteps} events before t=${end} ms`);
  }

  /**
   * Runs at most `maxSteps` callbacks due at or before `end`. True when none is left there (now is
   * then `end`); false when it stopped early (now is the time of the last callback run), so a caller
   * can slice a long run and pick it up again with the same result.
   */
  runSome(end: number, maxSteps: number): boolean {
    for (let steps = 0; steps < maxSteps; steps++) {
      if (this.halted) return false;
      const next = this.peekTime();
      if (next === undefined || next > end) {
        this._now = Math.max(this._now, end);
        return true;
      }
      this.step();
    }
    const next = this.peekTime();
    if (next === undefined || next > end) {
      this._now = Math.max(this._now, end);
      return true;
    }
    return false;
  }

  private dropCancelledTop(): void {
    while (this.heap.length > 0) {
      const top = this.heap[0] as Entry;
      if (!this.cancelled.has(top.seq)) return;
      this.cancelled.delete(top.seq);
      this.pop();
    }
  }

  private less(a: Entry, b: Entry): boolean {
    if (a.at !== b.at) return a.at < b.at;
    if (a.pri !== b.pri) return a.pri < b.pri;
    if (a.key !== b.key) return a.key < b.key;
    return a.seq < b.seq;
  }

  private push(e: Entry): void {
    this.watch?.(e.what);
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i] as Entry, h[p] as Entry)) break;
      [h[i], h[p]] = [h[p] as Entry, h[i] as Entry];
      i = p;
    }
  }

  private pop(): Entry | undefined {
    const h = this.heap;
    if (h.length === 0) return undefined;
    const top = h[0] as Entry;
    const last = h.pop() as Entry;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l] as Entry, h[m] as Entry)) m = l;
        if (r < h.length && this.less(h[r] as Entry, h[m] as Entry)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m] as Entry, h[i] as Entry];
        i = m;
      }
    }
    return top;
  }
}
