import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { describe, expect, it } from 'vitest';
import {
  animFileName,
  animSeconds,
  END_HOLD_MS,
  gifDelay,
  gifInfo,
  STEP_HOLD_MS,
  sampleFrames,
} from './exportAnimation.ts';

const steps = [{ atMs: 0 }, { atMs: 1000 }, { atMs: 1000 }, { atMs: 3000 }];

describe('sampleFrames', () => {
  it('holds every step moment and moves between steps at the playback rate', () => {
    // 1 virtual ms per wall ms at 10 fps: a frame every 100 virtual ms.
    const { frames, speedUp } = sampleFrames({
      steps,
      from: 0,
      to: 3,
      fps: 10,
      rate: () => 1,
      maxFrames: 100,
    });
    expect(speedUp).toBe(1);
    const own = frames.filter((f) => f.ms >= STEP_HOLD_MS);
    expect(own.map((f) => [f.t, f.step])).toEqual([
      [0, 0],
      [1000, 1],
      [1000, 2],
      [3000, 3],
    ]);
    // 0 -> 1000: 9 frames in between (100..900); 1000 -> 3000: 19 (1100..2900).
    expect(frames).toHaveLength(4 + 9 + 19);
    const between = frames.filter((f) => f.ms < STEP_HOLD_MS);
    expect(between.every((f) => f.ms === 100)).toBe(true);
    expect(between[0]).toEqual({ t: 100, step: 0, ms: 100 });
    expect(between.at(-1)).toEqual({ t: 2900, step: 2, ms: 100 });
    // Time never goes back; the last frame is held for the ending.
    for (let i = 1; i < frames.length; i++)
      expect((frames[i] as { t: number }).t).toBeGreaterThanOrEqual((frames[i - 1] as { t: number }).t);
    expect(frames.at(-1)?.ms).toBe(END_HOLD_MS);
  });

  it('follows the pace: a slower rate gives more frames for the same virtual stretch', () => {
    const fast = sampleFrames({ steps, from: 0, to: 1, fps: 10, rate: () => 2, maxFrames: 1000 }).frames;
    const slow = sampleFrames({
      steps,
      from: 0,
      to: 1,
      fps: 10,
      rate: (t) => (t < 500 ? 0.5 : 2),
      maxFrames: 1000,
    }).frames;
    expect(fast).toHaveLength(2 + 4); // 200, 400, 600, 800
    expect(slow.length).toBeGreaterThan(fast.length);
  });

  it('a range of one step is that step alone; a reversed range is put in order', () => {
    const one = sampleFrames({ steps, from: 3, to: 3, fps: 25, rate: () => 1, maxFrames: 10 }).frames;
    expect(one).toEqual([{ t: 3000, step: 3, ms: END_HOLD_MS }]);
    const rev = sampleFrames({ steps, from: 1, to: 0, fps: 10, rate: () => 1, maxFrames: 100 }).frames;
    expect(rev[0]?.step).toBe(0);
    expect(rev.at(-1)?.step).toBe(1);
  });

  it('speeds the motion up to stay within maxFrames, keeping every step', () => {
    const r = sampleFrames({ steps, from: 0, to: 3, fps: 25, rate: () => 0.01, maxFrames: 60 });
    expect(r.frames.length).toBeLessThanOrEqual(60);
    expect(r.speedUp).toBeGreaterThan(1);
    expect(r.frames.filter((f) => f.ms >= STEP_HOLD_MS).map((f) => f.step)).toEqual([0, 1, 2, 3]);
  });

  it('a rate that is not positive jumps to the next step instead of looping', () => {
    const r = sampleFrames({ steps, from: 0, to: 3, fps: 10, rate: () => 0, maxFrames: 50 });
    expect(r.frames.map((f) => f.step)).toEqual([0, 1, 2, 3]);
  });

  it('adds up the wall time', () => {
    expect(
      animSeconds([
        { t: 0, step: 0, ms: 1200 },
        { t: 1, step: 0, ms: 300 },
      ]),
    ).toBe(1.5);
  });
});

describe('animation files', () => {
  it('names the file by scenario and 1-based step range', () => {
    expect(animFileName('fencing-token', 0, 8, 'gif')).toBe('fencing-token-steps-1-9.gif');
    expect(animFileName('../x y', 2, 2, 'webm')).toBe('x-y-steps-3-3.webm');
  });
  it('GIF delays are whole hundredths, never below 2', () => {
    expect(gifDelay(100)).toBe(10);
    expect(gifDelay(40)).toBe(4);
    expect(gifDelay(0)).toBe(2);
  });
  it('reads size and frame count of a GIF that gifenc wrote', () => {
    const w = 7;
    const h = 5;
    const enc = GIFEncoder();
    for (const c of [0, 255, 128]) {
      const rgba = new Uint8Array(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : c));
      const palette = quantize(rgba, 256);
      enc.writeFrame(applyPalette(rgba, palette), w, h, { palette, delay: 100, repeat: 0 });
    }
    enc.finish();
    const bytes = enc.bytes();
    expect(String.fromCharCode(...bytes.subarray(0, 6))).toBe('GIF89a');
    expect(gifInfo(bytes)).toEqual({ width: 7, height: 5, frames: 3 });
    expect(gifInfo(new TextEncoder().encode('not a gif at all'))).toBeNull();
  });
});
