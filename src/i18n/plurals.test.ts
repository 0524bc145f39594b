import { beforeAll, describe, expect, it } from 'vitest';
import { shownStrings } from '../testing/shownStrings.ts';
import { catalogs, format, formatNumberIn, loadLanguage, pluralOf } from './index.ts';

/**
 * Every number a reader sees goes through the plural rules. Each string of the pt and ru catalogs
 * (captions, UI, knob docs, the inspector, the ADR) is rendered with all its placeholders set to 1, 2,
 * 5, 21, 101 and 5041 (one, few, many and a large "other" in ru; one and other in pt), and every noun
 * right after a number must be a form the language allows for that number.
 *
 * Which form goes with which category comes from the catalogs' own `{n, plural, ...}` branches: a
 * word seen as "# узла" in a `few` branch may follow 2, not 5. A bare `{count} узлов` therefore fails
 * at 1 and 2 ("1 узлов"), and so does a hard-coded count ("остальным 99") that should follow {n}.
 */
beforeAll(() => Promise.all([loadLanguage('pt'), loadLanguage('ru')]));

type Lang = 'pt' | 'ru';
const COUNTS = [1, 2, 5, 21, 101, 5041];

const texts = shownStrings;

const WORD = /^[\p{L}\p{M}]+/u;

/** The `{name, plural, ...}` blocks of a template, whole. */
function pluralBlocks(template: string): { name: string; block: string }[] {
  const out: { name: string; block: string }[] = [];
  for (const m of template.matchAll(/\{(\w+),\s*plural\s*,/g)) {
    let depth = 0;
    let i = m.index ?? 0;
    for (; i < template.length; i++) {
      if (template[i] === '{') depth++;
      else if (template[i] === '}' && --depth === 0) break;
    }
    out.push({ name: m[1] as string, block: template.slice(m.index, i + 1) });
  }
  return out;
}

/** A count of each plural category: ru one 1, few 2, many 5, other 1.5; pt one 1, other 2. */
const SAMPLES: Record<Lang, number[]> = { ru: [1, 2, 5, 1.5], pt: [1, 2] };

/**
 * Each word the catalogs' plural blocks put after the count, with the categories it follows: each
 * block rendered at a count of every category, so a block without a `few` branch lends its `other`
 * word to `few` ("из # подходящих событий" is right after 2 as after 5).
 */
function formsOf(lang: Lang): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const [, s] of texts(lang))
    for (const { name, block } of pluralBlocks(s))
      for (const n of SAMPLES[lang]) {
        const text = format(block, { [name]: n }, lang);
        const at = text.indexOf(formatNumberIn(lang, n));
        if (at < 0) continue;
        const word = WORD.exec(text.slice(at + formatNumberIn(lang, n).length).trimStart())?.[0];
        if (!word) continue;
        const set = forms.get(word.toLowerCase()) ?? new Set<string>();
        set.add(pluralOf(lang, n));
        forms.set(word.toLowerCase(), set);
      }
  return forms;
}

/**
 * Placeholders that are never a whole count, listed one by one: a message type (log.drop: "LEASE
 * GRANT perdida"), and a factor always written with one decimal (anim.speedUp: "в 2,5 раза").
 */
const NOT_A_COUNT: Record<string, Record<string, string | number>> = {
  'log.drop': { type: 'VOTE' },
  'anim.speedUp': { x: '2,5' },
};

/** Every placeholder of a template (plural or plain) set to `n`, but those that are not counts. */
function fill(key: string, template: string, n: number): Record<string, string | number> {
  const vars = Object.fromEntries([...template.matchAll(/\{(\w+)[,}]/g)].map((m) => [m[1] as string, n]));
  return { ...vars, ...NOT_A_COUNT[key] };
}

/** "<count> <noun>" pairs whose noun is a plural form that does not go with the count. */
function disagreements(lang: Lang): string[] {
  const forms = formsOf(lang);
  const bad = new Set<string>();
  for (const [key, template] of texts(lang))
    for (const n of COUNTS) {
      const text = format(template, fill(key, template, n), lang);
      // A count, not part of a name (node-5), an id (pg-2) or a decimal (1,5).
      for (const m of text.matchAll(/(?<![\p{L}\d,.\-–/:])(\d+)\s+(?=\p{L})/gu)) {
        const word = WORD.exec(text.slice((m.index ?? 0) + m[0].length))?.[0].toLowerCase() ?? '';
        const allowed = forms.get(word);
        if (!allowed) continue;
        const category = pluralOf(lang, Number(m[1]));
        if (!allowed.has(category)) bad.add(`${key} at ${n}: "${m[1]} ${word}" (${category})`);
      }
    }
  return [...bad];
}

describe('counts agree with their nouns in every pt and ru string, at 1, 2, 5, 21, 101 and 5041', () => {
  it('the forms come from the catalogs: ru knows узел/узла/узлов, pt nó/nós', () => {
    expect(formsOf('ru').get('узлов')).toEqual(new Set(['many']));
    expect(formsOf('ru').get('узел')).toEqual(new Set(['one']));
    expect(formsOf('pt').get('nós')).toEqual(new Set(['other']));
  });

  it('the check finds a bare count: "{n} узлов" at 1, 2, 21, 101 and 5041, "{n} nós" at 1', () => {
    catalogs.ru['test.bareCount'] = '{n} узлов работают';
    catalogs.pt['test.bareCount'] = '{n} nós rodam';
    try {
      expect(disagreements('ru').filter((d) => d.startsWith('test.'))).toEqual([
        'test.bareCount at 1: "1 узлов" (one)',
        'test.bareCount at 2: "2 узлов" (few)',
        'test.bareCount at 21: "21 узлов" (one)',
        'test.bareCount at 101: "101 узлов" (one)',
        'test.bareCount at 5041: "5041 узлов" (one)',
      ]);
      expect(disagreements('pt').filter((d) => d.startsWith('test.'))).toEqual([
        'test.bareCount at 1: "1 nós" (one)',
      ]);
    } finally {
      delete catalogs.ru['test.bareCount'];
      delete catalogs.pt['test.bareCount'];
    }
  });

  it('ru', () => {
    expect(disagreements('ru')).toEqual([]);
  });

  it('pt', () => {
    expect(disagreements('pt')).toEqual([]);
  });
});
