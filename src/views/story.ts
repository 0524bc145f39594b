import { useMemo } from 'react';
import { choosePlurals, formatNumberIn, type Locale, tIn } from '../i18n/index.ts';
import { useLocale } from '../i18n/react.ts';
import { scenarioText } from '../i18n/scenarios.ts';
import { usePlayer } from '../player/react.ts';
import { afterOwn, eventLimit, type Instead, type NavStep, shownStep, stepsOf } from '../player/steps.ts';
import { type Run, shownScenario } from '../player/store.ts';
import { declarationOf } from '../sim/algorithms/declared.ts';
import { braceGroups, faultWords } from '../sim/faults/words.ts';
import { isReplayedStory, REPLAYED_SCHEDULE_STEP } from '../sim/scenario/schedule.ts';
import { type DerivedStep, deriveSteps } from '../sim/trace/derive.ts';
import { captionWith } from '../sim/trace/summary.ts';
import type { ResolvedStep } from '../sim/trace/trace.ts';
import { formatTime } from './format.ts';

/**
 * What every player surface (the app's stage, the embed, presentation mode, exports) shows of the
 * story, in one place: the caption of a step in the current language, and the frame on the cursor.
 */
export function stepCaption(run: Run, step: ResolvedStep, locale: Locale): string {
  // A live recording is shown as the sandbox (src/live/run.ts), but nothing in it is simulated.
  if (run.trace.source === 'etcd' && step.id === 'free-play') return tIn(locale, 'live.step');
  // A replayed schedule's opening (scenario/schedule.ts) is the lab's, whichever story it replays.
  if (step.id === REPLAYED_SCHEDULE_STEP && isReplayedStory(run.scenario))
    return tIn(locale, 'narr.replayedSchedule');
  // The language's plural forms first (`{n, plural, ...}`), then its numbers ("0,5" in pt and ru),
  // then the step's other variables.
  const vars = { ...run.trace.params, ...step.vars } as Record<string, string | number | boolean>;
  const template = choosePlurals(
    scenarioText(locale, run.scenario, `step.${step.id}`),
    vars as Record<string, string | number>,
    locale,
  ).replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = vars[name];
    return typeof v === 'number' ? formatNumberIn(locale, v) : m;
  });
  return captionWith(shownScenario(run), step, run.trace.params, template);
}

/** A caption derived from the trace (src/sim/trace/derive.ts), in a language. */
export function derivedCaption(d: DerivedStep, locale: Locale): string {
  // Decimal seconds as the language writes them (4.7 s, 4,7 s).
  const comma = (x: string | number | undefined) => String(x ?? '').replace('.', ',');
  const vars: DerivedStep['vars'] = { ...d.vars };
  if (locale !== 'en')
    for (const k of ['seconds', 'since', 'ago'] as const) if (vars[k] !== undefined) vars[k] = comma(vars[k]);
  // The protected storage is a word of the sentence ("o armazenamento", «хранилище»), not its host id.
  const named = vars.resource === 'storage' ? tIn(locale, 'narr.storage') : undefined;
  if (named !== undefined) vars.resource = named;
  return storageFirst(tIn(locale, d.key, vars), named);
}

/**
 * A sentence that starts with the storage's word («хранилище», "o armazenamento") starts with a
 * capital, as any sentence does; the English host id `storage` stays as drawn.
 */
export function storageFirst(text: string, named: string | undefined): string {
  return named !== undefined && named !== 'storage' && text.startsWith(named)
    ? text.charAt(0).toUpperCase() + text.slice(1)
    : text;
}

/** What the trace tells beyond the story's own steps (derived captions), per run. */
export function useDerivedSteps(run: Run | null): readonly DerivedStep[] {
  return useMemo(() => (run ? deriveSteps(run.trace, shownScenario(run)) : []), [run]);
}

/** A navigable step's caption (player/steps.ts): a story's step, or a caption derived after the last. */
export function navCaption(run: Run, step: NavStep, locale: Locale): string {
  if (step.derived) return derivedCaption(step.derived, locale);
  if (step.skipped) return placeholderCaption(run, step, locale);
  const own = step.own !== undefined ? run.trace.steps[step.own] : undefined;
  return own ? stepCaption(run, own, locale) : step.id;
}

/**
 * A span of story steps this run does not have (navSteps), told once: its step numbers, then what the
 * trace shows instead, each moment with its time, in the words of the event log and derived captions.
 */
