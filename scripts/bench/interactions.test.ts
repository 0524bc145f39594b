import { describe, expect, it } from 'vitest';
import { budgetVerdict, figure, longestTaskCpuMs, medianRow } from './interactions.ts';

const trace = (events: unknown[]) => Buffer.from(JSON.stringify({ traceEvents: events }));

describe("the interactions' CPU figure", () => {
  it("is the longest task's thread time on a renderer's main thread, not its wall time nor another thread's", () => {
    const events = [
      { name: 'thread_name', ph: 'M', pid: 1, tid: 10, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', pid: 1, tid: 11, args: { name: 'DedicatedWorker thread' } },
      // Wall 400 ms, of which the thread ran 30: the machine was busy.
      { name: 'RunTask', ph: 'X', pid: 1, tid: 10, dur: 400_000, tdur: 30_000 },
      { name: 'RunTask', ph: 'X', pid: 1, tid: 10, dur: 45_000, tdur: 42_500 },
      // The worker's long slices are not the page's.
      { name: 'RunTask', ph: 'X', pid: 1, tid: 11, dur: 900_000, tdur: 900_000 },
      { name: 'FunctionCall', ph: 'X', pid: 1, tid: 10, dur: 80_000, tdur: 80_000 },
    ];
    expect(longestTaskCpuMs(trace(events))).toBe(42.5);
  });
});

describe("a 24 h run's fault, measured more than once", () => {
  const run = (longestTaskMs: number, firstFrameMs: number, completeMs: number, longTasks = 0) => ({
    label: '24 h run (etcd-lease): fault at the cursor (after 20 s at rest)',
    longestTaskMs,
    longTasks,
    longestTaskCpuMs: null,
    firstFrameMs,
    completeMs,
  });

  it('is held to the budget by each figure’s median, and keeps every run beside it', () => {
    const row = medianRow([run(93, 209, 2735, 1), run(0, 150, 3100), run(0, 180, 2600)]);
    expect(row).toMatchObject({ longestTaskMs: 0, firstFrameMs: 180, completeMs: 2735, longTasks: 0 });
    expect(row.runs?.map((r) => r.completeMs)).toEqual([2735, 3100, 2600]);
    expect(budgetVerdict(row)).toBe(
      'median of 3; longest task <= 50 ms: met; first frame <= 300 ms: met; whole run <= 3 s: met',
    );
    expect(figure(row, 'longestTaskMs')).toBe('none over 50 ms (runs: 93, none, none)');
    expect(figure(row, 'completeMs')).toBe('2735 ms (runs: 2735, 3100, 2600)');
  });

  it('misses a budget whose median is over it, however good one run was', () => {
    const row = medianRow([run(0, 150, 2900), run(60, 320, 3200), run(70, 310, 3300)]);
    expect(budgetVerdict(row)).toBe(
      'median of 3; longest task <= 50 ms: missed; first frame <= 300 ms: missed; whole run <= 3 s: missed',
    );
  });

  it('is the run itself when measured once', () => {
    const one = run(0, 150, 2900);
    expect(medianRow([one])).toBe(one);
    expect(figure(one, 'completeMs')).toBe('2900 ms');
  });
});
