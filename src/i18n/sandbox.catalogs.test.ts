import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { knobDoc, refusalText } from '../sandbox/knobs.ts';
import { SWEEPS } from '../sandbox/sweeps.ts';
import { algorithms } from '../sim/algorithms/registry.ts';
import { netParams, netRules, ParamError, type ParamProblem, resolveParams } from '../sim/params.ts';
import { cleanComparison, compareCatalogs } from './compareCatalogs.ts';
import { enSandbox } from './en.sandbox.ts';
import { catalogs, loadLanguage, setLocale, t } from './index.ts';
import { knobDocsPt, ruleDocsPt } from './knobs.pt.ts';
import { knobDocsRu, ruleDocsRu } from './knobs.ru.ts';
import { ptSandbox } from './pt.sandbox.ts';
import { ruSandbox } from './ru.sandbox.ts';

// t() reads the pt/ru sandbox strings once their language pack is loaded (i18n/index.ts).
beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));

const compare = compareCatalogs;
const clean = cleanComparison;

describe('sandbox catalogs: every English key in every language', () => {
  for (const [lang, catalog] of Object.entries({ pt: ptSandbox, ru: ruSandbox }))
    it(`${lang}: present, non-empty, no stale keys, same placeholders`, () => {
      expect(compare(enSandbox, catalog)).toEqual(clean);
    });

  it('the comparison catches a missing, an empty and a mismatched key', () => {
    const broken = { ...ptSandbox, 'faults.at': 'em {tempo}', 'faults.node': ' ' };
    delete (broken as Record<string, string>)['faults.crash'];
    expect(compare(enSandbox, broken)).toEqual({
      missing: ['faults.node', 'faults.crash'],
      extra: [],
      placeholderMismatch: ['faults.at'],
    });
  });

  it('every sweep has a title and axis labels in English', () => {
    const keys = SWEEPS.flatMap((s) => [`sweep.${s.id}`, `sweep.${s.id}.x`, `sweep.${s.id}.y`]);
    expect(keys.filter((k) => !enSandbox[k])).toEqual([]);
  });

  it('every knob doc of every algorithm is translated, with no stale keys', () => {
    const english: Record<string, string> = {};
    for (const [k, s] of Object.entries(netParams)) english[`net.${k}`] = s.doc;
    for (const a of Object.values(algorithms))
      for (const [k, s] of Object.entries(a.params)) english[`${a.id}.${k}`] = s.doc;
    expect(compare(english, knobDocsPt)).toEqual(clean);
    expect(compare(english, knobDocsRu)).toEqual(clean);
  });

  it('every cross-knob rule has a stable id and its message translated, with no stale keys', () => {
    const english: Record<string, string> = {};
    for (const r of netRules) english[`net.${r.id}`] = r.message;
    for (const a of Object.values(algorithms))
      for (const r of a.rules) english[`${a.id}.${r.id}`] = r.message;
    const count = netRules.length + Object.values(algorithms).reduce((n, a) => n + a.rules.length, 0);
    expect(Object.keys(english)).toHaveLength(count);
    expect(Object.keys(english).filter((k) => !/^[a-z]+\.[a-z0-9-]+$/.test(k))).toEqual([]);
    expect(compare(english, ruleDocsPt)).toEqual(clean);
    expect(compare(english, ruleDocsRu)).toEqual(clean);
  });

  it('a refused rule reads in the language, keeps its cited source; the simulator (and the CLI) stay English', () => {
    const lease = algorithms.lease;
    if (!lease) throw new Error('lease');
    let problem = '';
    try {
      resolveParams({ ...netParams, ...lease.params }, [...netRules, ...lease.rules], {
        ttlS: 10,
        renewS: 10,
      });
    } catch (e) {
      if (!(e instanceof ParamError)) throw e;
      problem = e.message;
    }
    const source = lease.rules[0]?.source;
    expect(problem).toBe(`renew interval must be shorter than the TTL (renewS < ttlS) (${source})`);
    expect(refusalText(problem)).toBe(problem);
    setLocale('pt');
    expect(refusalText(problem)).toBe(
      `o intervalo de renovação precisa ser menor que o TTL (renewS < ttlS) (${source})`,
    );
    expect(t('knobs.refused', { message: refusalText(problem) })).toMatch(
      /^Recusado: o intervalo de renovação/,
    );
    setLocale('ru');
    expect(refusalText(problem)).toBe(
      `интервал продления должен быть короче TTL (renewS < ttlS) (${source})`,
    );
    expect(refusalText('ttlS must be >= 2, got 1')).toBe('ttlS must be >= 2, got 1');
    setLocale('en');
  });

  it('a refused range or type reads wholly in pt and ru: the knob under its label, the numbers as the language writes them; the CLI stays English', () => {
    const patroni = algorithms.patroni;
    if (!patroni) throw new Error('patroni');
    const refuse = (overrides: Record<string, number>): { message: string; problem: ParamProblem } => {
      try {
        resolveParams({ ...netParams, ...patroni.params }, [...netRules, ...patroni.rules], overrides);
      } catch (e) {
        if (!(e instanceof ParamError)) throw e;
        return { message: e.message, problem: e.problem };
      }
      throw new Error(`not refused: ${JSON.stringify(overrides)}`);
    };
    const ttl = refuse({ ttlS: 1 });
    // What the CLI prints is unchanged, and carried as data as well.
    expect(ttl.message).toBe('ttlS must be >= 20, got 1');
    expect(ttl.problem).toEqual({ kind: 'min', knob: 'ttlS', bound: 20, got: 1 });
    const drop = refuse({ dropRate: 1.5 });
    const whole = refuse({ ttlS: 20.5 });
    const english = /\b(must|got|expects|whole|number|finite|unknown)\b|>=|<=/;
    expect(refusalText(ttl.problem, 'patroni')).toBe('ttl must be >= 20 s, got 1 s');

    setLocale('pt');
    const pt = refusalText(ttl.problem, 'patroni');
    expect(pt).toBe('ttl precisa ser no mínimo 20 s (valor informado: 1 s)');
    expect(pt).not.toMatch(english);
    expect(t('knobs.refused', { message: pt })).toMatch(/^Recusado: ttl precisa ser no mínimo 20 s/);
    expect(refusalText(drop.problem, 'patroni')).toBe('dropRate pode ser no máximo 1 (valor informado: 1,5)');
    expect(refusalText(whole.problem, 'patroni')).toBe(
      'ttl precisa ser um número inteiro (valor informado: 20,5 s)',
    );

    setLocale('ru');
    const ru = refusalText(ttl.problem, 'patroni');
    expect(ru).toBe('параметр ttl должен быть не меньше 20 с (указано 1 с)');
    expect(ru).not.toMatch(english);
    expect(refusalText(drop.problem, 'patroni')).toBe(
      'параметр dropRate должен быть не больше 1 (указано 1,5)',
    );
    expect(refusalText(whole.problem, 'patroni')).toBe(
      'параметр ttl должен быть целым числом (указано 20,5 с)',
    );
    // A rule carried as data reads like the rule's message matched from the string.
    const rule = refuse({ ttlS: 20, loopWaitS: 10, retryTimeoutS: 10 });
    expect(rule.problem.kind).toBe('rule');
    expect(refusalText(rule.problem, 'patroni')).toBe(refusalText(rule.message));
    expect(refusalText(rule.problem, 'patroni')).toMatch(
      /^loop_wait \+ 2 × retry_timeout должно быть <= ttl/,
    );
    setLocale('en');
  });

  it('every knob and rule source names a real source, never a bare internal label', () => {
    const sources = [
      ...netRules.map((r) => r.source),
      ...Object.values(algorithms).flatMap((a) => [
        ...Object.values(a.params).flatMap((s) => (s.source ? [s.source] : [])),
        ...a.rules.map((r) => r.source),
      ]),
    ];
    const bare =
      /^(model|model choice.*|network model|heartbeat algorithm|failure detector.*|request\/response.*)$/;
    expect(sources.filter((s) => bare.test(s) || /the stories?\b/.test(s))).toEqual([]);
  });

  it('knobDoc follows the language and scopes a name by algorithm', () => {
    const spec = algorithms.patroni?.params.ttlS;
    if (!spec) throw new Error('patroni ttlS');
    expect(knobDoc('patroni', 'ttlS', spec)).toBe(spec.doc);
    setLocale('pt');
    expect(knobDoc('patroni', 'ttlS', spec)).toMatch(/^TTL da trava do líder/);
    expect(knobDoc('lease', 'ttlS', spec)).toMatch(/^TTL da reserva com validade/);
    setLocale('en');
  });
});

describe('t() follows the current language like t()', () => {
  afterEach(() => setLocale('en'));

  it('switches at runtime and falls back to English, then to the key', () => {
    expect(t('whatIf.toggle')).toBe('What if…');
    setLocale('pt');
    expect(t('whatIf.toggle')).toBe('E se…');
    expect(t('fault.delay-link', { a: 'node-1', b: 'node-2', extraMs: '50 ms' })).toBe(
      'atrasar enlace node-1–node-2 em 50 ms',
    );
    setLocale('ru');
    expect(t('whatIf.toggle')).toBe('А что если…');
    expect(t('fault.crash', { node: 'node-3' })).toBe('уронить node-3');
    expect(t('no.such.key')).toBe('no.such.key');
    setLocale('en');
    expect(t('faults.crash')).toBe('Crash');
  });

  it('an empty translation falls back to English', () => {
    setLocale('ru');
    const saved = catalogs.ru['knobs.on'] as string;
    catalogs.ru['knobs.on'] = '';
    try {
      expect(t('knobs.on')).toBe('on');
    } finally {
      catalogs.ru['knobs.on'] = saved;
    }
  });
});
