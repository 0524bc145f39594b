/**
 * Pure parts of the animated export (GIF, WebM) of a step range: which virtual instants become
 * frames and for how long each is shown, the file name, and reading a GIF's header. exportDom.ts
 * draws the frames; ExportAnimationDialog.tsx drives it.
 *
 * Timing choice: the player's own pacing, not a linear mapping. Between two narration steps the
 * frames advance virtual time exactly as playback at the chosen speed would (focus slow motion near
 * steps, quiet stretches fast-forwarded; see player/pace.ts), so a message visibly crosses its link
 * instead of jumping in one frame, and a 30 s lease TTL does not become 300 identical frames. Each
 * step's own moment is a frame of its own, held long enough to read its caption.
 */
import { slug } from './export.ts';

export type AnimFormat = 'gif' | 'webm';

/** Frames per second of the moving parts (a GIF's delays are in 1/100 s, so 10 fps is exact). */
export const ANIM_FPS: Record<AnimFormat, number> = { gif: 10, webm: 25 };

/** The picture's fixed size: 16:9, what slide tools fit without letterboxing. */
export const ANIM_WIDTH = 960;
export const ANIM_HEIGHT = 540;

/** Upper bound on frames: beyond it playback is sped up (file size, export time). */
export const ANIM_MAX_FRAMES: Record<AnimFormat, number> = { gif: 600, webm: 1500 };

/** Wall ms a step's own frame is held (time to read its caption); the last one a little longer. */
export const STEP_HOLD_MS = 1200;
export const END_HOLD_MS = 2500;

export interface AnimFrame {
  /** Virtual ms. */
  t: number;
  /** The narration step shown (its caption), as the player's cursor would have it. */
  step: number;
  /** Wall ms the frame stays on screen. */
  ms: number;
}

export interface SampleOptions {
  steps: ReadonlyArray<{ atMs: number }>;
  /** First and last step of the range (0-based, inclusive; from <= to). */
  from: number;
  to: number;
  fps: number;
  /** Virtual ms per wall ms at t (timeScale x speed x pace), > 0. */
  rate(t: number): number;
  maxFrames: number;
  stepHoldMs?: number;
  endHoldMs?: number;
}

export interface Sampled {
  frames: AnimFrame[];
  /** How much faster than the player the motion had to run to stay within maxFrames (1 = not). */
  speedUp: number;
}

/** Frames once, at a given extra speed-up; stops early (returning more than `cap`) when over it. */
function sampleAt(o: SampleOptions, speedUp: number, cap: number): AnimFrame[] {
  const dt = 1000 / o.fps;
  const hold = o.stepHoldMs ?? STEP_HOLD_MS;
  const first = o.steps[o.from];
  if (!first) return [];
  const frames: AnimFrame[] = [{ t: first.atMs, step: o.from, ms: hold }];
  let t = first.atMs;
  for (let i = o.from; i < o.to; i++) {
    const nextAt = o.steps[i + 1]?.atMs ?? t;
    while (t < nextAt) {
      const r = o.rate(t) * speedUp;
      // A rate that is not positive would never reach the next step: take the step's moment.
      const next = r > 0 && Number.isFinite(r) ? Math.min(nextAt, t + dt * r) : nextAt;
      t = next;
      if (next >= nextAt) break;
      frames.push({ t, step: i, ms: dt });
      if (frames.length > cap) return frames;
    }
    frames.push({ t: nextAt, step: i + 1, ms: hold });
  }
  const last = frames[frames.length - 1];
  if (last) last.ms = Math.max(last.ms, o.endHoldMs ?? END_HOLD_MS);
  return frames;
}

/**
 * The frames from step `from` to step `to`: every step's own moment (held STEP_HOLD_MS), and between
 * steps one frame every 1/fps s of playback. When that makes more than maxFrames, the motion between
 * steps is sped up until it fits (the steps' frames are always kept).
 */
export function sampleFrames(o: SampleOptions): Sampled {
  const from = Math.max(0, Math.min(o.from, o.to));
  const to = Math.min(o.steps.length - 1, Math.max(o.from, o.to));
  const opts = { ...o, from, to };
  let speedUp = 1;
  for (let k = 0; k < 12; k++) {
    const frames = sampleAt(opts, speedUp, o.maxFrames);
    if (frames.length <= o.maxFrames) return { frames, speedUp };
    // Over budget: the steps' frames are fixed, the frames in between scale with 1/speedUp.
    const fixed = to - from + 1;
    const room = Math.max(1, o.maxFrames - fixed);
    speedUp *= Math.max(1.25, ((frames.length - fixed) / room) * 1.1);
  }
  // Still too many (an absurd range): only the steps' own frames.
  const frames: AnimFrame[] = [];
  for (let i = from; i <= to; i++)
    frames.push({ t: o.steps[i]?.atMs ?? 0, step: i, ms: o.stepHoldMs ?? STEP_HOLD_MS });
  return { frames, speedUp: Number.POSITIVE_INFINITY };
}

/** Wall seconds the animation lasts. */
export function animSeconds(frames: readonly AnimFrame[]): number {
  return frames.reduce((s, f) => s + f.ms, 0) / 1000;
}

/** `<scenario>-steps-<from>-<to>.<ext>` with 1-based step numbers. */
export function animFileName(scenarioId: string, from: number, to: number, format: AnimFormat): string {
  return `${slug(scenarioId)}-steps-${from + 1}-${to + 1}.${format}`;
}

/** A GIF frame delay in hundredths of a second (the format's unit), at least 2 (browsers clamp 0-1). */
export function gifDelay(ms: number): number {
  return Math.max(2, Math.round(ms / 10));
}

/** Width, height (the logical screen descriptor) and image count of a GIF, or null if not a GIF89a/87a. */
export function gifInfo(b: Uint8Array): { width: number; height: number; frames: number } | null {
  const sig = String.fromCharCode(...b.subarray(0, 6));
  if (sig !== 'GIF89a' && sig !== 'GIF87a') return null;
  const u16 = (i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
  const width = u16(6);
  const height = u16(8);
  const flags = b[10] ?? 0;
  let p = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const skipSubBlocks = () => {
    while (p < b.length) {
      const n = b[p] ?? 0;
      p += 1 + n;
      if (n === 0) return;
    }
  };
  let frames = 0;
  while (p < b.length) {
    const block = b[p];
    if (block === 0x3b) break;
    if (block === 0x21) {
      p += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames++;
      const f = b[p + 9] ?? 0;
      p += 10 + (f & 0x80 ? 3 * 2 ** ((f & 7) + 1) : 0);
      p += 1; // LZW minimum code size
      skipSubBlocks();
    } else return null;
  }
  return { width, height, frames };
}
