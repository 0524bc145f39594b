/**
 * Starts a search in a worker of its own (explore.worker.ts). There is no fallback to the page: a
 * search holds the thread for up to a minute, which the page must never do. Where no worker may start
 * (a page whose policy forbids it: the constructor throws, or the script does not load; the custom
 * element on another origin starts one from a blob: startWorker) the caller is told `unavailable` and
 * offers the lab's own page instead.
 */
import { startWorker } from '../../lib/startWorker.ts';
import exploreWorkerUrl from './explore.worker.ts?worker&url';
import type { ExploreJob, FromExplorer } from './exploreCore.ts';

export interface ExploreHandle {
  cancel(): void;
}

export function startExplore(
  job: ExploreJob,
  listener: (m: FromExplorer | { type: 'unavailable' }) => void,
  make: () => Worker = () => startWorker(new URL(exploreWorkerUrl, import.meta.url)),
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
