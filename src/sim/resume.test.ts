import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { algorithmFor } from './algorithms/registry.ts';
import type { Fault } from './faults/table.ts';
import { canonicalFaults, SimError } from './inputs.ts';
import type { Scenario, TimedFault } from './scenario/schema.ts';
import { simulate, startSimulation } from './simulate.ts';

/**
 * A run picked up mid-way gives the trace simulate() gives from time 0: sliced (advance with few
 * steps at a time), and with its faults ahead changed (retarget) at a checkpoint. This is what lets
 * the player re-simulate from a checkpoint at the cursor instead of from the start.
 */

const need = (id: string): Scenario => {
  const s = scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`${id} missing`);
  return s;
};

function faultArb(nodes: readonly string[]): fc.Arbitrary<Fault> {
  const node = fc.constantFrom(...nodes);
  return fc.oneof(
    node.map((n): Fault => ({ kind: 'crash', node: n })),
    node.map((n): Fault => ({ kind: 'restart', node: n })),
    fc
      .tuple(node, fc.integer({ min: 1, max: 8000 }))
      .map(([n, d]): Fault => ({ kind: 'pause', node: n, durationMs: d })),
    node.map((n): Fault => ({ kind: 'isolate', node: n })),
    node.map((n): Fault => ({ kind: 'rejoin', node: n })),
    fc.constant<Fault>({ kind: 'heal' }),
    fc
      .shuffledSubarray([...nodes], { minLength: 1, maxLength: nodes.length - 1 })
      .map((g): Fault => ({ kind: 'partition', groups: [g, nodes.filter((x) => !g.includes(x))] })),
    fc
      .tuple(node, fc.double({ min: 0.5, max: 2, noNaN: true }))
      .map(([n, r]): Fault => ({ kind: 'clock-drift', node: n, rate: r })),
  );
}

const timed = (nodes: readonly string[], from: number, to: number) =>
  fc.record({ atMs: fc.integer({ min: from, max: to }), fault: faultArb(nodes) }) as fc.Arbitrary<TimedFault>;

const ids = ['etcd-lease', 'bully', 'split-brain', 'fencing-token', 'patroni'];

describe('a run picked up mid-way', () => {
  it.each(ids)('%s: sliced into pieces of a few callbacks, it is the same trace', (id) => {
    const s = need(id);
    const sim = startSimulation(s);
    let slices = 0;
    while (!sim.advance(s.durationMs, 7)) slices++;
    expect(slices).toBeGreaterThan(3);
    expect(JSON.stringify(sim.finish())).toBe(JSON.stringify(simulate(s)));
  });

  it.each(ids)('%s: faults changed ahead of a checkpoint give the trace of a run from time 0', (id) => {
    const s = need(id);
    const nodes = algorithmFor(s.algorithm).nodeIds(s.nodes);
    const d = s.durationMs;
    // Checkpoints on a millisecond where a message is sent are the ones where order can go wrong.
    const sendTimes = simulate(s).events.flatMap((e) => (e.k === 'send' ? [e.t] : []));
    fc.assert(
      fc.property(
        fc.array(timed(nodes, 0, d), { maxLength: 3 }),
        fc
          .integer({ min: 0, max: d })
          .chain((c) => fc.constantFrom(c, ...sendTimes.filter((t) => t >= c).slice(0, 3))),
        fc.array(timed(nodes, 0, d), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        (base, checkpoint, added, slice, dropAhead) => {
          const sim = startSimulation(s, { interventions: base });
          while (!sim.advance(checkpoint - 1, slice));
          // The faults the run already went through stay; ahead of it, some go and others come.
          const kept = base.filter((f) => f.atMs < checkpoint || !dropAhead);
          // Half of them exactly at the checkpoint, a millisecond where other callbacks already wait.
          const next = [
            ...kept,
            ...added.map((f, i) => ({ ...f, atMs: i % 2 === 0 ? checkpoint : Math.max(checkpoint, f.atMs) })),
          ];
          expect(sim.canRetarget(next)).toBe(true);
          sim.retarget(next);
          while (!sim.advance(d, slice));
          const whole = simulate(s, { interventions: next });
          expect(JSON.stringify(sim.finish())).toBe(JSON.stringify(whole));
        },
      ),
      { numRuns: 25, seed: 20261201 },
    );
  });

  it('refuses to change a fault the run has already gone through', () => {
    const s = need('etcd-lease');
    const early: TimedFault = { atMs: 1000, fault: { kind: 'crash', node: 'node-2' } };
    const sim = startSimulation(s, { interventions: [early] });
    sim.advance(5000);
    expect(sim.canRetarget([])).toBe(false);
    expect(() => sim.retarget([])).toThrow(SimError);
    expect(sim.canRetarget([early, { atMs: 5001, fault: { kind: 'heal' } }])).toBe(true);
    expect(sim.interventions).toEqual(canonicalFaults([early]));
  });

  it('a fault added at a checkpoint runs first in its millisecond, as if it had been there from the start', () => {
    // The crash lands in a millisecond where the node's own send is already queued: it must not send.
    const s = need('bully');
    const sends = simulate(s).events.filter((e) => e.k === 'send');
    const send = sends[Math.floor(sends.length / 2)];
    if (send?.k !== 'send') throw new Error('no send');
    const at = send.t;
    const f: TimedFault = { atMs: at, fault: { kind: 'crash', node: send.from } };
    const sim = startSimulation(s);
    sim.advance(at - 1);
    sim.retarget([f]);
    sim.advance(s.durationMs);
    const events = sim.finish().events.filter((e) => e.t === at);
    expect(events[0]?.k).toBe('fault');
    expect(events.some((e) => e.k === 'send' && e.from === send.from)).toBe(false);
    expect(JSON.stringify(sim.finish())).toBe(JSON.stringify(simulate(s, { interventions: [f] })));
  });
});
