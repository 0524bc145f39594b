/**
 * Every story's link pictures, rendered at build time by the app's own code (run.ts's happy-dom):
 * for each story, each language and each shell (the app, and the `embed=1` player), the markup at
 * every step of the story's own run, as a data file (linkData.ts). A cold link to a story paints that
 * picture before the app's modules run: public/theme-init.js picks the file and the step.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { scenarios } from '../../../scenarios/index.ts';
import { EmbedApp } from '../../embed/EmbedApp.tsx';
import { loadEnglishLater, loadLanguage, locales } from '../../i18n/index.ts';
import { installSimulator } from '../../player/simulator.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { hostIdsOf, simulate } from '../../sim/simulate.ts';
import { loadIdleChunks } from '../boot/firstFrame.ts';
import { App } from '../shell/App.tsx';
import { Root } from '../shell/Root.tsx';
import { measureAs, type PictureSize } from './firstView.tsx';
import { type LinkPictureData, linkPictureFile, linkPictureSource, PartTable } from './linkData.ts';

// A story's run is the same at every step's mount: simulated once per story and options (the build's
// own cache; each mount's store is new).
const runs = new WeakMap<Scenario, Map<string, ReturnType<typeof simulate>>>();
installSimulator({
  simulate(scenario, opts = {}) {
    const byOpts = runs.get(scenario) ?? new Map();
    runs.set(scenario, byOpts);
    const key = JSON.stringify(opts);
    let trace = byOpts.get(key);
    if (!trace) {
      trace = simulate(scenario, opts);
      byOpts.set(key, trace);
    }
    return trace;
  },
  hostIdsOf,
});

/** The copy is a picture until the app replaces it: inert, hidden from assistive technology. */
const PICTURE_ATTRS = ['data-picture', 'inert', 'aria-hidden="true"'];
export interface LinkFile {
  fileName: string;
  source: string;
}

/** The app at `search`, mounted in a fresh container laid out at `size`, effects run. */
function mount(search: string, embed: boolean, size: PictureSize): { el: HTMLElement; root: ReactRoot } {
  const restore = measureAs(size);
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  try {
    flushSync(() => root.render(<Root Shell={embed ? EmbedApp : App} search={search} />));
  } finally {
    restore();
  }
  return { el, root };
}

/** The numbers in the caption's counter: "9 steps" before the first step, "Step 3 of 9" at one. */
function counter(el: Element): number[] {
  return (el.querySelector('.caption .step-no')?.textContent ?? '').match(/\d+/g)?.map(Number) ?? [];
}

/** The keys the page's shortcuts read (keys.ts): the next step. */
const next = () =>
  flushSync(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
  });

/**
 * One file: the story in one language and shell, mounted once at its first step and stepped on with the
 * page's own key (a step is a jump of the playback clock: the picture is drawn from the run at that time).
 */
function storyFile(story: string, lang: string, embed: boolean, size: PictureSize): LinkFile {
  const table = new PartTable();
  const steps: number[][] = [];
  const search = `?${embed ? 'embed=1&' : ''}scenario=${story}&lang=${lang}`;
  const restore = measureAs(size);
  const picture = (el: HTMLElement) => {
    const app = el.firstElementChild;
    if (!app?.querySelector('.cluster-svg')) throw new Error(`${search}: no cluster picture`);
    steps.push(table.encode(app, PICTURE_ATTRS));
  };
  const mounts: Array<{ el: HTMLElement; root: ReactRoot }> = [];
  try {
    // Entry 0 is the link without a step (the story before its first step)...
    const story0 = mount(search, embed, size);
    mounts.push(story0);
    picture(story0.el);
    const count = counter(story0.el).at(-1);
    if (!count) throw new Error(`${search}: no step counter in the caption`);
    // ...then each step, from the link to the first one.
    const at1 = mount(`${search}&step=1`, embed, size);
    mounts.push(at1);
    for (let step = 1; step <= count; step++) {
      if (step > 1) next();
      const at = counter(at1.el);
      if (at[0] !== step || at[1] !== count)
        throw new Error(`${search}: stepped to ${at.join(' of ')}, not ${step} of ${count}`);
      picture(at1.el);
    }
  } finally {
    for (const m of mounts) {
      flushSync(() => m.root.unmount());
      m.el.remove();
    }
    restore();
  }
  const data: LinkPictureData = { story, lang, embed, parts: table.parts, steps, styles: table.styles };
  return { fileName: linkPictureFile(story, lang, embed), source: linkPictureSource(data) };
}

/** Every story's files in every language, for the app and the embed: the `share[0]`-th of `share[1]` shares. */
export async function linkViews(size: PictureSize, share: [number, number] = [0, 1]): Promise<LinkFile[]> {
  // The idle parts (the story's panels, the trace views) are in a link's first render (start.tsx).
  await Promise.all([loadIdleChunks(), loadEnglishLater(), ...locales.map((l) => loadLanguage(l))]);
  const out: LinkFile[] = [];
  scenarios.forEach((s, i) => {
    if (i % share[1] !== share[0]) return;
    for (const lang of locales)
      for (const embed of [false, true]) out.push(storyFile(s.id, lang, embed, size));
  });
  return out;
}
