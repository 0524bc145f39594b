/**
 * Prints, as JSON on stdout, with `--first` the prerendered first view (firstView.tsx: its markup and
 * stylesheet), and with `--links=I/N` a share of the stories' link pictures (linkViews.tsx). Its own process
 * (plugin.ts starts it): the DOM globals it installs for the app's code stay out of the build.
 * The app's modules load through a Vite server in SSR mode, which handles their CSS imports and the
 * inspector's virtual modules as the build does.
 */
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { createServer } from 'vite';
import { statechartsPlugin } from '../../views/inspector/chartsPlugin.ts';
import type { FirstView, PictureSize } from './firstView.tsx';
import type { LinkFile } from './linkViews.tsx';
import { LINK_SIZE, PICTURE_SIZES } from './sizes.ts';

// React's production build, as the page runs (no development-only double effects or warnings).
process.env.NODE_ENV = 'production';
const root = fileURLToPath(new URL('../../..', import.meta.url));
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  plugins: [statechartsPlugin()],
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  // The browser's globals the app and its libraries look for (window, document, matchMedia,
  // localStorage, ...), from one happy-dom window; Node's own are kept. No Worker: boot() then
  // simulates the first run at once, as it does in tests.
  const win = new Window({ url: 'http://localhost/', width: 1920, height: 1080 });
  const g = globalThis as unknown as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(win)) {
    if (key in g || key === 'Worker') continue;
    try {
      g[key] = (win as unknown as Record<string, unknown>)[key];
    } catch {
      // A getter that throws outside its window: not one the app reads.
    }
  }
  g.window = win;
  g.document = win.document;
  const mod = (await server.ssrLoadModule('/src/app/prerender/firstView.tsx')) as {
    firstView(sizes: readonly PictureSize[]): FirstView;
  };
  // `--first`: the first view; `--links=I/N`: the I-th of N shares of the stories' link pictures
  // (plugin.ts runs the shares side by side, the first view with the first share).
  const args = process.argv.slice(2);
  const share = args.map((a) => /^--links=(\d+)\/(\d+)$/.exec(a)).find((m) => m !== null);
  const out: { first?: FirstView; links?: LinkFile[] } = {};
  if (args.includes('--first')) out.first = mod.firstView(PICTURE_SIZES);
  if (share)
    out.links = await (
      (await server.ssrLoadModule('/src/app/prerender/linkViews.tsx')) as {
        linkViews(
          size: PictureSize,
          share: [number, number],
          settle: () => Promise<void>,
        ): Promise<LinkFile[]>;
      }
    ).linkViews(LINK_SIZE, [Number(share[1]), Number(share[2])], () =>
      // The timers and animation frames the unmounted app left in the window never run here (nothing
      // waits for them) and kept each story's whole tree and run alive: about 100 MB a story, and a
      // quarter of the process's time in garbage collection.
      win.happyDOM.abort(),
    );
  const text = JSON.stringify(out);
  // Written out before the exit below: stdout into a pipe is asynchronous.
  await new Promise<void>((done) => process.stdout.write(text, () => done()));
  // Done: happy-dom's window keeps timers of its own, and a chunk an idle callback of the app asks for
  // now would only fail against a closed server. Nothing else is left to wait for.
  process.exit(0);
} finally {
  await server.close();
}
