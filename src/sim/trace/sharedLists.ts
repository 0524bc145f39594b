import type { StateEvent, StateName, TraceEvent } from './events.ts';

/**
 * One list for every `state` record that says the same one name (`v`, `x`, `tx`) or the same one
 * timer (`tm`), frozen: a node enters the same leaves and cancels and sets the same timers, for the
 * same delays, all run long (a lease follower's `tm: [[3, 1000]]` at every campaign), and a record
 * is kept for the run, where every pass of the collector walks it. The simulator's recorder takes its
 * lists from here (stateRecord.ts: a 1 h lease run's record 178-182 bytes kept, 325 with lists of
 * their own), and the page shares a worker's once parsed (engine/client.ts: JSON gives each record
 * arrays of its own; a 24 h lease run's page heap 138 MB, 170 MB without). A name written out (its
 * actor's first use of it, a string) is not shared: it is a number from then on. Content never changes.
 */
export class ListSharer {
  private readonly names = new Map<number, StateName[]>();
  private readonly timers = new Map<number, Map<number, Array<[StateName, number]>>>();

  /** The list of the one name `n`; `made`, a list of it, is kept if there is none yet. */
  name(n: number, made?: StateName[]): StateName[] {
    let l = this.names.get(n);
    if (l === undefined) {
      l = Object.freeze(made ?? [n]) as StateName[];
      this.names.set(n, l);
    }
    return l;
  }

  /** The list of the one timer `n` due in `ms`; `made`, a list of it, is kept if there is none yet. */
  timer(n: number, ms: number, made?: Array<[StateName, number]>): Array<[StateName, number]> {
    let byMs = this.timers.get(n);
    if (byMs === undefined) {
      byMs = new Map();
      this.timers.set(n, byMs);
    }
    let l = byMs.get(ms);
    if (l === undefined) {
      if (made) Object.freeze(made[0]);
      l = Object.freeze(made ?? [Object.freeze([n, ms])]) as Array<[StateName, number]>;
      // Random delays (an election timeout) rarely repeat: past a few hundred per name, new ones are not kept.
      if (byMs.size < 256) byMs.set(ms, l);
    }
    return l;
  }

  private nameList(l: StateName[] | undefined): StateName[] | undefined {
    const n = l?.length === 1 ? l[0] : undefined;
    return typeof n === 'number' ? this.name(n, l) : l;
  }

  /** Shares the lists of `events`' state records (parsed from JSON), in place. */
  share(events: TraceEvent[]): void {
    for (const e of events) {
      if (e.k !== 'state') continue;
      const s = e as StateEvent;
      if (s.v) s.v = this.nameList(s.v);
      if (s.x) s.x = this.nameList(s.x);
      if (s.tx) s.tx = this.nameList(s.tx);
      const t = s.tm?.length === 1 ? (s.tm[0] as [StateName, number]) : undefined;
      if (t && typeof t[0] === 'number') s.tm = this.timer(t[0], t[1], s.tm);
    }
  }
}
