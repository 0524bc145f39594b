import { upperBound } from '../../lib/search.ts';
import type { StateEvent, TraceEvent } from '../../sim/trace/events.ts';
import { emptyNodeState, foldState, type NodeState } from '../../sim/trace/stateFold.ts';

/** One move of a node's statechart, read off the trace, with the state it left. */
export interface Move {
  t: number;
  /** The event's place in the trace. */
  index: number;
  on: string;
  /** Events the machine raised itself during the move. */
  raised: readonly string[];
  init: boolean;
  before: NodeState;
  after: NodeState;
}

/**
 * A node's statechart over a run, from its `state` events only (never the live actors), so an
 * imported trace or a live recording is read the same way. It grows with a run that streams in.
 */
export class NodeRecord {
  readonly moves: Move[] = [];
  private read = 0;
  private times: number[] = [];

  constructor(readonly node: string) {}

  /** Folds the events not read yet. */
  follow(events: readonly TraceEvent[]): this {
    for (; this.read < events.length; this.read++) {
      const e = events[this.read] as TraceEvent;
      if (e.k !== 'state' || e.node !== this.node) continue;
      const before = this.moves.at(-1)?.after ?? emptyNodeState();
      const after = foldState(before, e as StateEvent);
      const raised = (e as StateEvent).r ?? [];
      this.moves.push({ t: e.t, index: this.read, on: e.on, raised, init: e.init === true, before, after });
      this.times.push(e.t);
    }
    return this;
  }

  /**
   * The last move at or before t and before event `limit` (null before the first, or in a trace
   * without state events). The limit is the player's (steps.ts eventLimit): steps that share a
   * millisecond are told one by one, and the chart shows the node as of the step on screen.
   */
  at(t: number, limit = Number.POSITIVE_INFINITY): Move | null {
    let i = upperBound(this.times.length, (k) => this.times[k] as number, t) - 1;
    while (i >= 0 && (this.moves[i] as Move).index >= limit) i--;
    return i >= 0 ? (this.moves[i] ?? null) : null;
  }

  /** The moves of the same millisecond up to `m` (a paused node's backlog runs in one), oldest first. */
  burst(m: Move): Move[] {
    const i = this.moves.indexOf(m);
    let k = i;
    while (k > 0 && (this.moves[k - 1] as Move).t === m.t && !(this.moves[k] as Move).init) k--;
    return this.moves.slice(k, i + 1);
  }

  /** The first move after t that `matches`, for "seek to the next time this transition fires". */
  next(t: number, matches: (m: Move) => boolean): Move | null {
    for (
      let i = upperBound(this.times.length, (k) => this.times[k] as number, t);
      i < this.moves.length;
      i++
    ) {
      const m = this.moves[i] as Move;
      if (matches(m)) return m;
    }
    return null;
  }
}

const records = new WeakMap<object, Map<string, NodeRecord>>();

/** The record of `node` in the run indexed by `owner` (one per run and node, following its growth). */
export function recordOf(owner: object, events: readonly TraceEvent[], node: string): NodeRecord {
  let m = records.get(owner);
  if (!m) {
    m = new Map();
    records.set(owner, m);
  }
  let r = m.get(node);
  if (!r) {
    r = new NodeRecord(node);
    m.set(node, r);
  }
  return r.follow(events);
}

/** A state path is, or is inside, `ancestor`. */
export const within = (path: string, ancestor: string) =>
  ancestor === '' || ancestor === '*' || path === ancestor || path.startsWith(`${ancestor}.`);

/** Whether a move is this transition firing: its event, its source active before, its targets after. */
export function fired(m: Move, tr: { event: string; source: string; targets: readonly string[] }): boolean {
  if (m.init || (m.on !== tr.event && !m.raised.includes(tr.event))) return false;
  if (!m.before.leaves.some((l) => within(l, tr.source))) return false;
  return tr.targets.every((tg) => m.after.leaves.some((l) => within(l, tg)));
}
