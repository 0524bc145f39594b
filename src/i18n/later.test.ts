import { describe, expect, it, vi } from 'vitest';
import { strings as later } from './en.later.ts';

// Fresh modules: the tests' setup installs the rest of English, as the embed does; the page does not.
async function fresh() {
  vi.resetModules();
  const i18n = await import('./index.ts');
  const { chunk } = await import('../app/lazyChunk.tsx');
  return { ...i18n, chunk };
}

describe('the English the first frame does not show', () => {
  it('is not in the page’s catalog until it is loaded, then is', async () => {
    const { catalogs, hasEnglishLater, loadEnglishLater, t } = await fresh();
    expect(hasEnglishLater()).toBe(false);
    expect(catalogs.en['seq.title']).toBeUndefined();
    expect(t('whatIf.toggle')).toBe('What if…');
    await loadEnglishLater();
    expect(hasEnglishLater()).toBe(true);
    expect(t('seq.title')).toBe('Sequence diagram');
    expect(t('whatIf.title')).toBe('What if…');
  });

  it('comes before any lazy chunk resolves', async () => {
    const { catalogs, chunk } = await fresh();
    const load = chunk(() => Promise.resolve('panel'));
    expect(catalogs.en['share.title']).toBeUndefined();
    await expect(load()).resolves.toBe('panel');
    expect(catalogs.en['share.title']).toBe('Share or embed this view');
  });

  it('shares no key with the first view’s English', async () => {
    const { catalogs } = await fresh();
    expect(Object.keys(later).filter((k) => k in catalogs.en)).toEqual([]);
  });
});
