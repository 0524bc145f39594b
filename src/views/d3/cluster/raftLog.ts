// Raft's logs at the cursor, read off the trace, and how one log is drawn in a few cells.
import { stopsHost } from '../../../sim/faults/table.ts';
import type { TraceEvent } from '../../../sim/trace/events.ts';

/**
 * Read from the raft machine's marks (src/sim/algorithms/raft/machine.ts): `log` (the index a log
 * changed from and the terms from there on), `commit` (a server's commit index moved) and `progress`
 * (a follower's nextIndex and matchIndex as its leader holds them, figure 2 of Ongaro & Ousterhout
 * 2014). The log is on disk and survives a crash; the commit index and the leader's progress are
 * volatile state (figure 2) and are gone when the host stops.
 */
export interface NodeLog {
  /** The term of each entry, entry i at [i - 1] (indexes are 1-based, as in the paper). */
  readonly terms: readonly number[];
  /** A configuration entry's change (`+node-6`, `-node-3`) by index; client commands are not kept. */
  readonly configs?: ReadonlyMap<number, string>;
  readonly commit: number;
}

/** A server's configuration as its `config` marks tell it (thesis §4.1: the latest in its log). */
export interface NodeConfig {
  readonly members: readonly string[];
  readonly member: boolean;
}

export interface Progress {
  readonly match: number;
  readonly next: number;
}

export interface RaftLogs {
  readonly logs: ReadonlyMap<string, NodeLog>;
  /** Per server that led: each follower's progress as that server last held it. */
  readonly progress: ReadonlyMap<string, ReadonlyMap<string, Progress>>;
  /** Servers whose configuration is not every server (a spare, a membership change): by server. */
  readonly configs: ReadonlyMap<string, NodeConfig>;
}

interface State {
  /** `configs` only once a configuration entry is seen (most runs have none). */
  logs: Map<string, { terms: number[]; configs?: Map<number, string>; commit: number }>;
  progress: Map<string, Map<string, Progress>>;
  configs: Map<string, NodeConfig>;
}

const copy = (s: State): State => ({
  logs: new Map(
    [...s.logs].map(([k, v]) => [
      k,
      { terms: v.terms.slice(), ...(v.configs ? { configs: new Map(v.configs) } : {}), commit: v.commit },
    ]),
  ),
  progress: new Map([...s.progress].map(([k, v]) => [k, new Map(v)])),
  configs: new Map(s.configs),
});
const empty = (): State => ({ logs: new Map(), progress: new Map(), configs: new Map() });

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));

/** Folds one event into the state; false when the event says nothing about the logs. */
function fold(s: State, e: TraceEvent): boolean {
  if (e.k === 'fault') {
    if (!('node' in e.fault) || !stopsHost(e.fault)) return false;
    const log = s.logs.get(e.fault.node);
    if (log) log.commit = 0;
    s.progress.delete(e.fault.node);
    return true;
  }
  if (e.k !== 'mark') return false;
  const log = () => {
    let l = s.logs.get(e.node);
    if (!l) {
      l = { terms: [], commit: 0 };
      s.logs.set(e.node, l);
    }
    return l;
  };
  if (e.name === 'log') {
    const l = log();
    const from = num(e.data?.from);
    const terms = String(e.data?.terms ?? '');
    l.terms.length = Math.max(0, Math.min(l.terms.length, from - 1));
    if (l.configs) for (const i of l.configs.keys()) if (i >= from) l.configs.delete(i);
    if (terms !== '') for (const t of terms.split(',')) l.terms.push(Number(t));
    const values = String(e.data?.values ?? '');
    if (values !== '')
      values.split(',').forEach((v, k) => {
        if (!v.startsWith('+') && !v.startsWith('-')) return;
        l.configs ??= new Map();
        l.configs.set(from + k, v);
      });
    return true;
  }
  if (e.name === 'config') {
    const members = String(e.data?.members ?? '');
    s.configs.set(e.node, {
      members: members === '' ? [] : members.split(','),
      member: e.data?.member === true,
    });
    return true;
  }
  if (e.name === 'commit') {
    log().commit = num(e.data?.index);
    return true;
  }
  if (e.name === 'progress') {
    let p = s.progress.get(e.node);
    if (!p) {
      p = new Map();
      s.progress.set(e.node, p);
    }
    p.set(String(e.data?.peer), { match: num(e.data?.match), next: num(e.data?.next) });
    return true;
  }
  return false;
}

