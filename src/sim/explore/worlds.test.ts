import { describe, expect, it } from 'vitest';
import { scenarioById, scenarios } from '../../../scenarios/index.ts';
import { algorithmIds } from '../algorithms/registry.ts';
import type { TimedFault } from '../scenario/schema.ts';
import { startSimulation } from '../simulate.ts';
import { type Bounds, explore, fingerprint } from './explore.ts';

/**
 * Every process and checker tells its state (issue #41), so the worlds of every algorithm can merge:
 * the stories whose hosts used to make a world `null` (the store as a Raft group, ZooKeeper's
 * ensemble, the Kubernetes API server, the CronJob's hosts, SKIP LOCKED's database, provider and
 * workers, the Raft client) and whose own checkers did (Raft's, the CronJob's, SKIP LOCKED's). The
 * processes' states one by one, and what a field of each tells apart: states.test.ts beside this.
 */
const story = (id: string) => {
  const s = scenarioById(id);
  if (!s) throw new Error(`no ${id}`);
  return s;
};

/**
 * Each story's small search: 3 nodes, one crash and one loss over a short horizon (a loss leaves a
 * choice open after the crash, so two schedules can meet at one world: without it nothing merges).
 */
const stories: { id: string; what: string; horizonMs: number }[] = [
  { id: 'etcd-leader-change', what: 'the store as a 3-member Raft group', horizonMs: 150 },
  { id: 'zookeeper', what: "ZooKeeper's ensemble", horizonMs: 500 },
  { id: 'kubernetes-lease', what: 'the Kubernetes API server', horizonMs: 2000 },
  { id: 'external-scheduler', what: "the CronJob's API server, controller and pod host", horizonMs: 12_000 },
  { id: 'skip-locked', what: 'PostgreSQL, the mail provider and the workers', horizonMs: 400 },
  { id: 'raft-figure-8', what: "the Raft clients and Raft's checker", horizonMs: 2000 },
];

describe('every story has a world at every point of its seeded run', () => {
  it.each(stories)('$id ($what)', ({ id }) => {
    const s = story(id);
    const sim = startSimulation(s, { states: false });
    const seen = new Set<string>();
    for (const share of [0.05, 0.25, 0.5, 0.75, 1]) {
      sim.advance(Math.floor(s.durationMs * share));
      const w = sim.world();
      expect(w, `${id} at ${sim.through} ms`).not.toBeNull();
      seen.add(w as string);
    }
    expect(seen.size).toBe(5);
  });
});

describe('no process or checker is left without a state', () => {
  // Every host and checker exists from the start (a restart builds the same factory's process).
  const runs = [
    ...scenarios.filter((s) => s.id !== 'sandbox').map((s) => ({ name: s.id, s, params: {} })),
    ...algorithmIds.map((a) => ({
      name: `sandbox, ${a}`,
      s: { ...story('sandbox'), algorithm: a },
      params: {},
    })),
    { name: 'a store of 5 members', s: story('etcd-leader-change'), params: { storeMembers: 5 } },
  ];
  it.each(runs)('$name', ({ s, params }) => {
    const sim = startSimulation(s, { states: false, params });
    sim.advance(0);
    expect(sim.world()).not.toBeNull();
  });
});

describe('a small search reaches the same worlds merged and unmerged', () => {
  it.each(stories)('$id, K = 1, L = 1, $horizonMs ms', ({ id, horizonMs }) => {
    const bounds: Bounds = {
      nodes: 3,
      faults: 1,
      losses: 1,
      deviations: 0,
      horizonMs,
      pauseMs: 1000,
      kinds: ['crash'],
    };
    // Merging alone: the reduction of fault boundaries (reduce.ts) is held below.
    const input = { scenario: story(id), params: {}, bounds, reduce: 'off' as const };
    const merged = explore(input);
    const unmerged = explore({ ...input, merge: false });
    expect(merged.outcome).toBe('clean');
    expect(merged.stats.worlds).toBeGreaterThan(100);
    // Merging happened, and lost no world.
    expect(merged.stats.pruned).toBeGreaterThan(0);
    expect(merged.stats.schedules).toBeLessThan(unmerged.stats.schedules);
    expect(merged.worlds).toEqual(unmerged.worlds);
  });
});

describe('the reduction of fault boundaries loses no world of these algorithms either', () => {
  it.each(stories)('$id, K = 1 crash, $horizonMs ms', ({ id, horizonMs }) => {
    const bounds: Bounds = {
      nodes: 3,
      faults: 1,
      losses: 0,
      deviations: 0,
      horizonMs,
      pauseMs: 1000,
      kinds: ['crash'],
    };
    // Every world at every boundary, each schedule run to its end (as reduce.test.ts compares them).
    const input = { scenario: story(id), params: {}, bounds, merge: false, everyWorld: true };
    const off = explore({ ...input, reduce: 'off' });
    const reduced = explore(input);
    expect(reduced.stats.schedules).toBeLessThan(off.stats.schedules);
    expect(reduced.worlds).toEqual(off.worlds);
  });
});

