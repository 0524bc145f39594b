import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import { enNarration } from '../../i18n/en.narration.ts';
import { isReplayedStory, REPLAYED_SCHEDULE_CAPTION, replayedStory } from './schedule.ts';

describe('replayedStory (a schedule told from its trace)', () => {
  it('keeps one opening step, for the story and its fixed run, and the app says it in the same English', () => {
    const story = scenarioById('lease-no-fencing');
    if (!story) throw new Error('no lease-no-fencing');
    const s = replayedStory(story);
    expect(s.steps.map((x) => x.id)).toEqual(['replayed-schedule']);
    expect(s.fix?.steps?.map((x) => x.id)).toEqual(['replayed-schedule']);
    expect(isReplayedStory(s)).toBe(true);
    expect(isReplayedStory(story)).toBe(false);
    expect(enNarration['narr.replayedSchedule']).toBe(REPLAYED_SCHEDULE_CAPTION);
  });
});
