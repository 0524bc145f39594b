import { describe, expect, it } from 'vitest';
import { longestTaskCpuMs } from './interactions.ts';

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
