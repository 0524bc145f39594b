import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { recordingChooser } from '../sim/kernel/choices.ts';
import { simulate } from '../sim/simulate.ts';
import { branchIndex, branchOptions, lossesSoFar } from './branch.ts';
import { ranStory, simulateCompare } from './compare.ts';
import { WITHOUT } from './variants.ts';

const story = scenarios.find((s) => s.id === 'lease-no-fencing');
if (!story) throw new Error('lease-no-fencing is gone');

describe('Branch here', () => {
  it('offers the menu at the cursor as the run stands: a crashed node is no longer crashable or pausable', () => {
    const base = simulate(story, { nodes: 3, durationMs: 20_000, withoutScript: true });
    const before = branchOptions(base, 5000, 33_000).map((f) => `${f.kind} ${'node' in f ? f.node : ''}`);
    expect(before).toEqual([
      'crash node-1',
      'pause node-1',
      'isolate node-1',
      'crash node-2',
      'pause node-2',
      'isolate node-2',
      'crash node-3',
      'pause node-3',
      'isolate node-3',
    ]);
    const crashed = simulate(story, {
      nodes: 3,
      durationMs: 20_000,
      withoutScript: true,
      interventions: [{ atMs: 3000, fault: { kind: 'crash', node: 'node-2' } }],
    });
    const after = branchOptions(crashed, 5000, 33_000).map((f) => `${f.kind} ${'node' in f ? f.node : ''}`);
    expect(after).not.toContain('crash node-2');
    expect(after).not.toContain('pause node-2');
    // Restart ends a fault and Compare cannot leave it out alone: not a branch.
    expect(after.some((x) => x.startsWith('restart'))).toBe(false);
    expect(after).toContain('isolate node-2');
  });

  it('the branch and the future without it: identical before the branch, and Compare draws the other', () => {
    const inputs = { scenario: story, seed: undefined, params: {}, nodes: 3, durationMs: 40_000 };
    const branch = { atMs: 8000, fault: { kind: 'crash' as const, node: 'node-1' } };
    const taken = simulate(story, { nodes: 3, durationMs: 40_000, interventions: [branch] });
    const plain = simulate(story, { nodes: 3, durationMs: 40_000 });
    // Compare draws its run without state records (states: false).
    const drawn = simulate(story, { nodes: 3, durationMs: 40_000, states: false });
    const k = branchIndex(story, [branch], branch);
    expect(k).toBe(story.faults.length);
    const other = simulateCompare({ ...inputs, interventions: [branch] }, { name: WITHOUT, value: k });
    if (!('run' in other)) throw new Error(other.error);
    expect(other.run.trace.events).toEqual(drawn.events);
    const past = (t: { events: readonly { t: number }[] }) => t.events.filter((e) => e.t < branch.atMs);
    expect(past(taken)).toEqual(past(plain));
    expect(taken.events).not.toEqual(plain.events);
  });

  it('on a schedule (a choices run), the other future replays the schedule too, without the script', () => {
    const rec = recordingChooser();
    simulate(story, { nodes: 3, durationMs: 20_000, withoutScript: true, chooser: rec });
    const choices = { version: 1 as const, draws: [...rec.draws] };
    const branch = { atMs: 6000, fault: { kind: 'pause' as const, node: 'node-2', durationMs: 33_000 } };
    const k = branchIndex(ranStory(story, choices), [branch], branch);
    expect(k).toBe(0);
    const other = simulateCompare(
      {
        scenario: story,
        seed: undefined,
        params: {},
        nodes: 3,
        durationMs: 20_000,
        interventions: [branch],
        choices,
      },
      { name: WITHOUT, value: k },
    );
    if (!('run' in other)) throw new Error(other.error);
    const want = simulate(story, {
      nodes: 3,
      durationMs: 20_000,
      withoutScript: true,
      choices,
      states: false,
    });
    expect(other.run.trace.events).toEqual(want.events);
  });
});

describe('the losses a run already has', () => {
  it('are counted only when there are draws to offer: a long run lands without a pass over its events', () => {
    const run = simulate(scenarios.find((s) => s.id === 'etcd-lease') ?? (scenarios[0] as never), {
      params: { dropRate: 0.2 },
      durationMs: 20_000,
    });
    const losses = run.events.filter((e) => e.k === 'drop' && e.reason === 'loss').length;
    expect(losses).toBeGreaterThan(0);
    expect(lossesSoFar([], run.events)).toBe(losses);
    // No draws (a long run): the events are not read at all.
    const unread = new Proxy(run.events, {
      get(target, key, recv) {
        if (key === 'length' || key === Symbol.iterator || key === 'filter') throw new Error('read');
        return Reflect.get(target, key, recv);
      },
    });
    expect(lossesSoFar(null, unread)).toBe(0);
  });
});
