import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import { gc } from '../testing/gc.ts';
import { simulate, startSimulation } from './simulate.ts';

describe('simulate: the last run of each algorithm is kept warm, without its trace', () => {
  it('a finished run whose trace is dropped leaves its events to the collector', async () => {
    const story = scenarioById('etcd-lease');
    if (!story) throw new Error('etcd-lease missing');
    let trace: ReturnType<typeof simulate> | null = simulate(story, { durationMs: 60_000 });
    const events = new WeakRef(trace.events);
    const first = new WeakRef(trace.events[0] as object);
    expect(trace.events.length).toBeGreaterThan(100);
    trace = null;
    // A WeakRef holds its target until the task that made it ends.
    await new Promise((r) => setTimeout(r, 0));
    gc();
    gc();
    // The run's hosts are still held (keepWarm): their closures reach the run's scope, not its events.
    expect(events.deref()).toBeUndefined();
    expect(first.deref()).toBeUndefined();
  });

  it('a finished run still gives its events and the same trace', () => {
    const story = scenarioById('bully');
    if (!story) throw new Error('bully missing');
    const sim = startSimulation(story, { durationMs: 20_000 });
    sim.advance(sim.durationMs);
    const n = sim.events.length;
    const trace = sim.finish();
    expect(sim.events).toHaveLength(n);
    expect(trace.events).toBe(sim.events);
    expect(sim.finish()).toBe(trace);
    expect(simulate(story, { durationMs: 20_000 }).events).toEqual(trace.events);
  });
});
