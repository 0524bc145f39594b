/**
 * The link's decoder (decode.ts) as the page has it. A page whose URL has no query (the default view)
 * reads the plain view (view.ts `plainView`) and never fetches it; any other page loads it before its first render
 * (start.tsx, `loadDecoder` of decoderChunk.ts), and the embed and the tests install it statically.
 */
import type { DecodeContext, Decoded } from './decode.ts';
import { DEFAULT_EMBED } from './embed.ts';
import { plainView } from './view.ts';

type DecodeModule = typeof import('./decode.ts');

let current: DecodeModule | null = null;

export function installDecoder(m: DecodeModule): void {
  current = m;
}

/** A query with nothing in it: no parameter, no problem. */
function isPlain(search: string): boolean {
  return search === '' || search === '?';
}

/**
 * What `decodeView(search, ctx)` reads, without the decoder for a plain URL (decoder.test.ts holds it
 * to decodeView's own reading of one); a clear error if another URL comes before the decoder has.
 */
export function decodeLink(search: string, ctx: DecodeContext): Decoded {
  if (current) return current.decodeView(search, ctx);
  if (!isPlain(search)) throw new Error('this link needs the link decoder, which this page has not loaded');
  const first = ctx.scenarios[0];
  if (!first) throw new Error('decodeView needs at least one scenario');
  return {
    embed: { ...DEFAULT_EMBED },
    view: plainView(first.id),
    hasScenario: false,
    problems: [],
  };
}
