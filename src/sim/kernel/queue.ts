/**
 * The simulation's one event queue: callbacks ordered by (time, seq). Ties at the same virtual
 * millisecond run in scheduling order, so a run depends only on its inputs. Integer ms only.
 */
export type TimerId = number;

interface Entry {
  at: number;
  seq: number;
  fn: () => void;
}

export class EventQueue {
  private heap: Entry[] = [];
  private seq = 0;
  private cancelled = new Set<number>();
  private _now = 0;
  /** Number of callbacks run so far (for benchmarks and runaway guards). */
  executed = 0;

  get now(): number {
    return this._now;
  }

  get size(): number {
    return this.heap.length - this.cancelled.size;
  }

  /** Schedules fn at absolute time `at` (never before now). Returns an id for cancel(). */
  at(at: number, fn: () => void): TimerId {
    if (!Number.isFinite(at)) throw new Error(`EventQueue: time must be finite, got ${at}`);
    const t = Math.max(this._now, Math.ceil(at));
    const seq = this.seq++;
    this.push({ at: t, seq, fn });
    return seq;
  }

  /** Schedules fn after `delay` ms of virtual time. */
  after(delay: number, fn: () => void): TimerId {
    return this.at(this._now + Math.max(0, delay), fn);
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
    top.fn();
    return true;
  }

  /** Runs every callback due at or before `end`, then sets now = end. */
  runUntil(end: number, maxSteps = 50_000_000): void {
    let steps = 0;
    for (;;) {
      const next = this.peekTime();
      if (next === undefined || next > end) break;
      this.step();
      if (++steps > maxSteps) throw new Error(`EventQueue: more than ${maxSteps} events before t=${end} ms`);
    }
    this._now = Math.max(this._now, end);
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
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(e: Entry): void {
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
