/**
 * The page's first drawn frame, and what waits for it. The default view counts its weight up to the
 * frame that draws its cluster (the first view's budget), so what that frame does not draw (the trace
 * views below the fold, the strings of closed menus and panels, the rest of the catalogue) comes after
 * it: `lazyChunk(..., { idle: true })` for a part on screen, `afterFirstFrame` for a fetch ahead of need.
 *
 * start.tsx holds the page (`holdFirstFrame`) before its first render and says when the frame is drawn
 * (`firstFrameDrawn`). Nothing else holds: the embed libraries and the tests render every part at once,
 * and nothing is fetched ahead there.
 */
import { useSyncExternalStore } from 'react';

let held = false;
let drawn = false;
const listeners = new Set<() => void>();
const waiting: Array<() => void> = [];
const idleChunks: Array<() => Promise<void>> = [];

/**
 * A chunk the default view's first frame does not draw: shown after that frame (fetched then, if it is
 * on screen), and loaded by `loadIdleChunks` before the first render of any other view.
 */
export function idleChunk(preload: () => Promise<void>): void {
  idleChunks.push(preload);
}

/**
 * Every idle chunk, for a view that has them all before its first render (any view but the default
 * one, start.tsx): a link's story draws its trace views and panels in its first commit. Never rejects;
 * a chunk that failed says so where it is shown.
 */
export function loadIdleChunks(): Promise<void> {
  return Promise.all(idleChunks.map((p) => p())).then(() => {});
}

/** The page's first render is coming: idle parts wait for its frame (start.tsx, before rendering). */
export function holdFirstFrame(): void {
  if (!drawn) held = true;
}

/** The first frame is drawn and the page idle: idle parts render (their chunks are fetched then). */
export function firstFrameDrawn(): void {
  if (drawn) return;
  drawn = true;
  held = false;
  for (const l of listeners) l();
  for (const fn of waiting.splice(0)) fn();
}

/** Runs `fn` once the page's first frame is drawn (never where no page said so: embeds and tests). */
export function afterFirstFrame(fn: () => void): void {
  if (drawn) fn();
  else waiting.push(fn);
}

/** Whether a part that is not needed for the first frame may render now (false only while held). */
export function mayRenderIdle(): boolean {
  return !held;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** `mayRenderIdle` in a component: true at once unless the page is held, then a re-render. */
export function useMayRenderIdle(): boolean {
  return useSyncExternalStore(subscribe, mayRenderIdle, mayRenderIdle);
}

/** After the page's pending work (requestIdleCallback; a short timeout where there is none). */
export function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 50);
}
