import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { toStoryFile } from '../../sim/scenario/storyFile.ts';
import { boot } from '../boot/boot.ts';
import { problemText } from './problemText.ts';
import {
  decodeStoryLink,
  encodeStoryLink,
  inflateCapped,
  jsonDepth,
  MAX_STORY_DEPTH,
  MAX_STORY_JSON_BYTES,
  MAX_STORY_LINK_CHARS,
  readStoryHash,
  StoryLinkError,
  storyHash,
  toBase64Url,
} from './storyLink.ts';
import { foreignOrigin } from './storyOrigin.ts';

const bully = scenarios.find((s) => s.id === 'bully');
if (!bully) throw new Error('bully');
const file = toStoryFile(bully, () => 'A caption', 'from-a-link');
const raw = (json: string) => toBase64Url(new Uint8Array(deflateRawSync(Buffer.from(json))));
const refusal = async (text: string) => {
  try {
    await decodeStoryLink(text);
  } catch (e) {
    expect(e).toBeInstanceOf(StoryLinkError);
    return (e as Error).message;
  }
  throw new Error('decoded');
};

describe('story links', () => {
  it('a story file goes into a link and comes back the same, far shorter than its JSON', async () => {
    const text = await encodeStoryLink(file);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(text.length).toBeLessThan(JSON.stringify(file).length);
    expect(await decodeStoryLink(text)).toEqual(file);
    expect(readStoryHash(await storyHash(file))).toBe(text);
    expect(readStoryHash('#live=00112233445566778899&story=abc')).toBe('abc');
    expect(readStoryHash('#lived=1')).toBeNull();
  });

  it('refuses a link too long, with a character that is not base64url, cut short, or not deflated', async () => {
    expect(await refusal('A'.repeat(MAX_STORY_LINK_CHARS + 1))).toMatch(
      /^#story: 65,537 characters, a story link holds at most 65,536/,
    );
    expect(await refusal('abc<script>')).toBe(
      '#story: character "<" at 4 is not base64url (the link was changed or cut?)',
    );
    expect(await refusal('')).toMatch(/^#story: empty/);
    expect(await refusal('A')).toMatch(/not a whole base64url text/);
    const ok = await encodeStoryLink(file);
    expect(await refusal(ok.slice(0, ok.length >> 1))).toMatch(
      /not a deflated story|not valid JSON|not a whole base64url/,
    );
    expect(await refusal(toBase64Url(new TextEncoder().encode('{"plain": "json"}')))).toMatch(
      /^#story: not a deflated story/,
    );
  });

  it('stops a decompression bomb at the cap, never inflating it whole', async () => {
    // 64 MB of spaces deflate to about 62 KB: under the link's limit, 64 times over the cap.
    const bomb = new Uint8Array(deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20)));
    expect(toBase64Url(bomb).length).toBeLessThan(MAX_STORY_LINK_CHARS * 2);
    // Count what the inflater gives out: the cap and a few slices' output (64 bytes x 1032), not 64 MB.
    const Real = globalThis.DecompressionStream;
    let out = 0;
    class Counting {
      readable: ReadableStream<Uint8Array>;
      writable: WritableStream<BufferSource>;
      constructor(format: CompressionFormat) {
        const d = new Real(format);
        this.writable = d.writable;
        this.readable = d.readable.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(c, ctl) {
              out += c.byteLength;
              ctl.enqueue(c);
            },
          }),
        );
      }
    }
    globalThis.DecompressionStream = Counting as unknown as typeof DecompressionStream;
    try {
      await expect(inflateCapped(bomb, MAX_STORY_JSON_BYTES, '#story')).rejects.toThrow(
        /^#story: inflates to more than 1,048,576 bytes \(stopped there/,
      );
    } finally {
      globalThis.DecompressionStream = Real;
    }
    expect(out).toBeGreaterThan(MAX_STORY_JSON_BYTES);
    expect(out).toBeLessThan(MAX_STORY_JSON_BYTES + 512 * 1024);
    // A bomb small enough for a link is refused by decodeStoryLink too.
    const linkBomb = raw(' '.repeat(8 * 1024 * 1024));
    expect(linkBomb.length).toBeLessThan(MAX_STORY_LINK_CHARS);
    expect(await refusal(linkBomb)).toMatch(/inflates to more than 1,048,576 bytes/);
  });

  it('refuses JSON nested too deep, saying where, before parsing it', async () => {
    const deep = `${'['.repeat(MAX_STORY_DEPTH + 5)}${']'.repeat(MAX_STORY_DEPTH + 5)}`;
    expect(jsonDepth(deep)).toBe(MAX_STORY_DEPTH + 5);
    expect(jsonDepth('{"a": "[[[[[[", "b": [1, {"c": "\\"]"}]}')).toBe(3);
    expect(await refusal(raw(deep))).toBe(
      `#story: JSON nested ${MAX_STORY_DEPTH + 5} deep at character ${MAX_STORY_DEPTH + 1}, a story file nests at most ${MAX_STORY_DEPTH}`,
    );
    expect(await refusal(raw('{"storyFile": 1,'))).toMatch(/^#story: not valid JSON/);
  });

  it("the app's boot opens a link's story, says someone else wrote it, and a bad one is named while the page's story stays", async () => {
    const b = boot('?lang=en', undefined, { hash: await storyHash(file) });
    expect(b.problems).toEqual([]);
    expect(await b.later).toEqual([]);
    const s = b.store.getState();
    expect(s.run?.scenario.id).toBe('file-from-a-link');
    expect(s.run?.scenario.title).toBe('A caption');
    expect(foreignOrigin('file-from-a-link')).toBe('link');

    // The address bar's own form after it opened: the story's run id in the query, read as the link's.
    const again = boot('?scenario=file-from-a-link&step=2', undefined, { hash: await storyHash(file) });
    expect(again.problems).toEqual([]);
    expect(await again.later).toEqual([]);
    expect(again.store.getState().stepIndex).toBe(1);

    const bad = boot('', undefined, { hash: `#story=${raw('{"storyFile": 1, "id": "x"}')}` });
    const later = await bad.later;
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({ param: 'story' });
    expect(problemText(later[0] as never, bad.store.getState().run)).toMatch(
      /^The story in this link could not be opened \(#story\.algorithm: .*\); showing another story instead\.$/,
    );
    expect(bad.store.getState().run?.scenario.id).toBe(scenarios[0]?.id);
  });
});
