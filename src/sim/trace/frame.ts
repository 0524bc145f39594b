import { upperBound } from '../../lib/search.ts';
import type { ServerLife } from '../faults/table.ts';
import type { HostKind } from '../net/host.ts';
import { openNet } from '../net/reach.ts';
import type { KeyValue } from '../store/api.ts';
import type { DisplayRole, DropReason, Role, TraceEvent, Violation } from './events.ts';
import { apply, cloneState, type NodeState, type State, type StoreGroupView } from './frameState.ts';
import { digestOfMessages, type MessageDigest } from './messageDigest.ts';
import type { MessageRecord } from './messageRecord.ts';
import type { Trace } from './trace.ts';

export type { StoreGroupView } from './frameState.ts';

/** What the views draw at one instant. Derived from the trace only; views never ask the simulator. */
export interface NodeView {
  id: string;
  kind: HostKind;
  /** What the picture shows: a fault overrides the believed role. */
  role: DisplayRole;
  /** The role the process believes it has (null when down). */
  believed: Role | null;
  token?: number;
  term?: number;
  up: boolean;
  paused: boolean;
  isolated: 'all' | 'store' | null;
  /** Partition group index, or null when not partitioned. */
  group: number | null;
  crashedAt?: number;
  restartedAt?: number;
  drift: number;
  /** Its wall clock's offset from true time (ms), when a `clock-skew` moved it. */
  skewMs?: number;
  /** The ensemble's servers that are not up, where the host stands for one and a `server` fault hit it. */
  servers?: Readonly<Record<number, ServerLife>>;
}

export interface MessageView {
  id: number;
  from: string;
  to: string;
  type: string;
  sendAt: number;
  deliverAt: number;
  /** 0 at send, 1 at arrival. */
  progress: number;
  fate: 'delivered' | 'dropped';
  dropReason?: DropReason;
  data?: Record<string, string | number | boolean | null>;
}

export interface LeaseView {
  id: number;
  ttlSec: number;
  deadlineMs: number;
  remainingMs: number;
}

export interface StoreView {
  revision: number;
  keys: KeyValue[];
  leases: LeaseView[];
  /** A store that is a Raft group (store/group.ts): each member's role, and the term reached. */
  group?: StoreGroupView;
}

export type WriteEvent = Extract<TraceEvent, { k: 'write' }>;
export type MarkEvent = Extract<TraceEvent, { k: 'mark' }>;

export interface ResourceView {
  id: string;
  highest: number | null;
  /** Writes that name their item (a shard, `write.key`): the highest token accepted per item. */
  byKey?: Readonly<Record<string, number>>;
  accepted: number;
  rejected: number;
  /** The latest writes up to t, oldest first. */
  recent: WriteEvent[];
}

export interface Frame {
  t: number;
  nodes: NodeView[];
  messages: MessageView[];
  store: StoreView | null;
  resources: ResourceView[];
  partition: string[][] | null;
  cuts: Array<[string, string]>;
  violations: Array<Violation & { t: number }>;
  /** Index of the current narration step (-1 before the first). */
  stepIndex: number;
  /** Number of trace events at or before t. */
  eventCount: number;
}

export type { MessageRecord } from './messageRecord.ts';

const SNAPSHOT_EVERY = 128;
const RECENT_WRITES = 8;

