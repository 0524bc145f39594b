/** The CronJob's liveness property for the chaos suite (src/sim/chaos). */
import type { LivenessResult } from '../../chaos/recovery.ts';
import { liveness } from '../../chaos/recovery.ts';
import type { ChaosSchedule } from '../../chaos/schedule.ts';
import type { Trace } from '../../trace/trace.ts';
import { POD_HOST } from './index.ts';
import { POD_STARTED } from './pod.ts';

/** A run of the job started after F and by F + bound. */
export function jobStarted(trace: Trace, s: ChaosSchedule): LivenessResult {
  const F = s.faultsEndMs;
  const start = trace.events.find(
    (e) => e.k === 'mark' && e.node === POD_HOST && e.name === POD_STARTED && e.t > F && e.t <= F + s.boundMs,
  );
  return liveness(
    'job-started',
    s,
    start ? start.t : null,
    () => `no run started in (${F}, ${F + s.boundMs}] ms`,
  );
}
