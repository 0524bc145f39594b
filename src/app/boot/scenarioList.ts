/**
 * The catalogue's scenarios on the page, once it has them. The default view opens on one story: the
 * prerender's first-run block carries that story with its run (prerender/firstRun.ts), so the page's
 * first view fetches none of the other scenarios' scripts, and their chunk is fetched when the page is
 * idle after the first drawn frame (start.tsx) or as soon as something names another story (the store's
 * `more`, the catalogue, the keys). Any other view (a link's story, a language, the embed) loads it
 * before its first render, as it loads the simulator. The prerender, the tests and the embed libraries
 * install the list statically (`installScenarios`).
 */
import { useSyncExternalStore } from 'react';
import { t } from '../../i18n/index.ts';
import { chunk } from './lazyChunk.tsx';

export type ScenarioModule = typeof import('../../../scenarios/index.ts');

let current: ScenarioModule | null = null;
const listeners = new Set<() => void>();

export function installScenarios(m: ScenarioModule): void {
  current = m;
  for (const l of listeners) l();
}

/** The catalogue's module, or null while its chunk has not arrived. */
export function scenarioModuleNow(): ScenarioModule | null {
  return current;
}

/** The catalogue, or a clear error naming what needed it before it was loaded. */
export function needScenarios(what: string): ScenarioModule {
  if (!current) throw new Error(`${what} needs the scenario catalogue, which this page has not loaded`);
  return current;
}

/**
 * How this page fetches the catalogue's chunk: the app's entry gives it (scenarioChunk.ts). The embed
 * libraries, the prerender and the tests install the catalogue statically and give none, so their
 * bundles hold no import() of a module they already carry (rolldown's INEFFECTIVE_DYNAMIC_IMPORT).
 */
let fetchChunk: (() => Promise<ScenarioModule>) | null = null;
export function setScenarioFetch(f: () => Promise<ScenarioModule>): void {
  fetchChunk = f;
}

const fetchList = chunk(
  () =>
    fetchChunk
      ? fetchChunk()
      : Promise.reject(new Error('this page has no scenario chunk to fetch and no catalogue installed')),
  // What a refused change says (the store's `more`, the keys): the story asked for did not come.
  () => t('chunk.story'),
);

/** Fetches the catalogue's chunk (once; again after a failure, which rejects with a ChunkLoadError). */
export function loadScenarios(): Promise<ScenarioModule> {
  if (current) return Promise.resolve(current);
  return fetchList().then((m) => {
    if (!current) installScenarios(m);
    return current ?? m;
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The catalogue's module in a component: null until it has loaded, then a re-render. */
export function useScenarioModule(): ScenarioModule | null {
  return useSyncExternalStore(subscribe, scenarioModuleNow, scenarioModuleNow);
}
