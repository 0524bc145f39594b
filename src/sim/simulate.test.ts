import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { DEFAULT_BUDGET, SimError, type SimOptions } from './inputs.ts';
import type { Scenario, TimedFault } from './scenario/schema.ts';
import { simulate, startSimulation } from './simulate.ts';

describe('simulate', () => {
  it.each(scenarios.map((s) => [s.id, s] as const))(
    '%s: the same inputs give a byte-identical trace',
    (_id, s) => {
      const a = JSON.stringify(simulate(s));
      const b = JSON.stringify(simulate(s));
      expect(b).toBe(a);
      expect(JSON.stringify(simulate(s, { seed: s.seed + 1 }))).not.toBe(a);
    },
  );

  it('states: false leaves out the statechart moves and nothing else', () => {
    for (const id of ['bully', 'etcd-lease', 'patroni', 'sharded-leadership']) {
      const sc = scenarios.find((s) => s.id === id);
      if (!sc) throw new Error(id);
      const full = simulate(sc);
      const lean = simulate(sc, { states: false });
      expect(
        full.events.some((e) => e.k === 'state'),
        id,
      ).toBe(true);
      expect(
        lean.events.some((e) => e.k === 'state'),
        id,
      ).toBe(false);
      expect(lean.events, id).toEqual(full.events.filter((e) => e.k !== 'state'));
      // The same steps, their event indexes shifted past the state events left out.
      const nonState = (i: number) => full.events.slice(0, i).filter((e) => e.k !== 'state').length;
      expect(lean.steps, id).toEqual(
        full.steps.map((st) => (st.eventIndex >= 0 ? { ...st, eventIndex: nonState(st.eventIndex) } : st)),
      );
    }
  });

  it('interventions give the same trace whatever order they were applied in', () => {
    const s = scenarios.find((x) => x.id === 'etcd-lease');
    if (!s) throw new Error('etcd-lease missing');
    const faults: TimedFault[] = [
      { atMs: 5000, fault: { kind: 'crash', node: 'node-3' } },
      { atMs: 5000, fault: { kind: 'pause', node: 'node-2', durationMs: 4000 } },
      { atMs: 12_000, fault: { kind: 'isolate', node: 'node-4', from: 'store' } },
      { atMs: 20_000, fault: { kind: 'restart', node: 'node-3' } },
    ];
    const a = JSON.stringify(simulate(s, { interventions: faults }));
    const b = JSON.stringify(simulate(s, { interventions: [...faults].reverse() }));
    const c = JSON.stringify(
      simulate(s, { interventions: [faults[2], faults[0], faults[3], faults[1]] as TimedFault[] }),
    );
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('an intervention leaves the past before it unchanged', () => {
    const s = scenarios.find((x) => x.id === 'etcd-lease');
    if (!s) throw new Error('etcd-lease missing');
    const base = simulate(s);
    const forked = simulate(s, {
      interventions: [{ atMs: 15_000, fault: { kind: 'crash', node: 'node-2' } }],
    });
    const pastOf = (tr: typeof base) => JSON.stringify(tr.events.filter((e) => e.t < 15_000));
    expect(pastOf(forked)).toBe(pastOf(base));
    expect(JSON.stringify(forked.events)).not.toBe(JSON.stringify(base.events));
  });

  it('refuses a fault naming an unknown host', () => {
    const s = scenarios[0];
    if (!s) throw new Error('no scenarios');
    expect(() =>
      simulate(s, { interventions: [{ atMs: 1, fault: { kind: 'crash', node: 'node-99' } }] }),
    ).toThrow(/unknown host "node-99"/);
  });
});

describe('a run’s budget', () => {
  const lease = scenarios.find((s) => s.id === 'etcd-lease');
  if (!lease) throw new Error('etcd-lease');
  const stopOf = (step: number, budget: SimOptions['budget']): string => {
    const sim = startSimulation(lease, { budget, durationMs: 3_600_000 });
    try {
      while (!sim.advance(sim.durationMs, step));
    } catch (e) {
      if (!(e instanceof SimError)) throw e;
      return `${e.message} after ${sim.events.length} events`;
    }
    return 'finished';
  };

  it.each([
    [{ events: 5000 }, /more than 5,000 trace events/],
    [{ callbacks: 9000 }, /more than 9,000 callbacks/],
    [{ inFlight: 1 }, /more than 1 messages in flight/],
  ])(
    '%j stops the run at the same event however it is sliced (a worker, the page, the CLI)',
    (budget, msg) => {
      const whole = stopOf(Number.POSITIVE_INFINITY, budget);
      expect(whole).toMatch(msg);
      expect(stopOf(1, budget)).toBe(whole);
      expect(stopOf(997, budget)).toBe(whole);
    },
  );

  it('admits the stories with the default budget, and simulate() throws the SimError past it', () => {
    expect(() => simulate(lease, { durationMs: 3_600_000, budget: { events: 5000 } })).toThrow(SimError);
    expect(simulate(lease).events.length).toBeLessThan(DEFAULT_BUDGET.events);
  });
});

describe('a simulation sharing its past (Simulation.share)', () => {
  it("holds the other copy's events up to where they differ, and its trace is unchanged", () => {
    const lease = scenarios.find((s) => s.id === 'etcd-lease') as Scenario;
    const opts = { durationMs: 120_000 };
    const other = simulate(lease, opts).events;
    const sim = startSimulation(lease, opts);
    sim.advance(60_000);
    const n = sim.events.length;
    // A copy that differs from the 10th event on: the first nine are taken, no more.
    const differs = other.map((e, i) => (i === 9 ? { ...e, t: e.t + 1 } : e));
    sim.share(differs);
    expect(sim.events.slice(0, 9).every((e, i) => e === other[i])).toBe(true);
    expect(sim.events.slice(9, n).some((e, i) => e === other[i + 9])).toBe(false);
    sim.advance(sim.durationMs);
    expect(JSON.stringify(sim.finish())).toBe(JSON.stringify(simulate(lease, opts)));
  });
});