function placeholderCaption(run: Run, step: NavStep, locale: Locale): string {
  const first = (step.span?.first ?? 0) + 1;
  const last = (step.span?.last ?? 0) + 1;
  const what = (step.instead ?? []).map((i) => insteadText(run, i, locale)).join('; ');
  if (!what) return tIn(locale, 'narr.skipped');
  return first === last
    ? tIn(locale, 'narr.skipped.one', { n: first, what })
    : tIn(locale, 'narr.skipped.span', { from: first, to: last, what });
}

function insteadText(run: Run, i: Instead, locale: Locale): string {
  const seconds = (ms: number) =>
    tIn(locale, 'time.s', { s: formatNumberIn(locale, Number((ms / 1000).toFixed(1))) });
  const words = i.fault
    ? faultWords(
        i.fault,
        {
          duration: (ms) => (ms < 1000 ? tIn(locale, 'time.ms', { ms }) : seconds(ms)),
          number: (n) => formatNumberIn(locale, n),
          groups: braceGroups,
        },
        { storeGroup: declarationOf(run.trace.algorithm)?.storeGroup?.(run.trace.params)?.host },
      )
    : undefined;
  const text = words
    ? tIn(locale, `log.fault.${words.key}`, words.vars)
    : derivedCaption({ key: i.key, vars: i.vars } as DerivedStep, locale);
  // A sentence of its own elsewhere; here one item of a list.
  const what = text.replace(/\.$/, '');
  if (i.atMs === undefined) return what;
  const at =
    run.trace.durationMs < 5000 ? tIn(locale, 'time.ms', { ms: Math.round(i.atMs) }) : seconds(i.atMs);
  return tIn(locale, 'narr.skipped.at', { what, at });
}

/** Every navigable step's caption (the story's, then those derived after its last), in the current language. */
export function useCaptions(run: Run | null): string[] {
  const locale = useLocale();
  return useMemo(() => (run ? stepsOf(run).map((s) => navCaption(run, s, locale)) : []), [run, locale]);
}

/**
 * The steps as the narration lists them: caption, time and its label, and after each the captions
 * derived from the trace that follow it. Those after the story's last step are steps of their own,
 * numbered after it (player/steps.ts, navSteps); those before it are notes of the step they follow
 * (they take no number: links and embeds count the story's steps).
 */
export function useStorySteps(run: Run, captions: readonly string[]) {
  const locale = useLocale();
  const derived = useDerivedSteps(run);
  return useMemo(() => {
    // Derived captions that took a step's number (navSteps) are not notes as well.
    const nav = stepsOf(run);
    const numbered = new Set(nav.flatMap((s) => (s.derived ? [s.derived.id] : [])));
    const notes = (after: number | undefined) =>
      derived
        .filter((d) => after !== undefined && d.after === after && !numbered.has(d.id))
        .map((d) => ({
          id: d.id,
          caption: derivedCaption(d, locale),
          atMs: d.atMs,
          at: formatTime(d.atMs, run.trace.durationMs),
          alarm: d.alarm,
        }));
    // Captions before the first step (rare: the stories start at 0) are told with the first one.
    return nav.map((s, i) => ({
      id: s.id,
      caption: captions[i] ?? s.id,
      atMs: s.atMs,
      at: formatTime(s.atMs, run.trace.durationMs),
      notes: s.own === 0 ? [...notes(-1), ...notes(0)] : notes(s.own),
      ...(s.derived ? { derived: true, alarm: s.derived.alarm } : {}),
      ...(s.span ? { span: s.span } : {}),
    }));
  }, [run, captions, derived, locale]);
}

/** The navigable step on screen (player/steps.ts, shownStep): what the narration, counters and frame show. */
export function useShownStep(run: Run | null): number {
  const stepIndex = usePlayer((s) => s.stepIndex);
  const t = usePlayer((s) => s.t);
  return run ? shownStep(stepsOf(run), afterOwn(stepsOf(run)), { t, stepIndex }) : stepIndex;
}

/** The frame on the cursor; on a step's own moment, the world as of that step's event. */
export function useStepFrame(run: Run, time: number) {
  const stepIndex = useShownStep(run);
  return useMemo(
    () => run.index.frameAt(time, eventLimit(stepsOf(run), run.trace.events, { t: time, stepIndex })),
    [run, time, stepIndex],
  );
}
