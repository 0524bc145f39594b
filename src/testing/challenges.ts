/** The six challenges the lab ships (scenarios/*.ts `challenge`), as the fix search's tests ask them. */
import { scenarioById } from '../../scenarios/index.ts';
import { challengeStart } from '../sim/challenge/challenge.ts';
import type { SearchInput } from '../sim/challenge/search.ts';
import { simulate } from '../sim/simulate.ts';

export const CHALLENGES = [
  'split-brain',
  'fencing-token',
  'lease-no-fencing',
  'update-without-token',
  'heartbeat-no-confirm',
  'twenty-instances',
] as const;

export function searchInput(id: string, fix: boolean, schedules?: number): SearchInput {
  const story = scenarioById(id);
  if (!story?.challenge) throw new Error(`${id}: no challenge`);
  return {
    start: challengeStart(story),
    challenge: story.challenge,
    fix,
    simulate,
    ...(schedules ? { schedules } : {}),
  };
}
