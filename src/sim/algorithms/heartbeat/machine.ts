import { assign, setup } from 'xstate';
import type { Rng } from '../../../lib/rng.ts';
import type { ProcessEnv } from '../../net/host.ts';

/**
 * Heartbeat election, Raft-style (Ongaro & Ousterhout 2014, section 5.2) minus the log, with one knob
 * that decides whether it is safe.
 *
 * - The leader sends HEARTBEAT {term} to every peer every `heartbeatIntervalMs`; a follower that hears
 *   none for a randomized election timeout (uniform in [electionTimeoutMinMs, electionTimeoutMaxMs],
 *   Raft's 150-300 ms scaled x10 so the messages can be watched) becomes candidate for term+1, votes
 *   for itself and sends REQUEST_VOTE {term}. A node grants one VOTE per term; any higher term it
 *   sees makes it adopt that term and step down.
 * - `quorum: false` (the flaw): a candidate wins with a majority of the nodes that ANSWERED within
 *   `voteTimeoutMs`, itself included. A node cut off with one peer wins 2 of 2; cut off alone, 1 of 1.
 *   Both sides of a partition elect a leader and both accept writes: split-brain ("BOTH WRITE").
 * - `quorum: true` (Raft): a candidate needs floor(n/2)+1 votes of the WHOLE cluster, so a minority side
 *   elects nobody. Raft's companion rules (as etcd runs them) keep the old leader from writing beside
 *   the new one and keep a healed minority from disrupting the cluster:
 *   1. CheckQuorum / leader lease (Raft thesis 6.4.1): followers ACK heartbeats; a leader without a
 *      majority of ACKs for heartbeats sent within electionTimeoutMinMs - heartbeatIntervalMs stops
 *      writing and steps down.
 *   2. Vote stickiness (thesis 4.2.3): a node that heard from a leader within electionTimeoutMinMs
 *      ignores REQUEST_VOTE, so no rival is elected before the old leader's lease has run out.
 *   3. PreVote (thesis 9.6): a node that stops hearing the leader first asks REQUEST_PRE_VOTE "would
 *      you vote for me in term+1?" and raises its term only on a majority of yeses, so a cut-off
 *      minority does not inflate its term and depose the healthy leader when the partition heals.
 *   4. A node with a higher term answers a stale leader's HEARTBEAT with its term (etcd raft does
 *      this with CheckQuorum on), so the stale leader learns it and steps down.
 *   5. currentTerm and votedFor survive a crash (Raft fig. 2, persistent state).
 *   Safety assumes clocks run at the same rate (clock-drift can break the lease).
 * - While a node believes it leads it accepts client writes to its own copy every `writeIntervalMs`:
 *   a `write` trace event with token = term, so the split-brain checker sees who wrote.
 */

export type HeartbeatEvent =
  | { type: 'HEARTBEAT'; from: string; term: number; sentAt: number }
  | { type: 'HEARTBEAT_ACK'; from: string; term: number; sentAt: number }
  | { type: 'REQUEST_VOTE'; from: string; term: number }
  | { type: 'VOTE'; from: string; term: number; granted: boolean }
  | { type: 'REQUEST_PRE_VOTE'; from: string; term: number }
  | { type: 'PRE_VOTE'; from: string; term: number; granted: boolean };

export interface HeartbeatTimes {
  heartbeatIntervalMs: number;
  electionTimeoutMinMs: number;
  electionTimeoutMaxMs: number;
  voteTimeoutMs: number;
  writeIntervalMs: number;
}

export interface HeartbeatInput {
  env: ProcessEnv;
  /** Every other node of the cluster. */
  peers: readonly string[];
  quorum: boolean;
  times: HeartbeatTimes;
  /** This node's election-timeout stream. */
  rng: Rng;
  /** Stable storage: survives a crash (Raft fig. 2 persists currentTerm and votedFor). */
  disk: HeartbeatDisk;
}

export interface HeartbeatDisk {
  term: number;
  votedFor: string | null;
}

export interface HeartbeatContext extends HeartbeatInput {
  term: number;
  votedFor: string | null;
  leader: string | null;
  /** Fencing-style token of the current leadership (= term), read by machineProcess. */
  token: number;
  /** Votes in the current candidacy: granted and answered (granted or not), both counting itself. */
  granted: number;
  answered: number;
  votingClosed: boolean;
  /** Quorum mode: pre-votes for term+1 in the current pre-vote round, counting itself. */
  preVotes: number;
  /** The election timeout drawn for the current follower/candidate period. */
  timeoutMs: number;
  /** Local time the node last heard from a leader (for the vote-stickiness rule). */
  lastContactAt: number | null;
  leaderSince: number;
  /** Leader: per peer, the send time of the latest heartbeat it acknowledged in this term. */
  acks: Map<string, number>;
  writes: number;
}

