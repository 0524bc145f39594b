import { assign, setup } from 'xstate';
import type { Rng } from '../../../lib/rng.ts';
import type { ProcessEnv } from '../../net/host.ts';
import {
  advanceCommit,
  appendEntries,
  atLeastAsUpToDate,
  type ConfigChange,
  configChangeOf,
  configOf,
  configValue,
  type Entry,
  type Log,
  lastConfigIndex,
  lastIndex,
  lastTerm,
  type RaftRules,
  termAt,
  termsText,
  valuesText,
} from './log.ts';

/**
 * Raft with its log, as figure 2 of Ongaro & Ousterhout 2014 states it (section numbers beside each
 * rule). Timing is heartbeat's: randomized election timeouts (§5.2, 150-300 ms scaled x10 so the
 * messages can be watched) and a leader's AppendEntries every heartbeat interval (§5.2, §5.6).
 * - Terms (§5.1): any message with a higher term makes a server adopt it and become a follower.
 * - RequestVote (§5.2) with the election restriction (§5.4.1): a vote goes only to a candidate whose
 *   log is at least as up-to-date, so every leader holds every committed entry (Leader Completeness).
 * - AppendEntries (§5.3) with the consistency check and conflict truncation (log.ts `appendEntries`);
 *   a failed check makes the leader decrement that follower's nextIndex and retry.
 * - Commit (§5.3, §5.4.2): the leader counts replicas only for an entry of its own term (figure 8).
 * - Clients (§8): a client sends CLIENT_REQUEST to the server it believes leads; a follower answers
 *   REDIRECT with the leader it knows; the leader answers CLIENT_REPLY once the entry is applied.
 * The knobs in `rules` are negative controls: each turns one rule off (index.ts).
 * Two knobs add rules of Ongaro's thesis (2014, "Consensus: Bridging Theory and Practice"), both off
 * by default as in the paper's figure 2:
 * - PreVote (§9.6): a server whose election timer fires first asks REQUEST_PRE_VOTE for term+1 and
 *   raises its term only if a majority would vote for it. A server grants a pre-vote only if the
 *   candidate's log is at least as up-to-date (§5.4.1) and it has not heard from a leader within the
 *   minimum election timeout; a pre-vote changes nobody's term or vote. So a server cut off from the
 *   cluster does not inflate its term and depose the leader when it comes back.
 * - CheckQuorum (§6.2): "a leader steps down if an election timeout elapses without a successful round
 *   of heartbeats to a majority of its cluster", so a leader cut off in a minority stops taking
 *   commands it can never commit.
 * Membership changes, one server at a time (thesis chapter 4): a configuration entry (`+node-6`,
 * `-node-3`, log.ts) takes effect on every server as soon as it is in its log, committed or not
 * (§4.1); elections and commits count a majority of that configuration; the leader takes a change
 * only when the previous one is committed (§4.1) and it has committed an entry of its own term
 * (Ongaro, raft-dev, 2015, "bug in single-server membership changes"); a leader removed from the
 * configuration keeps replicating and steps down once that entry commits (§4.2.2); a server outside
 * its configuration starts no election (a new one still empty, a removed one). A change comes from
 * the operator as a fault (`add-server`, `remove-server`) that every server hears and the leader acts on.
 */

export type RaftEvent =
  | { type: 'REQUEST_VOTE'; from: string; term: number; lastLogIndex: number; lastLogTerm: number }
  | { type: 'VOTE'; from: string; term: number; granted: boolean }
  | {
      type: 'APPEND_ENTRIES';
      from: string;
      term: number;
      prevLogIndex: number;
      prevLogTerm: number;
      entries: Entry[];
      leaderCommit: number;
    }
  | { type: 'APPEND_REPLY'; from: string; term: number; success: boolean; matchIndex: number }
  | { type: 'CLIENT_REQUEST'; from: string; value: string }
  | { type: 'REQUEST_PRE_VOTE'; from: string; term: number; lastLogIndex: number; lastLogTerm: number }
  | { type: 'PRE_VOTE'; from: string; term: number; granted: boolean }
  /** The operator asks for a membership change (thesis §4.1 AddServer/RemoveServer); only a leader acts. */
  | { type: 'CONFIG_CHANGE'; from: 'operator'; change: ConfigChange };

