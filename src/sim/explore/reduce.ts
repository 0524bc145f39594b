/**
 * The explorer's partial-order reduction of fault boundaries (issue #41): which faults of the menu a
 * boundary offers, given what the schedule's previous millisecond did.
 *
 * Independence. A millisecond's events are independent of host X when none of them runs on X, is a
 * delivery, a REFUSED answer or a retransmission to or from X, or sends to X (a send reads X's link,
 * net/network.ts: reachability is checked at the send and at the arrival); that is, no queue entry
 * run or scheduled in it names X (hostsOf). A fault on X then commutes with them when it only changes
 * X's life or X's link and starts nothing: crash, isolate and rejoin (MOVABLE). Placed just before
 * such a millisecond or just after it, it reaches the same world after it (Mazurkiewicz's trace
 * equivalence; Godefroid, "Partial-Order Methods for the Verification of Concurrent Systems", LNCS
 * 1032, 1996). So X's movable faults are offered only at the first boundary after a millisecond that
 * touched X (and at the run's first boundary, and after a millisecond where a fault ran, since one
 * fault takes a whole boundary): every other placement is one of those moved later across
 * independent events. The choice is made from what the run did, as dynamic partial-order reduction
 * does (Flanagan and Godefroid, POPL 2005).
 *
 * Not reduced: restart and pause. A restart starts a process whose timers run from the restart's
 * time, and a pause's end moves with its start (start + pauseMs), and on resume the host runs its
 * backlog then: two starts in one independent gap reach two worlds, shifted in time
 * (explore.test.ts shows it). They stay at every boundary; `coarse` offers them only where the
 * movable faults are, which narrows the menu (a pause then begins only just after its host acted: a
 * later start in the gap is the same pause, longer) and is not sound: the CLI says so.
 *
 * Sleep sets (Godefroid 1996, ch. 5): after the subtree of fault f at a boundary, a sibling fault g
 * on another host (both movable) need not meet f again below it while nothing touches f's host: the
 * schedule "g, then f later" is "f, then g at the next boundary", explored under f, when the
 * boundary's own millisecond touched neither host. The two crashes in either order (explore.test.ts).
 */
import type { Descriptor } from '../kernel/queue.ts';
import type { Fault } from '../trace/events.ts';

/** A host stands for every host: an entry that names none (a network-wide fault, a test's call). */
const ALL = '*';
/** The fault kinds that commute with an event independent of their host (they start nothing). */
export const MOVABLE: ReadonlySet<Fault['kind']> = new Set(['crash', 'isolate', 'rejoin']);

export type ReduceMode = 'off' | 'sound' | 'coarse';

/** The hosts a queue entry acts on or reads. A chosen fault (an intervention) is the caller's. */
export function hostsOf(d: Descriptor): readonly string[] {
  switch (d.k) {
    case 'deliver':
    case 'refused':
    case 'retransmit':
      return [d.from, d.to];
    case 'timer':
      return [d.host];
    case 'fault': {
      if (d.host !== undefined) return [d.host];
      const f = d.fault as Fault;
      return 'node' in f && typeof f.node === 'string' ? [f.node] : [ALL];
    }
    default:
      return [ALL];
  }
}

const nodeOf = (f: Fault): string => ('node' in f && typeof f.node === 'string' ? f.node : ALL);
const keyOf = (f: Fault): string => JSON.stringify(f);
/** "Every host": after a fault, every class is open. Shared, never written. */
const EVERY: ReadonlySet<string> = new Set([ALL]);
const NONE: readonly Fault[] = [];

/**
 * One schedule's reduction state: the hosts the last millisecond touched, and the sleep set. Fed by
 * the queue's watch (`watch`), asked at each boundary (`offered`), told the pick (`chose`) and that
 * the boundary's millisecond ran (`ran`).
 */
export class Reduction {
  /** The hosts the previous millisecond touched (null: no millisecond yet, everything is offered). */
  private last: ReadonlySet<string> | null = null;
  private touched = new Set<string>();
  private faulted = false;
  private sleep: readonly Fault[] = NONE;
  /** The sleep set the pick at this boundary leaves its child, before the millisecond runs. */
  private next: readonly Fault[] = NONE;
  private chosen: Fault | undefined;

  constructor(
    readonly mode: ReduceMode,
    /** Tests only: also treat what a delivery to or from X does as independent of X (unsound). */
    private readonly unsound = false,
    /** Tests only: false leaves sleep sets out (the boundaries alone are reduced). */
    private readonly sleepSets = true,
  ) {}

  readonly watch = (d: Descriptor): void => {
    // The chosen fault's own entry (an intervention names no host): its effects are what it schedules.
    if (d.k === 'fault' && d.source === 'intervention' && d.host === undefined) return;
    if (this.unsound && d.k === 'deliver') return;
    for (const h of hostsOf(d)) this.touched.add(h);
  };

  private fresh(host: string): boolean {
    return this.last === null || this.last.has(ALL) || this.last.has(host);
  }

  /** The faults of the menu this boundary offers, in the menu's order. */
  offered(menu: readonly Fault[]): Fault[] {
    if (this.mode === 'off') return [...menu];
    // Sleep sets are seldom non-empty: a fault's text is written only then (it was a tenth of a
    // schedule's time when written for every fault of every boundary's menu).
    const asleep = this.sleep.length > 0 ? new Set(this.sleep.map(keyOf)) : null;
    return menu.filter((f) => {
      if (asleep?.has(keyOf(f))) return false;
      if (!MOVABLE.has(f.kind) && this.mode === 'sound') return true;
      return this.fresh(nodeOf(f));
    });
  }

  /** What decides the subtree below this boundary beside the world: a merge key's part. */
  key(hosts: readonly string[]): string {
    if (this.mode === 'off') return '';
    return `${hosts.filter((h) => this.fresh(h)).join(',')}/${this.sleep.map(keyOf).join(';')}`;
  }

  /** The pick at this boundary: the offered faults before it were explored in their own subtrees. */
  chose(offered: readonly Fault[], pick: number): void {
    this.chosen = pick > 0 ? offered[pick - 1] : undefined;
    const c = this.chosen;
    if (this.mode === 'off' || !this.sleepSets) this.next = NONE;
    else if (!c) this.next = this.sleep;
    else if (!MOVABLE.has(c.kind)) this.next = NONE;
    else
      this.next = offered
        .slice(0, pick - 1)
        .filter((f) => MOVABLE.has(f.kind) && nodeOf(f) !== nodeOf(c) && nodeOf(f) !== ALL);
    this.touched.clear();
    this.faulted = c !== undefined;
  }

  private wakes(host: string): boolean {
    return this.touched.has(ALL) || this.touched.has(host);
  }

  /** The boundary's millisecond ran: what it touched wakes sleepers and opens classes. */
  ran(): void {
    // A sibling moved across this millisecond must commute with it, and so must the chosen fault.
    const c = this.chosen;
    this.sleep =
      (c && this.wakes(nodeOf(c))) || this.next.length === 0
        ? NONE
        : this.next.filter((f) => !this.wakes(nodeOf(f)));
    // Two sets in turn, not one per boundary: the one `last` held is free again.
    const free = this.last;
    this.last = this.faulted ? EVERY : this.touched;
    this.touched = free !== null && free !== EVERY && free !== this.last ? (free as Set<string>) : new Set();
    this.touched.clear();
  }
}