const clusterSize = (c: HeartbeatContext): number => c.peers.length + 1;
const majority = (c: HeartbeatContext): number => Math.floor(clusterSize(c) / 2) + 1;

/**
 * Quorum mode: how long a majority's ACK of a heartbeat keeps the leader entitled to write, counted
 * from the heartbeat's send time. A voter ignores vote requests for electionTimeoutMinMs after it
 * received that heartbeat, so no rival can win before sentAt + electionTimeoutMinMs; the leader checks
 * its lease on every heartbeat tick, so ending the lease one interval early means it has stepped down
 * by then. (Raft thesis 6.4.1 bounds the lease the same way, minus clock drift.)
 */
const leaseMs = (c: HeartbeatContext): number => c.times.electionTimeoutMinMs - c.times.heartbeatIntervalMs;

/** A majority (itself included) acknowledged a heartbeat sent less than leaseMs ago. */
function holdsQuorumLease(c: HeartbeatContext): boolean {
  const since = c.env.now() - leaseMs(c);
  let fresh = 1;
  for (const sentAt of c.acks.values()) if (sentAt > since) fresh++;
  return fresh >= majority(c);
}

type Ev<T extends HeartbeatEvent['type']> = Extract<HeartbeatEvent, { type: T }>;
const termOf = (e: HeartbeatEvent): number => e.term;

