/** How the ZooKeeper recipe runs: the ZooKeeper ensemble, the shared storage and the candidates. */
import { resourceProcess } from '../../resource/resource.ts';
import type { AlgorithmRuntime } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { zkConfig } from './index.ts';
import { STORAGE_HOST, ZK_HOST } from './keys.ts';
import { zkMachine } from './machine.ts';
import { zooKeeperProcess } from './process.ts';

export const zookeeperRuntime: AlgorithmRuntime = {
  machine: zkMachine,
  // Retry slots and write ticks fall on multiples of these periods (lease/timing.ts).
  phaseMs: (p) => Number(p.writeIntervalMs),
  build(ctx) {
    const cfg = zkConfig(ctx.params);
    ctx.addHost(ZK_HOST, 'store', zooKeeperProcess());
    ctx.addHost(STORAGE_HOST, 'resource', resourceProcess({ fencing: Boolean(ctx.params.fencing) }));
    ctx.nodeIds.forEach((id, rank) => {
      ctx.addHost(
        id,
        'node',
        machineProcess(zkMachine, (env) => ({ env, rank, cfg })),
      );
    });
  },
};
