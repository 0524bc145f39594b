import { describe, expect, it } from 'vitest';
import { adr001, adrIds } from './adr001.ts';
import { adr001ByLocale } from './byLocale.ts';

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/**
 * The ADR's shape with the prose blanked out: keys, array lengths, ids and ratings. Two languages
 * must have exactly the same shape, so a translation can't drop a paragraph, a cell or an id.
 */
function shape(v: unknown, key = ''): Json {
  if (Array.isArray(v)) return v.map((x) => shape(x, key));
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x, k)]));
  if (key === 'id' || key === 'rating') return v as Json;
  return typeof v;
}

/** Every string in the ADR, with where it sits. */
function strings(v: unknown, path = 'adr'): Array<[string, string]> {
  if (typeof v === 'string') return [[path, v]];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${path}[${i}]`));
  if (v !== null && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => strings(x, `${path}.${k}`));
  return [];
}

describe('ADR-001 in every language', () => {
  for (const [lang, adr] of Object.entries(adr001ByLocale)) {
    it(`${lang}: same ids, ratings, sections and list lengths as the English`, () => {
      expect(shape(adr)).toEqual(shape(adr001));
      expect(adrIds(adr)).toEqual(adrIds(adr001));
    });

    it(`${lang}: no empty text`, () => {
      expect(strings(adr).filter(([, s]) => !s.trim())).toEqual([]);
    });
  }

  it('pt and ru are translated, not copies of the English prose', () => {
    for (const lang of ['pt', 'ru'] as const) {
      const adr = adr001ByLocale[lang];
      expect(adr.decision.summary).not.toBe(adr001.decision.summary);
      expect(adr.context.paragraphs).not.toEqual(adr001.context.paragraphs);
      expect(adr.criteria.map((c) => c.label)).not.toEqual(adr001.criteria.map((c) => c.label));
    }
  });
});
