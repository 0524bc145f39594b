import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParamError } from '../../params.ts';
import type { ScenarioInput, TimedFault } from '../../scenario/schema.ts';
import { testScenario } from '../../scenario/testScenario.ts';
import { simulate, startSimulation } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import type { Trace } from '../../trace/trace.ts';
import { bully } from './index.ts';

function scenario(nodes: number, faults: TimedFault[], extra: Partial<ScenarioInput> = {}) {
  return testScenario('bully', { nodes, seed: 1, durationMs: 2500, faults, ...extra });
}

const crash = (atMs: number, node: string): TimedFault => ({ atMs, fault: { kind: 'crash', node } });
const restart = (atMs: number, node: string): TimedFault => ({ atMs, fault: { kind: 'restart', node } });

type Send = Extract<TraceEvent, { k: 'send' }>;
const sends = (tr: Trace, type?: string): Send[] =>
  tr.events.filter((e): e is Send => e.k === 'send' && (type === undefined || e.type === type));

function countByType(tr: Trace): Record<string, number> {
  const out: Record<string, number> = { ELECTION: 0, OK: 0, COORDINATOR: 0 };
  for (const e of sends(tr)) if (e.type !== 'HEARTBEAT') out[e.type] = (out[e.type] ?? 0) + 1;
  return out;
}

/** Nodes that believe they lead at the end (a crash ends a belief). */
function leadersAtEnd(tr: Trace): string[] {
  const role = new Map<string, string>();
  for (const e of tr.events) {
    if (e.k === 'role') role.set(e.node, e.role);
    if (e.k === 'fault' && e.fault.kind === 'crash') role.delete(e.fault.node);
  }
  return [...role].filter(([, r]) => r === 'leader').map(([n]) => n);
}

/**
 * Worst case, n nodes, node-n down, node-1 notices first and every other node is drawn in by an
 * ELECTION before its own timeout:
 *   ELECTION    = sum_{i=1}^{n-1} (n-i)   = n(n-1)/2      (node-i asks every higher id, node-n included)
 *   OK          = sum_{i=2}^{n-1} (i-1)   = (n-1)(n-2)/2  (live node-i answers each of its i-1 lower nodes)
 *   COORDINATOR = n-1                                       (node-(n-1) tells every other node, dead node-n too)
 *   total       = n(n-1)
 */
const expected = (n: number) => ({
  ELECTION: (n * (n - 1)) / 2,
  OK: ((n - 1) * (n - 2)) / 2,
  COORDINATOR: n - 1,
});

describe('bully: worst-case message counts (highest down, lowest notices)', () => {
  it.each([3, 4, 5, 10, 50])('n = %i matches the closed form and node-(n-1) wins', (n) => {
    const tr = simulate(scenario(n, [crash(0, `node-${n}`)]));
    expect(countByType(tr)).toEqual(expected(n));
    expect(leadersAtEnd(tr)).toEqual([`node-${n - 1}`]);
    // node-i sends exactly n-i ELECTIONs: one election per node, no restarts.
    for (let i = 1; i < n; i++)
      expect(sends(tr, 'ELECTION').filter((e) => e.from === `node-${i}`)).toHaveLength(n - i);
    // node-1 is the one that noticed; nobody else's detector fired.
    const missing = tr.events.filter((e) => e.k === 'mark' && e.name === 'leader-missing');
    expect(missing.map((e) => (e as { node: string }).node)).toEqual(['node-1']);
    // The winner's mark carries the run's tally (used by the scenario's caption).
    const won = tr.events.find((e) => e.k === 'mark' && e.name === 'won');
    expect(won).toMatchObject({
      node: `node-${n - 1}`,
      data: {
        nodes: n,
        elections: (n * (n - 1)) / 2,
        oks: ((n - 1) * (n - 2)) / 2,
        coordinators: n - 1,
        messages: n * (n - 1),
      },
    });
  });

  // How fast is a benchmark figure (`npm run bench`: Bully n = 200 under 1 s), not a test threshold.
  it('n = 200 gives n(n-1) = 39,800 election messages', () => {
    const tr = simulate(scenario(200, [crash(0, 'node-200')]));
    expect(countByType(tr)).toEqual(expected(200));
    expect(leadersAtEnd(tr)).toEqual(['node-199']);
  });
});

