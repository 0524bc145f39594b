import { assign, setup } from 'xstate';
import { type Ev, type RaftContext, type RaftEvent, type RaftInput, termOf } from './context.ts';
import { atLeastAsUpToDate, lastIndex, lastTerm } from './log.ts';
import {
  configFor,
  configShown,
  heardMembers,
  isMember,
  lastConfigIndex,
  majority,
  markInitialConfig,
  noteConfig,
  peersOf,
  removedAndCommitted,
  targetsOf,
} from './membership.ts';
import {
  appendClientEntry,
  markLog,
  markProgress,
  receiveAppend,
  receiveAppendReply,
  sendAppend,
  takeConfigChange,
} from './replication.ts';

export type { RaftDisk, RaftEvent, RaftTimes } from './context.ts';

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
 * Membership changes, one server at a time (thesis chapter 4), are membership.ts's rules. A change
 * comes from the operator as a fault (`add-server`, `remove-server`) that every server hears and the
 * leader acts on. The state and events are context.ts's; replication's steps are replication.ts's.
 */

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
    removedAndCommitted: ({ context }) => removedAndCommitted(context),
    quorumLost: ({ context: c }) =>
      c.checkQuorum === true &&
      c.env.now() - c.v.quorumSince >= c.times.electionTimeoutMinMs &&
      heardMembers(c) < majority(c),
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
        heard: heardMembers(context),
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
    /** AppendEntries receiver (figure 2; replication.ts). */
    receiveAppend: ({ context, event }) => receiveAppend(context, event as Ev<'APPEND_ENTRIES'>),
    refuseAppend: ({ context, event }) =>
      context.env.send(event.from, 'APPEND_REPLY', {
        term: context.disk.term,
        success: false,
        matchIndex: 0,
        entryCount: (event as Ev<'APPEND_ENTRIES'>).entries.length,
      }),
    /** Figure 2, "Leaders": the follower's progress, the commit index (replication.ts). */
    receiveAppendReply: ({ context, event }) => receiveAppendReply(context, event as Ev<'APPEND_REPLY'>),
    /** §8: the leader appends the command to its log and replicates it at once. */
    appendClientEntry: ({ context, event }) => appendClientEntry(context, event as Ev<'CLIENT_REQUEST'>),
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
    markInitialConfig: ({ context }) => markInitialConfig(context),
    /** The operator's AddServer/RemoveServer (thesis §4.1), or its refusal (membership.ts `configRefusal`). */
    takeConfigChange: ({ context, event }) =>
      takeConfigChange(context, (event as Ev<'CONFIG_CHANGE'>).change),
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
