import { describe, expect, it } from 'vitest';
import { scenarioById } from '../../../scenarios/index.ts';
import type { ScenarioInput, TimedFault } from '../scenario/schema.ts';
import { parseStoryFile, STORY_FILE_VERSION, toStoryFile } from '../scenario/storyFile.ts';
import { testScenario } from '../scenario/testScenario.ts';
import type { Fault } from '../trace/events.ts';
import {
  budgetUse,
  type Challenge,
  challengeStart,
  fixIsOn,
  fixKnobs,
  isRepair,
  lockedKnobs,
  refusal,
  withinBudget,
} from './challenge.ts';

const challenge: Challenge = {
  lockedKnobs: ['fencing'],
  goal: 'stale-write-accepted',
  budget: { faults: { pause: 1, crash: 2 }, total: 2 },
  fix: { fencing: true },
};
const at = (atMs: number, fault: Fault): TimedFault => ({ atMs, fault });
const crash = (node: string) => ({ kind: 'crash', node }) as const;

describe('the challenge format', () => {
  const lease =
    (c: unknown, more: Partial<ScenarioInput> = {}) =>
    () =>
      testScenario('lease', { challenge: c as Challenge, ...more });

  it('takes a valid challenge', () => {
    expect(lease(challenge)().challenge).toEqual(challenge);
  });

  it.each([
    [
      { ...challenge, lockedKnobs: ['fencng'] },
      'scenario.challenge.lockedKnobs[0]: "fencng" is not a knob of lease',
    ],
    [{ ...challenge, goal: 'two-writers' }, 'scenario.challenge.goal: Invalid option'],
    [{ ...challenge, fix: 'fix-block' }, 'scenario.challenge.fix: "fix-block" needs the story\'s fix block'],
    [
      { ...challenge, fix: { fencin: true } },
      'scenario.challenge.fix.fencin: "fencin" is not a knob of lease',
    ],
    [
      { ...challenge, budget: { faults: { pause: 1, gc: 1 }, total: 1 } },
      'scenario.challenge.budget.faults: Unrecognized key: "gc"',
    ],
    [
      { ...challenge, budget: { faults: { pause: 0 }, total: 1 } },
      'scenario.challenge.budget.faults: allow at least one fault',
    ],
    [{ ...challenge, budget: { faults: { pause: 1 }, total: 0 } }, 'scenario.challenge.budget.total: '],
    [{ ...challenge, extra: 1 }, 'scenario.challenge: Unrecognized key: "extra"'],
  ])('a bad challenge says what and where: %j', (c, message) => {
    expect(lease(c)).toThrow(message);
  });

  it('a story file carries a challenge whose fix names knobs; "fix-block" is refused there, by path', () => {
    const story = scenarioById('fencing-token');
    if (!story) throw new Error('no fencing-token');
    const file = toStoryFile(story, (_lang, key) =>
      key === 'title' ? story.title : key === 'summary' ? story.summary : 'a caption',
    );
    expect(file.challenge).toEqual(story.challenge);
    expect(parseStoryFile(JSON.parse(JSON.stringify(file))).scenario.challenge).toEqual(story.challenge);
    const bad = { ...file, challenge: { ...file.challenge, fix: 'fix-block' } };
    expect(() => parseStoryFile(bad, 'my.json')).toThrow('my.json.challenge.fix: "fix-block" needs');
    expect(file.storyFile).toBe(STORY_FILE_VERSION);
  });

  it("a pitfall's fix block that only sets knobs travels in a file as those knobs", () => {
    const story = scenarioById('lease-no-fencing');
    if (!story) throw new Error('no lease-no-fencing');
    const file = toStoryFile(story, () => 'text');
    expect(file.challenge?.fix).toEqual({ fencing: true });
  });
});

describe('the start and the fix', () => {
  it('the start: the script off, the start knobs over the story’s', () => {
    const story = scenarioById('fencing-token');
    if (!story) throw new Error('no fencing-token');
    expect(story.faults.length).toBeGreaterThan(0);
    const start = challengeStart(story);
    expect(start.faults).toEqual([]);
    expect(start.params.fencing).toBe(false);
    expect(start.id).toBe('challenge-fencing-token');
  });

  it('the fix: a fix block is the fix knob; knobs are themselves; both are locked', () => {
    expect(fixKnobs({ ...challenge, fix: 'fix-block' })).toEqual({ fix: true });
    expect(fixIsOn(challenge, { fencing: true })).toBe(true);
    expect(fixIsOn(challenge, {})).toBe(false);
    expect(lockedKnobs({ ...challenge, lockedKnobs: ['ttlS'] })).toEqual(['ttlS', 'fencing']);
  });
});

describe('the budget', () => {
  it('counts each kind and the total; repairs are free', () => {
    const faults = [
      at(1, crash('node-1')),
      at(2, { kind: 'restart', node: 'node-1' }),
      at(3, { kind: 'heal' }),
    ];
    expect(budgetUse(challenge, faults)).toEqual({
      kinds: [
        { kind: 'pause', used: 0, max: 1 },
        { kind: 'crash', used: 1, max: 2 },
      ],
      used: 1,
      total: 2,
    });
    expect(isRepair({ kind: 'clock-drift', node: 'node-1', rate: 1 })).toBe(true);
    expect(isRepair({ kind: 'clock-drift', node: 'node-1', rate: 2 })).toBe(false);
  });

  it('refuses a kind not in the budget, a kind at its max, and anything past the total', () => {
    const pause = { kind: 'pause', node: 'node-1', durationMs: 40_000 } as const;
    expect(refusal(challenge, [], { kind: 'isolate', node: 'node-1', from: 'all' })).toBe('not-in-budget');
    expect(refusal(challenge, [], pause)).toBeNull();
    expect(refusal(challenge, [at(1, pause)], pause)).toBe('kind-spent');
    expect(refusal(challenge, [at(1, pause), at(2, crash('node-2'))], crash('node-3'))).toBe('total-spent');
    expect(
      refusal(challenge, [at(1, pause), at(2, crash('node-2'))], { kind: 'restart', node: 'node-2' }),
    ).toBeNull();
    expect(withinBudget(challenge, [at(1, pause), at(2, crash('node-2'))])).toBe(true);
    expect(withinBudget(challenge, [at(1, pause), at(2, pause)])).toBe(false);
    expect(withinBudget(challenge, [at(1, crash('node-1')), at(2, crash('node-2')), at(3, pause)])).toBe(
      false,
    );
  });
});
