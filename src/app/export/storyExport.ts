/** Export > "This story": the open story as a story file, or as a link that carries it. */
import { type Locale, loadLanguage, locales } from '../../i18n/index.ts';
import { type ScenarioTextKey, scenarioText } from '../../i18n/scenarios.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { type StoryFile, toStoryFile } from '../../sim/scenario/storyFile.ts';
import { MAX_STORY_LINK_CHARS, storyHash } from '../link/storyLink.ts';

/** The story as a file, its texts in every language (their packs fetched first, if not yet). */
export async function storyFileOf(scenario: Scenario): Promise<StoryFile> {
  await Promise.all(locales.filter((l): l is Exclude<Locale, 'en'> => l !== 'en').map(loadLanguage));
  return toStoryFile(scenario, (lang, key) => scenarioText(lang, scenario, key as ScenarioTextKey));
}

export const storyFileName = (file: StoryFile): string => `${file.id}.story.json`;

/** The app's address that opens the story (`lang` kept), or its length when too long for a link. */
export async function storyLinkOf(
  file: StoryFile,
  page: { origin: string; pathname: string },
  lang: Locale,
): Promise<{ url: string } | { tooLong: number }> {
  const hash = await storyHash(file);
  const chars = hash.length - '#story='.length;
  if (chars > MAX_STORY_LINK_CHARS) return { tooLong: chars };
  return { url: `${page.origin}${page.pathname}?lang=${lang}${hash}` };
}