/**
 * Seekable index over a trace, built once per run in O(E) time (E events) with a state snapshot
 * every SNAPSHOT_EVERY events (O(E / 128 · S) memory, S = hosts + keys + leases + resources).
 *
 * frameAt(t) costs O(log E) (binary search for the event count at t) + O(S) (copy the snapshot
 * before it) + at most SNAPSHOT_EVERY event applications + O(K log K) to list the store's K keys +
 * O(R log W) for the latest writes of R resources (each resource's own writes, binary search) +
 * O(log M + F) for the messages in flight (binary search on send time, then back over the F sent
 * within the longest flight seen) + O(V) to copy the violations so far (a handful per run). No term
 * grows with the trace's length beyond a logarithm: scrubbing a 24 h trace costs what a 5 s one
 * does (npm run bench measures p95 ≈ 0.1 ms over 812k events). The last frame is cached, so views
 * asking for the same instant in one animation frame share it.
 *
 * The simulation that makes the trace (sim/simulate.ts) pops each event from a binary heap
 * (kernel/queue.ts): O(log Q) per scheduled callback, Q = pending timers and messages, plus the
 * handler's own work and each checker's observe(e) (O(1) amortized) — O(E log Q) for the run.
 */
export class TraceIndex {
  /** Read-only outside: continuedAs sets a new index's own copy. */
  readonly messages: MessageRecord[] = [];
  readonly writes: WriteEvent[] = [];
  readonly violations: Array<Violation & { t: number }> = [];
  readonly faults: Array<Extract<TraceEvent, { k: 'fault' }>> = [];
  /**
   * The run's marks (notices, a database's statements) with their place in the events: views that
   * look for one kind go over these, not over every event (a 24 h run has a million of them).
   */
  readonly marks: Array<{ i: number; mark: MarkEvent }> = [];
  /**
   * The marks of one name (of one node's, if given), read on from where the last call for them
   * stopped: views ask at every new run object, and a 24 h run has tens of thousands of marks
   * (issue #40). Shared with a reissued copy, as `marks` is; continuedAs keeps what was read before
   * its cut.
   */
  marksNamed(name: string, node?: string): ReadonlyArray<{ i: number; mark: MarkEvent }> {
    const key = node === undefined ? name : `${name}\u0000${node}`;
    let seen = this.named.get(key);
    if (!seen) {
      seen = { read: 0, list: [] };
      this.named.set(key, seen);
    }
    for (let j = seen.read; j < this.marks.length; j++) {
      const m = this.marks[j] as { i: number; mark: MarkEvent };
      if (m.mark.name === name && (node === undefined || m.mark.node === node)) seen.list.push(m);
    }
    seen.read = this.marks.length;
    return seen.list;
  }
  /** Where the store's first lease expiry is in the events (-1: none yet): the legend asks. */
  firstLeaseExpiry = -1;
  /**
   * The run's message digest when the engine that simulated it sent one (engine/core.ts builds it as
   * it simulates): read through messageDigestOf, which derives it from `messages` otherwise.
   */
  digest: MessageDigest | null = null;
  private maxFlight = 0;
  /** Each resource's writes in time order (a sub-list of `writes`). */
  private writesOf = new Map<string, WriteEvent[]>();
  /**
   * The state after `count` events, and how long the lists (messages, writes, violations, faults,
   * marks) were then: continuedAs counts from the last one, not from the first event.
   */
  private snapshots: Array<{ count: number; state: State; lists: readonly number[] }> = [];
  private kinds = new Map<string, HostKind>();
  private hasStore: boolean;
  private last: Frame | null = null;
  /** marksNamed's lists, by name (and node), and how many of `marks` each has read. */
  private named = new Map<string, { read: number; list: Array<{ i: number; mark: MarkEvent }> }>();
  /** Messages whose fate a later drop may still set (a run that grows: append). */
  private byId = new Map<number, MessageRecord>();
  /** The state after the first `indexed` events. */
  private state: State;
  private indexed = 0;
  private _trace: Trace;

  constructor(trace: Trace) {
    this._trace = trace;
    for (const h of trace.hosts) this.kinds.set(h.id, h.kind);
    this.hasStore = trace.hosts.some((h) => h.kind === 'store');
    this.state = this.initial();
    this.append();
  }

  get trace(): Trace {
    return this._trace;
  }

  /**
   * Follows a newer version of a growing run: the same run with more events (its events array
   * starts with the ones indexed) and, once it is complete, its narration steps.
   */
  follow(trace: Trace): void {
    this._trace = trace;
    this.append();
  }

