/**
 * Fuzz suite for story files and story links (issue #44): decompression bombs, huge captions,
 * unknown knobs, a host in two groups, a fault on a host the story has not, script in captions, and
 * seeded random damage to real exports. Every refusal is a StoryFileError or StoryLinkError whose
 * first line says where (`#story…`, the file's name) and what; nothing else is ever thrown.
 */
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { createRng } from '../../lib/rng.ts';
import { parseStoryFile, StoryFileError } from '../../sim/scenario/storyFile.ts';
import { hostIdsOf } from '../../sim/simulate.ts';
import {
  decodeStoryLink,
  encodeStoryLink,
  MAX_STORY_LINK_CHARS,
  StoryLinkError,
  toBase64Url,
} from './storyLink.ts';

const corpusFile = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(new URL(`../../compat/corpus/stories/${name}.story.json`, import.meta.url), 'utf8'),
  );
const FILES = ['fencing-token', 'patroni-pt', 'split-brain'].map(corpusFile);
const split = corpusFile('split-brain');
const opts = { hostIdsOf: (s: Parameters<typeof hostIdsOf>[0]) => hostIdsOf(s) };

/** Opens the data as a file would be and as a link would be: the same verdict, said with its where. */
async function verdict(data: unknown): Promise<{ file: string | null; link: string | null }> {
  const read = (f: () => unknown): string | null => {
    try {
      f();
      return null;
    } catch (e) {
      expect(e, String(e)).toBeInstanceOf(StoryFileError);
      return (e as Error).message.split('\n')[0] ?? '';
    }
  };
  const file = read(() => parseStoryFile(data, 'my.json', opts));
  // In a link: the same data back, and the same verdict (its where is `#story`).
  const text = await encodeStoryLink(data);
  if (text.length <= MAX_STORY_LINK_CHARS)
    expect(await decodeStoryLink(text)).toEqual(JSON.parse(JSON.stringify(data)));
  const link = read(() => parseStoryFile(data, '#story', opts));
  expect(link === null).toBe(file === null);
  if (file !== null) expect(file).toMatch(/^my\.json[.[:]/);
  if (link !== null) expect(link).toMatch(/^#story[.[:]/);
  return { file, link };
}

const rawLink = (bytes: Buffer) => toBase64Url(new Uint8Array(deflateRawSync(bytes)));
async function linkRefusal(text: string): Promise<string> {
  try {
    await decodeStoryLink(text);
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(StoryLinkError);
    return (e as Error).message;
  }
  throw new Error('decoded');
}

describe('story fuzz: named attacks', () => {
  it('decompression bombs of every shape stop at the cap', async () => {
    for (const [what, bytes] of [
      ['zeros', Buffer.alloc(16 << 20)],
      ['spaces in a JSON string', Buffer.from(`{"storyFile":1,"id":"${' '.repeat(16 << 20)}"}`)],
      ['one caption repeated', Buffer.from(JSON.stringify({ ...split, x: 'ab'.repeat(4 << 20) }))],
    ] as const) {
      const text = rawLink(bytes);
      expect(text.length, what).toBeLessThan(MAX_STORY_LINK_CHARS);
      expect(await linkRefusal(text), what).toMatch(/^#story: inflates to more than 1,048,576 bytes/);
    }
  });

  it('huge captions, titles and step lists are refused by path; a link too long says so', async () => {
    const steps = split.steps as Array<Record<string, unknown>>;
    const cases: Array<[unknown, RegExp]> = [
      [
        { ...split, steps: [{ ...steps[0], caption: 'x'.repeat(2001) }] },
        /^my\.json\.steps\[0\]\.caption: Too big/,
      ],
      [
        { ...split, title: { pt: 'y'.repeat(50_000) } },
        /^my\.json\.title: Too big|^my\.json\.title\.pt: Too big/,
      ],
      [
        { ...split, steps: Array.from({ length: 201 }, (_, i) => ({ ...steps[0], id: `s${i}` })) },
        /^my\.json\.steps: Too big/,
      ],
    ];
    for (const [data, want] of cases) expect((await verdict(data)).file).toMatch(want);
    expect(await linkRefusal('A'.repeat(MAX_STORY_LINK_CHARS + 1))).toMatch(
      /a story link holds at most 65,536/,
    );
  });

  it('unknown knobs, for every algorithm, are named', async () => {
    const bully = corpusFile('fencing-token');
    for (const s of scenarios.filter((x) => !x.freePlay)) {
      const data = {
        ...bully,
        algorithm: s.algorithm,
        nodes: s.nodes,
        params: { ...s.params, colourOfTheLeader: 3 },
      };
      const { file } = await verdict(data);
      expect(file, s.id).toMatch(/^my\.json\.params: Unrecognized key: "colourOfTheLeader"/);
    }
  });

  it('a host in two groups, or a host the story has not, is named by path', async () => {
    const two = {
      ...split,
      faults: [
        {
          atMs: 10,
          fault: {
            kind: 'partition',
            groups: [
              ['node-1', 'node-2'],
              ['node-2', 'node-3'],
            ],
          },
        },
      ],
    };
    expect((await verdict(two)).file).toBe(
      'my.json.faults[0].fault.groups[1][0]: "node-2" is already in group 0: a host is on one side of a partition',
    );
    const absent = { ...split, faults: [{ atMs: 10, fault: { kind: 'crash', node: 'node-99' } }] };
    expect((await verdict(absent)).file).toBe(
      'my.json.faults[0].fault.node: "node-99" is not a host of this story (hosts: node-1, node-2, node-3, node-4, node-5)',
    );
  });

  it('script in captions is text, kept verbatim (e2e/stories.spec.ts shows the app escapes it)', async () => {
    const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const steps = split.steps as Array<Record<string, unknown>>;
    const data = {
      ...split,
      title: evil,
      steps: steps.map((st) => ({ ...st, caption: { en: evil, ru: evil } })),
    };
    expect(await verdict(data)).toEqual({ file: null, link: null });
    const { scenario } = parseStoryFile(data, 'my.json', opts);
    expect(scenarioText('ru', scenario, 'title')).toBe(evil);
    expect(scenarioText('pt', scenario, `step.${scenario.steps[0]?.id}`)).toBe(evil);
  });
});

describe('story fuzz: seeded damage to real exports', () => {
  const rng = createRng(44);
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)] as T;
  const junk = () =>
    pick<unknown>([
      null,
      -1,
      1e308,
      '',
      'x'.repeat(rng.int(1, 3000)),
      [],
      {},
      true,
      '<b>',
      { en: '' },
      [[['deep']]],
    ]);

  /** Every path to a value in the object (keys and indexes). */
  const paths = (v: unknown, at: Array<string | number> = []): Array<Array<string | number>> =>
    v && typeof v === 'object'
      ? [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, Array.isArray(v) ? Number(k) : k]))]
      : [at];

  it('a file with one value replaced, removed or added is opened or refused with its where, never thrown otherwise', async () => {
    let refused = 0;
    for (let i = 0; i < 120; i++) {
      const data = structuredClone(pick(FILES));
      const path = pick(paths(data).filter((p) => p.length > 0));
      let parent = data as Record<string | number, unknown>;
      for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
      const last = path[path.length - 1] as string | number;
      const how = rng.int(0, 2);
      if (how === 0) parent[last] = junk();
      else if (how === 1) delete parent[last];
      else parent[`extra${i}`] = junk();
      const { file } = await verdict(data);
      if (file !== null) refused++;
    }
    expect(refused).toBeGreaterThan(60);
  });

  it('a link with bytes flipped, cut or appended is refused with #story, or opens a valid story', async () => {
    const good = await encodeStoryLink(split);
    for (let i = 0; i < 80; i++) {
      const chars = [...good];
      const how = rng.int(0, 2);
      if (how === 0) chars[rng.int(0, chars.length - 1)] = pick([...'AZaz09-_']);
      else if (how === 1) chars.length = rng.int(0, chars.length - 1);
      else chars.push(...pick(['%', '=', ' ', 'AAAA', '<']));
      try {
        const data = await decodeStoryLink(chars.join(''));
        try {
          parseStoryFile(data, '#story', opts);
        } catch (e) {
          expect(e, String(e)).toBeInstanceOf(StoryFileError);
          expect((e as Error).message).toMatch(/^#story[.[:]/);
        }
      } catch (e) {
        expect(e, String(e)).toBeInstanceOf(StoryLinkError);
        expect((e as Error).message).toMatch(/^#story: /);
      }
    }
  });
});
