/**
 * The default view's first frame as markup, rendered by the app's own code in a DOM without a
 * browser (run.ts sets up happy-dom): the picture, the first caption and the controls, in English,
 * at t = 0, once per size the stage is laid out at. The build puts it into index.html
 * (plugin.ts), so the page paints its first picture before any script has run.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import * as catalogue from '../../../scenarios/index.ts';
import { installSimulator } from '../../player/simulator.ts';
import { hostIdsOf, simulate } from '../../sim/simulate.ts';
import { boot } from '../boot/boot.ts';
import { installScenarios } from '../boot/scenarioList.ts';
import { App } from '../shell/App.tsx';
import { Root } from '../shell/Root.tsx';
import type { FirstRun } from './firstRun.ts';
import { markPicture, staticCopy } from './staticCopy.ts';

// The build simulates: the page will not, for this view (firstRun.ts).
installSimulator({ simulate, hostIdsOf });
installScenarios(catalogue);

/** One stage size the picture is laid out for, and the CSS class its copy carries. */
export interface PictureSize {
  /** `pre-<name>` on its svg: prerender.css shows the one for the window's width. */
  name: string;
  /** The cluster host's size in CSS px, as the app measures it (clientWidth/Height). */
  width: number;
  height: number;
}

/**
 * What a browser would measure: happy-dom lays nothing out, so the cluster host reports the size
 * the real stage has at this window size (theme.css `.cluster-canvas`).
 */
export function measureAs(size: PictureSize): () => void {
  const proto = HTMLElement.prototype;
  const own = {
    w: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
    h: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
  };
  const sized = (v: number, k: 'w' | 'h') =>
    function (this: HTMLElement) {
      return this.classList.contains('cluster-canvas') ? v : (own[k]?.get?.call(this) ?? 0);
    };
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: sized(size.width, 'w') });
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: sized(size.height, 'h') });
  return () => {
    for (const [k, d] of [
      ['clientWidth', own.w],
      ['clientHeight', own.h],
    ] as const)
      if (d) Object.defineProperty(proto, k, d);
      else delete (proto as unknown as Record<string, unknown>)[k];
  };
}

export interface FirstView {
  /** The markup for index.html's #root. */
  html: string;
  /** The rules for its `ps-N` classes, the style attributes it was rendered with. */
  css: string;
  /** The run it pictures, which the page opens on without simulating it. */
  firstRun: FirstRun;
}

/** The default view's run as the page's store would simulate it, with the key it would give it. */
function firstRunOf(): FirstRun {
  const run = boot('').store.getState().run;
  if (!run?.key) throw new Error('the default view has no first run to prerender');
  return { key: run.key, trace: run.trace, scenario: run.scenario };
}

/** The app at `/` committed into a fresh container, effects run. */
function renderApp(size: PictureSize, roots: ReactRoot[]): HTMLElement {
  const restore = measureAs(size);
  const el = document.createElement('div');
  document.body.append(el);
  try {
    const root = createRoot(el);
    roots.push(root);
    // A synchronous commit runs the layout and passive effects before returning: the D3 picture is drawn.
    flushSync(() => root.render(<Root Shell={App} search="" />));
  } finally {
    restore();
  }
  return el;
}

/**
 * The default view as markup and its stylesheet. Stripped of what must not be in static markup or would be
 * mistaken for the live app: style attributes (the CSP forbids them: they become classes), the message canvas (nothing
 * is in flight at t = 0), ids, and the data attributes scripts and tests find the live nodes by.
 * The copy is `inert` and hidden from assistive technology: it is a picture until the app replaces it.
 */
export function firstView(sizes: readonly PictureSize[]): FirstView {
  const [main, ...others] = sizes;
  if (!main) throw new Error('firstViewHtml needs at least one size');
  // Unmounted once copied: a live app left behind would take the keys and the language switches of the
  // link pictures drawn next in the same process (linkViews.tsx).
  const roots: ReactRoot[] = [];
  const el = renderApp(main, roots);
  const app = el.querySelector('.app');
  const svg = el.querySelector('.cluster-svg');
  if (!app || !svg) throw new Error('the first view rendered no cluster picture');
  svg.classList.add(`pre-${main.name}`);
  for (const size of others) {
    const copy = renderApp(size, roots).querySelector('.cluster-svg');
    if (!copy) throw new Error(`no cluster picture at ${size.width}x${size.height}`);
    copy.classList.add(`pre-${size.name}`);
    svg.after(copy);
  }
  // The style attributes React and d3 set (a timeline mark's place, a bar's width) become classes of
  // a stylesheet of their own.
  const rules = new Map<string, string>();
  staticCopy(el, (decl, n) => {
    let cls = rules.get(decl);
    if (!cls) {
      cls = `ps-${rules.size}`;
      rules.set(decl, cls);
    }
    n.classList.add(cls);
  });
  markPicture(app, 'data-prerendered');
  const css = [...rules].map(([decl, cls]) => `[data-prerendered] .${cls} { ${decl} }`).join('\n');
  const html = el.innerHTML;
  for (const root of roots) flushSync(() => root.unmount());
  return { html, css, firstRun: firstRunOf() };
}
