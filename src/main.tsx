import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { registerOffline } from './app/offline/register.ts';
import { Root } from './app/Root.tsx';
import { loadLanguage } from './i18n/index.ts';
import { loadLocale, readLangParam } from './i18n/persist.ts';
import './views/theme.css';
import './views/panels.css';
import './app/app.css';
import './app/prerender/prerender.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const search = window.location.search;
// `?embed=1` (src/embed) is the bare player for iframes: its shell is a chunk of its own, so the app's
// first view does not carry it.
const embed = new URLSearchParams(search).get('embed') === '1';
const render = async () => {
  const Shell = embed ? (await import('./embed/EmbedApp.tsx')).EmbedApp : App;
  // index.html holds the build's picture of the first view (src/app/prerender): React's first commit
  // replaces it, and the cluster is drawn in that same commit (a layout effect), so no frame is blank.
  createRoot(root).render(<Root Shell={Shell} search={search} />);
};
// The first view's language (as App's boot picks it) is loaded before the first paint: no flash of
// English. If its chunk cannot be fetched, the page opens in English rather than not at all.
loadLanguage(readLangParam(search).locale ?? loadLocale() ?? 'en').then(render, render);
// After one visit the lab works without the network (a service worker with the build, src/app/offline).
registerOffline();
