import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../src/i18n/index.ts';
import { scenarioText } from '../src/i18n/scenarios.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import { fillCaption } from '../src/sim/trace/narrate.ts';
import { captionOf, leaderIntervals } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('bully-at-scale');
if (!found) throw new Error('scenario bully-at-scale is not registered');
const scenario = found;

let bad: Trace;
let good: Trace;
beforeAll(() => {
  bad = simulate(scenario);
  good = simulate(scenario, { params: { fix: true } });
}, 120_000);

const caption = (tr: Trace, id: string) => {
  const s = tr.steps.find((x) => x.id === id);
  return s ? captionOf(scenario, s, tr.params) : '';
};
const faultsOf = (tr: Trace) =>
  tr.events.flatMap((e) => (e.k === 'fault' ? [`${e.t} ${JSON.stringify(e.fault)}`] : []));

describe('scenario bully-at-scale (100 nodes, a flapping partition)', () => {
  it('is a pitfall: Bully at 100 nodes, five 3 s partitions 10 s apart', () => {
    expect(scenario).toMatchObject({ group: 'pitfalls', algorithm: 'bully', nodes: 100 });
    expect(bad.hosts).toHaveLength(100);
    const cuts = bad.events.filter((e) => e.k === 'fault' && e.fault.kind === 'partition');
    expect(cuts.map((e) => e.t)).toEqual([5000, 15_000, 25_000, 35_000, 45_000]);
  });

  it('each flap is an election storm: the lower half elects node-50 every time', () => {
    const halves = leaderIntervals(bad).filter((l) => l.node === 'node-50');
    expect(halves).toHaveLength(5);
    const m = cliSummary(bad, scenario);
    // O(n^2): thousands of ELECTION messages per flap among 50 nodes.
    expect(m.messages.byType.ELECTION).toBeGreaterThan(5 * 2000);
    expect(m.metrics.messagesPerMinute).toBeGreaterThan(30_000);
    expect(m.metrics.elections).toBe(6);
  });

  it('tells its steps with the storm counted', () => {
    expect(bad.steps.map((s) => s.id)).toEqual(scenario.steps.map((s) => s.id));
    for (const s of bad.steps) expect(caption(bad, s.id)).not.toMatch(/\{\w+\}/);
    expect(caption(bad, 'half-coordinator')).toMatch(/^node-50, .* The storm so far: \d{4,} messages/);
  });
});

describe('scenario bully-at-scale with the fix (the same cluster through an etcd lease)', () => {
  it('runs the lease algorithm on 100 nodes under the same faults', () => {
    expect(good.algorithm).toBe('lease');
    expect(good.params.fix).toBe(true);
    expect(good.hosts.filter((h) => h.kind === 'node')).toHaveLength(100);
    expect(faultsOf(good)).toEqual(faultsOf(bad));
  });

  it('one election, no storm: several times fewer messages per minute', () => {
    const g = cliSummary(good, scenario);
    const b = cliSummary(bad, scenario);
    expect(leaderIntervals(good).map((l) => l.node)).toEqual(['node-1']);
    expect(g.metrics.elections).toBe(1);
    expect(g.metrics.messagesPerMinute * 4).toBeLessThan(b.metrics.messagesPerMinute);
    expect(g.violations).toEqual([]);
  });

  it('tells the fix steps', () => {
    expect(good.steps.map((s) => s.id)).toEqual(scenario.fix?.steps?.map((s) => s.id));
    for (const s of good.steps) expect(caption(good, s.id)).not.toMatch(/\{\w+\}/);
  });
});

describe('scenario bully-at-scale in pt and ru', () => {
  beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
  it('every step of both runs has its own text in each language', () => {
    for (const tr of [bad, good])
      for (const s of tr.steps)
        for (const lang of ['pt', 'ru'] as const) {
          const text = fillCaption(scenarioText(lang, scenario, `step.${s.id}`), s.vars, tr.params);
          expect(text).not.toBe(caption(tr, s.id));
          expect(text).not.toMatch(/\{\w+\}/);
        }
  });
});
