import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario, ScenarioError, scenarioGroups } from '../src/sim/scenario/schema.ts';
import { simulate } from '../src/sim/simulate.ts';
import { leaderIntervals } from '../src/sim/trace/summary.ts';
import bully from './bully.ts';
import { groupOf, keyedScenarios, pitfalls, scenarioIds, scenarios, stories, systems } from './index.ts';

describe('scenarios', () => {
  it.each(scenarios.map((s) => [s.id, s] as const))('%s: validates against the schema', (id, s) => {
    expect(parseScenario(s, `scenarios/${id}.ts`)).toEqual(s);
  });

  it('are the five stories, the pitfalls, the real systems, then the sandbox: one list in catalogue order', () => {
    expect(stories.map((s) => s.id)).toEqual([
      'bully',
      'etcd-lease',
      'split-brain',
      'fencing-token',
      'patroni',
    ]);
    expect(scenarioIds).toEqual([...stories, ...pitfalls, ...systems].map((s) => s.id).concat('sandbox'));
    expect(new Set(scenarioIds).size).toBe(scenarioIds.length);
    expect(stories.some((s) => s.freePlay)).toBe(false);
    // Each list's scenarios sit in its catalogue group, and the groups come in the catalogue's order.
    expect(stories.map(groupOf).every((g) => g === 'stories')).toBe(true);
    expect(pitfalls.map(groupOf).every((g) => g === 'pitfalls')).toBe(true);
    expect(systems.map(groupOf).every((g) => g === 'systems')).toBe(true);
    expect(groupOf(scenarios.at(-1) as Scenario)).toBe('sandbox');
    const order = scenarios.map((s) => scenarioGroups.indexOf(groupOf(s)));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    // A pitfall is a story with its fix.
    for (const s of pitfalls) expect(s.fix, s.id).toBeDefined();
    // The keys 1-6: the five stories, then the sandbox.
    expect(keyedScenarios.map((s) => s.id)).toEqual([...stories.map((s) => s.id), 'sandbox']);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s: has a tagline for its catalogue card', (_id, s) => {
    expect(s.tagline?.length ?? 0).toBeGreaterThan(10);
    expect(s.tagline).not.toMatch(/\n/);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))(
    '%s: every narration step resolves, in order',
    (_id, s) => {
      const trace = simulate(s);
      // A step told only on an outcome (`when`) is told exactly when its condition holds in the story's run.
      const told = new Set<string>();
      const expected = s.steps.filter((x) => {
        const on = !x.when || told.has(x.when.step) === x.when.told;
        if (on) told.add(x.id);
        return on;
      });
      expect(trace.steps.map((x) => x.id)).toEqual(expected.map((x) => x.id));
      for (let i = 1; i < trace.steps.length; i++)
        expect(trace.steps[i]?.atMs).toBeGreaterThanOrEqual(trace.steps[i - 1]?.atMs ?? 0);
    },
    // A pitfall of a simulated hour (short-timeout) takes a while on a busy machine.
    300_000,
  );

  it.each(scenarios.map((s) => [s.id, s] as const))(
    '%s: meets its expectations',
    (_id, s) => {
      const trace = simulate(s);
      const leaders = leaderIntervals(trace);
      const kinds = trace.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));
      if (s.expect.finalLeader !== undefined)
        expect(leaders.filter((l) => l.ongoing).map((l) => l.node)).toEqual(
          s.expect.finalLeader === null ? [] : [s.expect.finalLeader],
        );
      if (s.expect.leadersInOrder) {
        const order = leaders.map((l) => l.node).filter((n, i, a) => n !== a[i - 1]);
        expect(order).toEqual(s.expect.leadersInOrder);
      }
      if (s.expect.tokens) expect(leaders.map((l) => l.token)).toEqual(s.expect.tokens);
      for (const w of s.expect.rejectedWrites ?? [])
        expect(
          trace.events.some(
            (e) => e.k === 'write' && e.status === 'rejected' && e.node === w.node && e.token === w.token,
          ),
        ).toBe(true);
      for (const k of s.expect.violations ?? []) expect(kinds).toContain(k);
      for (const k of s.expect.noViolations ?? []) expect(kinds).not.toContain(k);
    },
    300_000,
  );
});

describe('pitfall stories', () => {
  const withFix = scenarios.filter((s) => s.fix);

  // A real system may show its defence as a fix too (skip-locked: the transactional outbox).
  it.each(withFix.map((s) => [s.id, s] as const))(
    '%s: is a pitfall or a real system, with a tagline',
    (_id, s) => {
      expect(['pitfalls', 'systems']).toContain(s.group);
      expect(s.tagline).toBeTruthy();
    },
  );

  it.each(withFix.map((s) => [s.id, s] as const))(
    '%s: a step id in both runs has one caption (they share one key space)',
    (_id, s) => {
      for (const f of s.fix?.steps ?? []) {
        const own = s.steps.find((x) => x.id === f.id);
        if (own) expect(f.caption, f.id).toBe(own.caption);
      }
    },
  );

  it.each(withFix.map((s) => [s.id, s] as const))(
    '%s: the fixed run meets fix.expect',
    (_id, s) => {
      const trace = simulate(s, { params: { fix: true } });
      const leaders = leaderIntervals(trace);
      const kinds = trace.events.flatMap((e) => (e.k === 'violation' ? [e.violation.kind] : []));
      const ex = s.fix?.expect ?? {};
      if (ex.finalLeader !== undefined)
        expect(leaders.filter((l) => l.ongoing).map((l) => l.node)).toEqual(
          ex.finalLeader === null ? [] : [ex.finalLeader],
        );
      if (ex.leadersInOrder)
        expect(leaders.map((l) => l.node).filter((n, i, a) => n !== a[i - 1])).toEqual(ex.leadersInOrder);
      for (const k of ex.violations ?? []) expect(kinds).toContain(k);
      for (const k of ex.noViolations ?? []) expect(kinds).not.toContain(k);
    },
    300_000,
  );
});

describe('scenario schema', () => {
  it('reports every broken rule with its path', () => {
    const broken = {
      ...bully,
      nodes: 0,
      timeScale: -1,
      faults: [{ atMs: -5, fault: { kind: 'explode', node: 'node-1' } }],
      steps: [{ id: 'Bad Id', anchor: { k: 'send' }, caption: '' }],
    };
    let message = '';
    try {
      parseScenario(broken, 'scenarios/broken.ts');
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      message = (e as Error).message;
    }
    expect(message).toContain('scenarios/broken.ts.nodes:');
    expect(message).toContain('scenarios/broken.ts.timeScale:');
    expect(message).toContain('scenarios/broken.ts.faults[0].atMs:');
    expect(message).toContain('scenarios/broken.ts.faults[0].fault.kind:');
    expect(message).toContain('scenarios/broken.ts.steps[0].id:');
    expect(message).toContain('scenarios/broken.ts.steps[0].caption:');
  });

  it('refuses data that is not an object', () => {
    expect(() => parseScenario(null)).toThrow(ScenarioError);
    expect(() => parseScenario('bully')).toThrow(/scenario: /);
  });
});
