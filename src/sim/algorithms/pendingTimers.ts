import type { AnyActorRef } from 'xstate';

/** An entry of XState's scheduler: a delayed event, its delay and the actor that set it. */
export type Scheduled = { event: { type: string }; delay: number; source: AnyActorRef };

/**
 * One actor's entries of XState's `_scheduledEvents` (system.ts: keyed `<sessionId>.<id>`), in the
 * order a for-in over that object gives them: a key set again keeps its place, a key deleted and
 * set again goes last, as in the object. The recorder tells it of every schedule (`set`) and every
 * delete (`drop`: a cancel, a cancelAll, or the timer firing, seen when its event reaches the actor);
 * `version` moves at every change, so a snapshot with the same version has the same timers and reads
 * nothing. Parallel arrays, not a Map: an actor holds a handful of timers, and a Map's iterator
 * would be an allocation per look.
 */
export class PendingTimers {
  readonly keys: string[] = [];
  readonly entries: Scheduled[] = [];
  version = 0;
  /** False when a schedule could not be followed (no id): the caller reads the scheduler instead. */
  watching = false;
  /** After a schedule: the scheduler's entry for the key. */
  set(key: string, s: Scheduled | undefined): void {
    if (s === undefined) {
      this.drop(key);
      return;
    }
    const i = this.keys.indexOf(key);
    if (i >= 0) {
      if (this.entries[i] === s) return;
      this.entries[i] = s;
    } else {
      this.keys.push(key);
      this.entries.push(s);
    }
    this.version++;
  }
  /** Before `key` is set: an entry XState no longer holds (`held`, the scheduler's own) has fired. */
  stale(key: string, held: (key: string) => Scheduled | undefined): void {
    const i = this.keys.indexOf(key);
    // XState's entry is looked up only for a key held here: a lookup in its record is a hash probe.
    if (i >= 0 && this.entries[i] !== held(key)) this.drop(key);
  }
  drop(key: string): void {
    const i = this.keys.indexOf(key);
    if (i < 0) return;
    // Moved down in place and popped: splice (and setting the length) are calls into the runtime, at
    // every cancel and firing.
    const last = this.keys.length - 1;
    for (let j = i; j < last; j++) {
      this.keys[j] = this.keys[j + 1] as string;
      this.entries[j] = this.entries[j + 1] as Scheduled;
    }
    this.keys.pop();
    this.entries.pop();
    this.version++;
  }
  /**
   * An event reaching the actor: if it is a pending timer's and XState no longer holds that entry
   * (its scheduler deletes the key before it relays the event), the timer fired.
   */
  fired(event: unknown, held: (key: string) => Scheduled | undefined): void {
    for (let i = 0; i < this.entries.length; i++) {
      const s = this.entries[i] as Scheduled;
      if (s.event !== event) continue;
      const key = this.keys[i] as string;
      if (held(key) !== s) {
        this.drop(key);
        return;
      }
    }
  }
  list(): Scheduled[] {
    return this.entries.slice();
  }
}