export interface RaftTimes {
  heartbeatIntervalMs: number;
  electionTimeoutMinMs: number;
  electionTimeoutMaxMs: number;
}

/** Persistent state on all servers (figure 2): survives a crash. */
export interface RaftDisk {
  term: number;
  votedFor: string | null;
  log: Entry[];
}

export interface RaftInput {
  env: ProcessEnv;
  /** Every other server this one can address (members or not). */
  peers: readonly string[];
  /** The initial configuration (thesis §4.1); absent: this server and all its peers. */
  members?: readonly string[];
  times: RaftTimes;
  rules: RaftRules;
  rng: Rng;
  disk: RaftDisk;
  /** Thesis §9.6 (off unless set). */
  preVote?: boolean;
  /** Thesis §6.2 (off unless set). */
  checkQuorum?: boolean;
}

/** Volatile state (figure 2): lost on a crash. */
export interface RaftVolatile {
  commitIndex: number;
  lastApplied: number;
  /** Leaders: per follower, the next index to send and the highest index known replicated. */
  nextIndex: Map<string, number>;
  matchIndex: Map<string, number>;
  /** Who asked for each entry the leader appended (index -> client and the entry's term), to answer it once applied. */
  clients: Map<number, { client: string; term: number }>;
  /** When this server last accepted AppendEntries from a leader (PreVote's "heard from a leader"). */
  leaderContactAt: number | null;
  /** CheckQuorum: the followers that answered this leader since `quorumSince`. */
  heard: Set<string>;
  quorumSince: number;
}

export interface RaftContext extends RaftInput {
  /** Copies of disk and volatile values the role reports and the inspector read (synced after each step). */
  term: number;
  token: number;
  leader: string | null;
  /** The term in which `leader` was learned: a follower redirects to it only within that term. */
  leaderTerm: number;
  commitIndex: number;
  votes: number;
  preVotes: number;
  timeoutMs: number;
  /**
   * The configuration this server uses, comma-separated, for the inspector: set only once it differs
   * from every server being a member (a spare, a change), so runs without changes record nothing new.
   */
  configuration?: string;
  v: RaftVolatile;
}

const configs = new WeakMap<Log, { members: string[]; changes: boolean }>();
function configCached(c: RaftContext): { members: string[]; changes: boolean } {
  let m = configs.get(c.disk.log);
  if (!m) {
    m = {
      members: configOf(c.members ?? [c.env.id, ...c.peers], c.disk.log),
      changes: lastConfigIndex(c.disk.log) > 0,
    };
    configs.set(c.disk.log, m);
  }
  return m;
}
/** Thesis §4.1: the latest configuration in this server's log, committed or not. */
const configFor = (c: RaftContext): string[] => configCached(c).members;
/** Whether this server's configuration may differ from all servers (a spare, a change in its log). */
const configShown = (c: RaftContext): boolean =>
  c.members !== undefined || c.configuration !== undefined || configCached(c).changes;

/** Tells the trace this server's configuration when it changed (the picture dims a non-member). */
function noteConfig(c: RaftContext, before: readonly string[]): void {
  const now = configFor(c);
  if (now.join(',') === before.join(',')) return;
  c.env.mark('config', { members: now.join(','), member: now.includes(c.env.id) });
}
/** The other members of this server's configuration, in its order (with no change: all the peers). */
const peersOf = (c: RaftContext): string[] => configFor(c).filter((p) => p !== c.env.id);
const isMember = (c: RaftContext): boolean => configFor(c).includes(c.env.id);
/**
 * Whom a leader replicates to: the other members, and a server whose removal is its last, still
 * uncommitted configuration entry, so that it learns it is out and starts no election (etcd's raft
 * likewise keeps a removed node's progress until the change is applied). Its reply is not counted.
 */
