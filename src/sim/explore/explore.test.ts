import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { createRng } from '../../lib/rng.ts';
import { type Bounds, type ExploreInput, explore, fingerprint, runPath } from './explore.ts';

const story = (id: string) => {
  const s = scenarioById(id);
  if (!s) throw new Error(`no ${id}`);
  return s;
};
const input = (id: string, bounds: Bounds): ExploreInput => ({ scenario: story(id), params: {}, bounds });

/**
 * Bully, 3 nodes, no faults, 1 s: node-3 leads from the start (the highest id) and sends HEARTBEAT to
 * node-1 and node-2 at 300, 600 and 900 ms, 6 messages, nothing else (a heartbeat lands 20 to 60 ms
 * later, well inside the 900 ms timeout, so nobody suspects and nothing else is sent, even with one
 * of them lost: the next one lands before the timeout). Each message draws a latency, {the seed's,
 * 20, 60} (three values: the test checks the seed gave neither end), and a loss, {kept, lost}. With
 * at most 2 latencies away from the seed's and at most one message lost:
 * (1 + 6 x 2 + C(6,2) x 2^2) latency vectors x (no loss, or one of 6 lost) = 73 x 7 = 511 schedules,
 * every one a different trace (the send events' deliverAt, the drop events).
 */
const bully: Bounds = { nodes: 3, faults: 0, losses: 1, deviations: 2, horizonMs: 1000, pauseMs: 1000 };

/**
 * The lease, 2 nodes, one crash, 100 ms, the latency pinned to 20 ms and no loss: node-1 asks etcd
 * for a lease at 0 ms (node-2 starts in its retry slot, rank x retryMs / nodes = 1000 ms later,
 * lease/timing.ts, outside the horizon), and the exchange LEASE_GRANT, LEASE_GRANTED, RANGE,
 * RANGE_RESULT, TXN, TXN_RESULT moves one hop per 20 ms: callbacks are due at 20, 40, 60 and 80 ms,
 * and at 0 (node-1's start timer), so 5 event boundaries. At each, both nodes are up: crash node-1 or
 * node-2, or no fault. One crash in all: 1 schedule without it + 5 boundaries x 2 nodes = 11, each a
 * different trace (the fault event's time and node).
 */
const lease: Bounds = {
  nodes: 2,
  faults: 1,
  losses: 0,
  deviations: 0,
  horizonMs: 100,
  pauseMs: 1000,
  kinds: ['crash'],
};

describe('explore: exhaustive within its bounds', () => {
  it('Bully, 3 nodes, no faults, 1 s: exactly 511 distinct traces (73 latency vectors x 7 loss choices)', () => {
    const seeded = runPath(input('bully', bully), () => 0, 0).events.flatMap((e) =>
      e.k === 'send' ? [e.deliverAt - e.t] : [],
    );
    expect(seeded).toHaveLength(6);
    for (const ms of seeded) expect([20, 60]).not.toContain(ms);
    const r = explore(input('bully', bully));
    expect(r.outcome).toBe('clean');
    expect(r.stats.distinct).toBe(511);
  });

  it('the lease, 2 nodes, one crash, 100 ms: exactly 11 distinct traces (1 + 5 boundaries x 2 nodes)', () => {
    const r = explore({ ...input('etcd-lease', lease), params: { latencyMinMs: 20, latencyMaxMs: 20 } });
    expect(r.outcome).toBe('clean');
    expect(r.stats.distinct).toBe(11);
  });

  // 3 nodes, a fault of the whole menu, a loss and a deviation: the search's every choice kind.
  const mixed = input('bully', {
    nodes: 3,
    faults: 1,
    losses: 1,
    deviations: 1,
    horizonMs: 700,
    pauseMs: 1000,
  });

  let explored: ReturnType<typeof explore> | undefined;
  const levelByLevel = () => {
    explored ??= explore(mixed);
    return explored;
  };

  it('every world 1,000 random schedules within the bounds reach is in the explored set', () => {
    const r = levelByLevel();
    expect(r.outcome).toBe('clean');
    const rng = createRng(41);
    const top = 3;
    for (let i = 0; i < 1000; i++) {
      const run = runPath(mixed, (_i, size) => rng.int(0, size - 1), top);
      expect(r.fingerprints.has(fingerprint(run.events))).toBe(true);
    }
  });

  it('level by level and in one pass, the search reaches the same set of traces on 3 nodes', () => {
    const deepening = levelByLevel();
    const onePass = explore({ ...mixed, deepening: false });
    expect(deepening.fingerprints.size).toBeGreaterThan(500);
    expect(onePass.fingerprints).toEqual(deepening.fingerprints);
    // One pass runs each schedule once; level by level runs the cheaper ones again at each level.
    expect(deepening.stats.schedules).toBeGreaterThan(onePass.stats.schedules);
  });
});
