/**
 * Snippets for a story that is not the catalogue's, and for a challenge: each snippet, read back the
 * way the iframe (the link) and the element (its attributes) read it, opens that story or challenge.
 */
import { describe, expect, it } from 'vitest';
import * as catalogue from '../../../scenarios/index.ts';
import { searchFromAttributes, splitStory } from '../../embed/attributes.ts';
import { strings as englishLater } from '../../i18n/en.later.ts';
import { installEnglishLater } from '../../i18n/index.ts';
import { toStoryFile } from '../../sim/scenario/storyFile.ts';
import { boot } from '../boot/boot.ts';
import { installScenarios } from '../boot/scenarioList.ts';
import { challengeOf, challengeScenario } from '../challenge/challengeRun.ts';
import { rememberChallengeStory } from '../challenge/stories.ts';
import * as decode from '../link/decode.ts';
import { installDecoder } from '../link/decoder.ts';
import { DEFAULT_EMBED } from '../link/embed.ts';
import { decodeStoryLink, encodeStoryLink } from '../link/storyLink.ts';
import { markForeign } from '../link/storyOrigin.ts';
import { sharedRunOf, storyOfRun, withScenario } from './sharedStory.ts';
import { elementSnippet, embedUrl, reactSnippet, viewUrl } from './shareSnippets.ts';

installScenarios(catalogue);
installDecoder(decode);
installEnglishLater(englishLater);

const base = 'https://lab.example/';
const split = catalogue.scenarios.find((s) => s.id === 'split-brain');
if (!split) throw new Error('split-brain');
const file = toStoryFile(split, (lang) => `Class notes (${lang})`, 'class-notes');

/** The element's attributes in a snippet, as the element reads them (attributes.ts). */
function attributesOf(snippet: string): Map<string, string> {
  const tag = /<leader-election-player ([^>]*)>/.exec(snippet)?.[1] ?? '';
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) out.set(m[1] ?? '', m[2] ?? '');
  return out;
}

/** Boots a player as the custom element does from these attributes (PlayerRoot.tsx). */
function bootElement(attrs: Map<string, string>) {
  const { search, hash } = splitStory(searchFromAttributes((n) => attrs.get(n) ?? null));
  return boot(search, undefined, { hash, embedded: true });
}

describe('a story link in the snippets', () => {
  it('the iframe, the link and the element carry it, and each opens it', async () => {
    const link = await encodeStoryLink(file);
    const query = '?scenario=file-class-notes&step=2';
    const url = new URL(embedUrl(base, query, DEFAULT_EMBED, { link }));
    expect(url.hash).toBe(`#story=${link}`);
    expect(viewUrl(base, query, { link })).toBe(`${base}${query}#story=${link}`);
    const frame = boot(url.search, undefined, { hash: url.hash });
    expect(await frame.later).toEqual([]);
    expect(frame.store.getState().run?.scenario.id).toBe('file-class-notes');
    expect(frame.store.getState().stepIndex).toBe(1);

    const element = elementSnippet({
      scenario: 'file-class-notes',
      step: 2,
      embed: DEFAULT_EMBED,
      story: { link },
    });
    expect(attributesOf(element).get('story')).toBe(link);
    const el = bootElement(attributesOf(element));
    expect(await el.later).toEqual([]);
    expect(el.store.getState().run?.scenario.id).toBe('file-class-notes');

    const react = reactSnippet({
      scenario: 'file-class-notes',
      step: 2,
      embed: DEFAULT_EMBED,
      story: { link },
      appUrl: base,
    });
    expect(react).toContain(`story="${link}"`);
    expect(react).toContain('step={2}');
    expect(react).toContain(`appUrl="${base}"`);
  });

  it('a story opened from a file on the lab’s site is named by its src=', () => {
    const url = new URL(
      embedUrl(base, '?scenario=file-class-notes', DEFAULT_EMBED, { src: 'stories/a b.json' }),
    );
    expect(url.searchParams.get('src')).toBe('stories/a b.json');
    expect(url.hash).toBe('');
    const element = elementSnippet({
      scenario: 'file-class-notes',
      step: null,
      embed: DEFAULT_EMBED,
      story: { src: 'stories/a.json' },
    });
    expect(attributesOf(element).get('src')).toBe('stories/a.json');
  });
});

