import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { memberId } from '../sim/store/group.ts';
import type { NodeView } from '../sim/trace/frame.ts';
import {
  defaultPauseMs,
  faultText,
  interventionText,
  memberName,
  nodeActions,
  partitionPresets,
  storeGroupHost,
} from './faults.ts';
import { knobsOf, nodeChoices, parseKnobInput, withKnob } from './knobs.ts';
import { mergeResults, SWEEPS } from './sweeps.ts';

const node = (over: Partial<NodeView>): NodeView => ({
  id: 'node-2',
  kind: 'node',
  role: 'follower',
  believed: 'follower',
  up: true,
  paused: false,
  isolated: null,
  group: null,
  drift: 1,
  ...over,
});

const lease = scenarios.find((s) => s.id === 'fencing-token');
if (!lease) throw new Error('fencing-token scenario missing');

describe('node fault menu', () => {
  it('offers only the faults that change something', () => {
    const ids = (n: NodeView, hasStore = true) =>
      nodeActions(n, { hasStore, pauseMs: 40_000 }).map((a) => a.id);
    expect(ids(node({}))).toEqual(['crash', 'kill', 'pause', 'isolate', 'isolate-store']);
    expect(ids(node({}), false)).toEqual(['crash', 'kill', 'pause', 'isolate']);
    expect(ids(node({ up: false, role: 'down', believed: null }))).toEqual([
      'restart',
      'isolate',
      'isolate-store',
    ]);
    expect(ids(node({ paused: true, role: 'paused' }))).toEqual([
      'crash',
      'kill',
      'resume',
      'isolate',
      'isolate-store',
    ]);
    expect(ids(node({ isolated: 'store', role: 'isolated' }))).toEqual(['crash', 'kill', 'pause', 'rejoin']);
    const pause = nodeActions(node({}), { hasStore: true, pauseMs: 40_000 })[2];
    expect(pause).toMatchObject({
      label: 'Pause 40 s',
      fault: { kind: 'pause', node: 'node-2', durationMs: 40_000 },
    });
  });

  it('offers a live recording only what live mode does to a real node', () => {
    const ids = (n: NodeView) =>
      nodeActions(n, { hasStore: true, pauseMs: 40_000, live: true }).map((a) => a.id);
    // No killed processes with the host up, and no isolation from peers the live nodes never talk to.
    expect(ids(node({}))).toEqual(['crash', 'pause', 'isolate-store']);
    expect(ids(node({ up: false, role: 'down', believed: null }))).toEqual(['restart', 'isolate-store']);
    expect(ids(node({ isolated: 'store', role: 'isolated' }))).toEqual(['crash', 'pause', 'rejoin']);
  });

  it("offers the ensemble's server faults on the host that stands for it, from the state the faults left each server in", () => {
    const zk = node({ id: 'zookeeper', kind: 'store' });
    const ids = (n: NodeView, ensemble?: string) =>
      nodeActions(n, { hasStore: true, pauseMs: 40_000, ...(ensemble ? { ensemble } : {}) })
        .map((a) => a.id)
        .filter((id) => id.startsWith('server-'));
    const all = [
      'server-1-kill',
      'server-1-stop',
      'server-2-kill',
      'server-2-stop',
      'server-3-kill',
      'server-3-stop',
    ];
    expect(ids(zk, 'zookeeper')).toEqual(all);
    // A store that stands for no ensemble (etcd's), another host, or the host down: none.
    expect(ids(zk)).toEqual([]);
    expect(ids(node({}), 'zookeeper')).toEqual([]);
    expect(ids({ ...zk, up: false, role: 'down', believed: null }, 'zookeeper')).toEqual([]);
    expect(ids({ ...zk, servers: { 1: 'down', 2: 'stopped' } }, 'zookeeper')).toEqual([
      'server-1-restart',
      'server-2-resume',
      'server-3-kill',
      'server-3-stop',
    ]);
    const [kill] = nodeActions(zk, { hasStore: true, pauseMs: 40_000, ensemble: 'zookeeper' }).filter((a) =>
      a.id.startsWith('server-'),
    );
    expect(kill).toMatchObject({
      label: 'Kill server 1 (SIGKILL)',
      fault: { kind: 'server', node: 'zookeeper', server: 1, act: 'kill' },
    });
  });

  it("names a store group's servers as its stories do: members (etcd-leader-change's member-1)", () => {
    const etcd = node({ id: 'etcd', kind: 'store' });
    const o = { hasStore: true, pauseMs: 40_000, ensemble: 'etcd', ensembleSize: 3, storeGroup: true };
    const labels = nodeActions({ ...etcd, servers: { 1: 'down' } }, o)
      .filter((a) => a.fault.kind === 'server')
      .map((a) => a.label);
    expect(labels).toEqual([
      'Restart member-1',
      'Kill member-2 (SIGKILL)',
      'Stop member-2 (SIGSTOP)',
      'Kill member-3 (SIGKILL)',
      'Stop member-3 (SIGSTOP)',
    ]);
    const kill = { kind: 'server', node: 'etcd', server: 2, act: 'kill' } as const;
    expect(faultText(kill, 'etcd')).toBe('kill member-2 of etcd');
    expect(interventionText({ atMs: 15_000, fault: kill }, 65_000, 'etcd')).toBe(
      'kill member-2 of etcd at 15.0 s',
    );
    // An ensemble that is not a store group (ZooKeeper's) keeps its servers.
    expect(faultText({ ...kill, node: 'zookeeper' }, 'etcd')).toBe('kill server 2 of zookeeper');
    expect(memberName(2)).toBe(memberId(2));
    const story = scenarios.find((s) => s.id === 'etcd-leader-change');
    if (!story) throw new Error('etcd-leader-change missing');
    const trace = { algorithm: story.algorithm, params: { ...story.params } } as never;
    expect(storeGroupHost({ trace })).toBe('etcd');
    expect(storeGroupHost({ trace: { algorithm: 'zookeeper', params: {} } as never })).toBeUndefined();
  });

  it('names interventions the way the remove buttons read', () => {
    expect(
      interventionText({ atMs: 12_345, fault: { kind: 'crash', node: 'node-2' } }, 75_000, undefined),
    ).toBe('crash node-2 at 12.3 s');
    expect(faultText({ kind: 'partition', groups: [['node-1'], ['node-2', 'node-3']] }, undefined)).toBe(
      'partition node-1 | node-2, node-3',
    );
    expect(faultText({ kind: 'isolate', node: 'node-1', from: 'store' }, undefined)).toBe(
      'isolate node-1 from the store',
    );
    expect(faultText({ kind: 'delay-link', a: 'node-1', b: 'node-2', extraMs: 500 }, undefined)).toBe(
      'delay link node-1–node-2 by 500 ms',
    );
  });

  it('partition presets: the even split first', () => {
    const five = ['node-1', 'node-2', 'node-3', 'node-4', 'node-5'];
    expect(partitionPresets(five).map((p) => p.preset)).toEqual(['2|3', '1|4']);
    expect(partitionPresets(five)[0]?.groups).toEqual([
      ['node-1', 'node-2'],
      ['node-3', 'node-4', 'node-5'],
    ]);
    expect(partitionPresets(five.slice(0, 4)).map((p) => p.preset)).toEqual(['2|2', '1|3']);
  });

  it('a GC pause longer than the TTL where there is one', () => {
    expect(defaultPauseMs({ ttlS: 30 }, 45_000)).toBe(40_000);
    expect(defaultPauseMs({ quorum: true }, 12_000)).toBe(3000);
  });
});

