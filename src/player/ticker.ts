import type { PlayerStore } from './store.ts';

export interface FrameScheduler {
  request(cb: (now: number) => void): number;
  cancel(id: number): void;
}

const browserScheduler: FrameScheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
};

/**
 * Drives playback from requestAnimationFrame: runs only while the player is playing, and feeds the
 * store the wall time between frames. Returns a function that stops it.
 */
export function startTicker(store: PlayerStore, scheduler: FrameScheduler = browserScheduler): () => void {
  let id: number | null = null;
  let last: number | null = null;

  const loop = (now: number) => {
    if (last !== null) store.getState().tick(now - last);
    last = now;
    id = store.getState().playing ? scheduler.request(loop) : null;
    if (id === null) last = null;
  };

  const sync = (playing: boolean) => {
    if (playing && id === null) {
      last = null;
      id = scheduler.request(loop);
    } else if (!playing && id !== null) {
      scheduler.cancel(id);
      id = null;
      last = null;
    }
  };

  sync(store.getState().playing);
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.playing !== prev.playing) sync(s.playing);
  });
  return () => {
    unsubscribe();
    if (id !== null) scheduler.cancel(id);
    id = null;
  };
}
