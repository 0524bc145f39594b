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
import { type Locale, loadEnglishLater, loadLanguage, locales, setLocale } from '../../i18n/index.ts';
import { installSimulator } from '../../player/simulator.ts';
import type { Scenario } from '../../sim/scenario/schema.ts';
import { hostIdsOf, simulate } from '../../sim/simulate.ts';
import { linkPicture } from '../../views/linkPicture.ts';
import { loadIdleChunks } from '../boot/firstFrame.ts';
import { App } from '../shell/App.tsx';
import { ThemeButton } from '../shell/Header.tsx';
import { Root } from '../shell/Root.tsx';
import type { ThemeMode } from '../shell/theme.ts';
import { measureAs, type PictureSize } from './firstView.tsx';
import { type LinkPictureData, linkPictureFile, linkPictureSource, PartTable } from './linkData.ts';
import { PHONE_SIZE } from './sizes.ts';

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

/** The page's own keys (keys.ts): a step forward or back. */
const press = (key: string) =>
  flushSync(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

/** The page in another language, as its language select switches it (the packs are loaded). */
const switchTo = (lang: Locale) =>
  flushSync(() => {
    void setLocale(lang);
  });

/** Every variant of the header's theme button, by what theme-init.js knows of the visit (linkData.ts). */
function themeButtons(): Record<string, string> {
  const out: Record<string, string> = {};
  const el = document.createElement('div');
  const root = createRoot(el);
  const variants: Array<[string, ThemeMode, 'light' | 'dark']> = [
    ['system-light', 'system', 'light'],
    ['system-dark', 'system', 'dark'],
    ['light', 'light', 'light'],
    ['dark', 'dark', 'dark'],
  ];
  for (const [key, theme, system] of variants) {
    flushSync(() => root.render(<ThemeButton theme={theme} system={system} onCycle={() => {}} />));
    out[key] = el.firstElementChild ? serialize(new PartTable(), el.firstElementChild) : '';
  }
  flushSync(() => root.unmount());
  return out;
}

/** One element's markup as the picture carries it (no style attributes in a button). */
const serialize = (table: PartTable, el: Element) =>
  table
    .encode(el)
    .map((i) => table.parts[i])
    .join('');

/**
 * The story's file for one shell, with every language in it. Two mounts (a mount costs many steps): the link
 * without a step, and the link at step 1, stepped on with the page's own keys (a step is a jump of the
 * playback clock: the picture is drawn from the run at that time). Each language is the same mount
 * switched by the page's own language switch, then taken back to step 1 with the page's keys.
 */
function storyFile(story: string, embed: boolean, size: PictureSize): LinkFile {
  const search = `?${embed ? 'embed=1&' : ''}scenario=${story}`;
  const first = locales[0] as Locale;
  // One table for the three languages: a part they share (a log cell, a link, a host without words) is kept once.
  const table = new PartTable(true);
  const steps: Record<string, number[][]> = Object.fromEntries(locales.map((l) => [l, []]));
  const picture = (el: HTMLElement, lang: Locale) => {
    const app = el.firstElementChild;
    if (!app?.querySelector('.cluster-svg')) throw new Error(`${search}&lang=${lang}: no cluster picture`);
    steps[lang]?.push(table.encode(app, PICTURE_ATTRS));
  };
  // A phone's portrait picture for the page (linkPicture.ts); an embed's frame has no one size to draw for.
  linkPicture.narrow = embed ? null : PHONE_SIZE;
  const restore = measureAs(size);
  const mounts: Array<{ el: HTMLElement; root: ReactRoot }> = [];
  try {
    // Entry 0 is the link without a step (the story before its first step)...
    switchTo(first);
    const story0 = mount(`${search}&lang=${first}`, embed, size);
    mounts.push(story0);
    const count = counter(story0.el).at(-1);
    if (!count) throw new Error(`${search}: no step counter in the caption`);
    for (const lang of locales) {
      switchTo(lang);
      picture(story0.el, lang);
    }
    // ...then each step, from the link to the first one, in each language: a switch redraws the cluster
    // picture (its name is in the language), a step only updates it.
    switchTo(first);
    const at1 = mount(`${search}&lang=${first}&step=1`, embed, size);
    mounts.push(at1);
    for (const lang of locales) {
      switchTo(lang);
      // Back to step 1: Home restarts on the first step, or just before it when it is after t = 0.
      if ((counter(at1.el)[0] ?? 1) > 1) press('Home');
      if (counter(at1.el).length !== 2) press('ArrowRight');
      for (let step = 1; step <= count; step++) {
        if (step > 1) press('ArrowRight');
        const at = counter(at1.el);
        if (at[0] !== step || at[1] !== count)
          throw new Error(`${search}&lang=${lang}: stepped to ${at.join(' of ')}, not ${step} of ${count}`);
        picture(at1.el, lang);
      }
    }
  } finally {
    for (const m of mounts) {
      flushSync(() => m.root.unmount());
      m.el.remove();
    }
    restore();
  }
  const data: LinkPictureData = { story, embed, parts: table.parts, steps, styles: table.styles };
  if (!embed)
    data.themes = Object.fromEntries(
      locales.map((lang) => {
        switchTo(lang);
        return [lang, themeButtons()];
      }),
    );
  return { fileName: linkPictureFile(story, embed), source: linkPictureSource(data) };
}

/**
 * Every story's files in every language, for the app and the embed: the `share[0]`-th of `share[1]` shares.
 * `settle` runs after each story: the DOM's own pending timers are dropped there (run.ts), or every
 * unmounted story stays reachable from them until the process ends.
 */
export async function linkViews(
  size: PictureSize,
  share: [number, number] = [0, 1],
  settle: () => Promise<void> = async () => {},
): Promise<LinkFile[]> {
  // The idle parts (the story's panels, the trace views) are in a link's first render (start.tsx).
  await Promise.all([loadIdleChunks(), loadEnglishLater(), ...locales.map((l) => loadLanguage(l))]);
  linkPicture.on = true;
  const out: LinkFile[] = [];
  for (const [i, s] of scenarios.entries()) {
    if (i % share[1] !== share[0]) continue;
    for (const embed of [false, true]) out.push(storyFile(s.id, embed, size));
    // Its run is not needed again: the cache is for the mounts of one story.
    runs.delete(s);
    await settle();
  }
  return out;
}
