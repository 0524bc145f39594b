import { describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { locales } from '../../i18n/index.ts';
import { decodeView } from './decode.ts';

const ctx = { scenarios, locales };

// A fresh module: the tests' setup installs the decoder, as the embed does; the default view has none.
async function bare() {
  vi.resetModules();
  // The fresh modules' declarations: importing the registry declares every algorithm.
  await import('../../sim/algorithms/registry.ts');
  const [decoder, fetch] = await Promise.all([import('./decoder.ts'), import('./decoderChunk.ts')]);
  return { ...decoder, ...fetch };
}

describe('the decoder the page fetches only for a URL with a query', () => {
  it('reads a plain URL as decodeView does, without the decoder', async () => {
    const { decodeLink } = await bare();
    expect(decodeLink('', ctx)).toEqual(decodeView('', ctx));
    expect(decodeLink('?', ctx)).toEqual(decodeView('?', ctx));
  });

  it('refuses any other URL until the decoder is loaded, then reads it with decodeView', async () => {
    const { decodeLink, loadDecoder } = await bare();
    expect(() => decodeLink('?scenario=etcd-lease', ctx)).toThrow(/needs the link decoder/);
    await loadDecoder();
    expect(decodeLink('?scenario=etcd-lease&speed=2', ctx)).toEqual(
      decodeView('?scenario=etcd-lease&speed=2', ctx),
    );
  });
});
