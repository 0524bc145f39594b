import { describe, expect, it, vi } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { startSimulation } from '../simulate.ts';
import type { Fault } from '../trace/events.ts';
import { type Bounds, type ExploreInput, explore } from './explore.ts';
import { hostsOf, Reduction } from './reduce.ts';

const input = (id: string, bounds: Bounds): ExploreInput => {
  const scenario = scenarioById(id);
  if (!scenario) throw new Error(`no ${id}`);
  // Every boundary fingerprinted, every schedule run to its end: the sets compare whole.
  return { scenario, params: {}, bounds, merge: false, everyWorld: true };
};
const missing = (all: Set<string>, some: Set<string>) => [...all].filter((w) => !some.has(w)).length;

/**
 * Sound: the reduced search meets every world the whole menu at every boundary meets. Worlds, not only
 * final ones: a fault moved past independent events reaches the same world after them, and the world
 * before it is the run without it, which the reduced search passes too. Each world holds the
 * checkers' state, so the same verdicts follow.
 */
describe('explore: the reduction of fault boundaries loses no world', () => {
  // Bully, 3 nodes, two faults of the whole menu (crash, restart, pause, isolate, rejoin), 700 ms.
  const bully = input('bully', {
    nodes: 3,
    faults: 2,
    losses: 0,
    deviations: 0,
    horizonMs: 700,
    pauseMs: 1000,
  });
  // The lease, 3 nodes, two faults of the whole menu, 300 ms: the store, the storage and three nodes.
  const lease = input('etcd-lease', {
    nodes: 3,
    faults: 2,
    losses: 0,
    deviations: 0,
    horizonMs: 300,
    pauseMs: 1000,
  });

  let bullyOff: ReturnType<typeof explore> | undefined;
  const whole = () => {
    bullyOff ??= explore({ ...bully, reduce: 'off' });
    return bullyOff;
  };

  it('Bully, 3 nodes, K = 2: the same worlds in fewer schedules, merged or not', () => {
    const off = whole();
    const reduced = explore(bully);
    expect(off.worlds.size).toBeGreaterThan(500);
    expect(reduced.stats.schedules).toBeLessThan(off.stats.schedules);
    expect(reduced.worlds).toEqual(off.worlds);
    // With merging too (the CLI's default): the reduction's state is part of the merge key.
    expect(explore({ ...bully, merge: true }).worlds).toEqual(off.worlds);
  });

  it('the lease, 3 nodes, K = 2, 300 ms: the same worlds in fewer than half the schedules', () => {
    const off = explore({ ...lease, reduce: 'off' });
    const reduced = explore(lease);
    expect(off.worlds.size).toBeGreaterThan(300);
    expect(reduced.stats.schedules * 2).toBeLessThan(off.stats.schedules);
    expect(reduced.worlds).toEqual(off.worlds);
  });

  it('negative control: a reduction that takes deliveries for independent of their ends misses worlds', () => {
    const off = whole();
    const unsound = explore({ ...bully, unsoundReduction: true });
    expect(missing(off.worlds, unsound.worlds)).toBeGreaterThan(10);
  });

  it('coarse (pauses and restarts reduced too) is a narrower menu: it misses worlds, as the CLI says', () => {
    const off = whole();
    const coarse = explore({ ...bully, reduce: 'coarse' });
    expect(missing(off.worlds, coarse.worlds)).toBeGreaterThan(0);
  });
});

