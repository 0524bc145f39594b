import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { simulate } from '../sim/simulate.ts';
import { createPlayerStore } from './store.ts';

describe('loadTrace: an imported trace instead of a simulation', () => {
  const fencing = scenarios.find((s) => s.id === 'fencing-token');
  if (!fencing) throw new Error('fencing-token scenario missing');
  const trace = JSON.parse(JSON.stringify(simulate(fencing, { seed: 99 })));

  it('shows the trace as is, from its start, marked imported', () => {
    const store = createPlayerStore({ scenarios });
    store.getState().seek(500);
    expect(store.getState().loadTrace(trace)).toBe(true);
    const s = store.getState();
    expect(s.imported).toBe(true);
    expect(s.scenarioId).toBe('fencing-token');
    expect(s.run?.trace).toBe(trace);
    expect(s.run?.index.trace).toBe(trace);
    expect(s.seed).toBe(99);
    expect(s.playing).toBe(false);
    expect(s.t).toBeLessThanOrEqual(trace.steps[0]?.atMs ?? 0);
  });

  it('refuses a trace of an unknown scenario and keeps the run', () => {
    const store = createPlayerStore({ scenarios });
    const before = store.getState().run;
    expect(store.getState().loadTrace({ ...trace, scenario: 'nope' })).toBe(false);
    expect(store.getState().run).toBe(before);
    expect(store.getState().imported).toBe(false);
  });

  it('selecting a scenario goes back to the live simulation', () => {
    const store = createPlayerStore({ scenarios });
    store.getState().loadTrace(trace);
    store.getState().selectScenario('fencing-token');
    expect(store.getState().imported).toBe(false);
    expect(store.getState().run?.trace).not.toBe(trace);
  });
});
