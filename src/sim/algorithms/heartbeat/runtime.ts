/** How a heartbeat cluster runs: every node hosts the heartbeat machine with its own disk. */
import { type AlgorithmRuntime, knob } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { type HeartbeatDisk, type HeartbeatTimes, heartbeatMachine } from './machine.ts';

export const heartbeatRuntime: AlgorithmRuntime = {
  machine: heartbeatMachine,
  build(ctx) {
    const p = ctx.params;
    const times: HeartbeatTimes = {
      heartbeatIntervalMs: knob(p, 'heartbeatIntervalMs'),
      electionTimeoutMinMs: knob(p, 'electionTimeoutMinMs'),
      electionTimeoutMaxMs: knob(p, 'electionTimeoutMaxMs'),
      voteTimeoutMs: knob(p, 'voteTimeoutMs'),
      writeIntervalMs: knob(p, 'writeIntervalMs'),
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
