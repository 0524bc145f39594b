import { assign, setup } from 'xstate';
import type { ProcessEnv } from '../../net/host.ts';

/**
 * The Bully algorithm (Garcia-Molina 1982, "Elections in a Distributed Computing System"; Tanenbaum &
 * van Steen and Coulouris et al., "Election algorithms"), node-k having priority k: the highest live id
 * must end up coordinator.
 *
 * - A process that suspects the coordinator (no HEARTBEAT for its timeout) runs an election: ELECTION
 *   to every higher-numbered process. Messages to a dead process are still sent: the sender cannot know.
 * - A process that gets ELECTION from a lower one answers OK and starts its own election, unless it
 *   already runs one (electing, or waiting for COORDINATOR after an OK) or already took part in the
 *   same one. An ELECTION says which coordinator it replaces (null: the sender has just recovered and
 *   knows none); a process remembers what its own last election replaced, so a late ELECTION of an
 *   election it has finished gets only its OK (Garcia-Molina 1982: one election costs O(n^2) messages;
 *   taking each late ELECTION as a new election would start elections without end). It forgets when
 *   it hears of another coordinator outside an election (the replaced one is back, a partition
 *   healed): the next ELECTION is a new election.
 * - The coordinator answers an ELECTION with OK and a COORDINATOR to the sender alone: its election is
 *   won, and a COORDINATOR is announced to all once per election.
 * - No OK within `answerTimeoutMs`: the process wins and sends COORDINATOR to EVERY other process, dead
 *   or alive (Tanenbaum: "to all running processes"; Coulouris sends it only to the lower ones): a
 *   higher process that is alive but was unreachable then hears a lower one claim the role and bullies
 *   it back.
 * - An OK arrived: the process waits for COORDINATOR and restarts the election after
 *   `coordinatorTimeoutMs` if none comes (the answering process may have died meanwhile).
 * - A restarted process starts an election; the highest one has nobody to ask, so it sends COORDINATOR
 *   at once ("bullies").
 * - Failure detection (the textbooks leave it open): the coordinator sends HEARTBEAT to all
 *   every `heartbeatIntervalMs`; node-k suspects it after `heartbeatTimeoutMs + (k-1) * detectionStaggerMs`,
 *   so the lowest id notices first, which is Bully's worst case for message count.
 *
 * Worst case (highest down, lowest notices first, nobody else notices before its ELECTION arrives),
 * n nodes: ELECTION n(n-1)/2 (node-i sends n-i), OK (n-1)(n-2)/2 (live node-i answers its i-1 lower
 * nodes), COORDINATOR n-1; total n(n-1): 20 at 5 nodes, 9,900 at 100 (Garcia-Molina 1982: O(n^2) messages in the worst case).
 *
 * Unlike the quorum algorithms there is no term: leadership is not numbered, so no `context.term`
 * (a per-node election counter would let two coordinators share a "term" by accident).
 */

export type BullyEvent =
  | { type: 'ELECTION'; from: string; replacing: string | null }
  | { type: 'OK'; from: string }
  | { type: 'COORDINATOR'; from: string }
  | { type: 'HEARTBEAT'; from: string };

/** Run-wide count of election messages: instrumentation for narration only, never read by the algorithm. */
export interface BullyTally {
  ELECTION: number;
  OK: number;
  COORDINATOR: number;
}

export interface BullyTimes {
  heartbeatIntervalMs: number;
  /** This node's failure-detector timeout (base + its stagger). */
  heartbeatTimeoutMs: number;
  answerTimeoutMs: number;
  coordinatorTimeoutMs: number;
}

export interface BullyInput {
  env: ProcessEnv;
  /** Every election participant in priority order: ids[k-1] has priority k. */
  ids: readonly string[];
  rankOf: ReadonlyMap<string, number>;
  /** Started after a crash (not at t=0): holds an election straight away. */
  recovering: boolean;
  times: BullyTimes;
  /**
   * The short textbook rule (the `holdOnEveryElection` knob): every ELECTION from a lower process makes
   * this one hold an election unless it runs one, the coordinator included. Off by default; on, it is
   * the storm a restart starts, kept as chaos's negative control for Bully's cost bound.
   */
  holdOnEveryElection: boolean;
  tally: BullyTally;
}

