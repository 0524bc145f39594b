/**
 * What the Share dialog's snippets and Present's QR code carry for the run on screen: nothing more
 * than the query for a built-in story or its challenge (both named by `scenario=`), else the story
 * itself, as the link it came in, the `src=` it was read from, or, made here, its story link. A
 * challenge of such a story carries the story (its challenge in it) and keeps the query's
 * `scenario=challenge-file-<id>`, which opens the challenge from it (boot.ts).
 */
// A story made here is written as a story file (zod's schema): built jitless, as the page's CSP needs.
import '../boot/zodJitless.ts';
import { challengeRunId } from '../../sim/challenge/challenge.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { challengeStoryOf } from '../challenge/stories.ts';
import { storyFileOf } from '../export/storyExport.ts';
import { encodeStoryLink, MAX_STORY_LINK_CHARS, readStoryHash } from '../link/storyLink.ts';
import { foreignOrigin, foreignSrc } from '../link/storyOrigin.ts';
import type { SharedStory } from './shareSnippets.ts';

export type SharedRun =
  | { story: SharedStory; scenario?: string }
  /** The story's link would pass the cap (storyLink.ts): it travels as a file. */
  | { tooLong: number };

/**
 * `hash`: the page's fragment (a story opened from a link keeps its `#story=` there, the very data
 * the reader was sent). `scenario`, when given, replaces the query's.
 */
export async function sharedRunOf(scenario: Scenario, hash: string): Promise<SharedRun> {
  const prefix = challengeRunId('');
  const challenge = scenario.id.startsWith(prefix);
  const storyId = challenge ? scenario.id.slice(prefix.length) : scenario.id;
  if (!storyId.startsWith('file-')) return { story: null };
  const origin = foreignOrigin(storyId);
  const src = foreignSrc(storyId);
  if (origin === 'src' && src !== undefined) return { story: { src } };
  const sent = readStoryHash(hash);
  if (origin === 'link' && sent) return { story: { link: sent } };
  const file = await storyFileOf(storyOfRun(scenario));
  const link = await encodeStoryLink(file);
  if (link.length > MAX_STORY_LINK_CHARS) return { tooLong: link.length };
  return { story: { link }, ...(challenge ? { scenario: `${prefix}file-${file.id}` } : {}) };
}

/**
 * The story a run is told from: a challenge's run is its start (the script's faults off, the knobs
 * locked), so the story it was opened from, its challenge in it, is what travels or is handed out.
 */
export function storyOfRun(scenario: Scenario): Scenario {
  const prefix = challengeRunId('');
  if (!scenario.id.startsWith(prefix)) return scenario;
  return challengeStoryOf(scenario.id) ?? { ...scenario, id: scenario.id.slice(prefix.length) };
}

/** The query with another `scenario=` (the rest kept as it is). */
export function withScenario(query: string, scenario: string | undefined): string {
  if (scenario === undefined) return query;
  const q = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  q.set('scenario', scenario);
  return `?${q.toString()}`;
}
