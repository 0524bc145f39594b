import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { decodeView } from '../app/link/decode.ts';
import { encodeView } from '../app/link/view.ts';
import type { TimedFault } from '../sim/scenario/schema.ts';
import { simulateCompare } from './compare.ts';
import { leavable, runFaults, validWithout, WITHOUT, withoutFault } from './variants.ts';

const scenario = (id: string) => {
  const s = scenarios.find((x) => x.id === id);
  if (!s) throw new Error(id);
  return s;
};
const inputs = (id: string, interventions: TimedFault[] = []) => ({
  scenario: scenario(id),
  seed: undefined,
  params: {},
  nodes: undefined,
  interventions,
});

describe('Compare without a fault', () => {
  it('split-brain without its scripted partition: no split-brain, and no lone heal left behind', () => {
    const sb = scenario('split-brain');
    const faults = runFaults(sb, []);
    expect(faults.map((f) => f.tf.fault.kind)).toEqual(['partition', 'heal']);
    // The heal only ends the partition: it goes with it, and is not offered on its own.
    expect(leavable(faults).map((f) => f.index)).toEqual([0]);
    const v = withoutFault(sb, [], 0);
    expect(v.dropped.map((f) => f.tf.fault.kind)).toEqual(['partition', 'heal']);
    expect(v.scenario.faults).toEqual([]);

    const r = simulateCompare(inputs('split-brain'), { name: WITHOUT, value: 0 });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.index.violations).toEqual([]);
    expect(r.run.trace.events.filter((e) => e.k === 'fault')).toEqual([]);
    expect(r.run.dropped.map((f) => f.index)).toEqual([0, 1]);
    // The run on screen still has both (the comparison does not change its inputs).
    expect(sb.faults).toHaveLength(2);
  });

  it('fencing-token without the GC pause: node-1 never writes late, nothing is rejected', () => {
    const ft = scenario('fencing-token');
    const pause = runFaults(ft, []).find((f) => f.tf.fault.kind === 'pause');
    if (!pause) throw new Error('no pause in fencing-token');
    const r = simulateCompare(inputs('fencing-token'), { name: WITHOUT, value: pause.index });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.metrics.at().writes.rejected).toBe(0);
    expect(r.run.trace.events.some((e) => e.k === 'fault' && e.fault.kind === 'pause')).toBe(false);
  });

  it('one of the user’s interventions left out, with the restart that undoes it; -1 leaves out all', () => {
    const crash: TimedFault = { atMs: 3000, fault: { kind: 'crash', node: 'node-5' } };
    const restart: TimedFault = { atMs: 6000, fault: { kind: 'restart', node: 'node-5' } };
    const pause: TimedFault = { atMs: 5000, fault: { kind: 'pause', node: 'node-2', durationMs: 2000 } };
    const sandbox = scenario('sandbox');
    // Numbered in the simulator's order, whatever order they were added in.
    const faults = runFaults(sandbox, [restart, pause, crash]);
    expect(faults.map((f) => f.tf)).toEqual([crash, pause, restart]);
    const v = withoutFault(sandbox, [restart, pause, crash], 0);
    expect(v.interventions).toEqual([pause]);
    expect(withoutFault(sandbox, [crash, pause], -1).interventions).toEqual([]);
    const r = simulateCompare(inputs('sandbox', [crash, pause, restart]), { name: WITHOUT, value: 1 });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.trace.interventions).toEqual([crash, restart]);
  });

  it('a fault number the run does not have is an error, not a run', () => {
    expect(validWithout(scenario('split-brain'), [], 1)).toBe(false); // the heal: not on its own
    expect(validWithout(scenario('split-brain'), [], 7)).toBe(false);
    expect(validWithout(scenario('sandbox'), [], -1)).toBe(false); // no faults at all
    expect('error' in simulateCompare(inputs('split-brain'), { name: WITHOUT, value: 7 })).toBe(true);
  });

  it('links: compare=without:<k> round-trips; a bad k is reported and ignored', () => {
    const ctx = { scenarios, locales: ['en', 'pt', 'ru'] };
    const d = decodeView('?scenario=split-brain&compare=without:0', ctx);
    expect(d.problems).toEqual([]);
    expect(d.view.compare).toEqual({ name: WITHOUT, value: 0 });
    expect(encodeView(d.view)).toContain('compare=without:0');
    const bad = decodeView('?scenario=split-brain&compare=without:3', ctx);
    expect(bad.view.compare).toBeNull();
    expect(bad.problems.map((p) => p.param)).toEqual(['compare']);
    const user = decodeView('?scenario=sandbox&fault=3000,crash,node-2&compare=without:0', ctx);
    expect(user.problems).toEqual([]);
    expect(user.view.compare).toEqual({ name: WITHOUT, value: 0 });
  });
});
