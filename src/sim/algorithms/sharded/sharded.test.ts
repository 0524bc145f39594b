import { describe, expect, it } from 'vitest';
import input from '../../../../scenarios/sharded-leadership.ts';
import { parseScenario } from '../../scenario/schema.ts';
import { simulate } from '../../simulate.ts';
import type { TraceEvent } from '../../trace/events.ts';
import { candidatesOf, preferredShards, shardKey } from './keys.ts';
import { shardFigures } from './metrics.ts';
import { planPoll } from './plan.ts';

const scenario = parseScenario(input, 'scenarios/sharded-leadership.ts');
const nodes = ['node-1', 'node-2', 'node-3', 'node-4', 'node-5'];
const kv = (shard: number, value: string, lease: number) => ({
  key: shardKey(shard),
  value,
  createRevision: 10 + shard,
  modRevision: 10 + shard,
  version: 1,
  lease,
});

/** Who holds each shard key at time t (the store's puts and deletes). */
function holdersAt(events: readonly TraceEvent[], t: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events) {
    if (e.t > t) break;
    if (e.k !== 'store') continue;
    if (e.change.kind === 'put') out.set(e.change.kv.key, e.change.kv.value);
    if (e.change.kind === 'delete') out.delete(e.change.key);
  }
  return out;
}

describe('rendezvous assignment', () => {
  it('ranks every node once per shard, the same way every time, and spreads 12 shards 2 or 3 per node', () => {
    for (let s = 1; s <= 12; s++) {
      expect([...candidatesOf(s, nodes)].sort()).toEqual(nodes);
      expect(candidatesOf(s, [...nodes].reverse())).toEqual(candidatesOf(s, nodes));
    }
    const pref = preferredShards(nodes, 12);
    expect([...pref.values()].map((l) => l.length).sort()).toEqual([2, 2, 2, 3, 3]);
    expect(pref.get('node-2')).toEqual([1, 10]);
  });

  it('removing a node moves only the shards it topped (the rest keep their first candidate)', () => {
    const without = nodes.filter((n) => n !== 'node-2');
    for (let s = 1; s <= 24; s++) {
      const before = candidatesOf(s, nodes)[0];
      const after = candidatesOf(s, without)[0];
      if (before !== 'node-2') expect(after).toBe(before);
      else expect(after).toBe(candidatesOf(s, nodes)[1]);
    }
  });
});

describe('planPoll: who campaigns for a free shard', () => {
  const view = { nodeIds: nodes, shards: 12, lease: 7, held: {}, freeSeen: [] as number[] };
  it('the first candidate campaigns at first sight; the k-th once it has seen the key free k + 1 times', () => {
    const s = 1; // node-2 tops it; node-1 is its second candidate
    expect(candidatesOf(s, nodes).slice(0, 2)).toEqual(['node-2', 'node-1']);
    const taken = Array.from({ length: 12 }, (_, i) => kv(i + 1, 'node-9', 99)).filter(
      (k) => k.key !== shardKey(s),
    );
    const first = planPoll({ ...view, me: 'node-1' }, taken);
    expect(first.campaign).toEqual([]);
    expect(first.freeSeen[s - 1]).toBe(1);
    const second = planPoll({ ...view, me: 'node-1', freeSeen: first.freeSeen }, taken);
    expect(second.campaign).toEqual([1]);
    expect(planPoll({ ...view, me: 'node-2' }, taken).campaign).toEqual([1]);
  });

  it('a key gone or held by another lease is lost; its own key under its lease is kept or adopted', () => {
    const plan = planPoll({ ...view, me: 'node-1', held: { 3: 5, 8: 6 } }, [
      kv(3, 'node-1', 7),
      kv(8, 'node-4', 9),
      kv(9, 'node-1', 7),
    ]);
    expect(plan.lost).toEqual([8]);
    expect(plan.adopted).toEqual([9]);
    expect(plan.held).toEqual({ 3: 5, 9: 19 });
  });
});

describe('sharded leadership: node-2 dies', () => {
  const trace = simulate(scenario);
  const single = simulate(scenario, { params: { shards: 1 } });

  it('only the dead node’s shards change leader, each to its next candidate', () => {
    const before = holdersAt(trace.events, 11_999);
    const after = holdersAt(trace.events, scenario.durationMs);
    expect(before.size).toBe(12);
    expect(after.size).toBe(12);
    const pref = preferredShards(nodes, 12);
    for (let s = 1; s <= 12; s++) {
      const key = shardKey(s);
      expect(before.get(key), key).toBe(candidatesOf(s, nodes)[0]);
      if (pref.get('node-2')?.includes(s)) expect(after.get(key), key).toBe(candidatesOf(s, nodes)[1]);
      else expect(after.get(key), key).toBe(before.get(key));
    }
    // The two moved shards went to two different nodes.
    expect([after.get(shardKey(1)), after.get(shardKey(10))]).toEqual(['node-1', 'node-5']);
    expect(trace.events.filter((e) => e.k === 'violation')).toEqual([]);
  });

  it('the shards of the live nodes never stop writing; the moved ones carry a higher token', () => {
    const writes = (item: string) =>
      trace.events.filter(
        (e): e is Extract<TraceEvent, { k: 'write' }> =>
          e.k === 'write' && e.status === 'accepted' && e.key === item,
      );
    const gaps = (item: string) =>
      writes(item).map((w, i, a) => (i === 0 ? 0 : w.t - (a[i - 1] as { t: number }).t));
    expect(Math.max(...gaps('shard-03'))).toBeLessThan(2 * 2000);
    expect(Math.max(...gaps('shard-01'))).toBeGreaterThan(10_000);
    const moved = writes('shard-01');
    expect(moved.at(-1)?.node).toBe('node-1');
    expect(moved.at(-1)?.token).toBeGreaterThan(moved[0]?.token ?? Number.POSITIVE_INFINITY);
  });

  it('unavailableShardFraction is 2/12 with twelve shards, and 1 with a single leader for the cluster', () => {
    const m = shardFigures(trace.events, trace.params);
    expect(m).toMatchObject({ unavailableShards: 2, unavailableShardFraction: 0.167, shardsMoved: 2 });
    expect(m.shardFailoverMs).toBeGreaterThan(10_000);
    expect(shardFigures(single.events, single.params)).toMatchObject({
      unavailableShards: 1,
      unavailableShardFraction: 1,
      shardsMoved: 1,
    });
    // Nobody down: no failover window.
    const calm = simulate(scenario, { withoutScript: true });
    expect(shardFigures(calm.events, calm.params).unavailableShardFraction).toBeNull();
  });
});

describe('per-shard fencing', () => {
  it('the storage compares a write’s token with its own shard’s only', () => {
    const tr = simulate(scenario);
    const accepted = tr.events.filter((e) => e.k === 'write' && e.status === 'accepted');
    // Tokens 2..13 are accepted side by side in the first round: lower tokens on other shards are fine.
    const first = accepted.slice(0, 12).map((e) => (e.k === 'write' ? e.token : null));
    expect(new Set(first).size).toBe(12);
    expect(tr.events.some((e) => e.k === 'write' && e.status === 'rejected')).toBe(false);
  });
});
