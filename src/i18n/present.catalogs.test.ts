import { describe, expect, it } from 'vitest';
import { cleanComparison, compareCatalogs } from './compareCatalogs.ts';
import { enPresent } from './en.present.ts';
import { ptPresent } from './pt.present.ts';
import { ruPresent } from './ru.present.ts';

describe('present/share/animation strings in every language', () => {
  for (const [lang, c] of [
    ['pt', ptPresent],
    ['ru', ruPresent],
  ] as const)
    it(`${lang}: keys present, non-empty, same placeholders`, () => {
      expect(compareCatalogs(enPresent, c)).toEqual(cleanComparison);
    });
});
