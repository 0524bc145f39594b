/**
 * An external scheduler instead of an election: a Kubernetes CronJob (batch/v1). The CronJob controller
 * in kube-controller-manager creates one Job per slot, the Job's pod runs the nightly task, and the N
 * application replicas run no job at all. Kubernetes docs, Concepts > Workloads > CronJob ("Job creation",
 * "Concurrency policy", "Deadline for delayed Job start"), and pkg/controller/cronjob/cronjob_controllerv2.go
 * with utils.go. Knobs and declaration (hosts: runtime.ts).
 */
import type { ParamSpecs, Params } from '../../params.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { type Algorithm, knob, numberedIds, pick } from '../algorithm.ts';
import { CRONJOB_NAME } from './apiserver.ts';
import { type ConcurrencyPolicy, type ControllerConfig, MARKS } from './controller.ts';
import { POD_STARTED } from './pod.ts';

export const CONTROLLER_HOST = 'controller';
export const API_HOST = 'apiserver';
export const POD_HOST = 'job-pod';

/** The knob's number for each policy, in the order the API lists them. */
export const POLICIES: readonly ConcurrencyPolicy[] = ['Allow', 'Forbid', 'Replace'];

const params: ParamSpecs = {
  jobAtMs: {
    default: 10_000,
    min: 0,
    max: 604_800_000,
    integer: true,
    unit: 'ms',
    doc: 'the first slot after the start (the stories start at 02:59:50: 10 s = 03:00)',
    source: 'the sources’ billing report: every day at 03:00 (schedule "0 3 * * *")',
  },
  scheduleEveryS: {
    default: 86_400,
    min: 60,
    max: 604_800,
    integer: true,
    unit: 's',
    doc: 'the time between two slots (86 400 s: "0 3 * * *", once a day); at least a minute, since a Job is named after its slot’s minute',
    source:
      'Kubernetes docs, CronJob "Schedule syntax" (@every via robfig/cron); cronjob utils.go getJobFromTemplate2: "the lowest granularity of 1 minute"',
  },
  startingDeadlineSeconds: {
    default: 0,
    min: 0,
    max: 604_800,
    integer: true,
    unit: 's',
    doc: 'how late a slot may still start its Job; a slot older than this when the controller looks is passed over and counted as missed. 0: not set (Kubernetes’ null: no deadline)',
    source:
      'Kubernetes docs, CronJob "Deadline for delayed Job start"; CronJobSpec: "Missed jobs executions will be counted as failed ones"; utils.go mostRecentScheduleTime',
  },
  concurrencyPolicy: {
    default: 0,
    min: 0,
    max: 2,
    integer: true,
    unit: '',
    doc: 'what a slot does while a Job is still running: 0 Allow (start another beside it, the API’s default), 1 Forbid (skip this slot), 2 Replace (delete the running Job, start the new one)',
    source: 'Kubernetes docs, CronJob "Concurrency policy"; cronjob_controllerv2.go syncCronJob',
  },
  jobDurationS: {
    default: 30,
    min: 1,
    max: 86_400,
    integer: true,
    unit: 's',
    doc: 'how long the job’s pod works before it succeeds',
    source: 'the billing report’s run time (a scan of the overdue invoices and the e-mails)',
  },
  podStartMs: {
    default: 2000,
    min: 0,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'from the Job’s creation until its pod runs (scheduling, image, container start)',
    source:
      'Kubernetes SIG Scalability SLO "pod startup latency": 99th percentile at most 5 s for a stateless pod with its image already pulled',
  },
  requestTimeoutMs: {
    default: 1000,
    min: 1,
    max: 60_000,
    integer: true,
    unit: 'ms',
    doc: 'how long the controller waits for the API server to answer before it gives up on the request',
    source: 'kube-apiserver --request-timeout (60 s) bounds it; a short wait keeps a lost answer visible',
  },
  retryMs: {
    default: 1000,
    min: 1,
    max: 600_000,
    integer: true,
    unit: 'ms',
    doc: 'after a request without an answer, the controller syncs the CronJob again this long later',
    source: 'client-go util/workqueue: a failed sync is requeued with a rate limiter (here one fixed step)',
  },
};

export function controllerConfig(p: Params): ControllerConfig {
  const deadline = knob(p, 'startingDeadlineSeconds');
  return {
    apiServer: API_HOST,
    cronJob: CRONJOB_NAME,
    schedule: { atMs: knob(p, 'jobAtMs'), everyMs: knob(p, 'scheduleEveryS') * 1000 },
    deadlineS: deadline === 0 ? null : deadline,
    policy: POLICIES[knob(p, 'concurrencyPolicy')] ?? 'Allow',
    requestTimeoutMs: knob(p, 'requestTimeoutMs'),
    retryMs: knob(p, 'retryMs'),
  };
}

