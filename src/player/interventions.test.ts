import { describe, expect, it, vi } from 'vitest';
import { scenarios as realScenarios } from '../../scenarios/index.ts';
import type { SimOptions } from '../sim/inputs.ts';
import type { Scenario, TimedFault } from '../sim/scenario/schema.ts';
import { simulate } from '../sim/simulate.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { createPlayerStore } from './store.ts';

function scenario(id: string): Scenario {
  return {
    id,
    title: id,
    summary: id,
    algorithm: 'bully',
    nodes: 3,
    seed: 7,
    durationMs: 10_000,
    timeScale: 1,
    params: {},
    faults: [],
    steps: [{ id: 'a', anchor: { k: 'start' }, caption: 'a' }],
    adr: [],
    expect: {},
  };
}

function fakeSimulate() {
  return vi.fn(
    (s: Scenario, o: SimOptions): Trace => ({
      version: 2,
      scenario: s.id,
      algorithm: s.algorithm,
      seed: o.seed ?? s.seed,
      hosts: [{ id: 'node-1', kind: 'node' }],
      durationMs: s.durationMs,
      interventions: o.interventions ?? [],
      params: {},
      events: [],
      steps: [{ id: 'a', atMs: 0, eventIndex: -1, vars: {} }],
    }),
  );
}

const crash2: TimedFault = { atMs: 3000, fault: { kind: 'crash', node: 'node-2' } };
const pause1: TimedFault = { atMs: 1000, fault: { kind: 'pause', node: 'node-1', durationMs: 500 } };
const heal: TimedFault = { atMs: 5000, fault: { kind: 'heal' } };

describe('player store: interventions with undo / redo', () => {
  it('adds, removes, undoes and redoes as one history', () => {
    const store = createPlayerStore({ scenarios: [scenario('one')], simulate: fakeSimulate() });
    const s = () => store.getState();
    s().seek(4000);
    s().addIntervention(crash2);
    s().addIntervention(pause1);
    expect(s().interventions).toEqual([crash2, pause1]);
    expect(s().run?.trace.interventions).toEqual([crash2, pause1]);
    // The cursor stays where it was: only the future changed.
    expect(s().t).toBe(4000);
    s().removeIntervention(0);
    expect(s().interventions).toEqual([pause1]);
    s().undo();
    expect(s().interventions).toEqual([crash2, pause1]);
    s().undo();
    expect(s().interventions).toEqual([crash2]);
    s().undo();
    expect(s().interventions).toEqual([]);
    s().undo();
    expect(s().interventions).toEqual([]);
    s().redo();
    s().redo();
    expect(s().interventions).toEqual([crash2, pause1]);
    // A new change after an undo drops the redo branch.
    s().undo();
    s().addIntervention(heal);
    expect(s().interventions).toEqual([crash2, heal]);
    expect(s().history.future).toEqual([]);
    s().redo();
    expect(s().interventions).toEqual([crash2, heal]);
    expect(s().history.past.map((e) => e.interventions)).toEqual([[], [crash2]]);
  });

  it('reuses the run for the same set of interventions in any order', () => {
    const sim = fakeSimulate();
    const store = createPlayerStore({ scenarios: [scenario('one')], simulate: sim });
    const s = () => store.getState();
    s().addIntervention(crash2);
    s().addIntervention(pause1);
    const run = s().run;
    s().setInterventions([]);
    s().setInterventions([pause1, crash2]);
    expect(s().run).toBe(run);
    expect(sim).toHaveBeenCalledTimes(3);
  });

  it('forgets interventions and history when another scenario opens', () => {
    const store = createPlayerStore({
      scenarios: [scenario('one'), scenario('two')],
      simulate: fakeSimulate(),
    });
    store.getState().addIntervention(crash2);
    store.getState().selectScenario('two');
    expect(store.getState()).toMatchObject({ interventions: [], history: { past: [], future: [] } });
  });

  it('refuses inputs that cannot be simulated and keeps the run on screen', () => {
    const sim = vi.fn((s: Scenario, o: SimOptions): Trace => {
      if (o.params?.ttlS === 1) throw new Error('ttlS must be >= 2, got 1');
      return fakeSimulate()(s, o);
    });
    const store = createPlayerStore({ scenarios: [scenario('one')], simulate: sim });
    const run = store.getState().run;
    store.getState().setParams({ ttlS: 1 });
    expect(store.getState()).toMatchObject({ params: {}, error: null, rejected: 'ttlS must be >= 2, got 1' });
    expect(store.getState().run).toBe(run);
    store.getState().setParams({ ttlS: 5 });
    expect(store.getState()).toMatchObject({ params: { ttlS: 5 }, rejected: null });
  });

  it('with the real simulator: undo restores the previous trace exactly, and order does not matter', () => {
    const lease = realScenarios.find((x) => x.id === 'etcd-lease');
    if (!lease) throw new Error('etcd-lease scenario missing');
    const store = createPlayerStore({ scenarios: [lease] });
    const s = () => store.getState();
    const before = JSON.stringify(s().run?.trace);
    expect(before).toBe(JSON.stringify(simulate(lease)));
    const a: TimedFault = { atMs: 20_000, fault: { kind: 'crash', node: 'node-1' } };
    const b: TimedFault = { atMs: 25_000, fault: { kind: 'pause', node: 'node-3', durationMs: 4000 } };
    s().addIntervention(a);
    s().addIntervention(b);
    const ab = JSON.stringify(s().run?.trace);
    expect(ab).not.toBe(before);
    expect(JSON.stringify(simulate(lease, { interventions: [b, a] }))).toBe(ab);
    s().undo();
    s().undo();
    expect(JSON.stringify(s().run?.trace)).toBe(before);
    s().redo();
    s().redo();
    expect(JSON.stringify(s().run?.trace)).toBe(ab);
  });
});
