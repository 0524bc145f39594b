import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../src/i18n/index.ts';
import { scenarioText } from '../src/i18n/scenarios.ts';
import { simulate } from '../src/sim/simulate.ts';
import { cliSummary } from '../src/sim/trace/cliSummary.ts';
import { fillCaption } from '../src/sim/trace/narrate.ts';
import { captionOf, leaderIntervals } from '../src/sim/trace/summary.ts';
import type { Trace } from '../src/sim/trace/trace.ts';
import { scenarioById } from './index.ts';

const found = scenarioById('short-timeout');
if (!found) throw new Error('scenario short-timeout is not registered');
const scenario = found;
const HOUR = 3_600_000;

// One simulated hour each: simulated once, shared by the tests.
let bad: Trace;
let good: Trace;
beforeAll(() => {
  bad = simulate(scenario);
  good = simulate(scenario, { params: { fix: true } });
}, 300_000);

const caption = (tr: Trace, id: string) => {
  const s = tr.steps.find((x) => x.id === id);
  return s ? captionOf(scenario, s, tr.params) : '';
};
const pauses = (tr: Trace) => tr.events.filter((e) => e.k === 'fault' && e.fault.kind === 'pause');

describe('scenario short-timeout (1 s election timeout, GC pauses, a latency tail)', () => {
  it('is a pitfall of one hour: 1 s timeout, a p99 latency tail, GC pauses on every node', () => {
    expect(scenario).toMatchObject({ group: 'pitfalls', algorithm: 'heartbeat', durationMs: HOUR });
    expect(bad.params).toMatchObject({ electionTimeoutMinMs: 1000, latencyP99Ms: 300, quorum: true });
    const ps = pauses(bad);
    expect(ps.length).toBeGreaterThan(100);
    expect(new Set(ps.map((e) => (e.k === 'fault' && 'node' in e.fault ? e.fault.node : '')))).toEqual(
      new Set(['node-1', 'node-2', 'node-3', 'node-4', 'node-5']),
    );
    // The network's tail: some messages take longer than the p99, none without the knob would.
    const slow = bad.events.filter((e) => e.k === 'send' && e.deliverAt - e.t > 300).length;
    expect(slow).toBeGreaterThan(100);
  });

  it('spurious re-elections: many over the hour, each a window without writes', () => {
    const sum = cliSummary(bad, scenario);
    expect(sum.metrics.elections).toBeGreaterThan(15);
    expect(sum.metrics.unavailableMs).toBeGreaterThan(25_000);
    // Every new leader came while the previous one was paused, not crashed: nothing crashed.
    expect(bad.events.some((e) => e.k === 'fault' && e.fault.kind === 'crash')).toBe(false);
    const ls = leaderIntervals(bad);
    for (const l of ls.slice(1)) {
      const writes = bad.events.filter(
        (e) => e.k === 'write' && e.status === 'accepted' && e.t > l.fromMs - 1000 && e.t < l.fromMs,
      );
      expect(writes, `before ${l.node} at ${l.fromMs}`).toEqual([]);
    }
    expect(sum.violations.filter((v) => v.kind !== 'leaderless')).toEqual([]);
  });

  it('tells its steps; the count step is the 10th election', () => {
    expect(bad.steps.map((s) => s.id)).toEqual(scenario.steps.map((s) => s.id));
    for (const s of bad.steps) expect(caption(bad, s.id)).not.toMatch(/\{\w+\}/);
    const tenth = bad.steps.find((s) => s.id === 'tenth-election')!;
    const wins = bad.events.filter((e) => e.k === 'role' && e.role === 'leader' && e.t <= tenth.atMs);
    expect(new Set(wins.map((e) => (e.k === 'role' ? `${e.node}:${e.term}` : ''))).size).toBe(10);
    // The story reaches its point in the first half minute.
    expect(bad.steps.find((s) => s.id === 're-elected')!.atMs).toBeLessThan(30_000);
  });
});

describe('scenario short-timeout with the fix (10 s, randomized up to 20 s)', () => {
  it('the same pauses, far fewer elections and less time without writes', () => {
    expect(good.params).toMatchObject({
      fix: true,
      electionTimeoutMinMs: 10_000,
      electionTimeoutMaxMs: 20_000,
    });
    expect(pauses(good).length).toBe(pauses(bad).length);
    const g = cliSummary(good, scenario).metrics;
    const b = cliSummary(bad, scenario).metrics;
    expect(g.elections).toBe(1);
    expect(10).toBeLessThan(b.elections ?? 0);
    expect(g.unavailableMs).toBeLessThan(b.unavailableMs * 0.7);
  });

  it('tells the fix steps', () => {
    expect(good.steps.map((s) => s.id)).toEqual(scenario.fix?.steps?.map((s) => s.id));
    expect(caption(good, 'leader-resumes')).toContain('node-3 resumes');
  });
});

describe('scenario short-timeout in pt and ru', () => {
  beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
  it('every step of both runs has its own text in each language', () => {
    for (const tr of [bad, good])
      for (const s of tr.steps)
        for (const lang of ['pt', 'ru'] as const) {
          const text = fillCaption(scenarioText(lang, scenario, `step.${s.id}`), s.vars, tr.params);
          expect(text).not.toBe(caption(tr, s.id));
          expect(text).not.toMatch(/\{\w+\}/);
        }
    expect(scenarioText('pt', scenario, 'step.the-hour')).toContain('percentil 99');
    expect(scenarioText('ru', scenario, 'step.the-hour')).toContain('99-й перцентиль');
  });
});
