import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import type { Scenario } from '../scenario/schema.ts';
import { simulate } from '../simulate.ts';
import type { TraceEvent } from './events.ts';
import { type MarkEvent, TraceIndex } from './frame.ts';
import type { Trace } from './trace.ts';

/** A run's marks and where they are, found the slow way. */
const marksIn = (trace: Trace) =>
  trace.events.flatMap((e, i) => (e.k === 'mark' ? [{ i, mark: e as MarkEvent }] : []));

/** A synthetic trace: many heartbeats, a leader change, a crash, store keys with a lease, writes. */
function synthetic(n = 5000): Trace {
  const events: TraceEvent[] = [];
  let id = 1;
  events.push({ k: 'role', t: 0, node: 'a', role: 'leader', token: 1 });
  events.push({
    k: 'store',
    t: 0,
    change: { kind: 'lease-grant', lease: 7, ttlSec: 10, deadlineMs: 10_000 },
  });
  events.push({
    k: 'store',
    t: 0,
    change: {
      kind: 'put',
      kv: { key: '/leader', value: 'a', createRevision: 2, modRevision: 2, version: 1, lease: 7 },
    },
  });
  for (let i = 0; i < n; i++) {
    const t = i * 10;
    events.push({ k: 'send', t, id, from: 'a', to: 'b', type: 'HEARTBEAT', deliverAt: t + 25 });
    events.push({ k: 'deliver', t: t + 25, id: id - 2 >= 1 ? id - 2 : id });
    id++;
    if (i === 1000) events.push({ k: 'fault', t, fault: { kind: 'crash', node: 'a' }, source: 'scenario' });
    if (i === 1500) events.push({ k: 'role', t, node: 'b', role: 'leader', token: 2 });
    if (i === 1600)
      events.push({
        k: 'write',
        t,
        node: 'b',
        resource: 's',
        token: 2,
        status: 'accepted',
        code: 200,
        seen: null,
      });
    if (i === 1700)
      events.push({
        k: 'write',
        t,
        node: 'a',
        resource: 's',
        token: 1,
        status: 'rejected',
        code: 409,
        reason: 'STALE TOKEN',
        seen: 2,
      });
  }
  events.sort((x, y) => x.t - y.t);
  return {
    version: 2,
    scenario: 'synthetic',
    algorithm: 'lease',
    seed: 1,
    params: {},
    hosts: [
      { id: 'a', kind: 'node' },
      { id: 'b', kind: 'node' },
      { id: 'etcd', kind: 'store' },
      { id: 's', kind: 'resource' },
    ],
    durationMs: n * 10 + 100,
    interventions: [],
    events,
    steps: [
      { id: 's1', atMs: 0, eventIndex: 0, vars: {} },
      { id: 's2', atMs: 15_000, eventIndex: -1, vars: {} },
    ],
  };
}

/** Reference: replay every event from the start (what the index must agree with). */
function naiveRoles(trace: Trace, t: number) {
  const roles: Record<string, string> = { a: 'follower', b: 'follower' };
  for (const e of trace.events) {
    if (e.t > t) break;
    if (e.k === 'role') roles[e.node] = e.role;
    if (e.k === 'fault' && e.fault.kind === 'crash') roles[e.fault.node] = 'down';
  }
  return roles;
}

