/**
 * Chaos for the safety pitfalls (issue #13): the generator must find split-brain in the story's design
 * (the negative control) and none once its fix is on, over the same raw schedules. Clock drift is
 * left out of the draw: a lease without fencing is safe only while clocks run within its drift
 * margin (driftMarginRatio; client-go leaderelection's doc says the same of RenewDeadline), and the
 * lease's own chaos run covers drift with fencing on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pitfallRun } from '../../testing/chaos/pitfall.ts';
import { violationsOf } from './properties.ts';
import { rawScheduleArb } from './schedule.ts';

const draw = rawScheduleArb({ loss: true, exclude: ['drift'] });

/** The first schedule (of at most numRuns) whose run without the fix shows split-brain. */
function control(story: string, seed: number, numRuns: number) {
  let runs = 0;
  let detail = '';
  const r = fc.check(
    fc.property(draw, (raw) => {
      runs++;
      const f = violationsOf(pitfallRun(story, raw, false).trace, ['split-brain']);
      detail = f[0]?.detail ?? '';
      return f.length === 0;
    }),
    { seed, numRuns, endOnFailure: true },
  );
  return { failed: r.failed, runs, detail };
}

/** Every schedule, run with the fix: no split-brain (throws the first one found, with its faults). */
function fixed(story: string, seed: number, numRuns: number): number {
  let faults = 0;
  fc.assert(
    fc.property(draw, (raw) => {
      const run = pitfallRun(story, raw, true);
      faults += run.interventions.length;
      const f = violationsOf(run.trace, ['split-brain']);
      if (f.length > 0)
        throw new Error(
          `${f[0]?.detail} at ${f[0]?.atMs} ms\n${JSON.stringify({ params: run.params, faults: run.interventions })}`,
        );
    }),
    { seed, numRuns },
  );
  return faults;
}

describe('chaos: heartbeat-no-confirm', () => {
  it('without the fix (keepalives never confirmed) the generator finds split-brain', () => {
    const { failed, runs, detail } = control('heartbeat-no-confirm', 301, 200);
    expect(failed).toBe(true);
    expect(runs).toBeLessThan(200);
    expect(detail).toContain('BOTH WRITE');
  });

  it('with the fix (confirmRenew: step down at the renew deadline) it finds none', () => {
    expect(fixed('heartbeat-no-confirm', 302, 80)).toBeGreaterThan(80);
  });
});

describe('chaos: gossip-leader', () => {
  it('without the fix (gossip) the generator finds split-brain', () => {
    const { failed, runs, detail } = control('gossip-leader', 303, 200);
    expect(failed).toBe(true);
    expect(runs).toBeLessThan(200);
    expect(detail).toContain('BOTH WRITE');
  });

  it('with the fix (a lease in etcd) it finds none', () => {
    expect(fixed('gossip-leader', 304, 80)).toBeGreaterThan(80);
  });
});
