import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { createRng } from '../../lib/rng.ts';
import { startSimulation } from '../simulate.ts';
import { type Bounds, type ExploreInput, explore, fingerprint, type Memory, runPath } from './explore.ts';

const story = (id: string) => {
  const s = scenarioById(id);
  if (!s) throw new Error(`no ${id}`);
  return s;
};
// Traces counted: the exact-count tests read them.
const input = (id: string, bounds: Bounds): ExploreInput => ({
  scenario: story(id),
  params: {},
  bounds,
  traces: true,
});

/**
 * Bully, 3 nodes, no faults, 1 s: node-3 leads from the start (the highest id) and sends HEARTBEAT to
 * node-1 and node-2 at 300, 600 and 900 ms, 6 messages, nothing else (a heartbeat lands 20 to 60 ms
 * later, well inside the 900 ms timeout, so nobody suspects and nothing else is sent, even with one
 * of them lost: the next one lands before the timeout). Each message draws a latency, {the seed's,
 * 20, 60} (three values: the test checks the seed gave neither end), and a loss, {kept, lost}. With
 * at most 2 latencies away from the seed's and at most one message lost:
 * (1 + 6 x 2 + C(6,2) x 2^2) latency vectors x (no loss, or one of 6 lost) = 73 x 7 = 511 schedules,
 * every one a different trace (the send events' deliverAt, the drop events). Counted without merging:
 * a merged search stops a schedule at a world it has explored, and has no whole trace of it.
 */
const bully: Bounds = { nodes: 3, faults: 0, losses: 1, deviations: 2, horizonMs: 1000, pauseMs: 1000 };

/**
 * The lease, 2 nodes, one crash, 100 ms, the latency pinned to 20 ms and no loss: node-1 asks etcd
 * for a lease at 0 ms (node-2 starts in its retry slot, rank x retryMs / nodes = 1000 ms later,
 * lease/timing.ts, outside the horizon), and the exchange LEASE_GRANT, LEASE_GRANTED, RANGE,
 * RANGE_RESULT, TXN, TXN_RESULT moves one hop per 20 ms: callbacks are due at 20, 40, 60 and 80 ms,
 * and at 0 (node-1's start timer), so 5 event boundaries. At each, both nodes are up: crash node-1 or
 * node-2, or no fault. One crash in all: 1 schedule without it + 5 boundaries x 2 nodes = 11, each a
 * different trace (the fault event's time and node). Counted on the whole menu at every boundary
 * (`reduce: 'off'`); the reduced count is below.
 *
 * Worlds are fingerprinted at the boundaries where a choice is open, and at the first one after the
 * last choice (explore.ts). By hand:
 * - the run without a crash, with the crash still to spend: one at each of 0, 20, 40, 60, 80 ms: 5;
 * - node-2 crashed at 0, 20, 40 or 60 ms: the next boundary, node-1 alone at another step of its
 *   exchange each time: 4 (node-2 crashed at 80 ms meets no boundary after it);
 * - node-1 crashed at 20 ms: etcd grants the lease it asked for, LEASE_GRANTED is due at 40 ms to a
 *   dead node: 1 world (40 ms). At 60 ms likewise (RANGE_RESULT due at 80 ms): 1;
 * - node-1 crashed at 0, 40 or 80 ms: nothing is due after it within the horizon (its own start, the
 *   LEASE_GRANTED or the RANGE_RESULT is dropped in the same ms): no boundary, no world.
 * 5 + 4 + 1 + 1 = 11 worlds. The level without a crash (K spent: 0 of 0) has no choice open and no
 * choice made: none of its boundaries is fingerprinted.
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
    const r = bullyRuns().unmerged;
    expect(r.outcome).toBe('clean');
    expect(r.stats.traces).toBe(511);
    expect(r.stats.pruned).toBe(0);
  });

  const leaseInput = { ...input('etcd-lease', lease), params: { latencyMinMs: 20, latencyMaxMs: 20 } };

  it('the lease, 2 nodes, one crash, 100 ms: exactly 11 distinct traces (1 + 5 boundaries x 2 nodes)', () => {
    const r = explore({ ...leaseInput, merge: false, reduce: 'off' });
    expect(r.outcome).toBe('clean');
    expect(r.stats.traces).toBe(11);
    expect(r.stats.worlds).toBe(11);
  });

  it('the lease, 2 nodes, one crash, 100 ms, merged: the same 11 worlds (none met twice)', () => {
    const merged = explore({ ...leaseInput, reduce: 'off' });
    expect(merged.outcome).toBe('clean');
    expect(merged.stats.worlds).toBe(11);
    expect(merged.stats.pruned).toBe(0);
    expect(merged.worlds).toEqual(explore({ ...leaseInput, merge: false, reduce: 'off' }).worlds);
  });

  /**
   * Reduced (reduce.ts): a node's crash is offered at the run's first boundary and after a millisecond
   * that touched the node. Every millisecond of the 5 touches node-1 (its start timer at 0, then each
   * hop of its exchange is a delivery to or from it): 5 crashes of node-1. Nothing touches node-2
   * after 0 ms (its start timer, due at 1000 ms, was scheduled before the first boundary): its crash is
   * offered at 0 ms only, and a crash at 20, 40, 60 or 80 ms is that one moved past milliseconds it
   * commutes with. 1 + 5 + 1 = 7 traces. Worlds: the 5 of the run without a crash, node-1 crashed at
   * 20 and 60 ms (2, as above), node-2 crashed at 0 ms (1, at 20 ms): 8. The 3 worlds of node-2
   * crashed at 20, 40, 60 ms are still reached (node-2 crashed at 0 ms passes them), but after the
   * schedule's last choice, where no world is fingerprinted: with `everyWorld` the sets are equal.
   */
  it('the lease, 2 nodes, one crash, 100 ms, reduced: exactly 7 traces and 8 worlds, and every world of the whole menu', () => {
    const r = explore({ ...leaseInput, merge: false });
    expect(r.outcome).toBe('clean');
    expect(r.stats.traces).toBe(7);
    expect(r.stats.worlds).toBe(8);
    const all = { ...leaseInput, merge: false, everyWorld: true };
    expect(explore(all).worlds).toEqual(explore({ ...all, reduce: 'off' }).worlds);
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

  it('every world 1,000 random schedules within the bounds meet is in the explored (merged) set', () => {
    const r = levelByLevel();
    expect(r.outcome).toBe('clean');
    expect(r.stats.pruned).toBeGreaterThan(0);
    const rng = createRng(41);
    const top = 3;
    const met: Memory = { worlds: new Set(), explored: new Set() };
    for (let i = 0; i < 1000; i++)
      // Drawn from the whole menu at every boundary: the explored set is the reduced search's.
      runPath({ ...mixed, merge: false, reduce: 'off' }, (_i, size) => rng.int(0, size - 1), top, met);
    expect(met.worlds.size).toBeGreaterThan(100);
    for (const w of met.worlds) expect(r.worlds.has(w)).toBe(true);
  });

  it('level by level and in one pass, the search reaches the same set of worlds on 3 nodes', () => {
    const deepening = levelByLevel();
    const onePass = explore({ ...mixed, deepening: false });
    expect(deepening.worlds.size).toBeGreaterThan(500);
    expect(onePass.worlds).toEqual(deepening.worlds);
  });
});

