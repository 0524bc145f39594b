/**
 * The story each challenge run on this page was opened from, by the challenge's run id: a challenge
 * of a story that is not the catalogue's is shared with that story (share/sharedStory.ts), whose
 * challenge the link then opens (boot.ts). A module of its own, so Share does not load the challenge's.
 */
import type { Scenario } from '../../sim/scenario/schema.ts';

const stories = new Map<string, Scenario>();

export function rememberChallengeStory(runId: string, story: Scenario): void {
  stories.set(runId, story);
}

export function challengeStoryOf(runId: string): Scenario | undefined {
  return stories.get(runId);
}