describe('bully: who wins', () => {
  it('the winner is always the highest live node', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            // Nodes other than the top that are down from the start (the top always is).
            down: fc.subarray(Array.from({ length: n - 2 }, (_, i) => i + 2)),
            seed: fc.integer({ min: 0, max: 10_000 }),
          }),
        ),
        ({ n, down, seed }) => {
          const dead = [n, ...down];
          const tr = simulate(
            scenario(
              n,
              dead.map((k) => crash(0, `node-${k}`)),
              { durationMs: 4000 },
            ),
            { seed },
          );
          const live = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !dead.includes(k));
          expect(leadersAtEnd(tr)).toEqual([`node-${Math.max(...live)}`]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('when the new coordinator dies too, the next one down takes over', () => {
    const tr = simulate(scenario(5, [crash(0, 'node-5'), crash(2000, 'node-4')], { durationMs: 5000 }));
    expect(leadersAtEnd(tr)).toEqual(['node-3']);
    const roles = tr.events
      .filter((e) => e.k === 'role' && e.role === 'leader')
      .map((e) => (e as { node: string }).node);
    expect(roles).toEqual(['node-5', 'node-4', 'node-3']);
  });

  it('a restarted highest node bullies at once: COORDINATOR to all, no ELECTION', () => {
    const tr = simulate(scenario(5, [crash(0, 'node-5'), restart(2000, 'node-5')], { durationMs: 4000 }));
    const sinceRestart = (e: TraceEvent) => e.t >= 2000;
    const fromTop = sends(tr).filter((e) => sinceRestart(e) && e.from === 'node-5' && e.type !== 'HEARTBEAT');
    expect(fromTop.map((e) => `${e.type}->${e.to}`)).toEqual([
      'COORDINATOR->node-1',
      'COORDINATOR->node-2',
      'COORDINATOR->node-3',
      'COORDINATOR->node-4',
    ]);
    expect(fromTop.every((e) => e.t === 2000)).toBe(true);
    expect(tr.events.find((e) => sinceRestart(e) && e.k === 'role' && e.node === 'node-5')).toMatchObject({
      t: 2000,
      role: 'leader',
    });
    // Nobody holds another election: the old coordinator simply yields.
    expect(sends(tr, 'ELECTION').filter(sinceRestart)).toHaveLength(0);
    expect(leadersAtEnd(tr)).toEqual(['node-5']);
  });

  it('a restarted lower node holds an election and the highest live node stays coordinator', () => {
    const tr = simulate(
      scenario(5, [crash(0, 'node-5'), crash(1500, 'node-2'), restart(2500, 'node-2')], { durationMs: 4500 }),
    );
    const atRestart = sends(tr, 'ELECTION').filter((e) => e.t === 2500);
    expect(atRestart.map((e) => `${e.from}->${e.to}`)).toEqual([
      'node-2->node-3',
      'node-2->node-4',
      'node-2->node-5',
    ]);
    expect(leadersAtEnd(tr)).toEqual(['node-4']);
  });

  it('after a partition heals, the lower of two coordinators yields to the higher', () => {
    const groups = [['node-5'], ['node-1', 'node-2', 'node-3', 'node-4']];
    const tr = simulate(
      scenario(
        5,
        [
          { atMs: 100, fault: { kind: 'partition', groups } },
          { atMs: 3000, fault: { kind: 'heal' } },
        ],
        {
          durationMs: 5000,
        },
      ),
    );
    const leaderRoles = tr.events.filter((e) => e.k === 'role' && e.role === 'leader');
    expect(leaderRoles.map((e) => (e as { node: string }).node)).toEqual(['node-5', 'node-4']);
    expect(leadersAtEnd(tr)).toEqual(['node-5']);
  });
});

describe('bully: lossy network', () => {
  it('with 10% message loss it still converges on the highest live node', () => {
    // node-6 is down, node-5 dies at 3 s, node-6 comes back at 5 s and dies again at 7 s: node-4 must end up.
    const faults = [
      crash(0, 'node-6'),
      crash(3000, 'node-5'),
      restart(5000, 'node-6'),
      crash(7000, 'node-6'),
    ];
    const sc = scenario(6, faults, { durationMs: 11_000 });
    for (let seed = 0; seed < 20; seed++) {
      const tr = simulate(sc, { seed, params: { dropRate: 0.1 } });
      expect(tr.events.some((e) => e.k === 'drop' && e.reason === 'loss')).toBe(true);
      expect(leadersAtEnd(tr), `seed ${seed}`).toEqual(['node-4']);
    }
  });
});

