/** How the SKIP LOCKED queue runs: Postgres with the jobs, the mail provider and the workers. */

import { type AlgorithmRuntime, numOf } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { duplicateEmailChecker, jobCommittedTwiceChecker } from './checkers.ts';
import { workerConfig } from './index.ts';
import { MAIL_HOST, PG_HOST } from './keys.ts';
import { withKernel, workerMachine } from './machine.ts';
import { mailProcess } from './mail.ts';
import { queueProcess } from './queue.ts';

export const skiplockedRuntime: AlgorithmRuntime = {
  machine: workerMachine,
  checkers: () => [jobCommittedTwiceChecker(), duplicateEmailChecker()],
  build(ctx) {
    const p = ctx.params;
    const cfg = workerConfig(p);
    ctx.addHost(
      PG_HOST,
      'resource',
      queueProcess({
        jobs: numOf(p.jobs),
        forUpdate: cfg.forUpdate,
        keepaliveIdleMs: numOf(p.keepaliveIdleS) * 1000,
        keepaliveIntervalMs: numOf(p.keepaliveIntervalS) * 1000,
        keepaliveCount: numOf(p.keepaliveCount),
        idleInTxMs: Math.round(numOf(p.idleInTxTimeoutS) * 1000),
      }),
    );
    // The provider is outside the system: drawn with the clients, not a store or a storage.
    ctx.addHost(MAIL_HOST, 'client', mailProcess());
    for (const id of ctx.nodeIds)
      ctx.addHost(
        id,
        'node',
        withKernel(machineProcess(workerMachine, (env) => ({ env, cfg }), { reportsRole: false })),
      );
  },
};
