import { END_HOLD_MS } from '../app/export/exportAnimation.ts';
import { type EmbedOptions, stepText } from '../app/link/embed.ts';
import type { LinkProblem } from '../app/link/problems.ts';
import { stepsOf } from '../player/steps.ts';
import type { PlayerStore } from '../player/store.ts';
import { confine, rangeEnd, rangeStart, type StepRange } from './range.ts';

/**
 * The embed options that act on a player over time (start/end range, loop, autoplay), attached to
 * one player store. Framework-free: the iframe shell and the custom element share it.
 */
export interface EmbedController {
  /** The range in force (null ends = the run's own). */
  range(): StepRange;
  /** A scenario chosen by the host (API `select`): the link's range belonged to the first one. */
  clearRange(): void;
  /** Called when playback reaches the end of the range or of the run. */
  onEnded(listener: () => void): () => void;
  /**
   * Whether the player can be seen (visibility.ts). Autoplay starts the first time it is; playback
   * pauses while it is not and goes on when it is seen again.
   */
  setVisible(visible: boolean): void;
  dispose(): void;
}

/** `start` / `end` checked against the run's step count; out-of-range ends are dropped with a problem. */
export function checkRange(
  o: Pick<EmbedOptions, 'start' | 'end'>,
  stepCount: number,
): { range: StepRange; problems: LinkProblem[] } {
  const problems: LinkProblem[] = [];
  const ok = (n: number | null, k: 'start' | 'end'): number | null => {
    if (n === null) return null;
    if (n < stepCount) return n;
    problems.push({ param: k, value: stepText(n) });
    return null;
  };
  return { range: { first: ok(o.start, 'start'), last: ok(o.end, 'end') }, problems };
}

/** Opens inside the range: a link's `step` (or the run's start) outside it moves to the nearest end. */
export function enterRange(store: PlayerStore, range: StepRange): void {
  const s = store.getState();
  if (!s.run) return;
  if (range.first !== null && s.stepIndex < range.first) store.setState(rangeStart(stepsOf(s.run), range));
  else if (range.last !== null && s.stepIndex > range.last) s.goToStep(range.last);
}

export function attachEmbed(
  store: PlayerStore,
  opts: {
    range: StepRange;
    loop: boolean;
    autoplay: boolean;
    /** Whether it can be seen now; false waits for setVisible(true) to autoplay. Default true. */
    visible?: boolean;
  },
): EmbedController {
  let range = opts.range;
  let visible = opts.visible ?? true;
  // Autoplay is owed until the player is first seen; a pause for being hidden is undone when shown.
  let autoplayDue = opts.autoplay;
  let resume = false;
  const listeners = new Set<() => void>();
  let hold: ReturnType<typeof setTimeout> | undefined;
  const cursor = (s: { t: number; stepIndex: number; playing: boolean }) => ({
    t: s.t,
    stepIndex: s.stepIndex,
    playing: s.playing,
  });
  const unsubscribe = store.subscribe((s, prev) => {
    if (!s.run || s.run !== prev.run) return;
    const { durationMs } = s.run.trace;
    const steps = stepsOf(s.run);
    const c = confine(cursor(prev), cursor(s), range, steps, durationMs, opts.loop);
    if (c.ended) {
      // Listeners see the player stopped on the range's last moment, then (loop) it starts over.
      store.setState({ ...rangeEnd(steps, range, durationMs), playing: false, pace: 1 });
      for (const l of listeners) l();
    }
    if (c.fix) store.setState({ ...c.fix, pace: 1 });
    const then = c.afterHold;
    if (then) {
      // The range's last step is held on screen (as an exported animation holds its end), then the
      // loop starts over, unless someone moved the player meanwhile.
      const held = store.getState();
      clearTimeout(hold);
      hold = setTimeout(() => {
        const now = store.getState();
        if (now.t === held.t && now.stepIndex === held.stepIndex && !now.playing && now.run === held.run)
          store.setState({ ...then, pace: 1 });
      }, END_HOLD_MS);
    }
  });
  enterRange(store, range);
  if (autoplayDue && visible) {
    autoplayDue = false;
    store.getState().play();
  }
  return {
    range: () => range,
    clearRange() {
      range = { first: null, last: null };
    },
    onEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setVisible(next) {
      if (next === visible) return;
      visible = next;
      const s = store.getState();
      if (!next) {
        resume = s.playing;
        if (s.playing) s.pause();
        return;
      }
      if (autoplayDue || resume) s.play();
      autoplayDue = false;
      resume = false;
    },
    dispose() {
      clearTimeout(hold);
      unsubscribe();
      listeners.clear();
    },
  };
}
