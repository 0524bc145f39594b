import type { TraceEvent, Violation } from '../trace/events.ts';
import type { Checker } from './checker.ts';
import { violation } from './violation.ts';

/**
 * "The job has not run for X": a liveness alarm on the task itself, not on the leader's health (the
 * sources on a leadership flag with no expiry: the job stops in silence, with no error, only absence;
 * monitor the task's runs and alarm when it has not run for longer than expected). A run is an
 * instance's `job-run` mark; the clock starts with the run. Raised once per silent stretch, at the
 * first event more than `boundMs` after the last run.
 */
export function jobNotRunningChecker(boundMs: number, runMark = 'job-run'): Checker {
  let last = 0;
  let raised = false;
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k === 'mark' && e.name === runMark) {
        last = e.t;
        raised = false;
        return [];
      }
      if (raised || e.t - last <= boundMs) return [];
      raised = true;
      return [violation({ kind: 'job-not-running', nodes: [], ms: e.t - last, boundMs })];
    },
    state: () => ({ last, raised }),
  };
}
