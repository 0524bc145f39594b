/**
 * Vite plugin: at build time, index.html's empty #root gets the default view's first frame
 * (firstView.tsx, rendered in a process of its own by run.ts), and its style attributes a small
 * stylesheet. The page paints the picture, its first caption and the controls from the HTML and
 * the stylesheets alone; main.tsx's first commit replaces them with the live app.
 * public/theme-init.js hides the copy before the first paint when the page opens any other view
 * (a link's story or moment, a language, the embed, live mode). The run it pictures goes beside it as
 * a JSON data block (firstRun.ts): the page opens on it without loading the simulator.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FIRST_RUN_ID, firstRunJson } from './firstRun.ts';
import type { FirstView } from './firstView.tsx';

const EMPTY_ROOT = '<div id="root"></div>';
/**
 * The copy's last element. `<link rel=expect blocking=render>` holds the first paint until the parser
 * has reached it: on a busy machine the parser may yield mid-copy, and a frame of the header without the
 * picture would paint first (HTML, "blocking attributes"; Chromium 124+, ignored elsewhere).
 */
const END_ID = 'prerender-end';

export function prerenderPlugin(): Plugin {
  let view: FirstView | null = null;
  let cssFile = '';
  return {
    name: 'prerender-first-view',
    apply: 'build',
    buildStart() {
      const run = fileURLToPath(new URL('./run.ts', import.meta.url));
      const out = execFileSync(process.execPath, ['--import', 'tsx', run], {
        encoding: 'utf8',
        maxBuffer: 16 << 20,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      view = JSON.parse(out) as FirstView;
      cssFile = `assets/prerender-${createHash('sha256').update(view.css).digest('hex').slice(0, 8)}.css`;
    },
    generateBundle() {
      if (view) this.emitFile({ type: 'asset', fileName: cssFile, source: view.css });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!view) throw new Error('the first view was not prerendered');
        if (!html.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to prerender into`);
        return {
          html: html.replace(EMPTY_ROOT, `<div id="root">${view.html}<span id="${END_ID}"></span></div>`),
          tags: [
            { tag: 'link', attrs: { rel: 'stylesheet', href: `./${cssFile}` }, injectTo: 'head' },
            {
              tag: 'link',
              attrs: { rel: 'expect', href: `#${END_ID}`, blocking: 'render' },
              injectTo: 'head',
            },
            // After #root: the parser has it before main.tsx (a module script, deferred) runs.
            {
              tag: 'script',
              attrs: { type: 'application/json', id: FIRST_RUN_ID },
              children: firstRunJson(view.firstRun),
              injectTo: 'body',
            },
          ],
        };
      },
    },
  };
}
