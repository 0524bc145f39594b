import { assign, setup } from 'xstate';
import type { Rng } from '../../../lib/rng.ts';
import type { ProcessEnv } from '../../net/host.ts';

/**
 * Leadership spread by gossip: no store, no votes, no quorum. Each node keeps a VIEW of who leads,
 * `{ epoch, leader, beat }`, and pushes it to `fanout` peers drawn at random every `gossipIntervalMs`
 * (push gossip, "rumor mongering": Demers et al., "Epidemic Algorithms for Replicated Database
 * Maintenance", PODC 1987; the interval and fanout are memberlist's GossipInterval and GossipNodes).
 *
 * - Liveness is a heartbeat counter spread the same way (van Renesse, Minsky and Hayden, "A
 *   Gossip-Style Failure Detection Service", Middleware 1998): the leader bumps `beat` every round; a
 *   node that has seen no higher beat for `suspectTimeoutMs` suspects the leader.
 * - A node that suspects the leader (or, at boot, has heard of none) CLAIMS the leadership for the
 *   next epoch: `{ epoch + 1, leader: itself }`, and leads at once: nobody is asked.
 * - Merging a view: a higher epoch wins, and in one epoch the lower node id (claims are ordered, so
 *   every node ends up with the same view). A leader that hears a better view yields. The same view
 *   with a higher beat refreshes the leader's liveness. An older view is ignored (push only, no reply).
 *
 * So leadership converges: once the claims stop, every node holds the same view within a few rounds
 * (O(log n) rounds with fanout >= 1, Demers et al. 1987). But between a claim and the round that
 * carries a better one to the claimant, two nodes believe they lead. For service discovery that is
 * harmless (a client asks again); for a primary database that takes writes it is split-brain
 * (Kleppmann, DDIA ch. 8): a leader here takes a client write into its own copy every `writeIntervalMs`.
 */

export type GossipEvent = {
  type: 'GOSSIP';
  from: string;
  epoch: number;
  leader: string | null;
  beat: number;
};

export interface GossipTimes {
  gossipIntervalMs: number;
  fanout: number;
  suspectTimeoutMs: number;
  writeIntervalMs: number;
  /** The leader takes client writes (a primary database); off = it is only advertised (discovery). */
  takesWrites: boolean;
}

export interface GossipInput {
  env: ProcessEnv;
  /** Every other node. */
  peers: readonly string[];
  /** Position of each node in id order (lower wins a tie inside an epoch). */
  rankOf: ReadonlyMap<string, number>;
  times: GossipTimes;
  /** This node's gossip stream: its first round's offset and its peers each round. */
  rng: Rng;
}

export interface GossipContext extends GossipInput {
  epoch: number;
  leader: string | null;
  /** The leader's heartbeat counter as last seen (bumped every round by the leader itself). */
  beat: number;
  /** Local time the view last showed the leader alive (a higher beat, or adopting the view). */
  freshAt: number;
  writes: number;
}

const better = (ctx: GossipContext, e: GossipEvent): boolean => {
  if (e.leader === null) return false;
  if (e.epoch !== ctx.epoch) return e.epoch > ctx.epoch;
  if (ctx.leader === null) return true;
  return (
    (ctx.rankOf.get(e.leader) ?? Number.MAX_SAFE_INTEGER) <
    (ctx.rankOf.get(ctx.leader) ?? Number.MAX_SAFE_INTEGER)
  );
};