let bullyCache: { merged: ReturnType<typeof explore>; unmerged: ReturnType<typeof explore> } | undefined;
/** The Bully configuration above, searched merged and unmerged (once for the file). */
function bullyRuns() {
  bullyCache ??= {
    merged: explore(input('bully', bully)),
    unmerged: explore({ ...input('bully', bully), merge: false }),
  };
  return bullyCache;
}

/** The world's text without the queue's pending entries (its last key): a fingerprint blind to them. */
const withoutQueue = (w: string) => w.replace(/,"queue":\[.*\]\}$/, '}');

describe('explore: merging worlds prunes, and loses none', () => {
  // The lease, 3 nodes, two faults of the whole menu, 500 ms: the store, the storage and three
  // nodes (with one fault a world is fingerprinted only up to the fault and just after it, and no two
  // schedules meet at the same time with the same budget left: nothing to merge).
  const lease3 = input('etcd-lease', {
    nodes: 3,
    faults: 2,
    losses: 0,
    deviations: 0,
    horizonMs: 500,
    pauseMs: 1000,
  });
  // Bully, 3 nodes, two faults of the whole menu, 700 ms.
  const bully3 = input('bully', {
    nodes: 3,
    faults: 2,
    losses: 0,
    deviations: 0,
    horizonMs: 700,
    pauseMs: 1000,
  });

  it('Bully, 3 nodes, L = 1, D = 2: the pruned and unpruned searches reach the same worlds', () => {
    const { merged, unmerged } = bullyRuns();
    expect(merged.stats.pruned).toBeGreaterThan(0);
    expect(merged.stats.schedules).toBeLessThan(unmerged.stats.schedules);
    expect(merged.worlds.size).toBeGreaterThan(400);
    expect(merged.worlds).toEqual(unmerged.worlds);
  });

  // Unreduced: the reduction (reduce.ts) leaves merging little to prune here (469 schedules either way).
  it('the lease, 3 nodes, K = 2 of the whole menu, 500 ms: the pruned and unpruned searches reach the same worlds', () => {
    const merged = explore({ ...lease3, reduce: 'off' });
    const unmerged = explore({ ...lease3, merge: false, reduce: 'off' });
    expect(merged.outcome).toBe('clean');
    expect(merged.stats.pruned).toBeGreaterThan(0);
    expect(merged.stats.schedules).toBeLessThan(unmerged.stats.schedules);
    expect(merged.worlds.size).toBeGreaterThan(300);
    expect(merged.worlds).toEqual(unmerged.worlds);
  });

  it('a fingerprint blind to the queue merges different futures: the pruned search then misses worlds', () => {
    const full = [explore(bully3), explore({ ...bully3, merge: false })];
    expect(full[0]?.stats.pruned).toBeGreaterThan(0);
    expect(full[0]?.worlds).toEqual(full[1]?.worlds);
    // Merging compares the worlds without their queues; the worlds met are still counted whole.
    const blind: ExploreInput = { ...bully3, mergeOn: withoutQueue };
    expect(withoutQueue('{"net":1,"queue":[[0,1,"",{}]]}')).toBe('{"net":1}');
    const merged = explore(blind);
    expect(merged.stats.pruned).toBeGreaterThan(full[0]?.stats.pruned ?? 0);
    expect(merged.worlds.size).toBeLessThan(full[1]?.worlds.size ?? 0);
  });
});

