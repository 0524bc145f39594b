/// <reference lib="webworker" />
/** The explorer in its own Web Worker (exploreCore.ts): one search per worker, ended by terminate(). */
import { type ExploreJob, runExploreJob } from './exploreCore.ts';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (e: MessageEvent<ExploreJob>) =>
  runExploreJob(
    e.data,
    (m) => self.postMessage(m),
    () => performance.now(),
  );
