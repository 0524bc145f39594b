/**
 * Vite plugin: at build time, index.html's empty #root gets the default view's first frame
 * (firstView.tsx, rendered in a process of its own by run.ts), and its style attributes a small
 * stylesheet. The page paints the picture, its first caption and the controls from the HTML and
 * the stylesheets alone; main.tsx's first commit replaces them with the live app.
 * public/theme-init.js hides the copy before the first paint when the page opens any other view
 * (a link's story or moment, a language, the embed, live mode). The run it pictures goes beside it as
 * a JSON data block (firstRun.ts): the page opens on it without loading the simulator.
 * Every story's link pictures (linkViews.tsx) go beside index.html as `prerender/*.js` data files, rendered
 * in as many processes as the machine has cores (at most 4), the first of them also rendering the first
 * view, while Vite bundles the app.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { FIRST_RUN_ID, firstRunJson } from './firstRun.ts';
import type { FirstView } from './firstView.tsx';
import type { LinkFile } from './linkViews.tsx';

const EMPTY_ROOT = '<div id="root"></div>';
/**
 * The copy's last element. `<link rel=expect blocking=render>` holds the first paint until the parser
 * has reached it: on a busy machine the parser may yield mid-copy, and a frame of the header without the
 * picture would paint first (HTML, "blocking attributes"; Chromium 124+, ignored elsewhere).
 */
const END_ID = 'prerender-end';

/** What every story's link pictures may add to the build (and so to the offline precache), gzip -9. */
export const LINK_BUDGET_GZIP = 1_000_000;

/** What one run.ts process prints: the first view (share 0) and its share of the link pictures. */
interface ShareOut {
  first?: FirstView;
  links?: LinkFile[];
}

/** One run.ts process, started without waiting for it (each loads the app through Vite: seconds of CPU). */
function runShare(run: string, args: string[], what: string): Promise<ShareOut> {
  return new Promise((ok, fail) =>
    execFile(
      process.execPath,
      // A larger young generation: the pictures allocate many short-lived DOM objects, and the default
      // semi-space spent about a fifth of the process's time in scavenges (Node's --max-semi-space-size).
      ['--max-semi-space-size=32', '--import', 'tsx', run, ...args],
      { encoding: 'utf8', maxBuffer: 256 << 20 },
      (err, out, errOut) => {
        if (err) fail(new Error(`${what} failed: ${errOut || err.message}`));
        else ok(JSON.parse(out) as ShareOut);
      },
    ),
  );
}

export function prerenderPlugin(): Plugin {
  let shares: Promise<ShareOut[]> | null = null;
  let view: Promise<{ view: FirstView; cssFile: string }> | null = null;
  return {
    name: 'prerender-first-view',
    apply: 'build',
    buildStart() {
      const run = fileURLToPath(new URL('./run.ts', import.meta.url));
      // LEL_LINK_PICTURES=0 builds without the link pictures: the A/B for their build-time cost.
      const n = process.env.LEL_LINK_PICTURES === '0' ? 0 : Math.min(4, availableParallelism());
      // The first view comes with the first share of the link pictures (one process fewer to start), and
      // nothing here waits: Vite bundles the app meanwhile; transformIndexHtml and generateBundle wait.
      shares = Promise.all(
        n === 0
          ? [runShare(run, ['--first'], 'the first view')]
          : Array.from({ length: n }, (_, i) =>
              runShare(
                run,
                [...(i === 0 ? ['--first'] : []), `--links=${i}/${n}`],
                `the link pictures (share ${i + 1} of ${n})`,
              ),
            ),
      );
      view = shares.then(([first]) => {
        if (!first?.first) throw new Error('the first view was not prerendered');
        const css = first.first.css;
        return {
          view: first.first,
          cssFile: `assets/prerender-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`,
        };
      });
      // Awaited in transformIndexHtml and generateBundle; a failure before then is not unhandled.
      view.catch(() => {});
    },
    async generateBundle() {
      const { view: v, cssFile } = await (view as NonNullable<typeof view>);
      this.emitFile({ type: 'asset', fileName: cssFile, source: v.css });
      const files = (await (shares as NonNullable<typeof shares>)).flatMap((o) => o.links ?? []);
      const gzip = files.reduce((a, f) => a + gzipSync(f.source, { level: 9 }).length, 0);
      // The budget for what the link pictures add to the build and to the offline precache.
      if (gzip > LINK_BUDGET_GZIP)
        throw new Error(
          `the link pictures are ${(gzip / 1e6).toFixed(2)} MB gzip, over their ${LINK_BUDGET_GZIP / 1e6} MB budget`,
        );
      for (const f of files) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!view) throw new Error('the first view was not prerendered');
        const { view: v, cssFile } = await view;
        if (!html.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to prerender into`);
        return {
          html: html.replace(
            EMPTY_ROOT,
            `<div id="root"><div class="pre-wait" aria-hidden="true"></div>${v.html}<span id="${END_ID}"></span></div>`,
          ),
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
              children: firstRunJson(v.firstRun),
              injectTo: 'body',
            },
          ],
        };
      },
    },
  };
}
