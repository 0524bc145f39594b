import type { Scenario } from './schema.ts';

/** The one step a replayed schedule's story keeps: the run is told from its trace after it. */
export const REPLAYED_SCHEDULE_STEP = 'replayed-schedule';

/** Its English caption (the app's is the catalogs' `narr.replayedSchedule`, the same in English). */
export const REPLAYED_SCHEDULE_CAPTION =
  'A schedule replayed from its list of choices: every draw and every fault comes from the list, not from the seed, and the story’s script is left out. What follows is read off this run, up to its first alarm.';

/**
 * The story a replayed schedule (a run of `choices` without the story's script: the explorer's
 * counterexample, a Branch here pick, a `choices` link) is told with. The story's own captions assume its own node count and
 * script ("Five nodes elect…"), which the schedule does not keep, so its steps, and its fixed run's,
 * give way to one opening step; derive.ts then tells the rest from the trace and stops at the alarm.
 */
export function replayedStory(scenario: Scenario): Scenario {
  const steps: Scenario['steps'] = [
    { id: REPLAYED_SCHEDULE_STEP, anchor: { k: 'start' }, caption: REPLAYED_SCHEDULE_CAPTION },
  ];
  return { ...scenario, steps, ...(scenario.fix ? { fix: { ...scenario.fix, steps } } : {}) };
}

/** Whether a scenario is a replayed schedule's (replayedStory). */
export const isReplayedStory = (scenario: Scenario | undefined): boolean =>
  scenario?.steps[0]?.id === REPLAYED_SCHEDULE_STEP;