  /** Events indexed so far. */
  get count(): number {
    return this.indexed;
  }

  /**
   * Indexes the events added to the trace since the last call. A run that streams in (the player's
   * worker) grows its events array; the index follows in O(new events).
   */
  append(): void {
    const events = this.trace.events;
    const state = this.state;
    for (let i = this.indexed; i < events.length; i++) {
      if (i % SNAPSHOT_EVERY === 0)
        this.snapshots.push({ count: i, state: cloneState(state), lists: this.lists() });
      const e = events[i] as TraceEvent;
      apply(state, e);
      this.record(e);
      if (e.k === 'mark') this.marks.push({ i, mark: e });
      else if (e.k === 'store' && e.change.kind === 'lease-expire' && this.firstLeaseExpiry < 0)
        this.firstLeaseExpiry = i;
    }
    this.indexed = events.length;
    this.last = null;
  }

  private record(e: TraceEvent): void {
    if (e.k === 'send') {
      const m: MessageRecord = {
        id: e.id,
        from: e.from,
        to: e.to,
        type: e.type,
        sendAt: e.t,
        deliverAt: e.deliverAt,
        fate: 'delivered',
        ...(e.data ? { data: e.data } : {}),
      };
      this.messages.push(m);
      this.byId.set(e.id, m);
      this.maxFlight = Math.max(this.maxFlight, e.deliverAt - e.t);
    } else if (e.k === 'drop') {
      const m = this.byId.get(e.id);
      if (m) {
        m.fate = 'dropped';
        m.dropReason = e.reason;
      }
      this.byId.delete(e.id);
    } else if (e.k === 'deliver') this.byId.delete(e.id);
    else if (e.k === 'write') {
      this.writes.push(e);
      const own = this.writesOf.get(e.resource);
      if (own) own.push(e);
      else this.writesOf.set(e.resource, [e]);
    } else if (e.k === 'violation') this.violations.push({ ...e.violation, t: e.t });
    else if (e.k === 'fault') this.faults.push(e);
  }

  private lists(): number[] {
    return [
      this.messages.length,
      this.writes.length,
      this.violations.length,
      this.faults.length,
      this.marks.length,
    ];
  }

  /**
   * The same index under a new identity, for views that memoize on it: a streamed run once it is
   * complete. Shares everything; only the one it replaces may no longer grow.
   */
  reissued(): TraceIndex {
    const copy = Object.assign(Object.create(TraceIndex.prototype) as TraceIndex, this);
    copy.last = null;
    return copy;
  }