function targetsOf(c: RaftContext): string[] {
  const peers = peersOf(c);
  const last = lastConfigIndex(c.disk.log);
  if (last <= c.v.commitIndex) return peers;
  const change = configChangeOf((c.disk.log[last - 1] as Entry).value);
  return change?.op === '-' && change.server !== c.env.id ? [...peers, change.server] : peers;
}
/** A majority of the configuration (thesis §4.1: votes and commits count over it). */
const majority = (c: RaftContext): number => Math.floor(configFor(c).length / 2) + 1;
type Ev<T extends RaftEvent['type']> = Extract<RaftEvent, { type: T }>;
const termOf = (e: RaftEvent): number => ('term' in e ? e.term : Number.NEGATIVE_INFINITY);

/** Commit index moved: apply the entries up to it (figure 2, "All Servers": lastApplied), in order. */
function applyCommitted(c: RaftContext): void {
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
function markLog(c: RaftContext, from: number): void {
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
function markProgress(c: RaftContext, peer: string): void {
  c.env.mark('progress', {
    peer,
    match: c.v.matchIndex.get(peer) ?? 0,
    next: c.v.nextIndex.get(peer) ?? lastIndex(c.disk.log) + 1,
  });
}

function sendAppend(c: RaftContext, peer: string): void {
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

const raftSetup = setup({
  types: {} as { context: RaftContext; events: RaftEvent; input: RaftInput },
  guards: {
    termAhead: ({ context, event }) => termOf(event) > context.disk.term,
    termCurrent: ({ context, event }) => termOf(event) === context.disk.term,
    termNotBehind: ({ context, event }) => termOf(event) >= context.disk.term,
    /** §5.2 one vote per term, and §5.4.1 the election restriction (unless the control turns it off). */
    grantsVote: ({ context, event }) => {
      const e = event as Ev<'REQUEST_VOTE'>;
      // The control lets a follower vote again in the same term; a candidate keeps its own vote.
      const free =
        context.disk.votedFor === null ||
        context.disk.votedFor === e.from ||
        (!context.rules.oneVotePerTerm && context.disk.votedFor !== context.env.id);
      const upToDate =
        !context.rules.electionRestriction ||
        atLeastAsUpToDate(e.lastLogTerm, e.lastLogIndex, context.disk.log);
      // A higher term is adopted first (§5.1), which clears votedFor.
      return (e.term > context.disk.term || (e.term === context.disk.term && free)) && upToDate;
    },
    wonElection: ({ context }) => context.votes >= majority(context),
    preVoteOn: ({ context }) => context.preVote === true,
    /**
     * Thesis §9.6: a pre-vote for a later term goes to a candidate whose log is at least as
     * up-to-date, from a server that has not heard from a leader within the minimum election timeout
     * (a leader counts itself).
     */
    grantsPreVote: ({ context: c, event }) => {
      const e = event as Ev<'REQUEST_PRE_VOTE'>;
      const leading = c.leader === c.env.id && c.leaderTerm === c.disk.term;
      const heard =
        c.v.leaderContactAt !== null && c.env.now() - c.v.leaderContactAt < c.times.electionTimeoutMinMs;
      return (
        e.term > c.disk.term &&
        !leading &&
        !heard &&
        (!c.rules.electionRestriction || atLeastAsUpToDate(e.lastLogTerm, e.lastLogIndex, c.disk.log))
      );
    },
    /** A grant carries the term asked for; a refusal carries the voter's own term. */
    preVoteGranted: ({ context, event }) =>
      (event as Ev<'PRE_VOTE'>).granted && termOf(event) === context.disk.term + 1,
    preVoteRefusedAhead: ({ context, event }) =>
      !(event as Ev<'PRE_VOTE'>).granted && termOf(event) > context.disk.term,
    wonPreVote: ({ context }) => context.preVotes >= majority(context),
    /** Thesis §6.2: an election timeout (the minimum) has passed without answers from a majority. */
    outsideConfig: ({ context }) => !isMember(context),
    removedAndCommitted: ({ context: c }) => !isMember(c) && lastConfigIndex(c.disk.log) <= c.v.commitIndex,
    quorumLost: ({ context: c }) =>
      c.checkQuorum === true &&
      c.env.now() - c.v.quorumSince >= c.times.electionTimeoutMinMs &&
      [...c.v.heard].filter((p) => configFor(c).includes(p)).length + (isMember(c) ? 1 : 0) < majority(c),
  },
  actions: {
    drawElectionTimeout: assign({
      timeoutMs: ({ context }) =>
        context.rng.int(context.times.electionTimeoutMinMs, context.times.electionTimeoutMaxMs),
    }),
    /** §5.1: "If RPC request or response contains term T > currentTerm: set currentTerm = T, convert to follower". */
    adoptTerm: ({ context, event }) => {
      if (termOf(event) <= context.disk.term) return;
      context.disk.term = termOf(event);
      context.disk.votedFor = null;
    },
    markLeaderMissing: ({ context }) =>
      context.env.mark('leader-missing', {
        leader: context.leader,
        term: context.disk.term,
        timeoutMs: context.timeoutMs,
      }),
    /** §5.2: increment currentTerm, vote for self, send RequestVote to all other servers. */
    startCandidacy: ({ context }) => {
      const { disk, env } = context;
      disk.term++;
      disk.votedFor = env.id;
      env.mark('election-start', { term: disk.term });
      for (const p of peersOf(context))
        env.send(p, 'REQUEST_VOTE', {
          term: disk.term,
          lastLogIndex: lastIndex(disk.log),
          lastLogTerm: lastTerm(disk.log),
        });
    },
    resetVotes: assign({ votes: 1, leader: null }),
    resetPreVotes: assign({ preVotes: 1, leader: null }),
    /** Thesis §9.6: "would you vote for me in term+1?"; this server's own term does not change. */
    requestPreVotes: ({ context }) => {
      const { disk, env } = context;
      env.mark('pre-vote-start', { term: disk.term + 1 });
      for (const p of peersOf(context))
        env.send(p, 'REQUEST_PRE_VOTE', {
          term: disk.term + 1,
          lastLogIndex: lastIndex(disk.log),
          lastLogTerm: lastTerm(disk.log),
        });
    },
    countPreVote: assign({ preVotes: ({ context }) => context.preVotes + 1 }),
    grantPreVote: ({ context, event }) =>
      context.env.send(event.from, 'PRE_VOTE', { term: termOf(event), granted: true }),
    refusePreVote: ({ context, event }) =>
      context.env.send(event.from, 'PRE_VOTE', { term: context.disk.term, granted: false }),
    /** CheckQuorum's window: when one has passed with a majority heard, a new one starts. */
    rollQuorumWindow: ({ context: c }) => {
      if (!c.checkQuorum || c.env.now() - c.v.quorumSince < c.times.electionTimeoutMinMs) return;
      c.v.heard.clear();
      c.v.quorumSince = c.env.now();
    },
    markLostQuorum: ({ context }) =>
      context.env.mark('lost-quorum', {
        term: context.disk.term,
        heard:
          [...context.v.heard].filter((p) => configFor(context).includes(p)).length +
          (isMember(context) ? 1 : 0),
        needed: majority(context),
      }),
    forgetLeader: assign({ leader: null }),
    // Thesis §4.1: only the votes of the configuration's members count.
    countVote: assign({
      votes: ({ context, event }) =>
        context.votes + ((event as Ev<'VOTE'>).granted && configFor(context).includes(event.from) ? 1 : 0),
    }),
    grantVote: ({ context, event }) => {
      context.disk.votedFor = event.from;
      context.env.send(event.from, 'VOTE', { term: context.disk.term, granted: true });
    },
    refuseVote: ({ context, event }) =>
      context.env.send(event.from, 'VOTE', { term: context.disk.term, granted: false }),
    markWon: ({ context }) =>
      context.env.mark('won', {
        term: context.disk.term,
        votes: context.votes,
        cluster: configFor(context).length,
        lastIndex: lastIndex(context.disk.log),
      }),
    /** Figure 2, "Leaders": nextIndex = last log index + 1, matchIndex = 0; then an empty AppendEntries to all. */
    becomeLeader: ({ context }) => {
      const { v, disk } = context;
      v.nextIndex = new Map(targetsOf(context).map((p) => [p, lastIndex(disk.log) + 1]));
      v.matchIndex = new Map(targetsOf(context).map((p) => [p, 0]));
      v.clients = new Map();
      v.heard = new Set();
      v.quorumSince = context.env.now();
      for (const p of targetsOf(context)) markProgress(context, p);
      for (const p of targetsOf(context)) sendAppend(context, p);
    },
    /** The Leader Append-Only control: a leader that "cleans up" older terms' uncommitted entries. */
    dropUncommitted: ({ context }) => {
      const { disk, v } = context;
      if (context.rules.leaderAppendOnly) return;
      const firstOld = disk.log.findIndex((e, i) => i >= v.commitIndex && e.term < disk.term);
      if (firstOld < 0) return;
      const before = configFor(context);
      disk.log = disk.log.slice(0, firstOld);
      for (const p of targetsOf(context)) {
        const next = Math.min(v.nextIndex.get(p) ?? 1, firstOld + 1);
        if (next === v.nextIndex.get(p)) continue;
        v.nextIndex.set(p, next);
        markProgress(context, p);
      }
      markLog(context, firstOld + 1);
      noteConfig(context, before);
    },
    sendAppends: ({ context }) => {
      for (const p of targetsOf(context)) sendAppend(context, p);
    },
    followSender: assign({ leader: ({ event }) => event.from, leaderTerm: ({ event }) => termOf(event) }),
    /** AppendEntries receiver (figure 2; log.ts): rule 1 is the term, already checked by the guard. */
    receiveAppend: ({ context, event }) => {
      const e = event as Ev<'APPEND_ENTRIES'>;
      const { disk, v, env } = context;
      v.leaderContactAt = env.now();
      const r = appendEntries(disk.log, v.commitIndex, e, context.rules);
      if (r.changedFrom !== null) {
        const before = configFor(context);
        disk.log = r.log.slice();
        markLog(context, r.changedFrom);
        noteConfig(context, before);
      }
      if (r.commitIndex > v.commitIndex) {
        v.commitIndex = r.commitIndex;
        env.mark('commit', { index: v.commitIndex, term: termAt(disk.log, v.commitIndex) ?? 0 });
        applyCommitted(context);
      }
      env.send(e.from, 'APPEND_REPLY', {
        term: disk.term,
        success: r.success,
        matchIndex: r.matchIndex,
        entryCount: e.entries.length,
      });
    },
    refuseAppend: ({ context, event }) =>
      context.env.send(event.from, 'APPEND_REPLY', {
        term: context.disk.term,
        success: false,
        matchIndex: 0,
        entryCount: (event as Ev<'APPEND_ENTRIES'>).entries.length,
      }),
    /** Figure 2, "Leaders": on success update nextIndex and matchIndex; on failure decrement nextIndex and retry. */
    receiveAppendReply: ({ context, event }) => {
      const e = event as Ev<'APPEND_REPLY'>;
      const { v, disk, env } = context;
      v.heard.add(e.from);
      const [match0, next0] = [v.matchIndex.get(e.from), v.nextIndex.get(e.from)];
      const moved = () => v.matchIndex.get(e.from) !== match0 || v.nextIndex.get(e.from) !== next0;
      if (!e.success) {
        v.nextIndex.set(e.from, Math.max(1, (v.nextIndex.get(e.from) ?? 1) - 1));
        if (moved()) markProgress(context, e.from);
        sendAppend(context, e.from);
        return;
      }
      if (e.matchIndex > (v.matchIndex.get(e.from) ?? 0)) v.matchIndex.set(e.from, e.matchIndex);
      v.nextIndex.set(e.from, Math.max(v.nextIndex.get(e.from) ?? 1, e.matchIndex + 1));
      if (moved()) markProgress(context, e.from);
      // Thesis §4.1: a majority of the configuration; a leader being removed does not count itself (§4.2.2).
      const matches = configFor(context).map((p) =>
        p === env.id ? lastIndex(disk.log) : (v.matchIndex.get(p) ?? 0),
      );
      const n = advanceCommit(disk.log, matches, disk.term, v.commitIndex, context.rules);
      if (n > v.commitIndex) {
        const was = v.commitIndex;
        v.commitIndex = n;
        env.mark('commit', {
          index: n,
          term: termAt(disk.log, n) ?? 0,
          replicas: matches.filter((m) => m >= n).length,
        });
        const cfg = lastConfigIndex(disk.log);
        if (cfg > was && cfg <= n)
          env.mark('config-commit', {
            index: cfg,
            change: (disk.log[cfg - 1] as Entry).value,
            members: configFor(context).join(','),
          });
        applyCommitted(context);
      }
    },
    /** §8: the leader appends the command to its log and replicates it at once. */
    appendClientEntry: ({ context, event }) => {
      const e = event as Ev<'CLIENT_REQUEST'>;
      const { disk, v, env } = context;
      disk.log = [...disk.log, { term: disk.term, value: e.value }];
      v.clients.set(lastIndex(disk.log), { client: e.from, term: disk.term });
      env.mark('append', { index: lastIndex(disk.log), term: disk.term, value: e.value });
      markLog(context, lastIndex(disk.log));
      for (const p of targetsOf(context)) sendAppend(context, p);
    },
    /** §8: "If the client contacts a follower, the follower rejects its request and supplies ... the most recent leader". */
    redirect: ({ context, event }) =>
      context.env.send(event.from, 'REDIRECT', {
        leader: context.leaderTerm === context.disk.term ? context.leader : null,
      }),
    /** The copies role reports and the inspector read. */
    sync: assign(({ context }) => ({
      term: context.disk.term,
      commitIndex: context.v.commitIndex,
      configuration: configShown(context) ? configFor(context).join(',') : undefined,
    })),
    /** A spare, or a server restarted with changes in its log, tells its configuration at start. */
    markInitialConfig: ({ context: c }) => {
      if (c.members === undefined && !configCached(c).changes) return;
      c.env.mark('config', { members: configFor(c).join(','), member: isMember(c) });
    },
    /**
     * The operator's AddServer/RemoveServer (thesis §4.1, figure 4.1), refused while the previous
     * change is uncommitted or before this leader has committed an entry of its term (the fix of
     * Ongaro's 2015 raft-dev post; with it no two configurations that differ by two servers can be
     * in use at once), and when it would change nothing.
     */
    takeConfigChange: ({ context: c, event }) => {
      const { change } = event as Ev<'CONFIG_CHANGE'>;
      const { disk, v, env } = c;
      const before = configFor(c);
      const refuse = (reason: string) =>
        env.mark('config-refused', { change: configValue(change), reason, term: disk.term });
      if (change.op === '+' ? before.includes(change.server) : !before.includes(change.server))
        return refuse('no-change');
      if (change.op === '-' && before.length <= 1) return refuse('last');
      if (c.rules.oneChangeAtATime && lastConfigIndex(disk.log) > v.commitIndex) return refuse('pending');
      if (c.rules.oneChangeAtATime && termAt(disk.log, v.commitIndex) !== disk.term) return refuse('term');
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
    },
    markSteppedDown: ({ context: c }) =>
      c.env.mark('removed-step-down', { term: c.disk.term, index: lastConfigIndex(c.disk.log) }),
    setToken: assign({
      token: ({ context }) => context.disk.term,
      leader: ({ context }) => context.env.id,
      leaderTerm: ({ context }) => context.disk.term,
    }),
  },
  delays: {
    electionTimeout: ({ context }) => context.timeoutMs,
    heartbeatInterval: ({ context }) => context.times.heartbeatIntervalMs,
  },
});

/** Any state: a higher term makes the server a follower of that term first (§5.1). */
const toFollowerOnHigherTerm = {
  guard: 'termAhead',
  target: '#raft.follower',
  actions: ['adoptTerm', 'sync'],
} as const;

/**
 * A candidate's (or pre-candidate's) answer to AppendEntries: "If AppendEntries RPC received from new
 * leader: convert to follower" (figure 2, "Candidates"); one of an older term is refused.
 */
const followNewLeader = [
  {
    guard: 'termNotBehind',
    target: '#raft.follower',
    actions: ['adoptTerm', 'followSender', 'receiveAppend', 'sync'],
  },
  { actions: 'refuseAppend' },
] as const;

/** A candidate's or a leader's answer to RequestVote: a vote it grants, or a later term, makes it a follower (§5.1). */
const stepDownToVote = [
  { guard: 'grantsVote', target: '#raft.follower', actions: ['adoptTerm', 'grantVote', 'sync'] },
  { guard: 'termAhead', target: '#raft.follower', actions: ['adoptTerm', 'refuseVote', 'sync'] },
  { actions: 'refuseVote' },
] as const;

export const raftMachine = raftSetup.createMachine({
  id: 'raft',
  context: ({ input }) => ({
    ...input,
    term: input.disk.term,
    token: 0,
    leader: null,
    leaderTerm: 0,
    commitIndex: 0,
    votes: 0,
    preVotes: 0,
    timeoutMs: 0,
    v: {
      commitIndex: 0,
      lastApplied: 0,
      nextIndex: new Map(),
      matchIndex: new Map(),
      clients: new Map(),
      leaderContactAt: null,
      heard: new Set(),
      quorumSince: 0,
    },
  }),
  initial: 'follower',
  entry: 'markInitialConfig',
  on: {
    CLIENT_REQUEST: { actions: 'redirect' },
    // A pre-vote changes neither side's term nor vote (thesis §9.6): every state answers it alike.
    REQUEST_PRE_VOTE: [{ guard: 'grantsPreVote', actions: 'grantPreVote' }, { actions: 'refusePreVote' }],
  },
  states: {
    follower: {
      entry: 'drawElectionTimeout',
      // Figure 2, "Followers": no AppendEntries from the current leader and no vote granted for an
      // election timeout: become candidate.
      after: {
        electionTimeout: [
          // Thesis §4.2.1-4.2.2: a server outside its configuration (new and empty, or removed) waits.
          { guard: 'outsideConfig', target: 'follower', reenter: true },
          { guard: 'preVoteOn', target: 'preCandidate', actions: 'markLeaderMissing' },
          { target: 'candidate', actions: 'markLeaderMissing' },
        ],
      },
      on: {
        APPEND_ENTRIES: [
          {
            guard: 'termNotBehind',
            target: 'follower',
            reenter: true,
            actions: ['adoptTerm', 'followSender', 'receiveAppend', 'sync'],
          },
          { actions: 'refuseAppend' },
        ],
        REQUEST_VOTE: [
          // Granting a vote resets the election timer; a refusal does not, even of a higher term (figure 2).
          {
            guard: 'grantsVote',
            target: 'follower',
            reenter: true,
            actions: ['adoptTerm', 'grantVote', 'sync'],
          },
          { guard: 'termAhead', actions: ['adoptTerm', 'refuseVote', 'sync'] },
          { actions: 'refuseVote' },
        ],
        VOTE: { guard: 'termAhead', actions: ['adoptTerm', 'sync'] },
        APPEND_REPLY: { guard: 'termAhead', actions: ['adoptTerm', 'sync'] },
      },
    },
    candidate: {
      tags: ['candidate'],
      entry: ['resetVotes', 'startCandidacy', 'sync', 'drawElectionTimeout'],
      always: { guard: 'wonElection', target: 'leader', actions: 'markWon' },
      // Split vote: a new election in a new term after a fresh random timeout (§5.2); with PreVote,
      // a pre-vote round first.
      after: {
        electionTimeout: [
          { guard: 'preVoteOn', target: 'preCandidate' },
          { target: 'candidate', reenter: true },
        ],
      },
      on: {
        VOTE: [toFollowerOnHigherTerm, { guard: 'termCurrent', actions: 'countVote' }],
        APPEND_ENTRIES: followNewLeader,
        REQUEST_VOTE: stepDownToVote,
        APPEND_REPLY: toFollowerOnHigherTerm,
      },
    },
    /** PreVote only (thesis §9.6): a round for term+1 that raises the term only if a majority would vote. */
    preCandidate: {
      tags: ['candidate'],
      entry: ['resetPreVotes', 'requestPreVotes', 'drawElectionTimeout'],
      always: { guard: 'wonPreVote', target: 'candidate' },
      after: { electionTimeout: { target: 'preCandidate', reenter: true } },
      on: {
        PRE_VOTE: [
          { guard: 'preVoteRefusedAhead', target: 'follower', actions: ['adoptTerm', 'sync'] },
          { guard: 'preVoteGranted', actions: 'countPreVote' },
        ],
        APPEND_ENTRIES: followNewLeader,
        REQUEST_VOTE: stepDownToVote,
        VOTE: toFollowerOnHigherTerm,
        APPEND_REPLY: toFollowerOnHigherTerm,
      },
    },
    leader: {
      tags: ['leader'],
      entry: ['setToken', 'becomeLeader'],
      // Thesis §4.2.2: a leader removed from the configuration steps down once that entry commits.
      always: {
        guard: 'removedAndCommitted',
        target: 'follower',
        actions: ['markSteppedDown', 'forgetLeader'],
      },
      initial: 'waiting',
      states: {
        // §5.2: "Leaders send periodic heartbeats (AppendEntries RPCs that carry no log entries)".
        waiting: {
          after: {
            heartbeatInterval: [
              { guard: 'quorumLost', target: '#raft.follower', actions: ['markLostQuorum', 'forgetLeader'] },
              {
                target: 'waiting',
                reenter: true,
                actions: ['rollQuorumWindow', 'dropUncommitted', 'sendAppends'],
              },
            ],
          },
        },
      },
      on: {
        CLIENT_REQUEST: { actions: ['appendClientEntry', 'sync'] },
        CONFIG_CHANGE: { actions: ['takeConfigChange', 'sync'] },
        APPEND_REPLY: [
          toFollowerOnHigherTerm,
          { guard: 'termCurrent', actions: ['receiveAppendReply', 'sync'] },
        ],
        APPEND_ENTRIES: [
          // Election Safety means no other leader of this term; a later term's leader deposes this one.
          {
            guard: 'termAhead',
            target: 'follower',
            actions: ['adoptTerm', 'followSender', 'receiveAppend', 'sync'],
          },
          { actions: 'refuseAppend' },
        ],
        REQUEST_VOTE: stepDownToVote,
        VOTE: toFollowerOnHigherTerm,
      },
    },
  },
});
