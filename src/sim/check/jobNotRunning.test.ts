import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../trace/events.ts';
import { jobNotRunningChecker } from './jobNotRunning.ts';

const run = (t: number): TraceEvent => ({ k: 'mark', t, node: 'node-1', name: 'job-run' });
const tick = (t: number): TraceEvent => ({ k: 'deliver', t, id: t });

describe('job-not-running', () => {
  it('fires once the job has not run for longer than the bound, once per silent stretch', () => {
    const c = jobNotRunningChecker(1000);
    const out = [run(100), tick(1000), tick(1100), tick(1101), tick(3000), run(3100), tick(4200)].flatMap(
      (e) => c.observe(e).map((v) => ({ t: e.t, ...v })),
    );
    expect(out.map((v) => [v.t, v.kind])).toEqual([
      [1101, 'job-not-running'],
      [4200, 'job-not-running'],
    ]);
    expect(out[0]?.detail).toBe('the job has not run for 1001 ms (bound 1000 ms)');
  });

  it('stays quiet while the job runs within the bound', () => {
    const c = jobNotRunningChecker(1000);
    expect([run(500), tick(1400), run(1500), tick(2400)].flatMap((e) => c.observe(e))).toEqual([]);
  });
});
