import { describe, expect, it } from 'vitest';
import { cleanComparison, compareCatalogs } from './compareCatalogs.ts';
import { enA11y } from './en.a11y.ts';
import { en } from './en.ts';
import { ptA11y } from './pt.a11y.ts';
import { ruA11y } from './ru.a11y.ts';

describe('accessibility strings (en.a11y.ts) in every language', () => {
  for (const [lang, c] of Object.entries({ pt: ptA11y, ru: ruA11y }))
    it(`${lang}: keys present, non-empty, same placeholders`, () => {
      expect(compareCatalogs(enA11y, c)).toEqual(cleanComparison);
    });

  it('never redefines a shell key', () => {
    expect(Object.keys(enA11y).filter((k) => k in en)).toEqual([]);
  });
});
