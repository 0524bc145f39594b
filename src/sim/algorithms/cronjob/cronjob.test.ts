import { describe, expect, it } from 'vitest';
import type { Params } from '../../params.ts';
import { testScenario } from '../../scenario/testScenario.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { cronJobMetrics } from './index.ts';
import { clockOf, jobName, mostRecentScheduleTime, slotsPassedOver } from './schedule.ts';

type Fault =
  | { atMs: number; fault: { kind: 'crash' | 'restart'; node: string } }
  | { atMs: number; fault: { kind: 'partition'; groups: string[][] } }
  | { atMs: number; fault: { kind: 'heal' } };
const DAY = { atMs: 10_000, everyMs: 86_400_000 };
const MINUTE = { atMs: 10_000, everyMs: 60_000 };

function run(params: Partial<Params>, faults: Fault[] = [], durationMs = 180_000) {
  const trace = simulate(
    testScenario('cronjob', { nodes: 20, durationMs, params: params as Params, faults }),
  );
  return { trace, m: cronJobMetrics(trace.events) };
}
const marks = (events: TraceEvent[], name: string) =>
  events.flatMap((e) => (e.k === 'mark' && e.name === name ? [e] : []));
const sends = (events: TraceEvent[], type: string) =>
  events.flatMap((e) => (e.k === 'send' && e.type === type ? [e] : []));
/** The controller manager down at 02:59:55 and back at 03:02:00, two minutes after the 03:00 slot. */
const outage: Fault[] = [
  { atMs: 5000, fault: { kind: 'crash', node: 'controller' } },
  { atMs: 130_000, fault: { kind: 'restart', node: 'controller' } },
];

describe('the schedule arithmetic (utils.go mostRecentScheduleTime)', () => {
  it('finds the latest unmet slot after lastScheduleTime, and none before the first', () => {
    expect(mostRecentScheduleTime(DAY, DAY.atMs - DAY.everyMs, 9_999, null).slotMs).toBeNull();
    expect(mostRecentScheduleTime(DAY, DAY.atMs - DAY.everyMs, 10_100, null)).toMatchObject({
      slotMs: 10_000,
      missed: 1,
      tooMany: false,
    });
    // Already processed: lastScheduleTime is the slot itself.
    expect(mostRecentScheduleTime(DAY, 10_000, 130_000, null).slotMs).toBeNull();
  });

  it('startingDeadlineSeconds moves the window: a slot older than the deadline is not found, a younger one is', () => {
    expect(mostRecentScheduleTime(DAY, DAY.atMs - DAY.everyMs, 130_000, 60).slotMs).toBeNull();
    expect(mostRecentScheduleTime(DAY, DAY.atMs - DAY.everyMs, 130_000, 300).slotMs).toBe(10_000);
    expect(slotsPassedOver(DAY, DAY.atMs - DAY.everyMs, 130_000, 60)).toEqual([10_000]);
    expect(slotsPassedOver(DAY, DAY.atMs - DAY.everyMs, 130_000, 300)).toEqual([]);
    expect(slotsPassedOver(DAY, DAY.atMs - DAY.everyMs, 130_000, null)).toEqual([]);
  });

  it('more than 100 missed slots is "too many", and the latest is still the one to start', () => {
    const r = mostRecentScheduleTime(MINUTE, MINUTE.atMs - MINUTE.everyMs, 10_000 + 120 * 60_000 + 5, null);
    expect(r).toMatchObject({ missed: 121, tooMany: true, slotMs: 10_000 + 120 * 60_000 });
    expect(
      mostRecentScheduleTime(MINUTE, MINUTE.atMs - MINUTE.everyMs, 10_000 + 99 * 60_000, null).tooMany,
    ).toBe(false);
  });

  it('names a Job after its slot in Unix minutes, and writes times as RFC 3339', () => {
    expect(jobName('billing', 10_000)).toBe('billing-29540340');
    expect(jobName('billing', 10_000 + 59_000)).toBe('billing-29540340');
    expect(clockOf(10_000)).toBe('2026-03-02T03:00:00Z');
    expect(clockOf(10_000 - 86_400_000)).toBe('2026-03-01T03:00:00Z');
  });
});

