/**
 * The store's watchers (api.md "Watch API", mvcc/watchable_store.go): a watcher on a key or a range
 * gets every PUT and DELETE in it, in revision order (within one revision, in the order the txn made
 * them); a DELETE event's kv carries only the key and the deleting revision as mod_revision. A start
 * revision at or below the current one replays history from that revision first (the model keeps the
 * whole history: it never compacts). Events queue per watcher until taken.
 */
import type { WatchEvent } from './api.ts';
import { copyEvent, inRange } from './order.ts';

interface Watcher {
  id: number;
  key: string;
  rangeEnd: string | undefined;
  queue: WatchEvent[];
}

export class Watches {
  private readonly watchers = new Map<number, Watcher>();
  private nextId = 0;
  /** Every event since the store started, in revision order (no compaction). */
  private readonly history: WatchEvent[] = [];

  /** A watcher on [key, rangeEnd); a start revision > 0 replays history from it. Returns its id. */
  add(key: string, rangeEnd: string | undefined, startRevision: number): number {
    const id = this.nextId++;
    const w: Watcher = { id, key, rangeEnd, queue: [] };
    if (startRevision > 0)
      for (const ev of this.history)
        if (ev.kv.modRevision >= startRevision && inRange(ev.kv.key, key, rangeEnd))
          w.queue.push(copyEvent(ev));
    this.watchers.set(id, w);
    return id;
  }

  cancel(id: number): boolean {
    return this.watchers.delete(id);
  }

  take(id: number): WatchEvent[] {
    const w = this.watchers.get(id);
    if (w === undefined) return [];
    const out = w.queue;
    w.queue = [];
    return out;
  }

  withEvents(): number[] {
    return [...this.watchers.values()].filter((w) => w.queue.length > 0).map((w) => w.id);
  }

  /** A change made at its revision: kept in history and queued for each watcher it falls in. */
  notify(ev: WatchEvent): void {
    this.history.push(ev);
    for (const w of this.watchers.values())
      if (inRange(ev.kv.key, w.key, w.rangeEnd)) w.queue.push(copyEvent(ev));
  }
}