const heartbeatSetup = setup({
  types: {} as { context: HeartbeatContext; events: HeartbeatEvent; input: HeartbeatInput },
  guards: {
    termAhead: ({ context, event }) => termOf(event) > context.term,
    termCurrent: ({ context, event }) => termOf(event) === context.term,
    termNotBehind: ({ context, event }) => termOf(event) >= context.term,
    /** One vote per term: a higher term resets the vote. */
    canGrantVote: ({ context, event }) =>
      event.term > context.term ||
      (event.term === context.term && (context.votedFor === null || context.votedFor === event.from)),
    /** Quorum mode: heard from a leader within the minimum election timeout, so ignore vote requests. */
    leaderIsFresh: ({ context }) =>
      context.quorum &&
      context.lastContactAt !== null &&
      context.env.now() - context.lastContactAt < context.times.electionTimeoutMinMs,
    leaseHeld: ({ context }) => context.quorum && holdsQuorumLease(context),
    quorumMode: ({ context }) => context.quorum,
    /** Pre-vote (Raft thesis 9.6): would vote for term+1, and has no live leader it heard from lately. */
    canGrantPreVote: ({ context, event }) =>
      event.term > context.term &&
      !(
        context.lastContactAt !== null &&
        context.env.now() - context.lastContactAt < context.times.electionTimeoutMinMs
      ) &&
      !(context.leader === context.env.id && holdsQuorumLease(context)),
    preVoteWon: ({ context }) => context.preVotes >= majority(context),
    preVoteGranted: ({ context, event }) =>
      (event as Ev<'PRE_VOTE'>).granted && event.term === context.term + 1,
    /** A refusal carries the voter's own term; a grant carries the asked-for term and must not be adopted. */
    preVoteRefusedAhead: ({ context, event }) =>
      !(event as Ev<'PRE_VOTE'>).granted && event.term > context.term,
    mayWrite: ({ context }) => !context.quorum || holdsQuorumLease(context),
    /** Quorum mode: no majority of fresh ACKs, and the grace period after winning is over. */
    lostQuorum: ({ context }) =>
      context.quorum &&
      !holdsQuorumLease(context) &&
      context.env.now() - context.leaderSince >= leaseMs(context),
    wonElection: ({ context }) => {
      if (context.quorum) return context.granted >= majority(context);
      // The flaw: a majority of whoever answered is enough once voting closes.
      return (
        2 * context.granted > clusterSize(context) ||
        (context.votingClosed && 2 * context.granted > context.answered)
      );
    },
  },
  actions: {
    drawElectionTimeout: assign({
      timeoutMs: ({ context }) =>
        context.rng.int(context.times.electionTimeoutMinMs, context.times.electionTimeoutMaxMs),
    }),
    markLeaderMissing: ({ context }) =>
      context.env.mark('leader-missing', {
        leader: context.leader,
        term: context.term,
        timeoutMs: context.timeoutMs,
      }),
    startCandidacy: assign({
      term: ({ context }) => context.term + 1,
      votedFor: ({ context }) => context.env.id,
      leader: null,
      granted: 1,
      answered: 1,
      votingClosed: false,
    }),
    requestVotes: ({ context }) => {
      context.env.mark('election-start', { term: context.term });
      for (const p of context.peers) context.env.send(p, 'REQUEST_VOTE', { term: context.term });
    },
    startPreVote: assign({ preVotes: 1, leader: null }),
    requestPreVotes: ({ context }) => {
      context.env.mark('pre-vote-start', { term: context.term + 1 });
      for (const p of context.peers) context.env.send(p, 'REQUEST_PRE_VOTE', { term: context.term + 1 });
    },
    countPreVote: assign({ preVotes: ({ context }) => context.preVotes + 1 }),
    grantPreVote: ({ context, event }) =>
      context.env.send(event.from, 'PRE_VOTE', { term: event.term, granted: true }),
    refusePreVote: ({ context, event }) =>
      context.env.send(event.from, 'PRE_VOTE', { term: context.term, granted: false }),
    markPreVoteLost: ({ context }) =>
      context.env.mark('election-lost', {
        term: context.term + 1,
        votes: context.preVotes,
        needed: majority(context),
        preVote: true,
      }),
    countVote: assign({
      answered: ({ context }) => context.answered + 1,
      granted: ({ context, event }) => context.granted + ((event as Ev<'VOTE'>).granted ? 1 : 0),
    }),
    closeVoting: assign({ votingClosed: true }),
    becomeLeader: assign({
      leader: ({ context }) => context.env.id,
      token: ({ context }) => context.term,
      leaderSince: ({ context }) => context.env.now(),
      acks: () => new Map<string, number>(),
      writes: 0,
    }),
    /** 'won-without-quorum': a majority of those who answered, not of the cluster (the flaw at work). */
    markWon: ({ context }) =>
      context.env.mark(2 * context.granted > clusterSize(context) ? 'won' : 'won-without-quorum', {
        term: context.term,
        votes: context.granted,
        answered: context.answered,
        cluster: clusterSize(context),
      }),
    markElectionLost: ({ context }) =>
      context.env.mark('election-lost', {
        term: context.term,
        votes: context.granted,
        answered: context.answered,
        needed: context.quorum ? majority(context) : Math.floor(context.answered / 2) + 1,
      }),
    sendHeartbeats: ({ context }) => {
      const sentAt = context.env.now();
      for (const p of context.peers) context.env.send(p, 'HEARTBEAT', { term: context.term, sentAt });
    },
    writeLocal: ({ context }) =>
      context.env.record({
        k: 'write',
        node: context.env.id,
        resource: context.env.id,
        token: context.term,
        status: 'accepted',
        code: 200,
        seen: null,
        value: `${context.env.id} term ${context.term} write ${context.writes + 1}`,
      }),
    countWrite: assign({ writes: ({ context }) => context.writes + 1 }),
    /** Any message with a higher term: adopt it and forget the old vote and leader (Raft 5.1). */
    catchUpTerm: assign(({ context, event }) =>
      event.term > context.term ? { term: event.term, votedFor: null, leader: null } : {},
    ),
    followSender: assign(({ context, event }) => ({
      ...(event.term > context.term ? { term: event.term, votedFor: null } : {}),
      leader: event.from,
      lastContactAt: context.env.now(),
    })),
    ackHeartbeat: ({ context, event }) => {
      if (context.quorum)
        context.env.send(event.from, 'HEARTBEAT_ACK', {
          term: context.term,
          sentAt: (event as Ev<'HEARTBEAT'>).sentAt,
        });
    },
    /** Quorum mode: tell a stale leader about the newer term so it steps down (etcd raft, CheckQuorum). */
    answerStaleLeader: ({ context, event }) => {
      if (context.quorum)
        context.env.send(event.from, 'HEARTBEAT_ACK', {
          term: context.term,
          sentAt: (event as Ev<'HEARTBEAT'>).sentAt,
        });
    },
    recordAck: ({ context, event }) => {
      const e = event as Ev<'HEARTBEAT_ACK'>;
      if (e.sentAt > (context.acks.get(e.from) ?? Number.NEGATIVE_INFINITY))
        context.acks.set(e.from, e.sentAt);
    },
    recordVote: assign({ votedFor: ({ event }) => event.from }),
    sendVoteGranted: ({ context, event }) =>
      context.env.send(event.from, 'VOTE', { term: context.term, granted: true }),
    refuseVote: ({ context, event }) =>
      context.env.send(event.from, 'VOTE', { term: context.term, granted: false }),
    markStepDown: ({ context, event }) =>
      context.env.mark('step-down', { term: context.term, newTerm: event.term, by: event.from }),
    /** A leader hears another leader's HEARTBEAT with a higher term: two leaders existed. */
    markDeposed: ({ context, event }) =>
      context.env.mark('deposed', { term: context.term, newTerm: event.term, by: event.from }),
    persist: ({ context }) => {
      context.disk.term = context.term;
      context.disk.votedFor = context.votedFor;
    },
    markLostQuorum: ({ context }) => context.env.mark('lost-quorum', { term: context.term }),
  },
  delays: {
    electionTimeout: ({ context }) => context.timeoutMs,
    voteTimeout: ({ context }) => context.times.voteTimeoutMs,
    heartbeatInterval: ({ context }) => context.times.heartbeatIntervalMs,
    writeInterval: ({ context }) => context.times.writeIntervalMs,
  },
});