describe('the CronJob controller', () => {
  it('one run: the controller creates one Job at 03:00 and the twenty replicas send nothing', () => {
    const { trace, m } = run({ concurrencyPolicy: 1 });
    expect(m).toMatchObject({ jobRuns: 1, missedRuns: 0, concurrentRunsMax: 1 });
    const creates = sends(trace.events, 'CREATE_JOB');
    expect(creates).toHaveLength(1);
    // 100 ms after the slot (nextScheduleDelta), the time to read the CronJob and answer.
    expect(creates[0]!.t).toBeGreaterThanOrEqual(10_100);
    expect(creates[0]!.t).toBeLessThan(10_100 + 200);
    expect(trace.events.some((e) => e.k === 'send' && e.from.startsWith('node-'))).toBe(false);
    expect(trace.events.some((e) => e.k === 'role' && e.role === 'leader')).toBe(false);
  });

  it('one run per slot: every minute for five minutes is five runs', () => {
    const { m } = run(
      { concurrencyPolicy: 1, scheduleEveryS: 60, jobDurationS: 20 },
      [],
      10_000 + 4 * 60_000 + 30_000,
    );
    expect(m.jobRuns).toBe(5);
  });

  it('the missed deadline: back after the deadline, the slot is passed over; within it, it runs late, once', () => {
    const past = run({ concurrencyPolicy: 1, startingDeadlineSeconds: 60 }, outage);
    expect(past.m).toMatchObject({ jobRuns: 0, missedRuns: 1, lateStartMs: null });
    expect(sends(past.trace.events, 'CREATE_JOB')).toHaveLength(0);
    expect(marks(past.trace.events, 'missed')[0]?.data).toMatchObject({ slotMs: 10_000, deadlineS: 60 });

    const within = run({ concurrencyPolicy: 1, startingDeadlineSeconds: 300 }, outage);
    expect(within.m).toMatchObject({ jobRuns: 1, missedRuns: 0 });
    expect(within.m.lateStartMs).toBeGreaterThanOrEqual(120_000);
    expect(within.m.lateStartMs).toBeLessThan(121_000);
    // No deadline at all: the most recent slot starts, however late.
    expect(run({ concurrencyPolicy: 1, startingDeadlineSeconds: 0 }, outage).m).toMatchObject({ jobRuns: 1 });
  });

  it('once, not twice: a controller that dies between the Create and the status update meets 409 AlreadyExists', () => {
    // The Create leaves at about 130.065 s; the controller dies before the status update and is back
    // after the pod finished, so the Job is no longer active and lastScheduleTime is still yesterday.
    const { trace, m } = run({ concurrencyPolicy: 1, startingDeadlineSeconds: 300 }, [
      ...outage,
      { atMs: 130_070, fault: { kind: 'crash', node: 'controller' } },
      { atMs: 170_000, fault: { kind: 'restart', node: 'controller' } },
    ]);
    expect(sends(trace.events, 'CREATE_JOB')).toHaveLength(2);
    expect(sends(trace.events, 'ALREADY_EXISTS')).toHaveLength(1);
    expect(m.jobRuns).toBe(1);
  });

  it('Forbid vs Allow: a run that outlasts its interval gets a second one beside it only with Allow', () => {
    const knobs = { scheduleEveryS: 60, jobDurationS: 90 };
    const dur = 10_000 + 3 * 60_000 + 10_000;
    const allow = run({ ...knobs, concurrencyPolicy: 0 }, [], dur);
    const forbid = run({ ...knobs, concurrencyPolicy: 1 }, [], dur);
    expect(allow.m).toMatchObject({ jobRuns: 4, concurrentRunsMax: 2, forbidSkips: 0 });
    expect(forbid.m).toMatchObject({ concurrentRunsMax: 1 });
    expect(forbid.m.forbidSkips).toBeGreaterThanOrEqual(1);
    expect(forbid.m.jobRuns).toBe(2);
    // Replace: the running Job is deleted and its pod killed before the next starts.
    const replace = run({ ...knobs, concurrencyPolicy: 2 }, [], dur);
    expect(replace.m.concurrentRunsMax).toBe(1);
    expect(marks(replace.trace.events, 'pod-killed').length).toBeGreaterThanOrEqual(1);
  });

  it('too many missed start times: after two hours down with a slot a minute, it warns and starts only the latest', () => {
    const { trace, m } = run(
      { concurrencyPolicy: 1, scheduleEveryS: 60, jobDurationS: 20 },
      [
        { atMs: 5000, fault: { kind: 'crash', node: 'controller' } },
        { atMs: 10_000 + 120 * 60_000 + 30_000, fault: { kind: 'restart', node: 'controller' } },
      ],
      10_000 + 120 * 60_000 + 40_000,
    );
    expect(marks(trace.events, 'TooManyMissedTimes')).toHaveLength(1);
    expect(m.jobRuns).toBe(1);
  });

  it('a lost RUN_POD or POD_SUCCEEDED is sent again: the pod starts after the partition heals, and the Job completes', () => {
    const cut = (atMs: number, healMs: number): Fault[] => [
      { atMs, fault: { kind: 'partition', groups: [['apiserver', 'controller'], ['job-pod']] } },
      { atMs: healMs, fault: { kind: 'heal' } },
    ];
    // The Job is created at about 10.15 s, while the pod's node is cut off until 20 s.
    const late = run({ concurrencyPolicy: 1 }, cut(10_000, 20_000), 60_000);
    expect(late.m.jobRuns).toBe(1);
    expect(marks(late.trace.events, 'pod-started')[0]!.t).toBeGreaterThan(20_000);
    // The pod finishes at about 42 s while cut off; the API server hears of it after the heal.
    const done = run({ concurrencyPolicy: 1 }, cut(41_000, 50_000), 60_000);
    const complete = done.trace.events.filter(
      (e) => e.k === 'store' && e.change.kind === 'put' && e.change.kv.value === 'Complete',
    );
    expect(complete).toHaveLength(1);
    expect(complete[0]!.t).toBeGreaterThan(50_000);
  });
});
