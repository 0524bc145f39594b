import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { loadLanguage, setLocale } from '../i18n/index.ts';
import type { Run } from '../player/store.ts';
import { faultText } from '../sandbox/faults.ts';
import { simulate } from '../sim/simulate.ts';
import { formatSeconds, tickFormat } from './d3/sequence/index.ts';
import { formatLogTime } from './EventLog.tsx';
import { formatDuration, formatTime } from './format.ts';
import { stepCaption } from './story.ts';

describe('formatTime', () => {
  it('uses ms for short runs, seconds for longer, m:ss.s for long ones', () => {
    expect(formatTime(1234.4, 3000)).toBe('1234 ms');
    expect(formatTime(12_345, 90_000)).toBe('12.3 s');
    expect(formatTime(0, 90_000)).toBe('0.0 s');
    expect(formatTime(125_400, 300_000)).toBe('2:05.4');
    expect(formatTime(61_000, 300_000)).toBe('1:01.0');
    expect(formatTime(-5, 300_000)).toBe('0:00.0');
  });
});

describe('numbers with units follow the language', () => {
  beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));
  afterEach(() => setLocale('en'));

  it('a decimal comma in pt and ru: the timeline, the axis ticks, the cursor, the log', () => {
    expect([formatTime(12_345, 90_000), tickFormat(500)(5400), formatSeconds(250, 2000)]).toEqual([
      '12.3 s',
      '5.4 s',
      '0.250 s',
    ]);
    setLocale('pt');
    expect(formatTime(12_345, 90_000)).toBe('12,3 s');
    expect(formatTime(125_400, 300_000)).toBe('2:05,4');
    expect(formatSeconds(2000, 2000)).toBe('2,000 s');
    expect(formatDuration(1500)).toBe('1,5 s');
    setLocale('ru');
    expect(formatTime(12_345, 90_000)).toBe('12,3 с');
    expect(tickFormat(500)(5400)).toBe('5,4 с');
    expect(tickFormat(1000)(12_000)).toBe('12 с');
    expect(formatLogTime(1234)).toBe('1,234');
    expect(faultText({ kind: 'clock-drift', node: 'node-1', rate: 1.5 }, undefined)).toBe(
      'дрейф часов node-1 ×1,5',
    );
    expect(faultText({ kind: 'pause', node: 'node-1', durationMs: 2500 }, undefined)).toBe(
      'пауза node-1 на 2,5 с',
    );
  });

  it('the Bully caption says "5 узлов" and "3 узла" in Russian', () => {
    const bully = scenarios.find((s) => s.id === 'bully');
    if (!bully) throw new Error('no bully scenario');
    const caption = (nodes: number) => {
      const trace = simulate(bully, { nodes });
      const step = trace.steps.find((s) => s.id === 'highest-leads');
      if (!step) throw new Error('no highest-leads step');
      return stepCaption({ scenario: bully, trace } as Run, step, 'ru');
    };
    expect(caption(5)).toMatch(/^5 узлов, /);
    expect(caption(3)).toMatch(/^3 узла, /);
  });

  it('a caption writes its numbers as the language does (renewS 0.5: "0,5 s" in pt, "0,5 с" in ru)', () => {
    const lease = scenarios.find((s) => s.id === 'etcd-lease');
    if (!lease) throw new Error('no etcd-lease scenario');
    const trace = simulate(lease, { params: { renewS: 0.5 } });
    const step = trace.steps.find((s) => s.id === 'renewal');
    if (!step) throw new Error('no renewal step');
    const run = { scenario: lease, trace } as Run;
    expect(stepCaption(run, step, 'en')).toMatch(/^Every 0\.5 s node-1/);
    expect(stepCaption(run, step, 'pt')).toMatch(/^A cada 0,5 s o node-1/);
    expect(stepCaption(run, step, 'ru')).toMatch(/^Каждые 0,5 с node-1/);
  });
});
