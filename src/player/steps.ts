import { upperBound } from '../lib/search.ts';

/** Narration-step navigation over steps sorted by atMs. Pure; the player store calls these. */
export interface StepTimes {
  atMs: number;
}

/** Index of the step showing at t: the last step with atMs <= t, or -1 before the first. */
export function stepAt(steps: readonly StepTimes[], t: number): number {
  return upperBound(steps.length, (i) => (steps[i] as StepTimes).atMs, t) - 1;
}

/**
 * The cursor at the start of a run: on the first step when it is at t = 0 (even if later steps
 * share that moment, so each caption is seen in turn), else before it.
 */
export function startOf(steps: readonly StepTimes[]): Cursor {
  return { t: 0, stepIndex: steps.length > 0 && (steps[0] as StepTimes).atMs <= 0 ? 0 : -1 };
}

/** First index of the steps that share step i's moment (i itself when it is alone). */
export function momentStart(steps: readonly StepTimes[], i: number): number {
  let k = i;
  while (k > 0 && steps[k - 1]?.atMs === steps[i]?.atMs) k--;
  return k;
}

export interface Cursor {
  t: number;
  stepIndex: number;
}

/**
 * Step forward: to the next step's exact moment. Steps that share a moment are visited one by one.
 * From the last step, forward goes to the end of the run; at the end it stays.
 */
export function stepForward(steps: readonly StepTimes[], cur: Cursor, durationMs: number): Cursor {
  const next = steps[cur.stepIndex + 1];
  if (next) return { t: Math.max(next.atMs, 0), stepIndex: cur.stepIndex + 1 };
  return { t: durationMs, stepIndex: cur.stepIndex };
}

/**
 * Step back: to the start of the current step if playback moved past it, else to the previous
 * step's moment; before the first step, to t = 0. So forward then back returns to the same cursor
 * whenever the cursor sat on a step's moment (or at the end).
 */
export function stepBack(steps: readonly StepTimes[], cur: Cursor): Cursor {
  const here = steps[cur.stepIndex];
  if (here && cur.t > here.atMs) return { t: here.atMs, stepIndex: cur.stepIndex };
  const prev = steps[cur.stepIndex - 1];
  if (prev) return { t: prev.atMs, stepIndex: cur.stepIndex - 1 };
  if (here) return { t: here.atMs, stepIndex: cur.stepIndex };
  return startOf(steps);
}

/** Cursor on step i (clamped to the list). */
export function goToStep(steps: readonly StepTimes[], i: number): Cursor {
  if (steps.length === 0) return { t: 0, stepIndex: -1 };
  const k = Math.max(0, Math.min(steps.length - 1, i));
  return { t: (steps[k] as StepTimes).atMs, stepIndex: k };
}

/**
 * How many trace events the frame on this cursor shows. Steps that share a millisecond are told one
 * by one, so on such a step the world is shown up to (not including) the next step's event; any
 * other cursor shows everything up to t.
 */
export function eventLimit(
  steps: ReadonlyArray<StepTimes & { eventIndex: number }>,
  events: ReadonlyArray<{ t: number }>,
  cur: Cursor,
): number {
  const s = steps[cur.stepIndex];
  const next = steps[cur.stepIndex + 1];
  if (!s || !next || s.atMs !== cur.t || next.atMs !== cur.t) return Number.POSITIVE_INFINITY;
  if (next.eventIndex < 0 || events[next.eventIndex]?.t !== cur.t) return Number.POSITIVE_INFINITY;
  return next.eventIndex;
}