/**
 * A candidate (or pre-candidate) that hears a leader of its term or a later one follows it and acks;
 * an older leader is told the newer term (Raft fig. 2, "Candidates": "If AppendEntries RPC received
 * from new leader: convert to follower").
 */
const heardLeader = [
  { guard: 'termNotBehind', target: 'follower', actions: ['followSender', 'persist', 'ackHeartbeat'] },
  { actions: 'answerStaleLeader' },
] as const;

export const heartbeatMachine = heartbeatSetup.createMachine({
  id: 'heartbeat',
  context: ({ input }) => ({
    ...input,
    term: input.disk.term,
    votedFor: input.disk.votedFor,
    leader: null,
    token: 0,
    granted: 0,
    answered: 0,
    votingClosed: false,
    preVotes: 0,
    timeoutMs: 0,
    // A (re)started node treats its boot as leader contact: it may have acknowledged a leader just
    // before it crashed, so it does not vote for a rival within the minimum election timeout.
    lastContactAt: input.env.now(),
    leaderSince: 0,
    acks: new Map<string, number>(),
    writes: 0,
  }),
  initial: 'follower',
  on: {
    // Pre-votes never change the voter's state (Raft thesis 9.6); every state answers them alike.
    REQUEST_PRE_VOTE: [{ guard: 'canGrantPreVote', actions: 'grantPreVote' }, { actions: 'refusePreVote' }],
  },
  states: {
    follower: {
      entry: 'drawElectionTimeout',
      after: {
        electionTimeout: [
          // Quorum mode asks "would you vote for me?" first, so a cut-off node does not inflate its term.
          { guard: 'quorumMode', target: 'preCandidate', actions: 'markLeaderMissing' },
          { target: 'candidate', actions: 'markLeaderMissing' },
        ],
      },
      on: {
        HEARTBEAT: [
          {
            guard: 'termNotBehind',
            target: 'follower',
            reenter: true,
            actions: ['followSender', 'persist', 'ackHeartbeat'],
          },
          { actions: 'answerStaleLeader' },
        ],
        REQUEST_VOTE: [
          { guard: 'leaderIsFresh' },
          // Granting a vote resets the election timer (Raft fig. 2, "Followers").
          {
            guard: 'canGrantVote',
            target: 'follower',
            reenter: true,
            actions: ['catchUpTerm', 'recordVote', 'persist', 'sendVoteGranted'],
          },
          { actions: ['catchUpTerm', 'persist', 'refuseVote'] },
        ],
        VOTE: { guard: 'termAhead', actions: ['catchUpTerm', 'persist'] },
        PRE_VOTE: { guard: 'preVoteRefusedAhead', actions: ['catchUpTerm', 'persist'] },
        HEARTBEAT_ACK: { guard: 'termAhead', actions: ['catchUpTerm', 'persist'] },
      },
    },
    /** Quorum mode only: a pre-vote round for term+1; the term changes only if a majority would agree. */
    preCandidate: {
      tags: ['candidate'],
      entry: ['startPreVote', 'drawElectionTimeout', 'requestPreVotes'],
      always: { guard: 'preVoteWon', target: 'candidate' },
      after: { electionTimeout: { target: 'preCandidate', reenter: true, actions: 'markPreVoteLost' } },
      on: {
        PRE_VOTE: [
          { guard: 'preVoteGranted', actions: 'countPreVote' },
          { guard: 'preVoteRefusedAhead', target: 'follower', actions: ['catchUpTerm', 'persist'] },
        ],
        HEARTBEAT: heardLeader,
        REQUEST_VOTE: [
          {
            guard: 'canGrantVote',
            target: 'follower',
            actions: ['catchUpTerm', 'recordVote', 'persist', 'sendVoteGranted'],
          },
          { actions: ['catchUpTerm', 'persist', 'refuseVote'] },
        ],
        VOTE: { guard: 'termAhead', target: 'follower', actions: ['catchUpTerm', 'persist'] },
        HEARTBEAT_ACK: { guard: 'termAhead', target: 'follower', actions: ['catchUpTerm', 'persist'] },
      },
    },
    candidate: {
      tags: ['candidate'],
      entry: ['startCandidacy', 'persist', 'drawElectionTimeout', 'requestVotes'],
      always: { guard: 'wonElection', target: 'leader', actions: 'markWon' },
      // Split vote or no majority: try again in a new term after a fresh random timeout.
      after: { electionTimeout: { target: 'candidate', reenter: true, actions: 'markElectionLost' } },
      initial: 'collecting',
      states: {
        collecting: { after: { voteTimeout: { target: 'closed', actions: 'closeVoting' } } },
        closed: {},
      },
      on: {
        VOTE: [
          { guard: 'termAhead', target: 'follower', actions: ['markStepDown', 'catchUpTerm', 'persist'] },
          { guard: 'termCurrent', actions: 'countVote' },
        ],
        HEARTBEAT: heardLeader,
        REQUEST_VOTE: [
          {
            guard: 'termAhead',
            target: 'follower',
            actions: ['markStepDown', 'catchUpTerm', 'recordVote', 'persist', 'sendVoteGranted'],
          },
          { actions: 'refuseVote' },
        ],
        PRE_VOTE: {
          guard: 'preVoteRefusedAhead',
          target: 'follower',
          actions: ['markStepDown', 'catchUpTerm', 'persist'],
        },
        HEARTBEAT_ACK: {
          guard: 'termAhead',
          target: 'follower',
          actions: ['markStepDown', 'catchUpTerm', 'persist'],
        },
      },
    },
    leader: {
      tags: ['leader'],
      entry: ['becomeLeader', 'sendHeartbeats'],
      type: 'parallel',
      states: {
        beat: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                heartbeatInterval: [
                  { guard: 'lostQuorum', target: '#heartbeat.follower', actions: 'markLostQuorum' },
                  { target: 'waiting', reenter: true, actions: 'sendHeartbeats' },
                ],
              },
            },
          },
        },
        write: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                writeInterval: [
                  {
                    guard: 'mayWrite',
                    target: 'waiting',
                    reenter: true,
                    actions: ['writeLocal', 'countWrite'],
                  },
                  { target: 'waiting', reenter: true },
                ],
              },
            },
          },
        },
      },
      on: {
        HEARTBEAT: [
          // Another leader with a higher term exists: two leaders coexisted (without quorum, split-brain).
          {
            guard: 'termAhead',
            target: 'follower',
            actions: ['markDeposed', 'followSender', 'persist', 'ackHeartbeat'],
          },
          { guard: 'termCurrent' },
          { actions: 'answerStaleLeader' },
        ],
        HEARTBEAT_ACK: [
          { guard: 'termAhead', target: 'follower', actions: ['markStepDown', 'catchUpTerm', 'persist'] },
          { guard: 'termCurrent', actions: 'recordAck' },
        ],
        REQUEST_VOTE: [
          { guard: 'leaseHeld' },
          {
            guard: 'termAhead',
            target: 'follower',
            actions: ['markStepDown', 'catchUpTerm', 'recordVote', 'persist', 'sendVoteGranted'],
          },
          { actions: 'refuseVote' },
        ],
        VOTE: { guard: 'termAhead', target: 'follower', actions: ['markStepDown', 'catchUpTerm', 'persist'] },
        PRE_VOTE: {
          guard: 'preVoteRefusedAhead',
          target: 'follower',
          actions: ['markStepDown', 'catchUpTerm', 'persist'],
        },
      },
    },
  },
});