/**
 * The story's figures: `jobRuns` (pods that started), `missedRuns` (slots a deadline passed over),
 * `concurrentRunsMax` (the most pods running at once: 1 under Forbid), `forbidSkips` (slots Forbid
 * skipped) and `lateStartMs` (the latest Job creation after its slot; null: no Job).
 */
export function cronJobMetrics(events: readonly TraceEvent[]): Record<string, number | null> {
  let jobRuns = 0;
  let concurrent = 0;
  let late: number | null = null;
  const missed = new Set<number>();
  const skipped = new Set<number>();
  for (const e of events) {
    if (e.k !== 'mark') continue;
    const d = e.data ?? {};
    if (e.node === POD_HOST && e.name === POD_STARTED) {
      jobRuns++;
      concurrent = Math.max(concurrent, Number(d.running));
    } else if (e.node === CONTROLLER_HOST) {
      if (e.name === MARKS.missed) missed.add(Number(d.slotMs));
      if (e.name === MARKS.forbid) skipped.add(Number(d.slotMs));
      if (e.name === MARKS.created) late = Math.max(late ?? 0, Number(d.lateMs));
    }
  }
  return {
    jobRuns,
    missedRuns: missed.size,
    concurrentRunsMax: concurrent,
    forbidSkips: skipped.size,
    lateStartMs: late,
  };
}

export const cronjob: Algorithm = {
  id: 'cronjob',
  params,
  rules: [],
  nodeIds: numberedIds('node'),
  minNodes: 1,
  maxNodes: 50,
  vocabulary: {
    families: {
      GET_CRONJOB: 'store',
      CRONJOB: 'reply',
      CREATE_JOB: 'store',
      JOB_CREATED: 'reply',
      ALREADY_EXISTS: 'reject',
      UPDATE_STATUS: 'store',
      STATUS_UPDATED: 'reply',
      DELETE_JOB: 'store',
      JOB_DELETED: 'reply',
      JOB_NOT_FOUND: 'reject',
      RUN_POD: 'data',
      KILL_POD: 'reject',
      POD_SUCCEEDED: 'reply',
      POD_RUNNING: 'reply',
      POD_ACK: 'reply',
    },
    chatter: [],
  },
  // No node leads: the replicas run no job, and the controller is not elected here.
  leadership: { scope: 'none', carries: null, keys: [] },
  topology: { mesh: false },
  failover: { leadsThrough: 'store', marks: [], leaseExpiry: false },
  sandbox: {
    presets: [
      { id: 'cronjob-forbid', params: { concurrencyPolicy: 1, scheduleEveryS: 60, jobDurationS: 90 } },
      { id: 'cronjob-allow', params: { concurrencyPolicy: 0, scheduleEveryS: 60, jobDurationS: 90 } },
    ],
    variant: { nodes: 5, timeScale: 4, adr: ['matrix.external-scheduler'] },
  },
  chaos: {
    base: 'external-scheduler',
    infra: [CONTROLLER_HOST, API_HOST, POD_HOST],
    // The control plane and the pod's node may pause and drift; crashes are drawn on the replicas.
    slowInfra: [CONTROLLER_HOST, API_HOST, POD_HOST],
    isolateFromStore: false,
    safety: ['one-job-run'],
    liveness: 'job-started',
    // A slot every 1-2 minutes and a run from half a slot to two: Forbid must skip the slots a run
    // outlasts; the negative control is the same draw under Allow. Faults scale with 10 s, under a slot,
    // so a Create delayed on its link cannot land after the next slot's sync (the overlap the
    // controller's source admits with a stale cache). After F: the run going at F ends, then the next slot.
    timing(k, { net, latMax, unsafe }) {
      const scheduleEveryS = pick(k[0], 60, 120);
      const jobDurationS = pick(k[1], scheduleEveryS / 2, 2 * scheduleEveryS);
      const params: Params = {
        ...net,
        jobAtMs: pick(k[2], 1000, scheduleEveryS * 1000),
        scheduleEveryS,
        startingDeadlineSeconds: 0,
        concurrencyPolicy: unsafe ? 0 : 1,
        jobDurationS,
        podStartMs: pick(k[3], 500, 5000),
        requestTimeoutMs: 1000,
        retryMs: 1000,
      };
      return {
        params,
        unitMs: 10_000,
        boundMs: (jobDurationS + 2 * scheduleEveryS) * 1000 + 10 * latMax + 10_000,
      };
    },
  },
  storyMetrics: (events) => cronJobMetrics(events),
};