  /**
   * An index for `trace`, whose first `n` events are this index's first `n` (a run re-simulated from
   * a checkpoint), built without going over them again: the snapshots and lists up to there are
   * shared, and the messages still in flight there are copied (their fate is the new run's). The
   * result then grows with append(). O(n) counting and O(S + SNAPSHOT_EVERY) state, no re-indexing.
   */
  continuedAs(trace: Trace, n: number): TraceIndex {
    if (n > this.indexed) throw new Error(`continuedAs: ${n} events asked, ${this.indexed} indexed`);
    const next = new TraceIndex({ ...trace, events: [] });
    next._trace = trace;
    const prefix = this.trace.events;
    next.snapshots = this.snapshots.slice(
      0,
      Math.floor(n / SNAPSHOT_EVERY) + (n % SNAPSHOT_EVERY === 0 ? 0 : 1),
    );
    const snap = next.snapshots[next.snapshots.length - 1];
    // The lists' lengths at the snapshot, then the few events from there to n.
    let [sends = 0, writes = 0, violations = 0, faults = 0, marks = 0] = snap?.lists ?? [];
    const state = snap ? cloneState(snap.state) : next.initial();
    for (let i = snap?.count ?? 0; i < n; i++) {
      const e = prefix[i] as TraceEvent;
      apply(state, e);
      if (e.k === 'send') sends++;
      else if (e.k === 'write') writes++;
      else if (e.k === 'violation') violations++;
      else if (e.k === 'fault') faults++;
      else if (e.k === 'mark') marks++;
    }
    next.state = state;
    for (let i = 0; i < writes; i++) next.writes.push(this.writes[i] as WriteEvent);
    for (const w of next.writes) {
      const own = next.writesOf.get(w.resource);
      if (own) own.push(w);
      else next.writesOf.set(w.resource, [w]);
    }
    for (let i = 0; i < violations; i++)
      next.violations.push(this.violations[i] as Violation & { t: number });
    for (let i = 0; i < faults; i++) next.faults.push(this.faults[i] as Extract<TraceEvent, { k: 'fault' }>);
    for (let i = 0; i < marks; i++) next.marks.push(this.marks[i] as { i: number; mark: MarkEvent });
    // marksNamed's lists already read that far: their marks among the first `marks` (those before n).
    for (const [key, seen] of this.named) {
      if (seen.read < marks) continue;
      let end = seen.list.length;
      while (end > 0 && (seen.list[end - 1] as { i: number }).i >= n) end--;
      next.named.set(key, { read: marks, list: seen.list.slice(0, end) });
    }
    next.maxFlight = this.maxFlight;
    // The first n events are the same: an expiry among them is still the first; else append() looks.
    if (this.firstLeaseExpiry < n) next.firstLeaseExpiry = this.firstLeaseExpiry;
    // Shared records are final: their delivery or drop is in the prefix. The others are copied.
    const messages = this.messages.slice(0, sends);
    const settled = new Set<number>();
    const tLast = n > 0 ? (prefix[n - 1] as TraceEvent).t : -1;
    for (let i = n - 1; i >= 0; i--) {
      const e = prefix[i] as TraceEvent;
      if (e.t < tLast - this.maxFlight) break;
      if (e.k === 'deliver' || e.k === 'drop') settled.add(e.id);
    }
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i] as MessageRecord;
      if (m.sendAt < tLast - this.maxFlight) break;
      if (m.deliverAt < tLast || settled.has(m.id)) continue;
      const { dropReason: _, ...open } = m;
      const copy: MessageRecord = { ...open, fate: 'delivered' };
      messages[i] = copy;
      next.byId.set(copy.id, copy);
    }
    // The copy itself, not pushed one by one (a 24 h run has hundreds of thousands of them).
    (next as { messages: MessageRecord[] }).messages = messages;
    next.indexed = n;
    next.append();
    return next;
  }

  private initial(): State {
    const nodes = new Map<string, NodeState>();
    for (const h of this.trace.hosts)
      nodes.set(h.id, { believed: null, up: true, paused: false, drift: 1, skewMs: 0 });
    return {
      nodes,
      net: openNet,
      revision: 1,
      keys: new Map(),
      leases: new Map(),
      resources: new Map(),
    };
  }

  /** Number of events with time <= t. */
  countAt(t: number): number {
    const ev = this.trace.events;
    return upperBound(ev.length, (i) => (ev[i] as TraceEvent).t, t);
  }

  /**
   * The frame at t. `maxCount` stops earlier inside t's millisecond: narration steps that share a
   * moment each show the world as of their own event, not of everything else at that instant.
   */
  frameAt(tRaw: number, maxCount = Number.POSITIVE_INFINITY): Frame {
    const t = Math.max(0, Math.min(this.trace.durationMs, tRaw));
    const count = Math.min(this.countAt(t), Math.max(this.countAt(t - 1), maxCount));
    // Several views draw the same instant in one animation frame: build it once. Frames are read-only.
    if (this.last && this.last.t === t && this.last.eventCount === count) return this.last;
    const snap =
      this.snapshots[Math.floor(count / SNAPSHOT_EVERY)] ?? this.snapshots[this.snapshots.length - 1];
    const state = snap ? cloneState(snap.state) : this.initial();
    const events = this.trace.events;
    for (let i = snap?.count ?? 0; i < count; i++) apply(state, events[i] as TraceEvent);

    const { net } = state;
    const nodes: NodeView[] = [];
    for (const [id, n] of state.nodes) {
      const isolated = net.isolated.get(id) ?? null;
      const role: DisplayRole = !n.up
        ? 'down'
        : n.paused
          ? 'paused'
          : isolated === 'all'
            ? 'isolated'
            : (n.believed ?? 'follower');
      nodes.push({
        id,
        kind: this.kinds.get(id) ?? 'node',
        role,
        believed: n.up ? n.believed : null,
        ...(n.token !== undefined && n.believed === 'leader' ? { token: n.token } : {}),
        ...(n.term !== undefined ? { term: n.term } : {}),
        up: n.up,
        paused: n.paused,
        isolated,
        group: net.groupOf?.get(id) ?? null,
        ...(n.crashedAt !== undefined ? { crashedAt: n.crashedAt } : {}),
        ...(n.restartedAt !== undefined ? { restartedAt: n.restartedAt } : {}),
        drift: n.drift,
        ...(n.skewMs !== 0 ? { skewMs: n.skewMs } : {}),
        ...(n.servers ? { servers: n.servers } : {}),
      });
    }

    const store: StoreView | null = this.hasStore
      ? {
          revision: state.revision,
          keys: [...state.keys.values()].sort((a, b) => (a.key < b.key ? -1 : 1)),
          leases: [...state.leases].map(([id, l]) => ({
            id,
            ttlSec: l.ttlSec,
            deadlineMs: l.deadlineMs,
            remainingMs: Math.max(0, l.deadlineMs - t),
          })),
          ...(state.group ? { group: state.group } : {}),
        }
      : null;

    const resources: ResourceView[] = [];
    for (const [id, r] of state.resources) {
      // The resource's own writes up to t, found by binary search (not a scan back through every write).
      const own = this.writesOf.get(id) ?? [];
      const end = upperBound(own.length, (i) => (own[i] as WriteEvent).t, t);
      resources.push({ id, ...r, recent: own.slice(Math.max(0, end - RECENT_WRITES), end) });
    }

    const steps = this.trace.steps;
    this.last = {
      t,
      nodes,
      messages: this.inFlight(t),
      store,
      resources,
      partition: net.groups as string[][] | null,
      cuts: [...net.cuts.values()] as Array<[string, string]>,
      violations: this.violations.slice(
        0,
        upperBound(this.violations.length, (i) => this.violations[i]?.t ?? 0, t),
      ),
      stepIndex: upperBound(steps.length, (i) => steps[i]?.atMs ?? 0, t) - 1,
      eventCount: count,
    };
    return this.last;
  }

  /** Messages with sendAt <= t < deliverAt. */
  inFlight(t: number): MessageView[] {
    const ms = this.messages;
    const end = upperBound(ms.length, (i) => (ms[i] as MessageRecord).sendAt, t);
    const out: MessageView[] = [];
    for (let i = end - 1; i >= 0; i--) {
      const m = ms[i] as MessageRecord;
      if (m.sendAt < t - this.maxFlight) break;
      if (t >= m.deliverAt) continue;
      const span = Math.max(1, m.deliverAt - m.sendAt);
      out.push({ ...m, progress: (t - m.sendAt) / span });
    }
    return out.reverse();
  }
}

const derived = new WeakMap<TraceIndex, MessageDigest>();

/**
 * The run's message digest: the engine's (a run simulated by the worker or the page's engine), or
 * derived once from the index's messages (a run simulated at once, an imported trace).
 */
export function messageDigestOf(index: TraceIndex): MessageDigest {
  if (index.digest) return index.digest;
  let d = derived.get(index);
  if (!d) {
    d = digestOfMessages(index.messages);
    derived.set(index, d);
  }
  return d;
}
