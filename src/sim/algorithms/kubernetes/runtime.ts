/** How the Kubernetes Lease story runs: the API server, the shared storage and the candidates. */
import { resourceProcess } from '../../resource/resource.ts';
import type { AlgorithmRuntime } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { apiServerProcess } from './apiserver.ts';
import { kubeLeaseConfig } from './index.ts';
import { APISERVER_HOST, STORAGE_HOST } from './keys.ts';
import { kubeLeaseMachine } from './machine.ts';

export const kubernetesRuntime: AlgorithmRuntime = {
  machine: kubeLeaseMachine,
  // Retry slots and write ticks fall on multiples of these periods (lease/timing.ts).
  phaseMs: (p) => Number(p.writeIntervalMs),
  build(ctx) {
    const cfg = kubeLeaseConfig(ctx.params);
    ctx.addHost(APISERVER_HOST, 'store', apiServerProcess());
    ctx.addHost(STORAGE_HOST, 'resource', resourceProcess({ fencing: Boolean(ctx.params.fencing) }));
    ctx.nodeIds.forEach((id, rank) => {
      ctx.addHost(
        id,
        'node',
        machineProcess(kubeLeaseMachine, (env) => ({ env, rank, cfg })),
      );
    });
  },
};
