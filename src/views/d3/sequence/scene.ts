// The geometry of one update: the diagram's margins, the time window's scales and each lane's x.
import type { Selection } from 'd3-selection';
import type { Prepared } from './prepare.ts';
import type { SequenceState } from './types.ts';
import { windowAt, windowLength } from './window.ts';

export const HEADER = 34;
export const GUTTER = 58;
export const PAD_RIGHT = 10;
export const PAD_BOTTOM = 8;

export type G = Selection<SVGGElement, unknown, null, undefined>;

/** The window [w0, w1] (W long) mapped onto [top, bottom], and the lanes across the width. */
export interface View {
  t: number;
  width: number;
  height: number;
  w0: number;
  w1: number;
  W: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** px per ms. */
  k: number;
  laneW: number;
  y(ms: number): number;
  /** y, clamped a little beyond the window (span ends off screen). */
  yc(ms: number): number;
  laneX(i: number): number;
  xOf(id: string): number | null;
  inWin(from: number, to: number): boolean;
}

export function viewOf(p: Prepared, s: SequenceState): View {
  const { width, height, t } = s;
  const duration = p.index.trace.durationMs;
  const [w0, w1] = windowAt(t, s.windowMs, duration);
  // The layout's key (index.ts) holds W: it must not change as the window slides.
  const W = windowLength(s.windowMs, duration);
  const top = HEADER;
  const bottom = Math.max(top + 20, height - PAD_BOTTOM);
  const y = (ms: number) => top + ((ms - w0) * (bottom - top)) / W;
  const laneW = Math.max(24, (width - GUTTER - PAD_RIGHT) / Math.max(1, p.lanes.length));
  const laneX = (i: number) => GUTTER + (i + 0.5) * laneW;
  const xOf = (id: string) => {
    const i = p.laneIndex.get(id);
    return i === undefined ? null : laneX(i);
  };
  const yc = (ms: number) => y(Math.max(w0 - W * 0.05, Math.min(w1 + W * 0.05, ms)));
  const inWin = (from: number, to: number) => to >= w0 && from <= w1;
  const left = GUTTER - 4;
  const right = width - PAD_RIGHT + 4;
  const k = (bottom - top) / W;
  return { t, width, height, w0, w1, W, top, bottom, left, right, k, laneW, y, yc, laneX, xOf, inWin };
}
