import { describe, expect, it } from 'vitest';
import { cleanComparison, compareCatalogs } from './compareCatalogs.ts';
import { enEmbed } from './en.embed.ts';
import { enPanels } from './en.panels.ts';
import { en } from './en.ts';
import { catalogs, loadLanguage } from './index.ts';
import { ptEmbed } from './pt.embed.ts';
import { ruEmbed } from './ru.embed.ts';

describe('embed catalogs', () => {
  it('pt and ru have every embed key, non-empty, same placeholders', () => {
    expect(compareCatalogs(enEmbed, ptEmbed)).toEqual(cleanComparison);
    expect(compareCatalogs(enEmbed, ruEmbed)).toEqual(cleanComparison);
  });

  it('embed keys are their own (no clash with the shell or the panels) and are merged', async () => {
    await loadLanguage('ru');
    expect(Object.keys(enEmbed).filter((k) => k in en || k in enPanels)).toEqual([]);
    for (const k of Object.keys(enEmbed)) expect(catalogs.ru[k]).toBe(ruEmbed[k]);
  });
});
