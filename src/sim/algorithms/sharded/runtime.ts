/** How sharded leadership runs: the etcd model, the shared storage and the nodes. */
import { resourceProcess } from '../../resource/resource.ts';
import { storeProcess } from '../../store/process.ts';
import type { AlgorithmRuntime } from '../algorithm.ts';
import { phasePeriodMs } from '../lease/timing.ts';
import { machineProcess } from '../machineProcess.ts';
import { shardedConfig } from './index.ts';
import { STORAGE_HOST, STORE_HOST } from './keys.ts';
import { shardedMachine } from './machine.ts';

export const shardedRuntime: AlgorithmRuntime = {
  machine: shardedMachine,
  // Retry slots and write ticks fall on multiples of these periods (lease/timing.ts).
  phaseMs: (p) => phasePeriodMs(Number(p.retryMs), Number(p.writeIntervalMs)),
  build(ctx) {
    const cfg = shardedConfig(ctx.params);
    ctx.addHost(STORE_HOST, 'store', storeProcess({}));
    ctx.addHost(STORAGE_HOST, 'resource', resourceProcess({ fencing: Boolean(ctx.params.fencing) }));
    ctx.nodeIds.forEach((id, rank) => {
      ctx.addHost(
        id,
        'node',
        machineProcess(shardedMachine, (env) => ({ env, rank, nodeIds: ctx.nodeIds, cfg })),
      );
    });
  },
};
