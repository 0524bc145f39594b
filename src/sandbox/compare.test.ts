import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { scenarioParams } from '../sim/inputs.ts';
import { compareKnobs, presetValue, renewFor, simulateCompare } from './compare.ts';

const scenario = (id: string) => {
  const s = scenarios.find((x) => x.id === id);
  if (!s) throw new Error(id);
  return s;
};
const inputs = (id: string) => ({
  scenario: scenario(id),
  seed: undefined,
  params: {},
  nodes: undefined,
  interventions: [],
});

describe('compare presets', () => {
  it('a story names a knob of its own to compare on, and the value its point needs', () => {
    for (const s of scenarios) {
      if (!s.compare) continue;
      const knob = compareKnobs(s, scenarioParams(s)).find((k) => k.name === s.compare?.knob);
      expect(knob, `${s.id}: compare.knob ${s.compare.knob}`).toBeDefined();
    }
    const ex = scenario('external-scheduler');
    const deadline = compareKnobs(ex, scenarioParams(ex)).find((k) => k.name === 'startingDeadlineSeconds');
    // The story's 300 s deadline doubled would change nothing; 60 s passes the 03:00 slot over.
    expect(deadline && presetValue(deadline, ex.compare)).toBe(60);
    expect(deadline && presetValue(deadline)).toBe(600);
    const r = simulateCompare(inputs('external-scheduler'), { name: 'startingDeadlineSeconds', value: 60 });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.trace.events.some((e) => e.k === 'mark' && e.name === 'missed')).toBe(true);
  });

  it('flips switches and puts a TTL of 10 s against 30 s', () => {
    const sb = scenario('split-brain');
    const quorum = compareKnobs(sb, scenarioParams(sb)).find((k) => k.name === 'quorum');
    expect(quorum && presetValue(quorum)).toBe(true);
    const lease = scenario('etcd-lease');
    const ttl = compareKnobs(lease, scenarioParams(lease)).find((k) => k.name === 'ttlS');
    expect(ttl && presetValue(ttl)).toBe(10);
    expect(renewFor(10)).toBe(3);
    expect(renewFor(30)).toBe(10);
  });

  it('puts twelve shards against one leader for the cluster, and the comparison stops every write', () => {
    const sh = scenario('sharded-leadership');
    const shards = compareKnobs(sh, scenarioParams(sh)).find((k) => k.name === 'shards');
    expect(shards && presetValue(shards)).toBe(1);
    expect(shards && presetValue({ ...shards, value: 1 })).toBe(12);
    const r = simulateCompare(inputs('sharded-leadership'), { name: 'shards', value: 1 });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.trace.params.shards).toBe(1);
  });

  it('offers only the algorithm’s own knobs', () => {
    const sb = scenario('split-brain');
    expect(compareKnobs(sb, scenarioParams(sb)).map((k) => k.name)).not.toContain('dropRate');
  });
});

describe('simulateCompare', () => {
  it('split-brain with quorum on: no split-brain, the minority never leads', () => {
    const r = simulateCompare(inputs('split-brain'), { name: 'quorum', value: true });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.index.violations.filter((v) => v.kind === 'split-brain')).toEqual([]);
    expect(r.run.metrics.at().maxConcurrentLeaders).toBe(1);
  });

  it('fencing-token with fencing off: the stale write is accepted', () => {
    const r = simulateCompare(inputs('fencing-token'), { name: 'fencing', value: false });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.metrics.at().writes.staleAccepted).toBeGreaterThan(0);
    expect(r.run.metrics.at().writes.rejected).toBe(0);
  });

  it('etcd-lease with a TTL of 10 s: renewS follows to stay valid', () => {
    const r = simulateCompare(inputs('etcd-lease'), { name: 'ttlS', value: 10 });
    if (!('run' in r)) throw new Error(r.error);
    expect(r.run.adjusted).toEqual([{ name: 'renewS', value: 3 }]);
    expect(r.run.trace.params.ttlS).toBe(10);
  });

  it('a value the rules refuse is an error naming the rule', () => {
    const r = simulateCompare(inputs('etcd-lease'), { name: 'renewS', value: 40 });
    expect('error' in r && r.error).toMatch(/renewS < ttlS/);
  });
});
