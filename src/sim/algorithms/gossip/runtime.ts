/** How a gossip cluster runs: every node hosts the gossip machine with its peers. */
import { type AlgorithmRuntime, knob } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { type GossipTimes, gossipMachine } from './machine.ts';

export const gossipRuntime: AlgorithmRuntime = {
  machine: gossipMachine,
  build(ctx) {
    const p = ctx.params;
    const times: GossipTimes = {
      gossipIntervalMs: knob(p, 'gossipIntervalMs'),
      fanout: knob(p, 'fanout'),
      suspectTimeoutMs: knob(p, 'suspectTimeoutMs'),
      writeIntervalMs: knob(p, 'writeIntervalMs'),
      takesWrites: p.takesWrites !== false,
    };
    const rankOf = new Map(ctx.nodeIds.map((id, i) => [id, i]));
    for (const id of ctx.nodeIds) {
      const peers = ctx.nodeIds.filter((x) => x !== id);
      ctx.addHost(
        id,
        'node',
        machineProcess(gossipMachine, (env) => ({ env, peers, rankOf, times, rng: env.rng('gossip') })),
      );
    }
  },
};
