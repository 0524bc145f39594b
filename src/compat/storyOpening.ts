/**
 * What a story file's data opens (parseStoryFile), as the corpus keeps it: the recorder
 * (scripts/corpus.ts) stores it and the corpus test (corpus.test.ts) compares it, the same way.
 */
import { locales } from '../i18n/index.ts';
import { parseStoryFile } from '../sim/scenario/storyFile.ts';
import type { StoryOpening } from './types.ts';

export function storyOpening(data: unknown, where: string): StoryOpening {
  const { scenario } = parseStoryFile(data, where);
  const first = `step.${scenario.steps[0]?.id}`;
  return {
    scenario: scenario.id,
    title: Object.fromEntries(locales.map((l) => [l, scenario.texts?.[l]?.title ?? ''])),
    steps: scenario.steps.map((s) => s.id),
    firstCaption: Object.fromEntries(locales.map((l) => [l, scenario.texts?.[l]?.[first] ?? ''])),
  };
}
