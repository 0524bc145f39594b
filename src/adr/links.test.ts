import { describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import type { Scenario } from '../sim/scenario/schema.ts';
import { adr001, adrIds } from './adr001.ts';
import { adrLinks, resolveAdrLink } from './links.ts';

describe('ADR-001 links', () => {
  const ids = new Set(adrIds());

  it.each(Object.entries(adrLinks))('%s points at a step that exists', (id, link) => {
    const scenario = scenarios.find((s) => s.id === link.scenario);
    expect(scenario, `scenario "${link.scenario}"`).toBeDefined();
    const stepIds = scenario?.steps.map((s) => s.id) ?? [];
    expect(stepIds, `step "${link.stepId}" in ${link.scenario}`).toContain(link.stepId);
    const r = resolveAdrLink(id, scenarios);
    expect(r?.scenarioId).toBe(link.scenario);
    expect(scenario?.steps[r?.stepIndex ?? -1]?.id).toBe(link.stepId);
  });

  it('links only ids the ADR has', () => {
    for (const id of Object.keys(adrLinks)) expect(ids, id).toContain(id);
  });

  it('knows every id a scenario says it illustrates', () => {
    for (const s of scenarios) for (const id of s.adr) expect(ids, `${s.id}: ${id}`).toContain(id);
  });

  it('links every id a scenario illustrates that the ADR argues for', () => {
    for (const id of [
      'context',
      'decision',
      'matrix.bully',
      'matrix.heartbeat',
      'matrix.raft',
      'matrix.lease',
      'matrix.lease-fencing',
      'consequence.failover-ttl',
      'consequence.etcd-ha',
      'consequence.heartbeat-traffic',
      'matrix.kubernetes-lease',
      'matrix.zookeeper',
      'matrix.sharded-leadership',
      'matrix.external-scheduler',
      'when-not.optimistic-concurrency',
      'when-not.external-scheduler',
      'when-not.sharded-leadership',
      'when-not.skip-locked',
      'matrix.skip-locked',
    ])
      expect(resolveAdrLink(id, scenarios), id).not.toBeNull();
  });

  it('resolves to the index in the scenario’s own step order, and to null when the step is gone', () => {
    const fake = {
      id: 'x',
      title: 'X',
      steps: [
        { id: 'a', anchor: { k: 'start' }, caption: 'A' },
        { id: 'b', anchor: { k: 'end' }, caption: 'B' },
      ],
    } as unknown as Scenario;
    expect(resolveAdrLink('decision', [fake], { decision: { scenario: 'x', stepId: 'b' } })).toEqual({
      scenarioId: 'x',
      scenarioTitle: 'X',
      stepIndex: 1,
      stepId: 'b',
    });
    expect(resolveAdrLink('decision', [fake], { decision: { scenario: 'x', stepId: 'zz' } })).toBeNull();
    expect(resolveAdrLink('decision', [fake], { decision: { scenario: 'y', stepId: 'a' } })).toBeNull();
    expect(resolveAdrLink('matrix.ring', [fake])).toBeNull();
  });
});

describe('ADR-001 when not to use leader election', () => {
  const items = adr001.whenNot.items;
  const item = (id: string) => items.find((i) => i.id === `when-not.${id}`);

  it('lists the six alternatives, in the order the source text gives them', () => {
    expect(items.map((i) => i.id)).toEqual([
      'when-not.sharded-leadership',
      'when-not.optimistic-concurrency',
      'when-not.skip-locked',
      'when-not.stateless',
      'when-not.external-scheduler',
      'when-not.crdts',
    ]);
  });

  it('links a case to its story where the lab has one, and says so in words where it has none', () => {
    expect(resolveAdrLink('when-not.external-scheduler', scenarios)?.stepId).toBe('one-run');
    expect(resolveAdrLink('when-not.optimistic-concurrency', scenarios)?.scenarioId).toBe('kubernetes-lease');
    for (const id of ['stateless', 'crdts']) {
      expect(adrLinks[`when-not.${id}`], id).toBeUndefined();
      expect(item(id)?.text, id).toMatch(/The lab has no story/);
    }
  });

  it('links sharded leadership and SKIP LOCKED to the step that shows each', () => {
    expect(resolveAdrLink('when-not.sharded-leadership', scenarios)?.stepId).toBe('only-its-shards');
    expect(resolveAdrLink('when-not.skip-locked', scenarios)?.stepId).toBe('every-job-once');
  });
});

describe('ADR-001 content', () => {
  it('compares the approaches on the five criteria', () => {
    expect(adr001.matrix.map((r) => r.id)).toEqual([
      'matrix.bully',
      'matrix.ring',
      'matrix.heartbeat',
      'matrix.gossip',
      'matrix.raft',
      'matrix.lease',
      'matrix.lease-fencing',
      'matrix.kubernetes-lease',
      'matrix.zookeeper',
      'matrix.sharded-leadership',
      'matrix.external-scheduler',
      'matrix.skip-locked',
    ]);
    for (const row of adr001.matrix)
      for (const c of adr001.criteria)
        expect(row.cells[c.id].text.length, `${row.id}.${c.id}`).toBeGreaterThan(3);
  });

  it('states the facts the domain notes give', () => {
    const cell = (row: string, c: 'safety' | 'failover' | 'messages') =>
      adr001.matrix.find((r) => r.id === row)?.cells[c].text ?? '';
    expect(cell('matrix.bully', 'messages')).toMatch(/O\(n²\)/);
    expect(cell('matrix.raft', 'safety')).toMatch(/⌊n\/2⌋ \+ 1/);
    expect(cell('matrix.raft', 'failover')).toMatch(/150–300 ms/);
    expect(cell('matrix.lease', 'failover')).toMatch(/TTL/);
    expect(cell('matrix.lease-fencing', 'safety')).toMatch(/409 STALE TOKEN/);
    expect(adr001.consequences.find((c) => c.id === 'consequence.etcd-ha')?.text).toMatch(/3 or 5/);
  });

  it('has unique ids', () => {
    const all = adrIds();
    expect(new Set(all).size).toBe(all.length);
  });
});
