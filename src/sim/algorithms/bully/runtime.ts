/** How a Bully cluster runs: every node hosts the Bully machine (machine.ts). */
import { type AlgorithmRuntime, knob } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { type BullyTally, type BullyTimes, bullyMachine } from './machine.ts';

export const bullyRuntime: AlgorithmRuntime = {
  machine: bullyMachine,
  build(ctx) {
    const ids = ctx.nodeIds;
    const rankOf = new Map(ids.map((id, i) => [id, i + 1] as const));
    const tally: BullyTally = { ELECTION: 0, OK: 0, COORDINATOR: 0 };
    const p = ctx.params;
    const holdOnEveryElection = Boolean(p.holdOnEveryElection);
    const starts = new Map<string, number>();
    for (const id of ids) {
      const rank = rankOf.get(id) ?? 0;
      const times: BullyTimes = {
        heartbeatIntervalMs: knob(p, 'heartbeatIntervalMs'),
        heartbeatTimeoutMs: knob(p, 'heartbeatTimeoutMs') + (rank - 1) * knob(p, 'detectionStaggerMs'),
        answerTimeoutMs: knob(p, 'answerTimeoutMs'),
        coordinatorTimeoutMs: knob(p, 'coordinatorTimeoutMs'),
      };
      ctx.addHost(
        id,
        'node',
        machineProcess(bullyMachine, (env) => {
          const n = starts.get(env.id) ?? 0;
          starts.set(env.id, n + 1);
          return { env, ids, rankOf, recovering: n > 0, times, holdOnEveryElection, tally };
        }),
      );
    }
  },
};