/** Events between kept states: a seek folds at most this many log events from the one before it. */
const EVERY = 256;

/**
 * The logs of a run at any event count, by a fold from the nearest kept state (one every EVERY log
 * events), so a seek costs the same whatever the run's length. It follows a run that grows.
 */
export class RaftLogIndex {
  private read = 0;
  private readonly live: State = empty();
  private folded = 0;
  /** Kept states, each with the count of events folded into it. */
  private readonly kept: Array<{ at: number; state: State }> = [{ at: 0, state: empty() }];
  private last: { at: number; logs: RaftLogs } | null = null;

  /** `every`: log events between kept states (a test sets a small one). */
  constructor(
    private readonly events: readonly TraceEvent[],
    private readonly every = EVERY,
  ) {}

  private follow(): void {
    for (; this.read < this.events.length; this.read++) {
      if (!fold(this.live, this.events[this.read] as TraceEvent)) continue;
      if (++this.folded % this.every === 0) this.kept.push({ at: this.read + 1, state: copy(this.live) });
    }
  }

  /** The logs after the first `count` events (a frame's eventCount). */
  at(count: number): RaftLogs {
    if (this.last?.at === count) return this.last.logs;
    this.follow();
    let k = this.kept.length - 1;
    while (k > 0 && (this.kept[k] as { at: number }).at > count) k--;
    const from = this.kept[k] as { at: number; state: State };
    const s = copy(from.state);
    const end = Math.min(count, this.events.length);
    for (let i = from.at; i < end; i++) fold(s, this.events[i] as TraceEvent);
    const logs: RaftLogs = { logs: s.logs, progress: s.progress, configs: s.configs };
    this.last = { at: count, logs };
    return logs;
  }
}

const indexes = new WeakMap<readonly TraceEvent[], RaftLogIndex>();
/** One index per run's event list. */
export function raftLogIndex(events: readonly TraceEvent[]): RaftLogIndex {
  let i = indexes.get(events);
  if (!i) {
    i = new RaftLogIndex(events);
    indexes.set(events, i);
  }
  return i;
}

/** One log as drawn: the oldest entries folded into one cell, then an entry per cell. */
export interface Strip {
  /** Entries 1..folded are drawn as one "…N" cell (0: no such cell). */
  readonly folded: number;
  /** Every folded entry is committed. */
  readonly foldedCommitted: boolean;
  readonly cells: ReadonlyArray<{ index: number; term: number; committed: boolean; config?: string }>;
  readonly length: number;
  readonly commit: number;
  /** The leader's view of this follower, if it is one: the highest index known replicated, the next to send. */
  readonly progress?: Progress;
}

/**
 * A log in at most `maxCells` cells: when it is longer, its oldest entries, the committed prefix
 * first, fold into one "…N" cell and the newest `maxCells - 1` keep a cell each, so the commit mark
 * and the entries being replicated stay in sight.
 */
export function stripOf(log: NodeLog | undefined, maxCells: number, progress?: Progress): Strip {
  const terms = log?.terms ?? [];
  const length = terms.length;
  const commit = Math.min(log?.commit ?? 0, length);
  const max = Math.max(2, Math.floor(maxCells));
  const folded = length > max ? length - (max - 1) : 0;
  const cells = terms.slice(folded).map((term, k) => {
    const index = folded + k + 1;
    const config = log?.configs?.get(index);
    return { index, term, committed: index <= commit, ...(config ? { config } : {}) };
  });
  return {
    folded,
    foldedCommitted: folded > 0 && folded <= commit,
    cells,
    length,
    commit,
    ...(progress ? { progress } : {}),
  };
}

/**
 * The servers drawn outside the cluster: not in the configuration of the leader on screen (thesis
 * §4.1: the latest in its log), or, with no single leader, not in their own. Empty when no server
 * has told a configuration (no spare, no change: every server is a member).
 */
export function outsideConfig(logs: RaftLogs, leader: string | null): Set<string> {
  const out = new Set<string>();
  if (logs.configs.size === 0) return out;
  const lead = leader ? logs.configs.get(leader) : undefined;
  for (const [id, c] of logs.configs) if (lead ? !lead.members.includes(id) : !c.member) out.add(id);
  // A server that never told its configuration is a member of the initial one, unless the leader's excludes it.
  if (lead) for (const id of logs.logs.keys()) if (!lead.members.includes(id)) out.add(id);
  return out;
}