describe('TraceIndex.frameAt', () => {
  const trace = synthetic();
  const index = new TraceIndex(trace);

  it('agrees with a full replay at many instants (snapshots + replay)', () => {
    for (let t = 0; t <= trace.durationMs; t += 997) {
      const f = index.frameAt(t);
      const roles = Object.fromEntries(f.nodes.filter((n) => n.kind === 'node').map((n) => [n.id, n.role]));
      expect(roles).toEqual(naiveRoles(trace, t));
    }
  });

  it('shows messages in flight with their progress', () => {
    const f = index.frameAt(1005);
    // sends at 990 and 1000 are in flight (25 ms), 980 arrived at 1005.
    expect(f.messages.map((m) => m.sendAt)).toEqual([990, 1000]);
    expect(f.messages[0]?.progress).toBeCloseTo(15 / 25);
  });

  it('counts lease time down and keeps the store keys', () => {
    const f = index.frameAt(4000);
    expect(f.store?.keys.map((k) => k.key)).toEqual(['/leader']);
    expect(f.store?.leases[0]?.remainingMs).toBe(6000);
    expect(f.store?.revision).toBe(2);
  });

  it('shows the resource log up to t, with the 409', () => {
    expect(index.frameAt(15_500).resources).toEqual([]);
    const f = index.frameAt(17_000);
    expect(f.resources[0]).toMatchObject({ id: 's', highest: 2, accepted: 1, rejected: 1 });
    expect(f.resources[0]?.recent.at(-1)).toMatchObject({ code: 409, reason: 'STALE TOKEN', token: 1 });
  });

  it('keeps each resource’s own latest writes, however many the other resources had since', () => {
    const w = (t: number, resource: string, token: number): TraceEvent => ({
      k: 'write',
      t,
      node: 'a',
      resource,
      token,
      status: 'accepted',
      code: 200,
      seen: null,
    });
    const events = [w(1, 'quiet', 1), w(2, 'quiet', 2)];
    for (let i = 0; i < 50; i++) events.push(w(10 + i, 'busy', 100 + i));
    const trace: Trace = {
      ...synthetic(1),
      hosts: [
        { id: 'a', kind: 'node' },
        { id: 'quiet', kind: 'resource' },
        { id: 'busy', kind: 'resource' },
      ],
      events,
      durationMs: 100,
      steps: [],
    };
    const f = new TraceIndex(trace).frameAt(30);
    const of = (id: string) => f.resources.find((r) => r.id === id)?.recent.map((x) => x.token);
    expect(of('quiet')).toEqual([1, 2]);
    expect(of('busy')).toEqual([113, 114, 115, 116, 117, 118, 119, 120]);
  });

  it('reports the current narration step and crash time', () => {
    expect(index.frameAt(14_999).stepIndex).toBe(0);
    expect(index.frameAt(15_000).stepIndex).toBe(1);
    expect(index.frameAt(10_500).nodes.find((n) => n.id === 'a')).toMatchObject({
      role: 'down',
      crashedAt: 10_000,
    });
  });

  it('returns identical frames for the same t, whatever was asked before (step back = same frame)', () => {
    const a = JSON.stringify(index.frameAt(12_345));
    index.frameAt(40_000);
    index.frameAt(3);
    expect(JSON.stringify(index.frameAt(12_345))).toBe(a);
  });
});

describe('TraceIndex.frameAt with an event limit', () => {
  it('stops inside the millisecond but never before it', () => {
    const trace = synthetic(50);
    const index = new TraceIndex(trace);
    // three events at t=0: role, lease-grant, put; limit 1 shows only the role
    const f = index.frameAt(0, 1);
    expect(f.eventCount).toBe(1);
    expect(f.store?.keys).toEqual([]);
    expect(index.frameAt(0).store?.keys.length).toBe(1);
    // a limit below the events of earlier milliseconds is raised to them
    expect(index.frameAt(300, 1).eventCount).toBe(index.countAt(299));
  });
});

describe('TraceIndex.frameAt memo', () => {
  it('builds an instant once when several views ask for it, and a new frame when t or the limit moves', () => {
    const index = new TraceIndex(synthetic(50));
    const a = index.frameAt(120);
    expect(index.frameAt(120)).toBe(a);
    expect(index.frameAt(130)).not.toBe(a);
    expect(index.frameAt(0, 1)).not.toBe(index.frameAt(0));
  });
});

