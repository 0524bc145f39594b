/**
 * `one-job-run`: at most one run of the scheduled job at a time. That is what a CronJob under
 * concurrencyPolicy Forbid promises (Kubernetes docs, "CronJob", Concurrency policy); the pod host marks
 * every start with how many runs are going (pod.ts), so a start beside another run is the breach.
 */
import type { Checker } from '../../check/checker.ts';
import { violation } from '../../check/violation.ts';
import type { TraceEvent, Violation } from '../../trace/events.ts';
import { POD_HOST } from './index.ts';
import { POD_STARTED } from './pod.ts';

export function oneJobRunChecker(): Checker {
  return {
    observe(e: TraceEvent): Violation[] {
      if (e.k !== 'mark' || e.node !== POD_HOST || e.name !== POD_STARTED) return [];
      const running = Number(e.data?.running);
      if (!(running > 1)) return [];
      return [violation({ kind: 'one-job-run', nodes: [], job: String(e.data?.job), count: running })];
    },
    // Each mark carries its own count: nothing kept.
    state: () => null,
  };
}
