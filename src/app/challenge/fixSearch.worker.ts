/// <reference lib="webworker" />
/**
 * The fix search (src/sim/challenge/search.ts) off the page: the explorer where its bounds fit, else
 * the sample, with progress every few schedules. One search per worker; the page terminates it to stop.
 */
import { EXPLORE_CAP, exploreFits, exploreSearch, sampleSearch } from '../../sim/challenge/search.ts';
import { simulate } from '../../sim/simulate.ts';
import type { FromSearch, ToSearch } from './fixSearch.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (m: FromSearch) => self.postMessage(m);

self.onmessage = (e: MessageEvent<ToSearch>) => {
  const input = { start: e.data.start, challenge: e.data.challenge, fix: true, simulate };
  if (exploreFits(input.challenge)) {
    const r = exploreSearch(input, EXPLORE_CAP, (n) => {
      if (n % 20 === 0) post({ type: 'progress', mode: 'explore', tried: n, total: EXPLORE_CAP });
    });
    if (r) return post({ type: 'done', result: r });
  }
  const s = sampleSearch(input);
  for (;;) {
    const r = s.step();
    if (r) return post({ type: 'done', result: r });
    if (s.tried % 10 === 0) post({ type: 'progress', mode: 'sample', tried: s.tried, total: s.total });
  }
};