describe('explore: what a fingerprint of a world tells apart', () => {
  const crash = (node: string) => ({ kind: 'crash' as const, node });
  const bullyAt = (faults: { atMs: number; fault: ReturnType<typeof crash> }[], t: number) => {
    const sim = startSimulation(story('bully'), {
      withoutScript: true,
      nodes: 3,
      durationMs: 2000,
      states: false,
      interventions: faults,
    });
    sim.advance(t);
    return { world: sim.world(), trace: fingerprint(sim.events) };
  };

  it('two schedules that differ only in an order that changes nothing reach one world', () => {
    // node-1 and node-2 crash at 300 and 301 ms, one order or the other: nothing reaches either in
    // between (a heartbeat takes 20 ms at least), so after both the world is the same.
    const a = bullyAt(
      [
        { atMs: 300, fault: crash('node-1') },
        { atMs: 301, fault: crash('node-2') },
      ],
      500,
    );
    const b = bullyAt(
      [
        { atMs: 300, fault: crash('node-2') },
        { atMs: 301, fault: crash('node-1') },
      ],
      500,
    );
    expect(a.trace).not.toBe(b.trace);
    expect(a.world).not.toBeNull();
    expect(a.world).toBe(b.world);
  });

  it('a pending timer due at another time is another world: time normalization keeps futures apart', () => {
    // The same pause at the same time, 1000 or 1100 ms long: at 500 ms only the resume's due time
    // differs (600 or 700 ms from now).
    const pausedFor = (durationMs: number) => {
      const sim = startSimulation(story('bully'), {
        withoutScript: true,
        nodes: 3,
        durationMs: 2000,
        states: false,
        interventions: [{ atMs: 100, fault: { kind: 'pause', node: 'node-3', durationMs } }],
      });
      sim.advance(500);
      return sim.world() as string;
    };
    const a = pausedFor(1000);
    const b = pausedFor(1100);
    expect(a).not.toBe(b);
    // All else is the same: the resume, due 600 ms from now in one, 700 in the other.
    const resume = /\[(600|700),1,"",\{"fault":\{"kind":"resume"/;
    expect(a).toMatch(resume);
    expect(a.replace(resume, 'R')).toBe(b.replace(resume, 'R'));
  });
});

describe('explore: distinct traces are only counted', () => {
  it('without them (the CLI, the app): the same schedules, worlds, pruning and outcome, and no trace hashed', () => {
    const lease2: Bounds = { nodes: 3, faults: 2, losses: 0, deviations: 0, horizonMs: 300, pauseMs: 1000 };
    const counted = explore(input('etcd-lease', lease2));
    const not = explore({ ...input('etcd-lease', lease2), traces: false });
    expect(counted.stats.traces).toBeGreaterThan(100);
    expect(not.stats).toEqual({ ...counted.stats, traces: 0 });
    expect(not.traces.size).toBe(0);
    expect(not.worlds).toEqual(counted.worlds);
    expect(not.outcome).toBe(counted.outcome);
    // Off unless asked for, as every caller but these tests runs it.
    const { traces: _, ...byDefault } = input('etcd-lease', lease2);
    expect(explore(byDefault).stats.traces).toBe(0);
  });
});
