import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs, format, formatNumberIn, pluralOf, tIn } from './index.ts';

beforeAll(async () => {
  const { loadLanguage } = await import('./index.ts');
  await Promise.all([loadLanguage('pt'), loadLanguage('ru')]);
});

describe('plurals follow the language (Intl.PluralRules)', () => {
  const nodes = '{n, plural, one {# узел} few {# узла} many {# узлов} other {# узла}}';

  it('ru: one, few and many forms for 1, 2, 5, 11, 21, 22', () => {
    expect([1, 2, 5, 11, 21, 22].map((n) => format(nodes, { n }, 'ru'))).toEqual([
      '1 узел',
      '2 узла',
      '5 узлов',
      '11 узлов',
      '21 узел',
      '22 узла',
    ]);
    expect([1, 2, 5, 11, 21, 22].map((n) => pluralOf('ru', n))).toEqual([
      'one',
      'few',
      'many',
      'many',
      'one',
      'few',
    ]);
  });

  it('ru catalog: writes and events take the right form', () => {
    expect(tIn('ru', 'cluster.writes', { count: 1 })).toBe('1 запись');
    expect(tIn('ru', 'cluster.writes', { count: 3 })).toBe('3 записи');
    expect(tIn('ru', 'cluster.writes', { count: 11 })).toBe('11 записей');
    expect(tIn('ru', 'cluster.writes', { count: 21 })).toBe('21 запись');
    expect(tIn('ru', 'log.count', { n: 22 })).toBe('22 события');
    expect(tIn('ru', 'log.count', { n: 25 })).toBe('25 событий');
  });

  it('pt: one and other (0 and 1 are singular in pt-BR)', () => {
    expect(tIn('pt', 'cluster.writes', { count: 1 })).toBe('1 escrita');
    expect(tIn('pt', 'cluster.writes', { count: 2 })).toBe('2 escritas');
    expect(tIn('pt', 'proxy.failed', { count: 1 })).toBe('1 escrita falhou');
    expect(tIn('pt', 'proxy.failed', { count: 5 })).toBe('5 escritas falharam');
  });

  it('en: one and other; every other count reads as before', () => {
    expect(tIn('en', 'cluster.writes', { count: 1 })).toBe('1 write');
    expect(tIn('en', 'cluster.writes', { count: 4 })).toBe('4 writes');
    expect(tIn('en', 'log.count', { n: 0 })).toBe('0 events');
  });

  it('an exact =N branch wins, other placeholders inside a branch are filled, an unknown count stays visible', () => {
    const tpl = '{n, plural, =0 {nada} one {# de {who}} other {# de {who}}}!';
    expect(format(tpl, { n: 0, who: 'x' }, 'pt')).toBe('nada!');
    expect(format(tpl, { n: 3, who: 'x' }, 'pt')).toBe('3 de x!');
    expect(format(tpl, { who: 'x' }, 'pt')).toBe('{n, plural, =0 {nada} one {# de x} other {# de x}}!');
  });

  it('every plural in every catalog has an other branch', () => {
    for (const [lang, c] of Object.entries(catalogs))
      for (const [k, v] of Object.entries(c))
        if (v.includes(', plural,')) expect(v, `${lang} ${k}`).toMatch(/other \{/);
  });
});

describe('numbers follow the language (Intl.NumberFormat)', () => {
  it('a decimal comma in pt and ru, a point in en; no grouping anywhere', () => {
    expect(formatNumberIn('en', 0.5, 1)).toBe('0.5');
    expect(formatNumberIn('pt', 0.5, 1)).toBe('0,5');
    expect(formatNumberIn('ru', 0.5, 1)).toBe('0,5');
    expect(formatNumberIn('pt', 2, 3)).toBe('2,000');
    expect(formatNumberIn('pt', 2000)).toBe('2000');
    expect(formatNumberIn('ru', 12.25)).toBe('12,25');
    expect(formatNumberIn('en', 1.005, 2)).toBe((1.005).toFixed(2));
  });

  it('a plural count is written as the language writes numbers', () => {
    expect(format('{s, plural, one {# s} other {# s}}', { s: 1.5 }, 'pt')).toBe('1,5 s');
  });
});
