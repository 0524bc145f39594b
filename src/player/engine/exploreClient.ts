/**
 * Starts a search in a worker of its own (explore.worker.ts). There is no fallback to the page: a
 * search holds the thread for up to a minute, which the page must never do. Where no worker may start
 * (the custom element served from another origin: the constructor throws, or the script does not
 * load) the caller is told `unavailable` and offers the lab's own page instead.
 */
import type { ExploreJob, FromExplorer } from './exploreCore.ts';

export interface ExploreHandle {
  cancel(): void;
}

export function startExplore(
  job: ExploreJob,
  listener: (m: FromExplorer | { type: 'unavailable' }) => void,
  make: () => Worker = () => new Worker(new URL('./explore.worker.ts', import.meta.url), { type: 'module' }),
): ExploreHandle {
  let worker: Worker | null = null;
  const end = () => {
    worker?.terminate();
    worker = null;
  };
  try {
    worker = make();
  } catch {
    queueMicrotask(() => listener({ type: 'unavailable' }));
    return { cancel() {} };
  }
  worker.onmessage = (e: MessageEvent<FromExplorer>) => {
    if (e.data.type !== 'progress') end();
    listener(e.data);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    end();
    listener({ type: 'unavailable' });
  };
  worker.postMessage(job);
  return { cancel: end };
}