describe('explore: what commutes with an independent millisecond', () => {
  // Bully, 3 nodes: node-3 sends its heartbeats at 300 ms; they land 20 to 60 ms later. Between 301
  // and 310 ms nothing runs on node-1, arrives there or is sent there.
  const at = (fault: Fault, atMs: number) => {
    const scenario = scenarioById('bully');
    if (!scenario) throw new Error('no bully');
    const sim = startSimulation(scenario, {
      withoutScript: true,
      nodes: 3,
      durationMs: 2000,
      states: false,
      interventions: [{ atMs, fault }],
    });
    sim.advance(500);
    return { world: sim.world() };
  };

  it('a crash or an isolation of node-1 at 301 or 310 ms reaches one world; a pause does not', () => {
    const crash = [at({ kind: 'crash', node: 'node-1' }, 301), at({ kind: 'crash', node: 'node-1' }, 310)];
    expect(crash[0]?.world).not.toBeNull();
    expect(crash[0]?.world).toBe(crash[1]?.world);
    const isolate: Fault = { kind: 'isolate', node: 'node-1', from: 'all' };
    expect(at(isolate, 301).world).toBe(at(isolate, 310).world);
    // A pause's end moves with its start (2301 or 2310 ms): another world, kept at every boundary.
    const pause: Fault = { kind: 'pause', node: 'node-1', durationMs: 2000 };
    expect(at(pause, 301).world).not.toBe(at(pause, 310).world);
  });

  it('an entry names the hosts it acts on or reads: a delivery both ends, a timer its host', () => {
    expect(hostsOf({ k: 'deliver', from: 'node-1', to: 'store', type: 'PUT', body: {} })).toEqual([
      'node-1',
      'store',
    ]);
    expect(hostsOf({ k: 'timer', host: 'node-2', inc: 0, name: 't', ms: 1 })).toEqual(['node-2']);
    expect(hostsOf({ k: 'call', name: 'x' })).toEqual(['*']);
  });

  it('a fault is offered after a millisecond that touched its node, and a sleeping sibling wakes with it', () => {
    const r = new Reduction('sound');
    const menu: Fault[] = [
      { kind: 'crash', node: 'node-1' },
      { kind: 'crash', node: 'node-2' },
      { kind: 'pause', node: 'node-2', durationMs: 10 },
    ];
    expect(r.offered(menu)).toEqual(menu); // the first boundary: everything
    r.chose(menu, 0);
    r.watch({ k: 'timer', host: 'node-1', inc: 0, name: 'tick', ms: 5 });
    r.ran();
    // node-2 untouched: its crash waits for its node to act; its pause (time matters) does not.
    expect(r.offered(menu)).toEqual([menu[0], menu[2]]);
    r.chose([menu[0] as Fault, menu[2] as Fault], 0);
    r.ran();
    expect(r.offered(menu)).toEqual([menu[2]]);
    // A fault taken: the next boundary offers every node's (it took the boundary from them).
    r.chose([menu[2] as Fault], 1);
    r.ran();
    expect(r.offered(menu)).toEqual(menu);
    // Crash node-2 after crash node-1 was explored at this boundary: node-1's crash sleeps below it...
    r.chose(menu, 2);
    r.watch({ k: 'deliver', from: 'store', to: 'node-3', type: 'X', body: {} });
    r.ran();
    expect(r.offered(menu)).not.toContainEqual(menu[0]);
    // ...until something reaches node-1.
    r.chose(menu.slice(1), 0);
    r.watch({ k: 'deliver', from: 'node-3', to: 'node-1', type: 'X', body: {} });
    r.ran();
    expect(r.offered(menu)).toContainEqual(menu[0]);
  });

  it('each boundary reads only its own previous millisecond, through a fault boundary and back', () => {
    // The two sets the reduction keeps in turn (one per boundary was a new Set each time): a host
    // touched two milliseconds ago must not count, nor one touched after a fault's boundary.
    const r = new Reduction('sound');
    const menu: Fault[] = ['node-1', 'node-2', 'node-3'].map((node) => ({ kind: 'crash', node }));
    const step = (pick: number, ...hosts: string[]) => {
      const offered = r.offered(menu);
      r.chose(offered, pick);
      for (const host of hosts) r.watch({ k: 'timer', host, inc: 0, name: 't', ms: 1 });
      r.ran();
      return r.offered(menu).map((f) => ('node' in f ? f.node : ''));
    };
    expect(step(0, 'node-1')).toEqual(['node-1']);
    expect(step(0, 'node-2')).toEqual(['node-2']);
    expect(step(0, 'node-3')).toEqual(['node-3']);
    expect(step(0)).toEqual([]);
    expect(step(0, 'node-1', 'node-3')).toEqual(['node-1', 'node-3']);
    // A fault at this boundary: every node's faults at the next, whatever its millisecond touched.
    expect(step(1, 'node-3')).toEqual(['node-1', 'node-2', 'node-3']);
    expect(step(0, 'node-2')).toEqual(['node-2']);
    expect(step(0, 'node-1')).toEqual(['node-1']);
    // And again: the "every node" a fault leaves is shared, and never written.
    expect(step(1)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(step(0, 'node-2')).toEqual(['node-2']);
    expect(step(1, 'node-1')).toEqual(['node-1', 'node-2', 'node-3']);
    expect(step(0)).toEqual([]);
  });

  it('writes no fault as text while the sleep set is empty (the search asks at every boundary)', () => {
    // Measured (node --cpu-prof, the fixed lease at K = 2): a JSON text of every fault of every
    // boundary's menu was 11% of a schedule's time, for a sleep set that is almost always empty.
    const r = new Reduction('sound');
    const menu: Fault[] = [
      { kind: 'crash', node: 'node-1' },
      { kind: 'pause', node: 'node-2', durationMs: 10 },
      { kind: 'isolate', node: 'node-3', from: 'all' },
    ];
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (let i = 0; i < 5; i++) {
        r.chose(r.offered(menu), 0);
        r.watch({ k: 'timer', host: `node-${1 + (i % 3)}`, inc: 0, name: 't', ms: 1 });
        r.ran();
      }
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });
});
