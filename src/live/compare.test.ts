/** Live mode's schedule for the simulator: member faults become store-unavailable spans of lost quorum. */
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { withAlgorithm } from '../sim/scenario/sandbox.ts';
import { simulate } from '../sim/simulate.ts';
import { figures, simulatedSchedule } from './compare.ts';

describe('simulatedSchedule', () => {
  it('maps quorum loss (two of three members out) to one store-unavailable span', () => {
    const s = simulatedSchedule(
      [{ atMs: 1000, fault: { kind: 'crash', node: 'node-1' } }],
      [
        { atMs: 2000, fault: { kind: 'member-kill', member: 1 } },
        { atMs: 3000, fault: { kind: 'member-stop', member: 2 } },
        { atMs: 7000, fault: { kind: 'member-resume', member: 2 } },
        { atMs: 8000, fault: { kind: 'member-stop', member: 3 } },
        { atMs: 9000, fault: { kind: 'member-kill', member: 2 } },
      ],
      12_000,
    );
    expect(s).toEqual([
      { atMs: 1000, fault: { kind: 'crash', node: 'node-1' } },
      { atMs: 3000, fault: { kind: 'store-unavailable', node: 'etcd', durationMs: 4000 } },
      // Lost again and never back: until the end of the run.
      { atMs: 8000, fault: { kind: 'store-unavailable', node: 'etcd', durationMs: 4000 } },
    ]);
    // One member out is not quorum loss.
    expect(simulatedSchedule([], [{ atMs: 2000, fault: { kind: 'member-kill', member: 1 } }], 9000)).toEqual(
      [],
    );
  });

  it('reads failover windows, messages and revisions off a run', () => {
    const sandbox = withAlgorithm(
      scenarios.find((s) => s.id === 'sandbox') as (typeof scenarios)[number],
      'lease',
    );
    const trace = simulate(sandbox, {
      nodes: 3,
      params: { ttlS: 3, renewS: 1 },
      durationMs: 20_000,
      interventions: [{ atMs: 5000, fault: { kind: 'crash', node: 'node-1' } }],
    });
    const f = figures(trace);
    expect(f.failovers).toHaveLength(1);
    expect(f.failovers[0]).toMatchObject({ from: 'node-1', fromMs: 5000 });
    expect(f.failovers[0]?.windowMs).toBeGreaterThan(0);
    expect(f.failovers[0]?.windowMs).toBeLessThan(3 * 3000);
    expect(f.messages.total).toBe(trace.events.filter((e) => e.k === 'send').length);
    expect(f.revisions.last).toBeGreaterThan(1);
  });
});
