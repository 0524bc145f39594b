// The page's entry: every stylesheet of the first view, render-blocking (the prerendered picture needs
// them to paint, and a sheet that came with the app would restyle it when the app takes over), then
// the app. The order is the cascade's: the sandbox, export and crash sheets came first when App.tsx
// brought them.
import './sandbox/sandbox.css';
import './app/export/export.css';
import './app/boot/errorBoundary.css';
import './views/theme.css';
import './views/panels.css';
import './app/shell/app.css';
import './app/prerender/prerender.css';
// The embed player's own sheet too: an `embed=1` link's prerendered picture (prerender/linkViews.tsx) is
// drawn with it before EmbedApp's chunk comes (every rule is under .embed-* or the minimal controls').
import './embed/embed.css';
import { showBootFailed } from './app/boot/bootFailed.ts';
import { afterFirstPaint } from './app/prerender/afterPaint.ts';

// theme-init.js kept the prerendered first view (the default view), or put in the build's picture of a
// link's story at its step: it paints first, and the app is fetched after that paint. Any other view has
// nothing to paint until the app runs, so it loads now.
const html = document.documentElement;
const prerendered = html.getAttribute('data-prerender') !== 'off';
const picture = html.getAttribute('data-picture') === 'shown';
(prerendered || picture ? afterFirstPaint() : Promise.resolve())
  .then(() => import('./app/boot/start.tsx'))
  .then(
    (m) => m.start(prerendered),
    (e: unknown) => {
      console.error('leader-election-lab: the app could not be fetched', e);
      showBootFailed(document, window.location.search, () => window.location.reload());
    },
  );
