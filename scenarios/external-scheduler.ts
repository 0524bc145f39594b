import type { ScenarioInput } from '../src/sim/scenario/schema.ts';

/**
 * No election at all: the nightly billing job left the application for a Kubernetes CronJob
 * (`0 3 * * *`, concurrencyPolicy Forbid). The twenty replicas run no job; kube-controller-manager's
 * CronJob controller creates one Job per slot and its pod runs it. The clock starts at 02:59:50.
 * The controller manager goes down at 02:59:55 and is back at 03:02:00, two minutes after the slot.
 * With startingDeadlineSeconds 300 (the story) the slot is still inside the window: the 03:00 run
 * starts late, once. With `--set startingDeadlineSeconds=60` the slot is outside it when the controller
 * looks again: no Job, no event, the night's run is missed (the script tells either outcome).
 */
export default {
  id: 'external-scheduler',
  title: 'External scheduler: a CronJob runs it once',
  summary:
    'The nightly job leaves the application: a Kubernetes CronJob with concurrencyPolicy Forbid starts one Job per slot and the twenty replicas do nothing special. The scheduler is down at 03:00 and back at 03:02: with startingDeadlineSeconds 300 the run starts late, once. With startingDeadlineSeconds=60 the slot is passed over: no Job, and no event.',
  tagline:
    'A CronJob instead of an election: one run per slot, and what startingDeadlineSeconds does when the scheduler is down.',
  group: 'systems',
  algorithm: 'cronjob',
  nodes: 20,
  seed: 1,
  durationMs: 180_000,
  timeScale: 4,
  params: {
    jobAtMs: 10_000,
    scheduleEveryS: 86_400,
    concurrencyPolicy: 1,
    startingDeadlineSeconds: 300,
    jobDurationS: 30,
  },
  faults: [
    { atMs: 5000, fault: { kind: 'crash', node: 'controller' } },
    { atMs: 130_000, fault: { kind: 'restart', node: 'controller' } },
  ],
  steps: [
    {
      id: 'twenty-up',
      shows: {},
      anchor: { k: 'start' },
      caption:
        'It is 02:59:50. Twenty replicas of the billing service are up, and none of them schedules anything: the nightly job is the CronJob billing (0 3 * * *, concurrencyPolicy Forbid, startingDeadlineSeconds {startingDeadlineSeconds} s), and kube-controller-manager’s CronJob controller starts it.',
    },
    {
      id: 'first-sync',
      shows: {},
      anchor: { k: 'mark', node: 'controller', type: 'sync' },
      caption:
        'The controller keeps nothing of its own: it reads the CronJob from the API server. status.lastScheduleTime is {lastSchedule}, yesterday’s run; the next slot is 03:00.',
    },
    {
      id: 'controller-down',
      shows: {},
      anchor: { k: 'fault', type: 'crash', node: 'controller' },
      caption:
        '02:59:55: the control-plane node goes down, and kube-controller-manager with it. The replicas keep serving. At 03:00 nothing starts the job: no replica was ever going to.',
    },
    {
      id: 'controller-back',
      shows: {},
      anchor: { k: 'fault', type: 'restart', node: 'controller' },
      caption:
        '03:02:00: kube-controller-manager is back. Its informers list every CronJob, so the controller syncs billing at once, two minutes after the slot.',
    },
    {
      id: 'late-run',
      shows: {},
      anchor: { k: 'mark', node: 'controller', type: 'SuccessfulCreate' },
      caption:
        'The slot {slot} is {lateS} s old, inside startingDeadlineSeconds: the controller creates the Job {job}, late, and sets status.lastScheduleTime to 03:00. The name comes from the slot’s minute, so a second Create for it would get 409 AlreadyExists.',
    },
    {
      id: 'pod-runs',
      shows: {},
      anchor: { k: 'mark', node: 'job-pod', type: 'pod-started' },
      when: { step: 'late-run', told: true },
      caption:
        'The Job’s pod starts on some node of the cluster, outside the replicas: one run of the billing job.',
    },
    {
      id: 'one-run',
      shows: {},
      anchor: { k: 'mark', node: 'job-pod', type: 'pod-finished' },
      when: { step: 'late-run', told: true },
      caption:
        'The pod succeeds and the Job is Complete. One run for the 03:00 slot: not twenty, since no replica runs it, and not two, since the slot is now status.lastScheduleTime. With startingDeadlineSeconds under the two minutes of the outage (set startingDeadlineSeconds=60) the slot is missed instead.',
    },
    {
      id: 'passed-over',
      anchor: { k: 'mark', node: 'controller', type: 'missed' },
      when: { step: 'late-run', told: false },
      caption:
        'The controller looks for unmet slots only from now − startingDeadlineSeconds ({deadlineS} s), and the slot {slot} is {lateS} s old: it finds none and creates no Job. It records no event either (its MissSchedule warning is for a slot inside that window). The run is missed, and the API counts a missed run as failed.',
    },
    {
      id: 'nothing-ran',
      anchor: { k: 'end' },
      when: { step: 'late-run', told: false },
      caption:
        'No billing run tonight, and Kubernetes raised no alarm: the next slot is tomorrow at 03:00. Watch status.lastSuccessfulTime yourself, and give startingDeadlineSeconds room for a control-plane outage.',
    },
  ],
  // Compare: the same outage with a 60 s deadline, where the 03:00 slot is passed over (no run).
  compare: { knob: 'startingDeadlineSeconds', value: 60 },
  adr: ['matrix.external-scheduler'],
  expect: { finalLeader: null, leadersInOrder: [], noViolations: ['split-brain', 'stale-write-accepted'] },
} satisfies ScenarioInput;
