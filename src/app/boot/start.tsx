import { createRoot } from 'react-dom/client';
import { loadEnglishLater, loadLanguage } from '../../i18n/index.ts';
import { loadLocale, readLangParam } from '../../i18n/persist.ts';
import { loadSimulator } from '../../player/simulator.ts';
import { loadDecoder } from '../link/decoderChunk.ts';
import { registerOffline } from '../offline/register.ts';
import { FIRST_RUN_ID, parseFirstRun, setPageFirstRun } from '../prerender/firstRun.ts';
import { App } from '../shell/App.tsx';
import { Root } from '../shell/Root.tsx';
import { loadDeclaration } from './declaration.ts';
import { afterFirstFrame, firstFrameDrawn, holdFirstFrame, loadIdleChunks, whenIdle } from './firstFrame.ts';
import { fetchScenariosWithImport } from './scenarioChunk.ts';
import { loadScenarios } from './scenarioList.ts';

/**
 * The app itself, fetched by main.tsx (after the prerendered picture has painted, when it is shown):
 * picks the first view's run, language and panels, then mounts React over the prerender.
 * `prerendered`: theme-init.js kept the prerender (the default view).
 */
export function start(prerendered: boolean): void {
  fetchScenariosWithImport();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const search = window.location.search;
  // `?embed=1` (src/embed) is the bare player for iframes: its shell is a chunk of its own, so the app's
  // first view does not carry it.
  const embed = new URLSearchParams(search).get('embed') === '1';
  const render = async () => {
    const Shell = embed ? (await import('../../embed/EmbedApp.tsx')).EmbedApp : App;
    // index.html holds the build's picture of the first view (src/app/prerender): React's first commit
    // replaces it, and the cluster is drawn in that same commit (a layout effect), so no frame is blank.
    // The default view's first frame is the cluster: what is below it or closed waits (firstFrame.ts).
    if (first?.run) holdFirstFrame();
    createRoot(root).render(<Root Shell={Shell} search={search} />);
    // Two frames: the first one is the picture's (its rAF runs before it paints). Then, when idle, the
    // parts that waited, and the chunks fetched ahead of need.
    requestAnimationFrame(() => requestAnimationFrame(() => whenIdle(firstFrameDrawn)));
  };
  // The default view (the prerender kept by theme-init.js) opens on the build's own run of it: no
  // simulator is fetched until a change needs one, and that is simulated in the worker. Any other view
  // (a link's story, knobs or faults, a language, the embed), or a page without a readable block,
  // loads the simulator and the scenario catalogue beside its language, before the first render.
  const first = prerendered ? parseFirstRun(document.getElementById(FIRST_RUN_ID)?.textContent) : null;
  if (first?.problem) console.warn(`leader-election-lab: ${first.problem}; simulating the first run`);
  setPageFirstRun(first?.run ?? null);
  // The default view has its one story (the first-run block): the rest of the catalogue comes after
  // that first frame, so the next story opens at once. A failed fetch here is retried by whatever
  // names another story, which says so if it fails again.
  if (first?.run)
    afterFirstFrame(() => {
      loadScenarios().catch(() => {});
      loadEnglishLater().catch(() => {});
    });
  // The first view's language (as App's boot picks it) is loaded before the first paint: no flash of
  // English. If its chunk cannot be fetched, the page opens in English rather than not at all; if the
  // simulator's cannot, the error boundary says so.
  const language = loadLanguage(readLangParam(search).locale ?? loadLocale() ?? 'en').catch(() => {});
  // A link to another story also brings the parts the default view fetches after its first frame
  // (its store and storage panels, the trace views: firstFrame.ts) before the first render.
  Promise.all([
    language,
    // The default view's story is the page's only one until the catalogue comes: its algorithm's
    // declaration alone (the views read declarations, sim/algorithms/declared.ts).
    first?.run ? loadDeclaration(first.run.scenario.algorithm) : null,
    first?.run ? null : loadSimulator(),
    first?.run ? null : loadScenarios(),
    first?.run ? null : loadEnglishLater(),
    // A query (a theme or `lang=en` on the default view too) is read by the link's decoder.
    search === '' ? null : loadDecoder(),
    // (The embed's player has none of them.)
    first?.run || embed ? null : loadIdleChunks(),
  ]).then(render, render);
  // After one visit the lab works without the network (a service worker with the build, src/app/offline).
  registerOffline();
}