describe('knobs', () => {
  it('lists the algorithm knobs then the network, with the run values', () => {
    const knobs = knobsOf(lease, { ttlS: 30, fencing: false });
    const names = knobs.map((k) => k.name);
    expect(names).toContain('fencing');
    expect(names.slice(-4)).toEqual(['latencyMinMs', 'latencyMaxMs', 'dropRate', 'latencyP99Ms']);
    expect(knobs.find((k) => k.name === 'fencing')).toMatchObject({ value: false, changed: true });
    expect(knobs.find((k) => k.name === 'ttlS')).toMatchObject({ value: 30, changed: false });
  });

  it('keeps only overrides that differ from the scenario, never clamps', () => {
    expect(withKnob(lease, {}, 'fencing', false)).toEqual({ fencing: false });
    expect(withKnob(lease, { fencing: false }, 'fencing', true)).toEqual({});
    expect(parseKnobInput('ttlS', '')).toEqual({ error: 'ttlS expects a number' });
    expect(parseKnobInput('ttlS', '-5')).toEqual({ value: -5 });
  });

  it('offers the cluster sizes the algorithm declares (the knob says the range it accepts)', () => {
    expect(nodeChoices(lease)).toEqual({ min: 1, max: 200 });
    expect(nodeChoices({ ...lease, algorithm: 'bully' })).toEqual({ min: 2, max: 200 });
    expect(nodeChoices({ ...lease, algorithm: 'patroni' })).toEqual({ min: 2, max: 9 });
  });
});

describe('sweeps in the sandbox', () => {
  it('running value by value gives the same result as one sweep', () => {
    const bully = SWEEPS.find((s) => s.id === 'bully-messages-vs-nodes');
    if (!bully) throw new Error('bully sweep missing');
    const values = [3, 4, 5, 6];
    const merged = mergeResults(values.map((v) => bully.run([v])));
    expect(merged).toEqual(bully.run(values));
    expect(merged?.points.map((p) => p.y)).toEqual([6, 12, 20, 30]);
    expect(merged?.references[0]?.points.map((p) => p.y)).toEqual([6, 12, 20, 30]);
    expect(mergeResults([])).toBeNull();
  });

  it('offers every predefined sweep', () => {
    expect(SWEEPS.map((s) => s.id)).toEqual([
      'bully-messages-vs-nodes',
      'lease-messages-vs-nodes',
      'failover-vs-ttl',
      'spurious-vs-election-timeout',
    ]);
  });
});
