/**
 * "Try to break it" in the app, without React: the challenge's run (the start, its texts in the three
 * languages), the knobs it locks, what the budget allows in the What-if menu, the goal as the page
 * says it, and the run as a replay link. The components (Challenge.tsx, the What-if panels) read these.
 */
import { catalogs, type Locale, loadLanguage, locales, t, tIn } from '../../i18n/index.ts';
import { scenarioText } from '../../i18n/scenarios.ts';
import type { PlayerStore, Run } from '../../player/store.ts';
import {
  type Broken,
  budgetUse,
  type Challenge,
  challengeRunId,
  challengeStart,
  lockedKnobs,
  refusal,
} from '../../sim/challenge/challenge.ts';
import type { Params } from '../../sim/params.ts';
import { FIX_KNOB, withFix } from '../../sim/scenario/fix.ts';
import type { Scenario, TimedFault } from '../../sim/scenario/schema.ts';
import type { Fault } from '../../sim/trace/events.ts';
import { formatTime } from '../../views/format.ts';
import { rememberChallengeStory } from './stories.ts';

/** The run on screen is a challenge's (opened by "Try to break it"), not its story. */
export function challengeOf(scenario: Scenario): Challenge | null {
  return scenario.challenge && scenario.id.startsWith(challengeRunId('')) ? scenario.challenge : null;
}

/** The story a challenge run came from. */
export const storyIdOf = (scenario: Scenario) => scenario.id.slice(challengeRunId('').length);

/** The challenge's task in a language: the story's own words, or the generic line (a story file's). */
function task(lang: Locale, story: Scenario): string {
  const key = `challenge.task.${story.id}`;
  const goal = story.challenge?.goal ?? '';
  return catalogs.en[key] ? tIn(lang, key) : tIn(lang, 'challenge.task.generic', { goal });
}

/**
 * The challenge's run: the start (scenario/challenge.ts challengeStart) told by one step, the task;
 * the rest of the telling is derived from the run, since the student's faults are not the script's.
 */
export function challengeScenario(story: Scenario): Scenario {
  const start = challengeStart(story);
  const { steps: _steps, expect: _expect, ...fix } = start.fix ?? {};
  const texts = Object.fromEntries(
    locales.map((lang) => [
      lang,
      {
        title: tIn(lang, 'challenge.title', { title: scenarioText(lang, story, 'title') }),
        summary: task(lang, story),
        'step.challenge': task(lang, story),
      },
    ]),
  ) as unknown as Record<Locale, Record<string, string>>;
  return {
    ...start,
    steps: [{ id: 'challenge', anchor: { k: 'start' }, caption: task('en', story) }],
    ...(start.fix ? { fix } : {}),
    texts,
  };
}

/** Opens the story's challenge in the player, with the What-if menu open (its only way to play). */
export async function openChallenge(store: PlayerStore, story: Scenario): Promise<void> {
  await Promise.all(locales.filter((l): l is Exclude<Locale, 'en'> => l !== 'en').map(loadLanguage));
  const s = store.getState();
  const run = challengeScenario(story);
  rememberChallengeStory(run.id, story);
  s.openStory(run);
  s.setWhatIf(true);
}

/** The knobs the panel must not let the student change: the challenge's, the fix's, and the cluster size. */
export function lockedOf(scenario: Scenario): ReadonlySet<string> {
  const c = challengeOf(scenario);
  return new Set(c ? [...lockedKnobs(c), FIX_KNOB, 'nodes'] : []);
}

/** Why the What-if menu may not add this fault now (the budget), in words; null when it may. */
export function budgetRefusal(scenario: Scenario, faults: readonly TimedFault[], f: Fault): string | null {
  const c = challengeOf(scenario);
  const why = c ? refusal(c, faults, f) : null;
  return why ? t(`challenge.refused.${why}`) : null;
}

/** The budget as the panel lists it: "GC pauses: 0 of 1", and the total. */
export function budgetLines(c: Challenge, faults: readonly TimedFault[]): { kinds: string[]; total: string } {
  const use = budgetUse(c, faults);
  return {
    kinds: use.kinds
      .filter((k) => k.max > 0)
      .map((k) =>
        t('challenge.budgetKind', { kind: t(`challenge.kind.${k.kind}`), used: k.used, max: k.max }),
      ),
    total: t('challenge.budgetTotal', { used: use.used, total: use.total }),
  };
}

/** "You broke it: both sides wrote at 12.3 s." (or by itself, or even with the fix). */
export function brokeText(
  c: Challenge,
  at: Broken,
  run: Run,
  faults: readonly TimedFault[],
  fixOn: boolean,
): string {
  const known = catalogs.en[`challenge.what.${c.goal}`] !== undefined;
  const what = known ? t(`challenge.what.${c.goal}`) : t('challenge.what.generic', { goal: c.goal });
  const time = formatTime(at.t, run.trace.durationMs);
  const used = budgetUse(
    c,
    faults.filter((tf) => tf.atMs <= at.t),
  ).used;
  const key = fixOn ? 'challenge.brokeFix' : used === 0 ? 'challenge.brokeAlone' : 'challenge.broke';
  return t(key, { what, t: time });
}

/**
 * The run as a story of its own, to replay: the scenario it ran (the fix applied when on), its knobs,
 * and the student's faults as its script. A file carries no fix block, so the fix's knobs are written
 * out; the challenge stays, so the link can be played again.
 */
export function replayScenario(run: Run, params: Partial<Params>, faults: readonly TimedFault[]): Scenario {
  const { scenario, overrides } = withFix(run.scenario, params);
  const { fix: _fix, ...rest } = scenario;
  const c = challengeOf(run.scenario);
  return {
    ...rest,
    params: { ...scenario.params, ...(overrides ?? {}) } as Params,
    faults: [...faults],
    ...(c && c.fix !== 'fix-block' ? { challenge: c } : { challenge: undefined }),
  };
}
