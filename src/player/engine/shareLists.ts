import type { StateEvent, StateName, TraceEvent } from '../../sim/trace/events.ts';

/**
 * The lists of a worker's `state` events, shared as the simulator shares them (stateRecord.ts): JSON
 * gives each record arrays of its own, and a 24 h lease run's 367k records then held about three
 * arrays each on the page, a third of its objects, which every pass of the collector walks (issue
 * #40). A list of one name (`v`, `x`, `tx`) or of one timer (`tm`) is replaced by a frozen one that
 * every record saying the same holds; lists of more, or naming a path for the first time (a string),
 * are left as parsed. Content is unchanged.
 */
export class ListSharer {
  private readonly names = new Map<number, StateName[]>();
  private readonly timers = new Map<number, Map<number, Array<[StateName, number]>>>();

  private name(l: StateName[] | undefined): StateName[] | undefined {
    if (l?.length !== 1) return l;
    const n = l[0];
    if (typeof n !== 'number') return l;
    let shared = this.names.get(n);
    if (shared === undefined) {
      shared = Object.freeze(l) as StateName[];
      this.names.set(n, shared);
    }
    return shared;
  }

  private timer(l: Array<[StateName, number]> | undefined): Array<[StateName, number]> | undefined {
    if (l?.length !== 1) return l;
    const [n, ms] = l[0] as [StateName, number];
    if (typeof n !== 'number') return l;
    let byMs = this.timers.get(n);
    if (byMs === undefined) {
      byMs = new Map();
      this.timers.set(n, byMs);
    }
    let shared = byMs.get(ms);
    if (shared === undefined) {
      Object.freeze(l[0]);
      shared = Object.freeze(l) as Array<[StateName, number]>;
      // Random delays rarely repeat: past a few hundred per name, new ones are not kept.
      if (byMs.size < 256) byMs.set(ms, shared);
    }
    return shared;
  }

  /** Shares the lists of `events`' state records, in place. */
  share(events: TraceEvent[]): void {
    for (const e of events) {
      if (e.k !== 'state') continue;
      const s = e as StateEvent;
      if (s.v) s.v = this.name(s.v);
      if (s.x) s.x = this.name(s.x);
      if (s.tx) s.tx = this.name(s.tx);
      if (s.tm) s.tm = this.timer(s.tm);
    }
  }
}
