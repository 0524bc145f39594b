import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../scenarios/index.ts';
import { simulate } from '../sim/simulate.ts';
import type { TraceEvent } from '../sim/trace/events.ts';
import type { Trace } from '../sim/trace/trace.ts';
import {
  buildLogEntries,
  clip,
  defaultCategories,
  entriesAt,
  filterEntries,
  type LogCategory,
  visibleEntries,
} from './EventLog.tsx';
import { leaseHex } from './eventText.ts';

const LEASE = 0x694d5e0c7a01;

function trace(events: TraceEvent[]): Trace {
  return {
    version: 2,
    scenario: 'test',
    algorithm: 'lease',
    seed: 1,
    params: {},
    hosts: [
      { id: 'node-1', kind: 'node' },
      { id: 'node-2', kind: 'node' },
      { id: 'etcd', kind: 'store' },
      { id: 'storage', kind: 'resource' },
    ],
    durationMs: 60_000,
    interventions: [],
    events,
    steps: [],
  };
}

const kv = (key: string, value: string, rev: number, version: number, lease = 0) => ({
  key,
  value,
  createRevision: rev - version + 1,
  modRevision: rev,
  version,
  lease,
});

const events: TraceEvent[] = [
  { k: 'send', t: 10, id: 1, from: 'node-1', to: 'node-2', type: 'ELECTION', deliverAt: 40 },
  { k: 'deliver', t: 40, id: 1 },
  {
    k: 'send',
    t: 50,
    id: 2,
    from: 'node-1',
    to: 'etcd',
    type: 'KEEPALIVE',
    deliverAt: 80,
    data: { lease: LEASE, reqId: 3 },
  },
  { k: 'drop', t: 80, id: 2, reason: 'partition' },
  { k: 'role', t: 100, node: 'node-1', role: 'leader', token: 42 },
  { k: 'store', t: 120, change: { kind: 'put', kv: kv('/election/leader', 'node-1', 3, 1, LEASE) } },
  { k: 'store', t: 130, change: { kind: 'lease-keepalive', lease: LEASE, ttlSec: 30, deadlineMs: 30_130 } },
  { k: 'fault', t: 200, fault: { kind: 'pause', node: 'node-1', durationMs: 33_000 }, source: 'scenario' },
  { k: 'store', t: 30_130, change: { kind: 'lease-expire', lease: LEASE, revision: 7 } },
  {
    k: 'store',
    t: 30_130,
    change: { kind: 'delete', key: '/election/leader', revision: 7, cause: 'lease-expired', lease: LEASE },
  },
  { k: 'fault', t: 31_000, fault: { kind: 'crash', node: 'node-2' }, source: 'intervention' },
  {
    k: 'write',
    t: 38_200,
    node: 'node-1',
    resource: 'storage',
    token: 42,
    status: 'rejected',
    code: 409,
    reason: 'STALE TOKEN',
    seen: 43,
  },
  {
    k: 'violation',
    t: 38_300,
    violation: { kind: 'split-brain', nodes: ['node-1', 'node-2'], detail: 'BOTH WRITE' },
  },
];

describe('event log lines', () => {
  const entries = buildLogEntries(trace(events));
  const texts = entries.map((e) => e.text);

  it('a partition that names the store on no side says the store is reachable from both sides', () => {
    const split = (groups: string[][]): TraceEvent => ({
      k: 'fault',
      t: 100,
      fault: { kind: 'partition', groups },
      source: 'intervention',
    });
    const [presetLine] = buildLogEntries(trace([split([['node-1'], ['node-2']])])).map((e) => e.text);
    expect(presetLine).toContain('etcd reachable from both sides');
    const [boardLine] = buildLogEntries(trace([split([['node-1', 'etcd'], ['node-2']])])).map((e) => e.text);
    expect(boardLine).not.toContain('reachable from both sides');
  });

  it('reads like a story: who, then what', () => {
    expect(texts).toEqual([
      'node-1 → node-2 ELECTION',
      `node-1 → etcd KEEPALIVE (lease ${leaseHex(LEASE)})`,
      'node-1 → etcd KEEPALIVE lost: partition',
      'node-1 is now the LEADER (token 42)',
      `etcd: created /election/leader = node-1 (rev 3, lease 694d5e0c7a01)`,
      'etcd: lease 694d5e0c7a01 renewed (TTL 30 s)',
      'node-1 paused (GC) for 33 s',
      'etcd: lease 694d5e0c7a01 expired, deleted /election/leader (rev 7)',
      'node-2 CRASHED (injected)',
      'storage REJECTED write from node-1 token 42: 409 STALE TOKEN',
      'ALARM SPLIT-BRAIN: BOTH WRITE: node-1 and node-2 both lead and both had writes accepted',
    ]);
  });

  it('drops deliveries, folds an expiry with its deletions, and keeps event indices and times', () => {
    expect(entries.map((e) => e.i)).toEqual([0, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12]);
    expect(entries[7]?.t).toBe(30_130);
  });

  it('sorts lines into categories and tones', () => {
    expect(entries.map((e) => e.cat)).toEqual<LogCategory[]>([
      'message',
      'chatter',
      'chatter',
      'role',
      'store',
      'chatter',
      'fault',
      'store',
      'fault',
      'write',
      'alarm',
    ]);
    expect(entries[9]?.tone).toBe('danger');
    expect(entries[3]?.tone).toBe('leader');
    expect(entries[0]?.who).toBe('node-1');
    expect(entries[7]?.who).toBe('etcd');
  });

  it('knows which hosts each line concerns', () => {
    expect(entries[0]?.hosts).toEqual(['node-1', 'node-2']);
    expect(entries[4]?.hosts).toEqual(['etcd', 'node-1']);
    expect(entries[9]?.hosts).toEqual(['storage', 'node-1']);
  });

  it('clips long values', () => {
    expect(clip('x'.repeat(50))).toHaveLength(40);
    expect(clip('short')).toBe('short');
  });
});

