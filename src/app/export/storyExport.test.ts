import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
import { run as cli } from '../../cli/main.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import { parseStoryFile } from '../../sim/scenario/storyFile.ts';
import { decodeStoryLink, MAX_STORY_LINK_CHARS, readStoryHash } from '../link/storyLink.ts';
import { storyFileName, storyFileOf, storyLinkOf } from './storyExport.ts';

const page = { origin: 'https://lab.example', pathname: '/lab/' };

describe('Export > This story', () => {
  it('a built-in story as a file carries its captions in en, pt and ru, and reads back the same', async () => {
    const s = scenarios.find((x) => x.id === 'fencing-token');
    if (!s) throw new Error('fencing-token');
    const file = await storyFileOf(s);
    expect(storyFileName(file)).toBe('fencing-token.story.json');
    const back = parseStoryFile(JSON.parse(JSON.stringify(file)), 'fencing-token.story.json').scenario;
    for (const lang of ['en', 'pt', 'ru'] as const) {
      expect(scenarioText(lang, back, 'title'), lang).toBe(scenarioText(lang, s, 'title'));
      for (const st of s.steps)
        expect(scenarioText(lang, back, `step.${st.id}`), `${lang} ${st.id}`).toBe(
          scenarioText(lang, s, `step.${st.id}`),
        );
    }
    // The translations are the catalogs', not English copied: the languages differ.
    const first = `step.${s.steps[0]?.id}` as const;
    expect(scenarioText('pt', back, first)).not.toBe(scenarioText('en', back, first));
    expect(scenarioText('ru', back, first)).not.toBe(scenarioText('en', back, first));
    expect(back.faults).toEqual(s.faults);
  });

  it('as a link: the app address with the language and the story in the fragment; too long says so', async () => {
    const s = scenarios.find((x) => x.id === 'bully');
    if (!s) throw new Error('bully');
    const file = await storyFileOf(s);
    const link = await storyLinkOf(file, page, 'pt');
    if (!('url' in link)) throw new Error('too long');
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}${url.search}`).toBe('https://lab.example/lab/?lang=pt');
    expect(await decodeStoryLink(readStoryHash(url.hash) ?? '')).toEqual(JSON.parse(JSON.stringify(file)));
    // Captions that do not compress (random text) past the link's limit.
    let x = 1;
    const noise = () =>
      Array.from({ length: 1900 }, () => {
        x = (x * 48271) % 2147483647;
        return String.fromCharCode(33 + (x % 90));
      }).join('');
    const steps = Array.from({ length: 40 }, (_, i) => ({
      ...file.steps[0],
      id: `s-${i}`,
      caption: { en: noise(), pt: noise(), ru: noise() },
    }));
    const big = { ...file, steps } as typeof file;
    const long = await storyLinkOf(big, page, 'en');
    expect(long).toMatchObject({ tooLong: expect.any(Number) });
    expect((long as { tooLong: number }).tooLong).toBeGreaterThan(MAX_STORY_LINK_CHARS);
  });
});

/** One caption edited, in each language: what the teacher wrote. */
const EDITS = {
  en: 'EDITED: the first step, as the teacher tells it.',
  pt: 'EDITADO: o primeiro passo, como a professora conta.',
  ru: 'ИЗМЕНЕНО: первый шаг, как его рассказывает преподаватель.',
} as const;

describe('round trip: every built-in story through a story file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-roundtrip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // One test per story: each runs its story three times, so no test's work grows with the catalogue.
  for (const s of scenarios.filter((x) => !x.freePlay))
    it(`${s.id}: exported (Export > This story), renamed and one caption edited, runs from the file in the CLI in en, pt and ru and tells the edit`, async () => {
      const file = await storyFileOf(s);
      const first = file.steps[0];
      if (!first) throw new Error(s.id);
      const edited = {
        ...file,
        id: `my-${s.id}`,
        steps: [{ ...first, caption: EDITS }, ...file.steps.slice(1)],
      };
      const path = join(dir, `${s.id}.story.json`);
      writeFileSync(path, JSON.stringify(edited));
      let enRun: unknown;
      for (const lang of ['en', 'pt', 'ru'] as const) {
        const r = cli(['--scenario-file', path, '--lang', lang]);
        expect(r.err, `${s.id} ${lang}`).toBe('');
        const json = JSON.parse(r.out);
        expect(json.scenario).toBe(`file-my-${s.id}`);
        expect(json.steps[0].caption, `${s.id} ${lang}`).toBe(EDITS[lang]);
        // The other captions are the story's own, in that language.
        const second = file.steps[1];
        const told = json.steps.find((x: { id: string }) => x.id === second?.id);
        if (second && told && lang !== 'en')
          expect(
            told.caption.startsWith(scenarioText(lang, s, `step.${second.id}`).split('{')[0] ?? ''),
            `${s.id} ${lang}`,
          ).toBe(true);
        // The same run in every language (storyFile.test.ts holds the file's run to the built-in one's).
        const run = { leaders: json.leaders, violations: json.violations };
        if (lang === 'en') enRun = run;
        else expect(run, `${s.id} ${lang}`).toEqual(enRun);
      }
    });

  it('--lang is for story files, and only en, pt or ru', () => {
    expect(cli(['bully', '--lang', 'pt']).err).toBe(
      'sim: --lang applies to a story file (--scenario-file)\n',
    );
    expect(cli(['--scenario-file', 'x.json', '--lang', 'de']).err).toBe(
      'sim: --lang: "de" is not one of en, pt, ru\n',
    );
  });
});
