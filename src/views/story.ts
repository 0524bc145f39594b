import { useMemo } from 'react';
import { choosePlurals, formatNumberIn, type Locale } from '../i18n/index.ts';
import { useLocale } from '../i18n/react.ts';
import { scenarioText } from '../i18n/scenarios.ts';
import { usePlayer } from '../player/react.ts';
import { eventLimit } from '../player/steps.ts';
import type { Run } from '../player/store.ts';
import { captionWith } from '../sim/trace/summary.ts';
import type { ResolvedStep } from '../sim/trace/trace.ts';
import { formatTime } from './format.ts';

/**
 * What every player surface (the app's stage, the embed, presentation mode, exports) shows of the
 * story, in one place: the caption of a step in the current language, and the frame on the cursor.
 */
export function stepCaption(run: Run, step: ResolvedStep, locale: Locale): string {
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
  return captionWith(run.scenario, step, run.trace.params, template);
}

/** Every step's caption, in the current language. */
export function useCaptions(run: Run | null): string[] {
  const locale = useLocale();
  return useMemo(() => (run ? run.trace.steps.map((s) => stepCaption(run, s, locale)) : []), [run, locale]);
}

/** The steps as the narration lists them: caption, time and its label. */
export function useStorySteps(run: Run, captions: readonly string[]) {
  return useMemo(
    () =>
      run.trace.steps.map((s, i) => ({
        id: s.id,
        caption: captions[i] ?? s.id,
        atMs: s.atMs,
        at: formatTime(s.atMs, run.trace.durationMs),
      })),
    [run, captions],
  );
}

/** The frame on the cursor; on a step's own moment, the world as of that step's event. */
export function useStepFrame(run: Run, time: number) {
  const stepIndex = usePlayer((s) => s.stepIndex);
  return useMemo(
    () => run.index.frameAt(time, eventLimit(run.trace.steps, run.trace.events, { t: time, stepIndex })),
    [run, time, stepIndex],
  );
}
