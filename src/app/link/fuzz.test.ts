import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { locales } from '../../i18n/index.ts';
import { decodeView } from './decode.ts';
import { LINK_PARAMS } from './params.ts';
import { readStepParam } from './problems.ts';
import { encodeView } from './view.ts';

/**
 * Hostile and random query strings against the deep-link reader: it never throws, every problem
 * names the parameter (and, where the value alone cannot say it, what was expected), and nothing
 * outside the known parameters and values gets into the view.
 */

const ctx = { scenarios, locales };
const ids = scenarios.map((s) => s.id);
const known = LINK_PARAMS as readonly string[];

const hostileNames = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  'Scenario',
  'STEP',
  ' scenario',
  '',
  'ключ',
  '🙂',
  'a'.repeat(500),
];
const hostileValues = [
  '',
  ' ',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '1e309',
  '-1',
  '-0',
  '0',
  '0x10',
  '1.5',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  '4294967296',
  '86400000',
  '86400001',
  '%',
  '%E0%A4%A',
  '\u0000',
  '\u202e',
  'ＢＵＬＬＹ',
  '1'.repeat(5000),
  'on',
  'off',
  'ttlS:20',
  '__proto__:1',
  'constructor:1',
  'fencing:maybe',
  '12000,crash,node-2',
  '0,partition,node-1;node-2|node-3',
  '-5,crash,node-1',
  '1e400,crash,node-1',
  'crash',
  ...ids,
  ...locales,
];

const name = fc.oneof(
  fc.constantFrom(...known),
  fc.constantFrom(...hostileNames),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const value = fc.oneof(
  fc.constantFrom(...hostileValues),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
);
const pairs = fc.array(fc.tuple(name, value), { maxLength: 12 });

/** As a browser would put it in location.search (encoded), or raw text typed into the address bar. */
const search = fc.oneof(
  pairs.map((ps) => `?${new URLSearchParams(ps).toString()}`),
  pairs.map((ps) => `?${ps.map(([k, v]) => `${k}=${v}`).join('&')}`),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

const RUNS = { numRuns: 600 };

describe('decodeView under random and hostile links', () => {
  it('never throws', () => {
    fc.assert(
      fc.property(search, (s) => {
        decodeView(s, ctx);
      }),
      RUNS,
    );
  });

  it('names the parameter of every problem; unknown names are flagged, known ones say what was refused', () => {
    fc.assert(
      fc.property(search, (s) => {
        const { problems } = decodeView(s, ctx);
        const keys = new Set(new URLSearchParams(s).keys());
        for (const p of problems) {
          expect(typeof p.param).toBe('string');
          expect(typeof p.value).toBe('string');
          expect(p.value.length).toBeLessThanOrEqual(81);
          if (p.unknown) expect(known).not.toContain(p.param);
          else {
            expect(known).toContain(p.param);
            expect(keys.has(p.param)).toBe(true);
          }
          // set/fault/nodes/duration: the value alone does not say what was expected, the reason does.
          if (['set', 'fault', 'nodes', 'duration'].includes(p.param) && !p.unknown)
            expect(p.reason?.trim()).toBeTruthy();
        }
        for (const k of keys)
          if (!known.includes(k))
            expect(problems.some((p) => p.unknown && k.startsWith(p.param.replace(/…$/, '')))).toBe(true);
      }),
      RUNS,
    );
  });

  it('accepts nothing outside the known parameters and values', () => {
    fc.assert(
      fc.property(search, (s) => {
        const { view, hasScenario } = decodeView(s, ctx);
        // `inspect` is there only when the link names one or two node ids.
        if (view.inspect !== undefined) {
          expect(view.inspect.length === 1 || view.inspect.length === 2).toBe(true);
          for (const n of view.inspect) expect(n).toMatch(/^[a-z][a-z0-9-]{0,39}$/);
        }
        expect(
          Object.keys(view)
            .filter((k) => k !== 'inspect')
            .sort(),
        ).toEqual(
          [
            'scenario',
            'algorithm',
            'durationMs',
            'compare',
            'step',
            't',
            'seed',
            'nodes',
            'params',
            'faults',
            'speed',
            'whatIf',
            'panel',
            'theme',
            'lang',
          ].sort(),
        );
        expect(ids).toContain(view.scenario);
        if (!hasScenario) expect(view.scenario).toBe(ids[0]);
        if (view.step !== null) expect(Number.isSafeInteger(view.step) && view.step >= 0).toBe(true);
        if (view.t !== null) expect(Number.isFinite(view.t) && view.t >= 0).toBe(true);
        if (view.seed !== null)
          expect(Number.isInteger(view.seed) && view.seed >= 0 && view.seed < 2 ** 32).toBe(true);
        if (view.nodes !== null) expect(Number.isInteger(view.nodes) && view.nodes > 0).toBe(true);
        if (view.durationMs !== null)
          expect(
            Number.isInteger(view.durationMs / 1000) &&
              view.durationMs >= 1000 &&
              view.durationMs <= 86_400_000,
          ).toBe(true);
        expect(Number.isFinite(view.speed)).toBe(true);
        expect(['sequence', 'log']).toContain(view.panel);
        expect([null, 'light', 'dark']).toContain(view.theme);
        if (view.lang !== null) expect(locales).toContain(view.lang);
        expect(typeof view.whatIf).toBe('boolean');
        // no prototype pollution through set=__proto__:… and friends
        expect(Object.getPrototypeOf(view.params)).toBe(Object.prototype);
        for (const k of Object.keys(view.params))
          expect(['__proto__', 'constructor', 'prototype']).not.toContain(k);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('reads back what it writes: the canonical link of a decoded view decodes to the same view, with no problems', () => {
    fc.assert(
      fc.property(search, (s) => {
        const { view } = decodeView(s, ctx);
        const again = decodeView(encodeView(view), ctx);
        expect(again.problems).toEqual([]);
        expect(again.view).toEqual(view);
      }),
      RUNS,
    );
  });
});

describe('readStepParam under hostile input', () => {
  it('never throws and accepts only in-range whole steps', () => {
    fc.assert(
      fc.property(search, fc.integer({ min: 0, max: 40 }), (s, count) => {
        const st = readStepParam(new URLSearchParams(s).get('step'), count);
        if (st.step !== undefined)
          expect(st.step >= 0 && st.step < count && Number.isInteger(st.step)).toBe(true);
        if (st.problem) expect(st.problem.param).toBe('step');
        expect(st.step === undefined || st.problem === null).toBe(true);
      }),
      RUNS,
    );
  });
});