export interface BullyContext extends BullyInput {
  rank: number;
  /** Who this process believes is the coordinator (null while it does not know). */
  coordinator: string | null;
  /** Elections this process has started (its own count, for marks). */
  elections: number;
  /** The coordinator its last election replaced (null: none known). */
  replacing: string | null;
  /** It has taken part in an election since it last heard of another coordinator outside one. */
  tookPart: boolean;
}

function send(ctx: BullyContext, to: string, type: BullyEvent['type'], body?: Record<string, unknown>): void {
  if (type !== 'HEARTBEAT') ctx.tally[type]++;
  ctx.env.send(to, type, body);
}

const rankOfSender = (ctx: BullyContext, from: string): number => ctx.rankOf.get(from) ?? 0;

export const bullyMachine = setup({
  types: {} as { context: BullyContext; events: BullyEvent; input: BullyInput },
  guards: {
    isRecovering: ({ context }) => context.recovering,
    /** Nobody has a higher priority: an election is won without asking anyone. */
    isHighest: ({ context }) => context.rank === context.ids.length,
    fromLower: ({ context, event }) => rankOfSender(context, event.from) < context.rank,
    fromHigher: ({ context, event }) => rankOfSender(context, event.from) > context.rank,
    /** An ELECTION from a lower process for an election this one has not taken part in. */
    newElectionFromLower: ({ context, event }) =>
      event.type === 'ELECTION' &&
      rankOfSender(context, event.from) < context.rank &&
      (context.holdOnEveryElection || !context.tookPart || event.replacing !== context.replacing),
    /** The coordinator under the short textbook rule: a lower ELECTION makes it hold a new election. */
    holdsAgain: ({ context, event }) =>
      context.holdOnEveryElection && rankOfSender(context, event.from) < context.rank,
  },
  actions: {
    startElection: assign({
      elections: ({ context }) => context.elections + 1,
      coordinator: null,
      tookPart: true,
    }),
    /** What the election about to start replaces: the suspected coordinator, or the one a lower ELECTION names. */
    replaceCoordinator: assign({ replacing: ({ context }) => context.coordinator }),
    replaceAsAsked: assign({
      replacing: ({ event }) => (event.type === 'ELECTION' ? event.replacing : null),
    }),
    /** A lower process claims the role: the election that bullies it replaces the claimant. */
    replaceClaimant: assign({ replacing: ({ event }) => event.from }),
    sendElections: ({ context }) => {
      context.env.mark('election-start', { election: context.elections });
      for (let k = context.rank; k < context.ids.length; k++)
        send(context, context.ids[k] as string, 'ELECTION', { replacing: context.replacing });
    },
    replyOk: ({ context, event }) => send(context, event.from, 'OK'),
    tellCoordinator: ({ context, event }) => send(context, event.from, 'COORDINATOR'),
    announceCoordinator: ({ context }) => {
      for (const id of context.ids) if (id !== context.env.id) send(context, id, 'COORDINATOR');
    },
    becomeCoordinator: assign({ coordinator: ({ context }) => context.env.id }),
    markWon: ({ context }) => {
      const { ELECTION, OK, COORDINATOR } = context.tally;
      context.env.mark('won', {
        nodes: context.ids.length,
        elections: ELECTION,
        oks: OK,
        coordinators: COORDINATOR,
        messages: ELECTION + OK + COORDINATOR,
      });
    },
    sendHeartbeats: ({ context }) => {
      for (const id of context.ids) if (id !== context.env.id) send(context, id, 'HEARTBEAT');
    },
    /** The end of its election: the winner speaks. */
    adoptSender: assign({ coordinator: ({ event }) => event.from }),
    /** Outside an election: another coordinator than the one it knew starts a new chapter. */
    adoptCoordinator: assign({
      coordinator: ({ event }) => event.from,
      tookPart: ({ context, event }) => context.tookPart && event.from === context.coordinator,
    }),
    markLeaderMissing: ({ context }) =>
      context.env.mark('leader-missing', {
        coordinator: context.coordinator,
        timeoutMs: context.times.heartbeatTimeoutMs,
      }),
    markStandDown: ({ context, event }) => context.env.mark('stand-down', { by: event.from }),
    markCoordinatorTimeout: ({ context }) => context.env.mark('coordinator-timeout'),
  },
  delays: {
    heartbeatInterval: ({ context }) => context.times.heartbeatIntervalMs,
    heartbeatTimeout: ({ context }) => context.times.heartbeatTimeoutMs,
    answerTimeout: ({ context }) => context.times.answerTimeoutMs,
    coordinatorTimeout: ({ context }) => context.times.coordinatorTimeoutMs,
  },
}).createMachine({
  id: 'bully',
  context: ({ input }) => ({
    ...input,
    rank: input.rankOf.get(input.env.id) ?? 0,
    // At t=0 everyone believes the highest id coordinates (it may already be down: nobody can tell).
    coordinator: input.recovering ? null : (input.ids[input.ids.length - 1] ?? null),
    elections: 0,
    replacing: null,
    tookPart: false,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'isRecovering', target: 'electing' },
        // The initial coordinator is already known to all: no announcement.
        { guard: 'isHighest', target: 'coordinator', actions: 'becomeCoordinator' },
        { target: 'follower' },
      ],
    },
    follower: {
      after: {
        heartbeatTimeout: { target: 'electing', actions: ['markLeaderMissing', 'replaceCoordinator'] },
      },
      on: {
        HEARTBEAT: { guard: 'fromHigher', target: 'follower', reenter: true, actions: 'adoptCoordinator' },
        COORDINATOR: [
          { guard: 'fromHigher', target: 'follower', reenter: true, actions: 'adoptCoordinator' },
          // A lower process claims the role while this one is alive: bully it (Garcia-Molina's invariant).
          { target: 'electing', actions: 'replaceClaimant' },
        ],
        ELECTION: [
          { guard: 'newElectionFromLower', target: 'electing', actions: ['replyOk', 'replaceAsAsked'] },
          // A late ELECTION of an election this process has finished: it is alive, and that is all.
          { guard: 'fromLower', actions: 'replyOk' },
        ],
      },
    },
    electing: {
      tags: ['candidate'],
      entry: ['startElection', 'sendElections'],
      always: {
        guard: 'isHighest',
        target: 'coordinator',
        actions: ['announceCoordinator', 'becomeCoordinator', 'markWon'],
      },
      after: {
        answerTimeout: {
          target: 'coordinator',
          actions: ['announceCoordinator', 'becomeCoordinator', 'markWon'],
        },
      },
      on: {
        OK: { target: 'awaitingCoordinator', actions: 'markStandDown' },
        ELECTION: { guard: 'fromLower', actions: 'replyOk' },
        COORDINATOR: { guard: 'fromHigher', target: 'follower', actions: 'adoptSender' },
        HEARTBEAT: { guard: 'fromHigher', target: 'follower', actions: 'adoptSender' },
      },
    },
    /** A higher process answered: this one has stood down and waits to hear who won. */
    awaitingCoordinator: {
      after: { coordinatorTimeout: { target: 'electing', actions: 'markCoordinatorTimeout' } },
      on: {
        ELECTION: { guard: 'fromLower', actions: 'replyOk' },
        COORDINATOR: [
          { guard: 'fromHigher', target: 'follower', actions: 'adoptSender' },
          { target: 'electing', actions: 'replaceClaimant' },
        ],
        HEARTBEAT: { guard: 'fromHigher', target: 'follower', actions: 'adoptSender' },
      },
    },
    coordinator: {
      tags: ['leader'],
      initial: 'beating',
      states: {
        beating: {
          after: { heartbeatInterval: { target: 'beating', reenter: true, actions: 'sendHeartbeats' } },
        },
      },
      on: {
        // Its election is won: the asker alone hears who coordinates. Holding a new election instead
        // would announce to all again for each late ELECTION, and each announcement ends elections
        // that the next late ELECTION starts again: the storm of a restart.
        ELECTION: [
          { guard: 'holdsAgain', target: 'electing', actions: ['replyOk', 'replaceAsAsked'] },
          { guard: 'fromLower', actions: ['replyOk', 'tellCoordinator'] },
        ],
        COORDINATOR: [
          { guard: 'fromHigher', target: 'follower', actions: 'adoptCoordinator' },
          { target: 'electing', actions: 'replaceClaimant' },
        ],
        // Two coordinators after a partition heals: the lower one yields to the higher one's heartbeat.
        HEARTBEAT: { guard: 'fromHigher', target: 'follower', actions: 'adoptCoordinator' },
      },
    },
  },
});
