import { describe, expect, it } from 'vitest';
import { inspectorStrings } from './strings.ts';

const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the inspector strings', () => {
  it('pt and ru have every English key, none empty, with the same placeholders', () => {
    const en = inspectorStrings.en;
    for (const lang of ['pt', 'ru'] as const) {
      const other = inspectorStrings[lang];
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(en)) {
        expect(other[k]?.trim(), `${lang} ${k}`).not.toBe('');
        expect(holes(other[k] ?? ''), `${lang} ${k}`).toEqual(holes(v));
      }
    }
  });

  it('names every context value the recorder keeps', async () => {
    const src = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('../../sim/algorithms/stateRecord.ts', import.meta.url), 'utf8'),
    );
    const list = /contextKeys = \[([^\]]*)\]/.exec(src)?.[1] ?? '';
    const keys = [...list.matchAll(/'(\w+)'/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(5);
    for (const k of [...keys, 'holder']) expect(inspectorStrings.en[`insp.ctx.${k}`]).toBeTruthy();
  });
});
