import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../sim/trace/events.ts';
import { TraceIndex } from '../sim/trace/frame.ts';
import type { Trace } from '../sim/trace/trace.ts';
import { proxyStateAt } from './proxy.ts';

const events: TraceEvent[] = [
  { k: 'send', t: 100, id: 1, from: 'haproxy', to: 'pg-1', type: 'WRITE', deliverAt: 130 },
  { k: 'deliver', t: 130, id: 1 },
  { k: 'write', t: 130, node: 'app', resource: 'pg-1', token: 1, status: 'accepted', code: 200, seen: null },
  { k: 'mark', t: 3000, node: 'haproxy', name: 'backend-down', data: { backend: 'pg-3' } },
  { k: 'mark', t: 3001, node: 'haproxy', name: 'backend-down', data: { backend: 'pg-2' } },
  { k: 'fault', t: 5000, fault: { kind: 'crash', node: 'pg-1' }, source: 'scenario' },
  { k: 'mark', t: 9000, node: 'haproxy', name: 'backend-down', data: { backend: 'pg-1' } },
  { k: 'send', t: 9500, id: 2, from: 'haproxy', to: 'app', type: 'WRITE_FAILED', deliverAt: 9530 },
  { k: 'deliver', t: 9530, id: 2 },
  { k: 'mark', t: 20_000, node: 'haproxy', name: 'backend-up', data: { backend: 'pg-2' } },
  { k: 'send', t: 21_000, id: 3, from: 'haproxy', to: 'pg-2', type: 'WRITE', deliverAt: 21_040 },
  { k: 'deliver', t: 21_040, id: 3 },
  {
    k: 'write',
    t: 21_040,
    node: 'app',
    resource: 'pg-2',
    token: 2,
    status: 'accepted',
    code: 200,
    seen: null,
  },
];

const trace: Trace = {
  version: 2,
  scenario: 'patroni',
  algorithm: 'patroni',
  seed: 1,
  params: {},
  hosts: [
    { id: 'pg-1', kind: 'node' },
    { id: 'pg-2', kind: 'node' },
    { id: 'pg-3', kind: 'node' },
    { id: 'haproxy', kind: 'proxy' },
    { id: 'app', kind: 'client' },
  ],
  durationMs: 30_000,
  interventions: [],
  events,
  steps: [],
};

const index = new TraceIndex(trace);
const at = (t: number) => proxyStateAt(index, 'haproxy', t, ['pg-1', 'pg-2', 'pg-3']);

describe('proxyStateAt', () => {
  it('starts with every backend up and routes to the first in config order', () => {
    const s = at(0);
    expect(s.route).toBe('pg-1');
    expect(s.backends.map((b) => [b.id, b.up, b.since])).toEqual([
      ['pg-1', true, null],
      ['pg-2', true, null],
      ['pg-3', true, null],
    ]);
  });

  it('follows the health marks: none up means no route, then the new primary', () => {
    expect(at(4000).route).toBe('pg-1');
    expect(at(4000).backends.find((b) => b.id === 'pg-2')).toEqual({ id: 'pg-2', up: false, since: 3001 });
    expect(at(9000).route).toBeNull();
    expect(at(20_000).route).toBe('pg-2');
  });

  it('reports the last forwarded write, where writes landed and failed answers', () => {
    expect(at(120).lastForward).toBeNull();
    expect(at(200).lastForward).toBe('pg-1');
    expect(at(200).landed).toEqual([{ backend: 'pg-1', accepted: 1, rejected: 0 }]);
    expect(at(10_000).failed).toBe(1);
    const end = at(30_000);
    expect(end.lastForward).toBe('pg-2');
    expect(end.landed).toEqual([
      { backend: 'pg-1', accepted: 1, rejected: 0 },
      { backend: 'pg-2', accepted: 1, rejected: 0 },
    ]);
  });
});

describe('proxyStateAt with a client that writes past the proxy', () => {
  it("counts only the writes the proxy forwarded: patroni-watchdog's direct app writes to pg-1 are not HAProxy's", async () => {
    const { scenarioById } = await import('../../scenarios/index.ts');
    const { simulate } = await import('../sim/simulate.ts');
    const story = scenarioById('patroni-watchdog');
    if (!story) throw new Error('patroni-watchdog missing');
    const trace = simulate(story);
    const index = new TraceIndex(trace);
    const end = trace.durationMs;
    const viaProxy = trace.events.filter(
      (e) => e.k === 'write' && e.node === 'app' && e.resource === 'pg-1' && e.status === 'accepted',
    ).length;
    const direct = trace.events.filter(
      (e) => e.k === 'write' && e.node === 'app-direct' && e.resource === 'pg-1' && e.status === 'accepted',
    ).length;
    expect(direct).toBeGreaterThan(0);
    const landed = proxyStateAt(index, 'haproxy', end, ['pg-1', 'pg-2', 'pg-3']).landed;
    expect(landed.find((l) => l.backend === 'pg-1')?.accepted).toBe(viaProxy);
  });
});