describe('bully: params and determinism', () => {
  it('refuses an answer timeout that a live node cannot meet (a round trip)', () => {
    const sc = scenario(5, [crash(0, 'node-5')]);
    expect(() => simulate(sc, { params: { answerTimeoutMs: 120 } })).toThrow(ParamError);
    expect(() => simulate(sc, { params: { answerTimeoutMs: 120 } })).toThrow(
      /answerTimeoutMs must exceed 2 x latencyMaxMs/,
    );
    expect(() => simulate(sc, { params: { answerTimeoutMs: 121 }, durationMs: 10 })).not.toThrow();
    expect(() => simulate(sc, { params: { coordinatorTimeoutMs: 320 } })).toThrow(/coordinatorTimeoutMs/);
    expect(() => simulate(sc, { params: { heartbeatTimeoutMs: 360 } })).toThrow(/heartbeatTimeoutMs/);
  });

  it('detectionStaggerMs 0: everyone notices at once, still one coordinator, more messages', () => {
    const tr = simulate(scenario(5, [crash(0, 'node-5')]), { params: { detectionStaggerMs: 0 } });
    expect(leadersAtEnd(tr)).toEqual(['node-4']);
    const missing = tr.events.filter((e) => e.k === 'mark' && e.name === 'leader-missing');
    expect(missing).toHaveLength(4);
  });

  it('the same seed gives a byte-identical trace; another seed a different one', () => {
    const sc = scenario(7, [crash(0, 'node-7'), crash(1800, 'node-6'), restart(2200, 'node-7')], {
      durationMs: 3500,
    });
    const a = JSON.stringify(simulate(sc, { seed: 42 }));
    const b = JSON.stringify(simulate(sc, { seed: 42 }));
    expect(a).toBe(b);
    expect(JSON.stringify(simulate(sc, { seed: 43 }))).not.toBe(a);
  });

  it('declares node ids and bounds', () => {
    expect(bully.nodeIds(3)).toEqual(['node-1', 'node-2', 'node-3']);
    expect([bully.minNodes, bully.maxNodes]).toEqual([2, 200]);
  });
});

describe('bully: one fault costs at most 2·n(n−1) election messages (Garcia-Molina 1982: O(n²) per election)', () => {
  /**
   * ELECTION + OK + COORDINATOR sent from the fault on, counted while the run goes, so that a storm
   * fails the property at the bound instead of running on.
   */
  function electionMessagesAfter(sc: ReturnType<typeof scenario>, fromMs: number, bound: number): number {
    const sim = startSimulation(sc);
    let seen = 0;
    let count = 0;
    for (;;) {
      const there = sim.advance(sim.durationMs, 20_000);
      for (; seen < sim.events.length; seen++) {
        const e = sim.events[seen] as TraceEvent;
        if (e.k === 'send' && e.t >= fromMs && e.type !== 'HEARTBEAT') count++;
      }
      if (there || count > bound) return count;
    }
  }

  it('a crash, a crash and restart, or a pause of any node, n from 3 to 200', () => {
    const fault = fc.integer({ min: 3, max: 200 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        node: fc.integer({ min: 1, max: n }),
        kind: fc.constantFrom('crash', 'restart', 'pause'),
        atMs: fc.integer({ min: 500, max: 3000 }),
        // How long the node is down or paused: shorter and longer than the failure detector.
        downMs: fc.integer({ min: 50, max: 4000 }),
      }),
    );
    fc.assert(
      fc.property(fault, ({ n, node, kind, atMs, downMs }) => {
        const id = `node-${node}`;
        const faults: TimedFault[] =
          kind === 'crash'
            ? [crash(atMs, id)]
            : kind === 'restart'
              ? [crash(atMs, id), restart(atMs + downMs, id)]
              : [{ atMs, fault: { kind: 'pause', node: id, durationMs: downMs } }];
        const bound = 2 * n * (n - 1);
        const sc = scenario(n, faults, { durationMs: atMs + downMs + 4000 });
        expect(electionMessagesAfter(sc, atMs, bound)).toBeLessThanOrEqual(bound);
      }),
      { seed: 39, numRuns: 30 },
    );
  });

  it('negative control: the short textbook rule (holdOnEveryElection on) storms past the bound on a restart', () => {
    const n = 12;
    const sc = scenario(n, [crash(700, 'node-1'), restart(2700, 'node-1')], {
      durationMs: 8000,
      params: { holdOnEveryElection: true },
    });
    const bound = 2 * n * (n - 1);
    expect(electionMessagesAfter(sc, 700, bound)).toBeGreaterThan(bound);
  });

  it('node-1 restarted: n² − 1 messages (each node takes part once, the coordinator answers each asker)', () => {
    for (const n of [5, 10, 20, 50]) {
      const sc = scenario(n, [crash(700, 'node-1'), restart(2700, 'node-1')], { durationMs: 8000 });
      const tr = simulate(sc);
      const after = sends(tr).filter((e) => e.t >= 700 && e.type !== 'HEARTBEAT');
      expect(after, `n = ${n}`).toHaveLength(n * n - 1);
      expect(leadersAtEnd(tr)).toEqual([`node-${n}`]);
    }
  });
});
