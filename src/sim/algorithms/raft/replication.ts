/**
 * Log replication on a Raft server (figure 2 of Ongaro & Ousterhout 2014, §5.3, §5.4.2, §8): what the
 * leader sends, what a follower does with AppendEntries, how the leader counts replies and commits,
 * and the marks the trace reads the logs from. The machine (machine.ts) calls these as its actions.
 */
import type { ConfigChange, Ev, RaftContext } from './context.ts';
import { advanceCommit, appendEntries, type Entry, lastIndex, termAt, termsText, valuesText } from './log.ts';
import {
  configFor,
  configRefusal,
  configValue,
  markConfigCommit,
  noteConfig,
  targetsOf,
} from './membership.ts';

/** Commit index moved: apply the entries up to it (figure 2, "All Servers": lastApplied), in order. */
export function applyCommitted(c: RaftContext): void {
  const { v, disk, env } = c;
  while (v.lastApplied < v.commitIndex) {
    v.lastApplied++;
    const e = disk.log[v.lastApplied - 1] as Entry;
    env.mark('apply', { index: v.lastApplied, term: e.term, value: e.value });
    const asked = v.clients.get(v.lastApplied);
    v.clients.delete(v.lastApplied);
    // A deposed leader whose entry was overwritten answers nothing: the entry applied is another
    // leader's, and its client hears from that leader (§8).
    if (asked !== undefined && asked.term === e.term)
      env.send(asked.client, 'CLIENT_REPLY', { value: e.value, index: v.lastApplied });
  }
}

/** Tells the trace which part of the log changed: the checkers rebuild each server's log from these. */
export function markLog(c: RaftContext, from: number): void {
  c.env.mark('log', {
    from,
    term: c.disk.term,
    terms: termsText(c.disk.log, from),
    values: valuesText(c.disk.log, from),
    last: lastIndex(c.disk.log),
  });
}

/**
 * Tells the trace a follower's nextIndex and matchIndex as the leader holds them (figure 2, "Volatile
 * state on leaders"), when they change: the cluster picture draws them beside the follower's log.
 */
export function markProgress(c: RaftContext, peer: string): void {
  c.env.mark('progress', {
    peer,
    match: c.v.matchIndex.get(peer) ?? 0,
    next: c.v.nextIndex.get(peer) ?? lastIndex(c.disk.log) + 1,
  });
}

export function sendAppend(c: RaftContext, peer: string): void {
  const next = c.v.nextIndex.get(peer) ?? lastIndex(c.disk.log) + 1;
  const prevLogIndex = next - 1;
  const entries = c.disk.log.slice(prevLogIndex);
  c.env.send(peer, 'APPEND_ENTRIES', {
    term: c.disk.term,
    prevLogIndex,
    prevLogTerm: termAt(c.disk.log, prevLogIndex) ?? 0,
    entries,
    leaderCommit: c.v.commitIndex,
    // The trace keeps a body's primitives only: how many entries, so a view tells a heartbeat (0).
    entryCount: entries.length,
  });
}

/** AppendEntries receiver (figure 2; log.ts): rule 1 is the term, already checked by the guard. */
export function receiveAppend(c: RaftContext, e: Ev<'APPEND_ENTRIES'>): void {
  const { disk, v, env } = c;
  v.leaderContactAt = env.now();
  const r = appendEntries(disk.log, v.commitIndex, e, c.rules);
  if (r.changedFrom !== null) {
    const before = configFor(c);
    disk.log = r.log.slice();
    markLog(c, r.changedFrom);
    noteConfig(c, before);
  }
  if (r.commitIndex > v.commitIndex) {
    v.commitIndex = r.commitIndex;
    env.mark('commit', { index: v.commitIndex, term: termAt(disk.log, v.commitIndex) ?? 0 });
    applyCommitted(c);
  }
  env.send(e.from, 'APPEND_REPLY', {
    term: disk.term,
    success: r.success,
    matchIndex: r.matchIndex,
    entryCount: e.entries.length,
  });
}

/** Figure 2, "Leaders": on success update nextIndex and matchIndex; on failure decrement nextIndex and retry. */
export function receiveAppendReply(c: RaftContext, e: Ev<'APPEND_REPLY'>): void {
  const { v, disk, env } = c;
  v.heard.add(e.from);
  const [match0, next0] = [v.matchIndex.get(e.from), v.nextIndex.get(e.from)];
  const moved = () => v.matchIndex.get(e.from) !== match0 || v.nextIndex.get(e.from) !== next0;
  if (!e.success) {
    v.nextIndex.set(e.from, Math.max(1, (v.nextIndex.get(e.from) ?? 1) - 1));
    if (moved()) markProgress(c, e.from);
    sendAppend(c, e.from);
    return;
  }
  if (e.matchIndex > (v.matchIndex.get(e.from) ?? 0)) v.matchIndex.set(e.from, e.matchIndex);
  v.nextIndex.set(e.from, Math.max(v.nextIndex.get(e.from) ?? 1, e.matchIndex + 1));
  if (moved()) markProgress(c, e.from);
  // Thesis §4.1: a majority of the configuration; a leader being removed does not count itself (§4.2.2).
  const matches = configFor(c).map((p) => (p === env.id ? lastIndex(disk.log) : (v.matchIndex.get(p) ?? 0)));
  const n = advanceCommit(disk.log, matches, disk.term, v.commitIndex, c.rules);
  if (n > v.commitIndex) {
    const was = v.commitIndex;
    v.commitIndex = n;
    env.mark('commit', {
      index: n,
      term: termAt(disk.log, n) ?? 0,
      replicas: matches.filter((m) => m >= n).length,
    });
    markConfigCommit(c, was, n);
    applyCommitted(c);
  }
}

/** §8: the leader appends the command to its log and replicates it at once. */
export function appendClientEntry(c: RaftContext, e: Ev<'CLIENT_REQUEST'>): void {
  const { disk, v, env } = c;
  disk.log = [...disk.log, { term: disk.term, value: e.value }];
  v.clients.set(lastIndex(disk.log), { client: e.from, term: disk.term });
  env.mark('append', { index: lastIndex(disk.log), term: disk.term, value: e.value });
  markLog(c, lastIndex(disk.log));
  for (const p of targetsOf(c)) sendAppend(c, p);
}

/**
 * The operator's AddServer/RemoveServer (thesis §4.1, figure 4.1): refused for the reasons of
 * membership.ts `configRefusal`, else appended as a configuration entry, used at once and replicated.
 */
export function takeConfigChange(c: RaftContext, change: ConfigChange): void {
  const { disk, v, env } = c;
  const before = configFor(c);
  const refused = configRefusal(c, change);
  if (refused) {
    env.mark('config-refused', { change: configValue(change), reason: refused, term: disk.term });
    return;
  }
  disk.log = [...disk.log, { term: disk.term, value: configValue(change) }];
  env.mark('append', {
    index: lastIndex(disk.log),
    term: disk.term,
    value: configValue(change),
    members: configFor(c).join(','),
  });
  markLog(c, lastIndex(disk.log));
  noteConfig(c, before);
  // Thesis §4.2.1: a new server starts with an empty log; the leader sends it everything.
  if (change.op === '+' && change.server !== env.id) {
    v.nextIndex.set(change.server, 1);
    v.matchIndex.set(change.server, 0);
    markProgress(c, change.server);
  }
  for (const p of targetsOf(c)) sendAppend(c, p);
}
