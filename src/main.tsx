import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { scenarios } from '../scenarios/index.ts';
import { App } from './app/App.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
import { registerOffline } from './app/offline/register.ts';
import { loadLanguage } from './i18n/index.ts';
import { loadLocale, readLangParam } from './i18n/persist.ts';
import './views/theme.css';
import './views/panels.css';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const search = window.location.search;
// `?embed=1` (src/embed) is the bare player for iframes: its shell is a chunk of its own, so the app's
// first view does not carry it.
const embed = new URLSearchParams(search).get('embed') === '1';
const render = async () => {
  const Shell = embed ? (await import('./embed/EmbedApp.tsx')).EmbedApp : App;
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary scenarioIds={scenarios.map((s) => s.id)}>
        <Shell search={search} />
      </ErrorBoundary>
    </StrictMode>,
  );
};
// The first view's language (as App's boot picks it) is loaded before the first paint: no flash of
// English. If its chunk cannot be fetched, the page opens in English rather than not at all.
loadLanguage(readLangParam(search).locale ?? loadLocale() ?? 'en').then(render, render);
// After one visit the lab works without the network (a service worker with the build, src/app/offline).
registerOffline();