describe('a challenge in the snippets', () => {
  it('is named by its id, and the iframe and the element open the challenge', async () => {
    const query = '?lang=pt&scenario=challenge-split-brain&whatif=1';
    const url = new URL(embedUrl(base, query, { controls: 'full' }));
    expect(url.searchParams.get('scenario')).toBe('challenge-split-brain');
    const frame = boot(url.search, undefined, { hash: url.hash });
    expect(await frame.later).toEqual([]);
    const run = frame.store.getState().run;
    expect(run?.scenario.id).toBe('challenge-split-brain');
    expect(run && challengeOf(run.scenario)).toBeTruthy();

    const element = elementSnippet({
      scenario: 'challenge-split-brain',
      step: null,
      embed: DEFAULT_EMBED,
      query,
    });
    expect(attributesOf(element).get('scenario')).toBe('challenge-split-brain');
    const el = bootElement(attributesOf(element));
    expect(await el.later).toEqual([]);
    expect(el.store.getState().run?.scenario.id).toBe('challenge-split-brain');
  });
});

describe('what a run shares (sharedStory.ts)', () => {
  it('a built-in story and a built-in challenge: the query alone', async () => {
    expect(await sharedRunOf(split, '')).toEqual({ story: null });
    expect(await sharedRunOf({ ...split, id: 'challenge-split-brain' }, '')).toEqual({ story: null });
  });
  it('a story from a link: the data it came in; from src=: its src; made here: its own link', async () => {
    const mine = { ...split, id: 'file-class-notes' };
    markForeign('file-class-notes', 'link');
    expect(await sharedRunOf(mine, '#story=abc')).toEqual({ story: { link: 'abc' } });
    markForeign('file-class-notes', 'src', 'stories/class-notes.json');
    expect(await sharedRunOf(mine, '')).toEqual({ story: { src: 'stories/class-notes.json' } });
    markForeign('file-class-notes', 'mine');
    const made = await sharedRunOf(mine, '');
    expect('story' in made && made.story && 'link' in made.story).toBe(true);
    expect(withScenario('?scenario=a&step=2', 'b')).toBe('?scenario=b&step=2');
  });
});

describe('a challenge of a story made in this browser (issue #44)', () => {
  const story = { ...split, id: 'file-class-notes' };
  const run = challengeScenario(story);
  // The student's partition, as the What-if menu puts it in the link.
  const query =
    '?lang=en&scenario=challenge-file-class-notes&fault=4000,partition,node-1;node-2|node-3;node-4;node-5&whatif=1';

  it('travels with its story, and the link, the iframe and the element open the challenge, not the story', async () => {
    markForeign('file-class-notes', 'mine');
    rememberChallengeStory(run.id, story);
    const shared = await sharedRunOf(run, '');
    if (!('story' in shared) || !shared.story || !('link' in shared.story)) throw new Error('a story link');
    expect(shared.scenario).toBe('challenge-file-class-notes');
    // The story itself travels (its steps and its challenge), not the challenge's start.
    const sent = await decodeStoryLink(shared.story.link);
    expect(sent).toMatchObject({ id: 'class-notes', challenge: { goal: 'split-brain' } });
    expect((sent as { steps: unknown[] }).steps.length).toBe(split.steps.length);

    const q = withScenario(query, shared.scenario);
    for (const url of [
      new URL(viewUrl(base, q, shared.story)),
      new URL(embedUrl(base, q, DEFAULT_EMBED, shared.story)),
    ]) {
      const page = boot(url.search, undefined, { hash: url.hash });
      expect(await page.later).toEqual([]);
      const opened = page.store.getState();
      expect(opened.run?.scenario.id).toBe('challenge-file-class-notes');
      expect(opened.run && challengeOf(opened.run.scenario)).toMatchObject({ goal: 'split-brain' });
      // The link's own inputs are laid over the challenge's start.
      expect(opened.interventions.map((f) => f.fault.kind)).toEqual(['partition']);
    }

    const element = elementSnippet({
      scenario: shared.scenario ?? '',
      step: null,
      embed: DEFAULT_EMBED,
      query: q,
      story: shared.story,
    });
    const el = bootElement(attributesOf(element));
    expect(await el.later).toEqual([]);
    expect(el.store.getState().run?.scenario.id).toBe('challenge-file-class-notes');
  });

  it("Present's story file for a challenge is the story it was opened from, not the challenge's start", () => {
    rememberChallengeStory(run.id, story);
    // The challenge's start has the script's faults off: the file handed out is the story, steps and all.
    expect(run.faults.length).toBeLessThan(story.faults.length);
    expect(storyOfRun(run)).toBe(story);
    expect(storyOfRun(story)).toBe(story);
  });

  it('a link whose story is not the one its challenge names opens the story, and says so', async () => {
    const other = await encodeStoryLink(file);
    const page = boot('?scenario=challenge-file-someone-else', undefined, { hash: `#story=${other}` });
    const problems = await page.later;
    expect(page.store.getState().run?.scenario.id).toBe('file-class-notes');
    expect(problems).toEqual([{ param: 'scenario', value: 'challenge-file-someone-else' }]);
  });
});
