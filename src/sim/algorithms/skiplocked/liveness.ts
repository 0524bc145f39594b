/** The job queue's liveness property for the chaos suite (src/sim/chaos). */
import type { LivenessResult } from '../../chaos/recovery.ts';
import { liveness } from '../../chaos/recovery.ts';
import type { ChaosSchedule } from '../../chaos/schedule.ts';
import type { Trace } from '../../trace/trace.ts';
import { COMMIT_MARK, PG_HOST } from './keys.ts';

/** `jobs-done`: every job of the queue has been committed by F + bound. */
export function jobsDone(trace: Trace, s: ChaosSchedule): LivenessResult {
  const until = s.faultsEndMs + s.boundMs;
  const jobs = Number(trace.params.jobs);
  const done = new Set<string>();
  let at: number | null = null;
  for (const e of trace.events) {
    if (e.t > until) break;
    if (e.k !== 'mark' || e.name !== COMMIT_MARK || e.node !== PG_HOST) continue;
    done.add(String(e.data?.job));
    if (done.size === jobs && at === null) at = e.t;
  }
  return liveness('jobs-done', s, at, () => `at ${until} ms ${done.size} of ${jobs} jobs committed`);
}
