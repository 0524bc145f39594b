/**
 * "Turn the fix on" asks: is the goal still reachable within the budget? The search runs in a worker
 * (fixSearch.worker.ts, started from a blob on another origin's page: startWorker). Where no worker
 * may start (a page whose Content-Security-Policy forbids it),
 * the sample runs here in slices of 8 ms that yield, so the page never blocks (the explorer, one
 * long call, is left to the worker).
 */
import { startWorker } from '../../lib/startWorker.ts';
import { loadSimulator } from '../../player/simulator.ts';
import type { Challenge } from '../../sim/challenge/challenge.ts';
import { type SearchResult, sampleSearch } from '../../sim/challenge/search.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import fixSearchWorkerUrl from './fixSearch.worker.ts?worker&url';

export interface ToSearch {
  start: Scenario;
  challenge: Challenge;
}
export type Progress = { mode: 'explore' | 'sample'; tried: number; total: number };
export type FromSearch = ({ type: 'progress' } & Progress) | { type: 'done'; result: SearchResult };

export interface SearchHandlers {
  progress(p: Progress): void;
  done(r: SearchResult): void;
}

/**
 * Answers already found, by challenge run: the search is deterministic (seeded by the story), and a
 * page that draws the panel again (another language, the What-if panel reopened) asks it again.
 */
const answers = new Map<string, SearchResult>();

/** The answer found earlier on this page for this challenge's run, if any. */
export const knownAnswer = (input: ToSearch): SearchResult | undefined => answers.get(input.start.id);

/** Starts the search; the function returned stops it. */
export function startFixSearch(input: ToSearch, handlers: SearchHandlers): () => void {
  const known = answers.get(input.start.id);
  if (known) {
    handlers.done(known);
    return () => {};
  }
  const on: SearchHandlers = {
    progress: handlers.progress,
    done(r) {
      answers.set(input.start.id, r);
      handlers.done(r);
    },
  };
  let worker: Worker | null = null;
  try {
    worker = startWorker(new URL(fixSearchWorkerUrl, import.meta.url));
  } catch {
    worker = null;
  }
  if (worker) {
    const w = worker;
    w.onmessage = (e: MessageEvent<FromSearch>) => {
      if (e.data.type === 'done') {
        on.done(e.data.result);
        w.terminate();
      } else on.progress(e.data);
    };
    w.postMessage(input);
    return () => w.terminate();
  }
  return slicedOnPage(input, on);
}

function slicedOnPage(input: ToSearch, on: SearchHandlers): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  void loadSimulator().then(({ simulate }) => {
    if (stopped) return;
    const s = sampleSearch({ ...input, fix: true, simulate });
    const slice = () => {
      timer = null;
      const until = performance.now() + 8;
      while (!stopped && performance.now() < until) {
        const r = s.step();
        if (r) return on.done(r);
      }
      if (stopped) return;
      on.progress({ mode: 'sample', tried: s.tried, total: s.total });
      timer = setTimeout(slice, 0);
    };
    slice();
  });
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}
