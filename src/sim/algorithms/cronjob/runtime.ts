/** How the CronJob story runs: the API server, the CronJob controller, the Job's pod and idle replicas. */
import { type AlgorithmRuntime, knob } from '../algorithm.ts';
import { machineProcess } from '../machineProcess.ts';
import { cronApiServerProcess } from './apiserver.ts';
import { oneJobRunChecker } from './checkers.ts';
import { cronJobControllerProcess } from './controller.ts';
import { API_HOST, CONTROLLER_HOST, controllerConfig, POD_HOST } from './index.ts';
import { replicaMachine } from './machine.ts';
import { podProcess } from './pod.ts';

export const cronjobRuntime: AlgorithmRuntime = {
  machine: replicaMachine,
  checkers: () => [oneJobRunChecker()],
  build(ctx) {
    const cfg = controllerConfig(ctx.params);
    const everyMs = cfg.schedule.everyMs;
    // Yesterday's run: the CronJob has run before, so status.lastScheduleTime is the slot before the first.
    ctx.addHost(
      API_HOST,
      'store',
      cronApiServerProcess({ podHost: POD_HOST, lastScheduleMs: cfg.schedule.atMs - everyMs }),
    );
    ctx.addHost(CONTROLLER_HOST, 'client', cronJobControllerProcess(cfg));
    ctx.addHost(
      POD_HOST,
      'client',
      podProcess({
        apiServer: API_HOST,
        startMs: knob(ctx.params, 'podStartMs'),
        durationMs: knob(ctx.params, 'jobDurationS') * 1000,
        // A lost answer is repeated at the controller's retry pace.
        resendMs: knob(ctx.params, 'retryMs'),
      }),
    );
    for (const id of ctx.nodeIds)
      ctx.addHost(
        id,
        'node',
        machineProcess(replicaMachine, () => ({})),
      );
  },
};