describe('visibleEntries', () => {
  const entries = buildLogEntries(trace(events));
  const all = new Set<LogCategory>(['message', 'chatter', 'role', 'fault', 'store', 'write', 'alarm']);

  it('shows only what happened up to the cursor (by event count)', () => {
    expect(visibleEntries(entries, 0, { host: null, cats: all }, 300).rows).toEqual([]);
    expect(visibleEntries(entries, 2, { host: null, cats: all }, 300).rows.map((e) => e.i)).toEqual([0]);
    expect(visibleEntries(entries, events.length, { host: null, cats: all }, 300).total).toBe(11);
  });

  it('filters by host and by category', () => {
    const byHost = visibleEntries(entries, events.length, { host: 'node-2', cats: all }, 300).rows;
    expect(byHost.map((e) => e.text)).toEqual([
      'node-1 → node-2 ELECTION',
      'node-2 CRASHED (injected)',
      'ALARM SPLIT-BRAIN: BOTH WRITE: node-1 and node-2 both lead and both had writes accepted',
    ]);
    const stores = visibleEntries(entries, events.length, { host: null, cats: new Set(['store']) }, 300).rows;
    expect(stores.every((e) => e.cat === 'store')).toBe(true);
    expect(stores).toHaveLength(2);
  });

  it('slices a pre-filtered list by cursor the same way', () => {
    const matching = filterEntries(entries, { host: 'node-1', cats: all });
    for (let count = 0; count <= events.length; count++)
      expect(entriesAt(matching, count, 4)).toEqual(
        visibleEntries(entries, count, { host: 'node-1', cats: all }, 4),
      );
  });

  it('caps the rows to the latest ones and reports the total', () => {
    const r = visibleEntries(entries, events.length, { host: null, cats: all }, 3);
    expect(r.total).toBe(11);
    expect(r.rows.map((e) => e.cat)).toEqual(['fault', 'write', 'alarm']);
  });
});

describe('defaults and real traces', () => {
  it('hides chatter by default only when it would flood the log', () => {
    const quiet = buildLogEntries(trace(events));
    expect(defaultCategories(quiet, 60_000).has('chatter')).toBe(true);
    const sb = simulate(scenarioById('split-brain')!);
    const loud = buildLogEntries(sb);
    expect(defaultCategories(loud, sb.durationMs).has('chatter')).toBe(false);
  });

  it("names a Patroni leader's timeline, not a fencing token it does not carry", () => {
    const texts = buildLogEntries(simulate(scenarioById('patroni')!)).map((e) => e.text);
    expect(texts).toContain('pg-1 is now the LEADER (timeline 1)');
    expect(texts).toContain('pg-2 is now the LEADER (timeline 2)');
    expect(texts.filter((l) => /LEADER \(token/.test(l))).toEqual([]);
  });

  it('tells the fencing-token story in its lines', () => {
    const texts = buildLogEntries(simulate(scenarioById('fencing-token')!)).map((e) => e.text);
    expect(texts).toContain('node-1 is now the LEADER (token 42)');
    expect(texts).toContain('node-3 is now the LEADER (token 43)');
    expect(texts).toContain('storage REJECTED write from node-1 token 42: 409 STALE TOKEN');
    expect(
      texts.some((l) => /^etcd: lease [0-9a-f]+ expired, deleted \/election\/leader \(rev \d+\)$/.test(l)),
    ).toBe(true);
  });

  it('names Bully’s messages as Garcia-Molina does', () => {
    const texts = buildLogEntries(simulate(scenarioById('bully')!)).map((e) => e.text);
    // An ELECTION names the coordinator it replaces (bully/machine.ts).
    expect(texts).toContain('node-1 → node-2 ELECTION (replacing node-5)');
    expect(texts).toContain('node-4 → node-1 COORDINATOR');
  });
});
