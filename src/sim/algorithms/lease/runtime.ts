/** How an etcd lease cluster runs: the etcd model, the shared storage (unless ownCopy) and the nodes. */
import { resourceProcess } from '../../resource/resource.ts';
import { storeProcess } from '../../store/process.ts';
import type { AlgorithmRuntime } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { leaseConfig } from './index.ts';
import { STORAGE_HOST, STORE_HOST, TOKEN_KEY } from './keys.ts';
import { leaseMachine } from './machine.ts';
import { phasePeriodMs } from './timing.ts';

export const leaseRuntime: AlgorithmRuntime = {
  machine: leaseMachine,
  // Retry slots and write ticks fall on multiples of these periods (lease/timing.ts).
  phaseMs: (p) => phasePeriodMs(Number(p.retryMs), Number(p.writeIntervalMs)),
  build(ctx) {
    const cfg = leaseConfig(ctx.params);
    ctx.addHost(
      STORE_HOST,
      'store',
      storeProcess({
        initial: [{ key: TOKEN_KEY, value: String(ctx.params.tokenStart) }],
        members: Number(ctx.params.storeMembers ?? 1),
      }),
    );
    // With ownCopy the leader keeps the data itself: no shared storage to write to.
    if (!cfg.ownCopy)
      ctx.addHost(STORAGE_HOST, 'resource', resourceProcess({ fencing: Boolean(ctx.params.fencing) }));
    const n = ctx.nodeIds.length;
    ctx.nodeIds.forEach((id, rank) => {
      ctx.addHost(
        id,
        'node',
        machineProcess(leaseMachine, (env) => ({ env, rank, clusterSize: n, cfg })),
      );
    });
  },
};
