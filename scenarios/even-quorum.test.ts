import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../src/i18n/index.ts';
import { scenarioText } from '../src/i18n/scenarios.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import { fillCaption } from '../src/sim/trace/narrate.ts';
import { captionOf, leaderIntervals } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('even-quorum');
if (!found) throw new Error('scenario even-quorum is not registered');
const scenario = found;
const PARTITION_AT = 4000;
const HEAL_AT = 14_000;
const PARTITION_MS = HEAL_AT - PARTITION_AT;

const accepted = (tr: Trace, from: number, to: number) =>
  tr.events.filter((e) => e.k === 'write' && e.status === 'accepted' && e.t > from && e.t <= to);
const ids = (tr: Trace) => tr.steps.map((s) => s.id);
const caption = (tr: Trace, id: string) => {
  const s = tr.steps.find((x) => x.id === id);
  return s ? captionOf(scenario, s, tr.params) : '';
};

describe('scenario even-quorum (4 nodes, quorum 3, a 2|2 partition)', () => {
  const trace = simulate(scenario);
  const sum = cliSummary(trace, scenario);
  const leaders = leaderIntervals(trace);

  it('is a pitfall: heartbeat with quorum, 4 nodes, the cut down the middle', () => {
    expect(scenario).toMatchObject({ group: 'pitfalls', algorithm: 'heartbeat', nodes: 4 });
    expect(trace.params.quorum).toBe(true);
    expect(trace.hosts.map((h) => h.id)).toEqual(['node-1', 'node-2', 'node-3', 'node-4']);
    expect(scenario.faults[0]?.fault).toEqual({
      kind: 'partition',
      groups: [
        ['node-1', 'node-2'],
        ['node-3', 'node-4'],
      ],
    });
  });

  it('neither side elects anyone: no leader from the old one stepping down until after the heal', () => {
    const [first, second] = leaders;
    expect(leaders).toHaveLength(2);
    expect(first).toMatchObject({ node: 'node-1', term: 1 });
    expect(first!.toMs).toBeGreaterThan(PARTITION_AT);
    expect(first!.toMs).toBeLessThan(PARTITION_AT + 1500);
    expect(second!.fromMs).toBeGreaterThan(HEAL_AT);
    expect(sum.violations).toEqual([]);
  });

  it('writes stop for the whole partition', () => {
    expect(accepted(trace, PARTITION_AT, HEAL_AT)).toEqual([]);
    expect(accepted(trace, 0, PARTITION_AT).length).toBeGreaterThan(0);
  });

  it('metrics.leaderlessMs is at least the partition length', () => {
    expect(sum.metrics.leaderlessMs).toBeGreaterThanOrEqual(PARTITION_MS);
    expect(sum.metrics.unavailableMs).toBeGreaterThanOrEqual(PARTITION_MS);
  });

  it('tells every step, placeholders filled; the last one names 6 nodes split 3|3', () => {
    expect(ids(trace)).toEqual(scenario.steps.map((s) => s.id));
    for (const s of trace.steps) expect(caption(trace, s.id)).not.toMatch(/\{\w+\}/);
    expect(caption(trace, 'nobody-can-win')).toMatch(/gets 2; it needs 3/);
    expect(caption(trace, 'why-odd')).toContain('Six nodes split 3|3');
  });

  it('stays leaderless through the partition whatever the seed', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const tr = simulate(scenario, { seed });
      expect(accepted(tr, PARTITION_AT + 1500, HEAL_AT), `seed ${seed}`).toEqual([]);
      expect(cliSummary(tr, scenario).metrics.leaderlessMs, `seed ${seed}`).toBeGreaterThanOrEqual(
        PARTITION_MS - 1500,
      );
    }
  });
});

describe('scenario even-quorum with the fix (5 nodes, 2|3)', () => {
  const trace = simulate(scenario, { params: { fix: true } });
  const sum = cliSummary(trace, scenario);
  const leaders = leaderIntervals(trace);
  const timeoutMax = Number(trace.params.electionTimeoutMaxMs);

  it('runs five nodes and the partition the fix declares, and says so', () => {
    expect(trace.params.fix).toBe(true);
    expect(trace.hosts).toHaveLength(5);
    const cut = trace.events.find((e) => e.k === 'fault' && e.fault.kind === 'partition');
    expect(cut).toMatchObject({
      t: PARTITION_AT,
      fault: {
        groups: [
          ['node-1', 'node-2'],
          ['node-3', 'node-4', 'node-5'],
        ],
      },
    });
    expect(caption(trace, 'split-2-3')).toContain('The fix changes the partition too');
  });

  it('the majority side leads within the election timeout and keeps writing', () => {
    const [first, second] = leaders;
    expect(first).toMatchObject({ node: 'node-1', term: 1 });
    expect(['node-3', 'node-4', 'node-5']).toContain(second!.node);
    expect(second!.fromMs - PARTITION_AT).toBeLessThan(timeoutMax);
    expect(second!.fromMs).toBeLessThan(HEAL_AT);
    expect(accepted(trace, PARTITION_AT, HEAL_AT).length).toBeGreaterThan(5);
    expect(sum.violations).toEqual([]);
  });

  it('metrics.leaderlessMs is far below the partition length', () => {
    expect(sum.metrics.leaderlessMs).toBeLessThan(PARTITION_MS / 2);
    expect(sum.metrics.unavailableMs).toBeLessThan(timeoutMax);
  });

  it('tells its own steps', () => {
    expect(ids(trace)).toEqual(scenario.fix?.steps?.map((s) => s.id));
    for (const s of trace.steps) expect(caption(trace, s.id)).not.toMatch(/\{\w+\}/);
  });
});

describe('scenario even-quorum in pt and ru', () => {
  beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
  it('every step of both runs has its own text in each language', () => {
    for (const params of [{}, { fix: true }]) {
      const tr = simulate(scenario, { params });
      for (const s of tr.steps)
        for (const lang of ['pt', 'ru'] as const) {
          const text = fillCaption(scenarioText(lang, scenario, `step.${s.id}`), s.vars, tr.params);
          expect(text).not.toBe(caption(tr, s.id));
          expect(text).not.toMatch(/\{\w+\}/);
        }
    }
    expect(scenarioText('ru', scenario, 'step.why-odd')).toContain('3|3');
    expect(scenarioText('pt', scenario, 'tagline')).toContain('2|2');
  });
});
