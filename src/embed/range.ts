import { type Cursor, startOf } from '../player/steps.ts';

/**
 * An embed's step range (`start` / `end`, 0-based, inclusive; null = the run's own start or end) and
 * the rule that keeps the player inside it. Pure: the embed player applies the returned fix to its
 * store after every change.
 */
export interface StepRange {
  first: number | null;
  last: number | null;
}

export interface PlayCursor extends Cursor {
  playing: boolean;
}

export interface Confined {
  /** Where the cursor must be instead, or null when it is fine. */
  fix: PlayCursor | null;
  /** Playback just reached the end of the range (or of the run): the `ended` event. */
  ended: boolean;
  /**
   * Loop only: where to go once the end has been on screen for a while (the player applies it after
   * a hold). Set when the range's last step shares its instant with the step after it: playback
   * passes both in one frame, so without the hold the last step would never be seen.
   */
  afterHold?: PlayCursor;
}

interface Steps {
  atMs: number;
}

/** Where the range starts: its first step, else the run's start. */
export function rangeStart(steps: readonly Steps[], r: StepRange): Cursor {
  const s = r.first !== null ? steps[r.first] : undefined;
  return s ? { t: s.atMs, stepIndex: r.first as number } : startOf(steps);
}

/** The last moment inside the range: just before the step after `last`, else the end of the run. */
export function rangeEnd(steps: readonly Steps[], r: StepRange, durationMs: number): Cursor {
  const last = r.last !== null ? steps[r.last] : undefined;
  const next = r.last !== null ? steps[r.last + 1] : undefined;
  if (!last || !next) return { t: durationMs, stepIndex: steps.length - 1 };
  return { t: Math.max(last.atMs, next.atMs - 1), stepIndex: r.last as number };
}

/**
 * Keeps a cursor change inside the range. Playback that runs past the end loops to the start or
 * holds on the last moment; a step or seek past either end lands on the range's first or last step;
 * Play pressed at the end starts again from the range's start.
 */
export function confine(
  prev: PlayCursor,
  next: PlayCursor,
  r: StepRange,
  steps: readonly Steps[],
  durationMs: number,
  loop: boolean,
): Confined {
  const start = rangeStart(steps, r);
  const end = rangeEnd(steps, r, durationMs);
  const bounded = r.last !== null && r.last + 1 < steps.length;
  const atEnd = (c: Cursor) => (bounded ? c.stepIndex === end.stepIndex && c.t >= end.t : c.t >= durationMs);
  if (!prev.playing && next.playing && atEnd(prev)) return { fix: { ...start, playing: true }, ended: false };
  const pastEnd = bounded && next.stepIndex > (r.last as number);
  const runEnded = prev.playing && !next.playing && next.t >= durationMs;
  if (pastEnd || runEnded) {
    if (prev.playing && (next.playing || runEnded)) {
      const unseen = pastEnd && prev.stepIndex < (r.last as number);
      if (loop && unseen)
        return { fix: { ...end, playing: false }, ended: true, afterHold: { ...start, playing: true } };
      if (loop) return { fix: { ...start, playing: true }, ended: true };
      return { fix: pastEnd ? { ...end, playing: false } : null, ended: true };
    }
    const last = steps[r.last as number];
    return { fix: last ? { t: last.atMs, stepIndex: r.last as number, playing: false } : null, ended: false };
  }
  if (r.first !== null && (next.stepIndex < r.first || next.t < start.t))
    return { fix: { ...start, playing: next.playing }, ended: false };
  return { fix: null, ended: false };
}