/** The world at `t` of a story run without its script, with these faults. */
const worldAt = (id: string, faults: TimedFault[], t: number) => {
  const sim = startSimulation(story(id), {
    withoutScript: true,
    states: false,
    durationMs: t + 1000,
    interventions: faults,
  });
  sim.advance(t);
  return { world: sim.world(), trace: fingerprint(sim.events) };
};

/** Two runs whose faults at t and t + 1 come in one order or the other. */
const bothOrders = (id: string, a: TimedFault['fault'], b: TimedFault['fault'], t: number, at: number) => [
  worldAt(
    id,
    [
      { atMs: t, fault: a },
      { atMs: t + 1, fault: b },
    ],
    at,
  ),
  worldAt(
    id,
    [
      { atMs: t, fault: b },
      { atMs: t + 1, fault: a },
    ],
    at,
  ),
];

const crash = (node: string) => ({ kind: 'crash' as const, node });
const server = (node: string, n: number, act: 'kill' | 'stop' | 'resume' | 'restart') => ({
  kind: 'server' as const,
  node,
  server: n,
  act,
});

describe('two runs that differ only in an order that changes nothing reach one world', () => {
  // Each pair: two faults 1 ms apart in either order, with nothing reaching either subject between.
  const pairs: { id: string; a: TimedFault['fault']; b: TimedFault['fault']; t: number }[] = [
    // Two followers of the store's group stopped (SIGSTOP): their held messages, the group's roles.
    { id: 'etcd-leader-change', a: server('etcd', 2, 'stop'), b: server('etcd', 3, 'stop'), t: 5050 },
    // Two of the ensemble's three servers stopped: quorum is lost at the second, whichever it is.
    { id: 'zookeeper', a: server('zookeeper', 1, 'stop'), b: server('zookeeper', 2, 'stop'), t: 5050 },
    { id: 'kubernetes-lease', a: crash('node-1'), b: crash('node-2'), t: 5050 },
    { id: 'external-scheduler', a: crash('controller'), b: crash('job-pod'), t: 2050 },
    { id: 'skip-locked', a: crash('node-1'), b: crash('node-3'), t: 1050 },
    { id: 'raft-figure-8', a: crash('client'), b: crash('client-2'), t: 1050 },
  ];
  it.each(pairs)('$id: $a.kind then $b.kind, or the other way', ({ id, a, b, t }) => {
    const [x, y] = bothOrders(id, a, b, t, t + 200);
    expect(x?.trace).not.toBe(y?.trace);
    expect(x?.world).not.toBeNull();
    expect(x?.world).toBe(y?.world);
  });

  it('a store member stopped and resumed with nothing reaching it between: the world of no fault', () => {
    const none = worldAt('etcd-leader-change', [], 5300);
    const blink = worldAt(
      'etcd-leader-change',
      [
        { atMs: 5050, fault: server('etcd', 3, 'stop') },
        { atMs: 5051, fault: server('etcd', 3, 'resume') },
      ],
      5300,
    );
    expect(blink.trace).not.toBe(none.trace);
    expect(none.world).not.toBeNull();
    expect(blink.world).toBe(none.world);
  });
});

describe('a run where one relevant field differs reaches another world', () => {
  it("the store's group: a member stopped is another world than the same member running", () => {
    const none = worldAt('etcd-leader-change', [], 5050);
    const stopped = worldAt('etcd-leader-change', [{ atMs: 5050, fault: server('etcd', 3, 'stop') }], 5050);
    expect(stopped.world).not.toBeNull();
    expect(stopped.world).not.toBe(none.world);
  });

  it("the store's group: after the leader member's death, a later term is another world", () => {
    const none = worldAt('etcd-leader-change', [], 8000);
    const killed = worldAt('etcd-leader-change', [{ atMs: 5050, fault: server('etcd', 1, 'kill') }], 8000);
    expect(killed.world).not.toBeNull();
    expect(killed.world).toMatch(/"term":3/);
    expect(none.world).not.toMatch(/"term":3/);
  });

  it("ZooKeeper's ensemble: one server stopped is another world, though no client sees it yet", () => {
    const none = worldAt('zookeeper', [], 5050);
    const stopped = worldAt('zookeeper', [{ atMs: 5050, fault: server('zookeeper', 1, 'stop') }], 5050);
    expect(stopped.world).not.toBe(none.world);
  });
});