describe('TraceIndex over a run that grows or continues another', () => {
  const lease = scenarios.find((s) => s.id === 'etcd-lease');
  if (!lease) throw new Error('etcd-lease missing');
  const frames = (ix: TraceIndex, d: number) =>
    JSON.stringify(Array.from({ length: 120 }, (_, i) => ix.frameAt(Math.floor((i * d) / 119))));

  it('lists the marks with their place in the events, built whole or as the events stream in', () => {
    for (const id of ['etcd-lease', 'skip-locked', 'bully-at-scale']) {
      const whole = simulate(scenarios.find((s) => s.id === id) as Scenario);
      const growing: Trace = { ...whole, events: [] };
      const ix = new TraceIndex(growing);
      for (let i = 0; i < whole.events.length; i += 97) {
        growing.events.push(...whole.events.slice(i, i + 97));
        ix.append();
      }
      expect(marksIn(whole).length).toBeGreaterThan(10);
      expect(ix.marks).toEqual(marksIn(whole));
      expect(new TraceIndex(whole).marks).toEqual(marksIn(whole));
    }
  });

  it('lists the marks of one name as a scan finds them, asked while the run streams in, reissued or continued', () => {
    const whole = simulate(lease, { durationMs: 600_000 });
    const names = [...new Set(marksIn(whole).map((m) => m.mark.name))];
    expect(names.length).toBeGreaterThan(1);
    const nodes = [...new Set(marksIn(whole).map((m) => m.mark.node))];
    expect(nodes.length).toBeGreaterThan(1);
    // Every name, alone and with each node: the index's lists against a scan of `trace`.
    const agrees = (ix: TraceIndex, trace: Trace) => {
      for (const name of names) {
        const scan = marksIn(trace).filter((m) => m.mark.name === name);
        expect(ix.marksNamed(name)).toEqual(scan);
        for (const node of nodes)
          expect(ix.marksNamed(name, node)).toEqual(scan.filter((m) => m.mark.node === node));
      }
    };
    const growing: Trace = { ...whole, events: [] };
    const ix = new TraceIndex(growing);
    for (let i = 0; i < whole.events.length; i += 997) {
      growing.events.push(...whole.events.slice(i, i + 997));
      ix.append();
      // Asked between pieces, as the views do: each answer is the scan of the events so far.
      agrees(ix, growing);
    }
    agrees(ix.reissued(), whole);
    const half = Math.floor(whole.events.length / 2);
    agrees(ix.continuedAs({ ...whole }, half), whole);
    const cut = new TraceIndex({ ...whole, events: whole.events.slice(0, half) });
    agrees(cut, cut.trace);
  });

  it('indexing events as they stream in gives the frames of the whole trace', () => {
    const whole = simulate(lease);
    const growing: Trace = { ...whole, events: [] };
    const ix = new TraceIndex(growing);
    for (let i = 0; i < whole.events.length; i += 333) {
      growing.events.push(...whole.events.slice(i, i + 333));
      ix.append();
    }
    expect(ix.count).toBe(whole.events.length);
    expect(frames(ix, whole.durationMs)).toBe(frames(new TraceIndex(whole), whole.durationMs));
  });

  it('continues a long run from a checkpoint without going over the events before it', () => {
    const base = simulate(lease, { durationMs: 600_000 });
    let reads = 0;
    const events = new Proxy(base.events, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const baseIx = new TraceIndex({ ...base, events });
    const at = 300_000;
    const next = simulate(lease, {
      durationMs: 600_000,
      interventions: [{ atMs: at, fault: { kind: 'crash', node: 'node-2' } }],
    });
    const n = next.events.findIndex((e) => e.t >= at);
    reads = 0;
    const ix = baseIx.continuedAs(next, n);
    expect(n).toBeGreaterThan(4_000);
    // The events after the last snapshot, and the ones within a flight of the cursor.
    expect(reads).toBeLessThan(1_000);
    expect(frames(ix, next.durationMs)).toBe(frames(new TraceIndex(next), next.durationMs));
    expect(ix.marks).toEqual(marksIn(next));
  });

  it.each([0, 1, 127, 128, 129, 15_000, 38_100])(
    'a run re-simulated from a checkpoint at %i ms reuses the old index and shows the new run',
    (at) => {
      const base = simulate(lease);
      const baseIx = new TraceIndex(base);
      const before = frames(baseIx, base.durationMs);
      const fault = {
        atMs: at,
        fault: {
          kind: 'partition' as const,
          groups: [
            ['node-1', 'node-2'],
            ['node-3', 'node-4', 'node-5', 'etcd'],
          ],
        },
      };
      const next = simulate(lease, { interventions: [fault] });
      const n = next.events.findIndex((e) => e.t >= at);
      const ix = baseIx.continuedAs(next, n < 0 ? next.events.length : n);
      expect(frames(ix, next.durationMs)).toBe(frames(new TraceIndex(next), next.durationMs));
      expect(ix.messages.filter((m) => m.fate === 'dropped').length).toBe(
        new TraceIndex(next).messages.filter((m) => m.fate === 'dropped').length,
      );
      // Its marks, as a scan of the new run's events finds them.
      expect(ix.marks).toEqual(marksIn(next));
      // The old run's index is untouched (undo shows it again).
      expect(frames(baseIx, base.durationMs)).toBe(before);
      expect(baseIx.marks).toEqual(marksIn(base));
    },
  );
});

describe("TraceIndex.firstLeaseExpiry (the sequence diagram's legend)", () => {
  const lease = scenarios.find((s) => s.id === 'etcd-lease') as Scenario;
  const scan = (t: Trace) => t.events.findIndex((e) => e.k === 'store' && e.change.kind === 'lease-expire');

  it('is where a scan of the events finds it: built whole, streamed, or continued from a checkpoint', () => {
    const base = simulate(lease, { durationMs: 600_000 });
    const baseIx = new TraceIndex(base);
    expect(baseIx.firstLeaseExpiry).toBe(scan(base));
    const growing: Trace = { ...base, events: [] };
    const streamed = new TraceIndex(growing);
    for (let i = 0; i < base.events.length; i += 997) {
      growing.events.push(...base.events.slice(i, i + 997));
      streamed.append();
      expect(streamed.firstLeaseExpiry).toBe(scan(growing));
    }
    // A fault before the old run's first expiry (a new first one after the cursor), and one after it.
    const first = base.events[scan(base)]?.t ?? 0;
    for (const at of [1_000, first + 1_000]) {
      const next = simulate(lease, {
        durationMs: 600_000,
        interventions: [{ atMs: at, fault: { kind: 'crash', node: 'node-1' } }],
      });
      const n = next.events.findIndex((e) => e.t >= at);
      expect(baseIx.continuedAs(next, n).firstLeaseExpiry).toBe(scan(next));
      expect(scan(next)).toBeGreaterThan(0);
    }
    // A run with no store has none.
    const bully = simulate(scenarios.find((s) => s.id === 'bully') as Scenario);
    expect(new TraceIndex(bully).firstLeaseExpiry).toBe(-1);
  });
});

describe('a resource whose writes name their item', () => {
  it('keeps the highest token per shard, at every cursor and through snapshots', () => {
    const sc = scenarios.find((s) => s.id === 'sharded-leadership');
    if (!sc) throw new Error('sharded-leadership missing');
    const trace = simulate(sc);
    const index = new TraceIndex(trace);
    for (const t of [trace.durationMs / 3, trace.durationMs]) {
      const want: Record<string, number> = {};
      for (const e of trace.events)
        if (e.k === 'write' && e.t <= t && e.status === 'accepted' && e.key && e.token !== null)
          want[e.key] = Math.max(want[e.key] ?? e.token, e.token);
      const r = index.frameAt(t).resources[0];
      expect(Object.keys(want).length).toBeGreaterThan(1);
      expect(r?.byKey).toEqual(want);
    }
  });
});

describe("an ensemble's servers in the frame", () => {
  it('follow the server faults the store heard, and start up again with a new store process', () => {
    const zk = scenarios.find((x) => x.id === 'zookeeper');
    if (!zk) throw new Error('zookeeper scenario missing');
    const server = (atMs: number, n: number, act: 'kill' | 'stop' | 'resume' | 'restart') => ({
      atMs,
      fault: { kind: 'server' as const, node: 'zookeeper', server: n, act },
    });
    const trace = simulate(zk, {
      durationMs: 20_000,
      interventions: [
        server(1_000, 1, 'kill'),
        server(2_000, 2, 'stop'),
        server(3_000, 2, 'kill'),
        server(4_000, 1, 'restart'),
        server(5_000, 3, 'resume'), // resumes nothing: 3 is up
        server(6_000, 2, 'restart'),
        server(7_000, 3, 'stop'),
        { atMs: 8_000, fault: { kind: 'crash' as const, node: 'zookeeper' } },
        server(9_000, 1, 'kill'), // the host is down: nobody hears it
        { atMs: 10_000, fault: { kind: 'restart' as const, node: 'zookeeper' } },
        server(11_000, 2, 'stop'),
      ],
    });
    const index = new TraceIndex(trace);
    const at = (t: number) => index.frameAt(t).nodes.find((n) => n.id === 'zookeeper')?.servers;
    expect(at(500)).toBeUndefined();
    expect(at(1_500)).toEqual({ 1: 'down' });
    expect(at(2_500)).toEqual({ 1: 'down', 2: 'stopped' });
    expect(at(3_500)).toEqual({ 1: 'down', 2: 'down' });
    expect(at(4_500)).toEqual({ 2: 'down' });
    expect(at(5_500)).toEqual({ 2: 'down' });
    expect(at(6_500)).toBeUndefined();
    expect(at(7_500)).toEqual({ 3: 'stopped' });
    expect(at(9_500)).toEqual({ 3: 'stopped' });
    expect(at(10_500)).toBeUndefined();
    expect(at(11_500)).toEqual({ 2: 'stopped' });
    // The frames of a run without server faults carry no such field.
    const plain = new TraceIndex(simulate(zk, { durationMs: 5_000 }));
    expect(plain.frameAt(4_000).nodes.some((n) => 'servers' in n)).toBe(false);
  });
});
