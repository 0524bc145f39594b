import { afterEach, describe, expect, it, vi } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { MAX_STORY_FILE_BYTES, toStoryFile } from '../../sim/scenario/storyFile.ts';
import { boot } from '../boot/boot.ts';
import { problemText } from './problemText.ts';
import { foreignOrigin } from './storyOrigin.ts';
import { fetchStoryFile, StorySrcError } from './storySrc.ts';

const LAB = 'https://lab.example';
const split = scenarios.find((s) => s.id === 'split-brain');
if (!split) throw new Error('split-brain');
const file = toStoryFile(split, (lang) => `Class notes (${lang})`, 'class-notes');

/** A fetch that serves `body` at every URL, and records what was asked. */
function server(body: string | Uint8Array<ArrayBuffer>, status = 200, headers: Record<string, string> = {}) {
  const asked: string[] = [];
  const f = vi.fn(async (url: string | URL | Request) => {
    asked.push(String(url));
    return new Response(body, { status, headers });
  }) as unknown as typeof fetch;
  return { f, asked };
}
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(StorySrcError);
    return (e as Error).message;
  }
  throw new Error('read');
};

afterEach(() => vi.unstubAllGlobals());

describe('src=: a story file on the lab’s own site', () => {
  it('reads a file on the lab’s origin, relative or absolute', async () => {
    const { f, asked } = server(JSON.stringify(file));
    expect(await fetchStoryFile('stories/a.json', LAB, `${LAB}/lab/`, f)).toEqual(file);
    expect(await fetchStoryFile(`${LAB}/b.json`, LAB, `${LAB}/lab/`, f)).toEqual(file);
    expect(asked).toEqual([`${LAB}/lab/stories/a.json`, `${LAB}/b.json`]);
  });

  it('refuses another origin and other schemes before any request, saying what to do instead', async () => {
    const { f, asked } = server('{}');
    expect(await refusal(fetchStoryFile('https://evil.example/s.json', LAB, `${LAB}/`, f))).toBe(
      'src "https://evil.example/s.json": on https://evil.example, not on the lab\'s own site (https://lab.example); a story from another site opens from a file (Import) or a story link',
    );
    expect(await refusal(fetchStoryFile('//evil.example/s.json', LAB, `${LAB}/`, f))).toMatch(
      /on https:\/\/evil\.example, not on the lab's own site/,
    );
    expect(await refusal(fetchStoryFile('javascript:alert(1)', LAB, `${LAB}/`, f))).toMatch(
      /only http and https URLs/,
    );
    expect(await refusal(fetchStoryFile('data:application/json,{}', LAB, `${LAB}/`, f))).toMatch(
      /only http and https URLs/,
    );
    expect(asked).toEqual([]);
  });

  it('names a missing file, a file too large (read no further) and one that is not JSON', async () => {
    expect(await refusal(fetchStoryFile('x.json', LAB, `${LAB}/`, server('no', 404).f))).toBe(
      'src "x.json": the server answered 404',
    );
    const big = server('{}', 200, { 'content-length': String(MAX_STORY_FILE_BYTES + 1) });
    expect(await refusal(fetchStoryFile('x.json', LAB, `${LAB}/`, big.f))).toMatch(/larger than 5 MB/);
    // No length said: the body is read up to the cap, then dropped.
    const huge = server(new Uint8Array(MAX_STORY_FILE_BYTES + 10).fill(0x20));
    expect(await refusal(fetchStoryFile('x.json', LAB, `${LAB}/`, huge.f))).toMatch(/larger than 5 MB/);
    expect(await refusal(fetchStoryFile('x.json', LAB, `${LAB}/`, server('{"a": ').f))).toMatch(
      /^src "x\.json": not valid JSON/,
    );
  });

  it('the embed opens it and says someone else wrote it; another site’s URL is named in the notice', async () => {
    vi.stubGlobal('fetch', server(JSON.stringify(file)).f);
    const b = boot('?embed=1&src=stories/class-notes.json&step=2', undefined, {
      origin: LAB,
      base: `${LAB}/`,
    });
    expect(b.problems).toEqual([]);
    expect(await b.later).toEqual([]);
    const s = b.store.getState();
    expect(s.run?.scenario.id).toBe('file-class-notes');
    expect(s.stepIndex).toBe(1);
    expect(foreignOrigin('file-class-notes')).toBe('src');
    expect(b.embed.src).toBe('stories/class-notes.json');

    const away = boot('?embed=1&src=https://evil.example/s.json', undefined, { origin: LAB });
    const later = await away.later;
    expect(later.map((p) => problemText(p, away.store.getState().run))).toEqual([
      'The story file could not be opened (src "https://evil.example/s.json": on https://evil.example, not on the lab\'s own site (https://lab.example); a story from another site opens from a file (Import) or a story link); showing another story instead.',
    ]);

    // A bad story file: what and where, by the file's URL.
    vi.stubGlobal('fetch', server(JSON.stringify({ ...file, nodes: 0 })).f);
    const bad = boot('?embed=1&src=s.json', undefined, { origin: LAB });
    expect((await bad.later)[0]?.reason).toMatch(/^s\.json\.nodes: /);
  });
});