/** `fanout` distinct peers, drawn from the node's stream (a partial Fisher-Yates shuffle). */
function drawPeers(peers: readonly string[], fanout: number, rng: Rng): string[] {
  const pool = [...peers];
  const k = Math.min(fanout, pool.length);
  for (let i = 0; i < k; i++) {
    const j = rng.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return pool.slice(0, k);
}

export const gossipMachine = setup({
  types: {
    context: {} as GossipContext,
    input: {} as GossipInput,
    events: {} as GossipEvent,
  },
  guards: {
    better: ({ context, event }) => better(context, event),
    fresher: ({ context, event }) =>
      event.leader !== null &&
      event.epoch === context.epoch &&
      event.leader === context.leader &&
      event.beat > context.beat,
    takesWrites: ({ context }) => context.times.takesWrites,
    suspects: ({ context }) =>
      context.leader !== context.env.id &&
      context.env.now() - context.freshAt >= context.times.suspectTimeoutMs,
  },
  actions: {
    gossip: ({ context }) => {
      if (context.leader === null) return;
      const body = { epoch: context.epoch, leader: context.leader, beat: context.beat };
      for (const p of drawPeers(context.peers, context.times.fanout, context.rng))
        context.env.send(p, 'GOSSIP', body);
    },
    adopt: assign(({ context, event }) => ({
      epoch: event.epoch,
      leader: event.leader,
      beat: event.beat,
      freshAt: context.env.now(),
    })),
    freshen: assign(({ context, event }) => ({ beat: event.beat, freshAt: context.env.now() })),
    markYield: ({ context, event }) =>
      context.env.mark('yielded', { to: event.leader, epoch: event.epoch, mine: context.epoch }),
    /** A failure detection (the metrics count it): only when there was a leader to suspect. */
    markSuspect: ({ context }) =>
      context.leader !== null &&
      context.env.mark('leader-missing', {
        leader: context.leader,
        timeoutMs: context.times.suspectTimeoutMs,
        silentMs: context.env.now() - context.freshAt,
      }),
    claim: assign(({ context }) => ({
      epoch: context.epoch + 1,
      leader: context.env.id,
      beat: 0,
      freshAt: context.env.now(),
    })),
    markClaim: ({ context }) => context.env.mark('claimed', { epoch: context.epoch }),
    bump: assign(({ context }) => ({ beat: context.beat + 1, freshAt: context.env.now() })),
    writeLocal: assign(({ context }) => {
      const writes = context.writes + 1;
      context.env.record({
        k: 'write',
        node: context.env.id,
        resource: context.env.id,
        token: null,
        status: 'accepted',
        code: 200,
        seen: null,
        value: `${context.env.id} epoch ${context.epoch} write ${writes}`,
      });
      return { writes };
    }),
  },
  delays: {
    firstRound: ({ context }) => context.rng.int(1, context.times.gossipIntervalMs),
    interval: ({ context }) => context.times.gossipIntervalMs,
    writeInterval: ({ context }) => context.times.writeIntervalMs,
  },
}).createMachine({
  id: 'gossip',
  context: ({ input }) => ({
    ...input,
    epoch: 0,
    leader: null,
    beat: 0,
    // At boot nobody leads and there is no leader to wait for: node-k claims after k rounds unless it
    // heard a claim first, so claims start in id order (like the lease's retry slots), not all at once.
    freshAt:
      input.env.now() +
      ((input.rankOf.get(input.env.id) ?? 0) + 1) * input.times.gossipIntervalMs -
      input.times.suspectTimeoutMs,
    writes: 0,
  }),
  initial: 'starting',
  on: {
    GOSSIP: [
      { guard: 'better', target: '.following', actions: ['adopt'] },
      { guard: 'fresher', actions: 'freshen' },
    ],
  },
  states: {
    // Gossip rounds start at a random offset per node (memberlist staggers its timers the same way).
    starting: { after: { firstRound: 'following' } },
    following: {
      after: {
        interval: [
          { guard: 'suspects', target: 'leading', actions: ['markSuspect', 'claim', 'markClaim', 'gossip'] },
          { target: 'following', reenter: true, actions: 'gossip' },
        ],
      },
    },
    leading: {
      tags: ['leader'],
      type: 'parallel',
      on: {
        GOSSIP: [
          { guard: 'better', target: 'following', actions: ['markYield', 'adopt'] },
          { guard: 'fresher', actions: 'freshen' },
        ],
      },
      states: {
        rounds: {
          initial: 'ticking',
          states: {
            ticking: {
              after: { interval: { target: 'ticking', reenter: true, actions: ['bump', 'gossip'] } },
            },
          },
        },
        work: {
          initial: 'idle',
          states: {
            idle: {
              after: {
                writeInterval: { guard: 'takesWrites', target: 'idle', reenter: true, actions: 'writeLocal' },
              },
            },
          },
        },
      },
    },
  },
});
