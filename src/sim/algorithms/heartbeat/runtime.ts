/** How a heartbeat cluster runs: every node hosts the heartbeat machine with its own disk. */
import type { Params } from '../../params.ts';
import type { AlgorithmRuntime } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { type HeartbeatDisk, type HeartbeatTimes, heartbeatMachine } from './machine.ts';

const num = (p: Params, k: string): number => Number(p[k]);

export const heartbeatRuntime: AlgorithmRuntime = {
  machine: heartbeatMachine,
  build(ctx) {
    const p = ctx.params;
    const times: HeartbeatTimes = {
      heartbeatIntervalMs: num(p, 'heartbeatIntervalMs'),
      electionTimeoutMinMs: num(p, 'electionTimeoutMinMs'),
      electionTimeoutMaxMs: num(p, 'electionTimeoutMaxMs'),
      voteTimeoutMs: num(p, 'voteTimeoutMs'),
      writeIntervalMs: num(p, 'writeIntervalMs'),
    };
    const quorum = p.quorum === true;
    for (const id of ctx.nodeIds) {
      const peers = ctx.nodeIds.filter((x) => x !== id);
      const disk: HeartbeatDisk = { term: 0, votedFor: null };
      ctx.addHost(
        id,
        'node',
        machineProcess(heartbeatMachine, (env) => ({
          env,
          peers,
          quorum,
          times,
          rng: env.rng('election-timeout'),
          disk,
        })),
      );
    }
  },
};
