import { describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../scenarios/index.ts';
import { FIX_KNOB, withFix } from '../sim/scenario/fix.ts';
import { simulate } from '../sim/simulate.ts';
import { deriveSteps } from '../sim/trace/derive.ts';
import { strings as later } from './en.later.ts';

// Fresh modules: the tests' setup installs the rest of English, as the embed does; the page does not.
async function fresh() {
  vi.resetModules();
  const i18n = await import('./index.ts');
  const { chunk } = await import('../app/boot/lazyChunk.tsx');
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

  it('the first view’s English has every caption the narration derives, in every story and its fix', async () => {
    const { catalogs } = await fresh();
    const keys = new Set<string>();
    for (const s of scenarios) {
      for (const run of [s, ...(s.fix ? [withFix(s, { [FIX_KNOB]: true }).scenario] : [])])
        for (const d of deriveSteps(simulate(run), run, { all: true })) keys.add(d.key);
    }
    expect(keys.size).toBeGreaterThan(10);
    expect([...keys].some((k) => k.startsWith('log.fault.'))).toBe(true);
    expect([...keys].filter((k) => !(k in catalogs.en))).toEqual([]);
  });
});
