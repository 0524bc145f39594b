/**
 * The playback clock and the steps: play and pause, the cursor, stepping through the narration (or,
 * in free play, between the faults' moments), speed, and the rAF ticker's advance.
 */
import { isFreePlay } from '../../sim/scenario/sandbox.ts';
import { paceAt } from '../pace.ts';
import { MAX_SPEED, MIN_SPEED } from '../speed.ts';
import * as nav from '../steps.ts';
import type { Slice } from './context.ts';
import type { Run } from './types.ts';

/** The longest wall interval one tick may cover: a hidden tab coming back does not jump ahead. */
const MAX_TICK_MS = 100;

/** Free play has one intro step: Step back / forward jump between the interventions' moments. */
const stops = (run: Run): number[] | null =>
  isFreePlay(run.scenario)
    ? [...new Set([0, ...run.trace.interventions.map((f) => f.atMs), run.trace.durationMs])]
        .filter((x) => x <= run.trace.durationMs)
        .sort((a, b) => a - b)
    : null;

export const clampSpeed = (speed: number) => Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));

export const playbackSlice: Slice<
  | 'play'
  | 'pause'
  | 'togglePlay'
  | 'restart'
  | 'seek'
  | 'stepForward'
  | 'stepBack'
  | 'goToStep'
  | 'setSpeed'
  | 'tick'
> = ({ set, get }) => ({
  play() {
    const { run, t } = get();
    if (!run) return;
    if (t >= run.trace.durationMs && run.complete) set(nav.startOf(nav.stepsOf(run)));
    set({ playing: true });
  },
  pause() {
    set({ playing: false, pace: 1 });
  },
  togglePlay() {
    if (get().playing) get().pause();
    else get().play();
  },
  restart() {
    const { run } = get();
    set({ ...(run ? nav.startOf(nav.stepsOf(run)) : { t: 0, stepIndex: -1 }), pace: 1 });
  },
  seek(tRaw) {
    const { run } = get();
    if (!run) return;
    const t = Math.max(0, Math.min(get().until, tRaw));
    set({ t, stepIndex: nav.stepAt(nav.stepsOf(run), t), pace: 1 });
  },
  stepForward() {
    const { run, t, stepIndex } = get();
    if (!run) return;
    const free = stops(run);
    if (free) {
      const to = free.find((x) => x > t) ?? run.trace.durationMs;
      set({ t: to, stepIndex: nav.stepAt(nav.stepsOf(run), to), playing: false, pace: 1 });
      return;
    }
    set({
      ...nav.stepForward(nav.stepsOf(run), { t, stepIndex }, run.trace.durationMs),
      playing: false,
      pace: 1,
    });
  },
  stepBack() {
    const { run, t, stepIndex } = get();
    if (!run) return;
    const free = stops(run);
    if (free) {
      const to = free.findLast((x) => x < t) ?? 0;
      set({ t: to, stepIndex: nav.stepAt(nav.stepsOf(run), to), playing: false, pace: 1 });
      return;
    }
    set({ ...nav.stepBack(nav.stepsOf(run), { t, stepIndex }), playing: false, pace: 1 });
  },
  goToStep(index) {
    const { run } = get();
    if (!run) return;
    set({ ...nav.goToStep(nav.stepsOf(run), index), playing: false, pace: 1 });
  },
  setSpeed(speed) {
    set({ speed: clampSpeed(speed) });
  },
  tick(wallMs) {
    const { run, t, playing, speed, until } = get();
    if (!run || !playing) return;
    const dt = Math.max(0, Math.min(MAX_TICK_MS, wallMs));
    const pace = paceAt(run.pace, t, speed);
    // A run still being simulated plays up to where it is, and goes on when more arrives.
    const next = Math.min(until, t + dt * run.scenario.timeScale * speed * pace);
    if (next === t && !run.complete) return;
    set({
      t: next,
      stepIndex: nav.stepAt(nav.stepsOf(run), next),
      pace,
      playing: next < run.trace.durationMs,
    });
  },
});
