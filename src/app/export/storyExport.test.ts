import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../scenarios/index.ts';
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
