// First: zod must be jitless before any schema is built (Content-Security-Policy, see the module).
import './app/zodJitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { scenarios } from '../scenarios/index.ts';
import { App } from './app/App.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
import { EmbedApp, isEmbed } from './embed/EmbedApp.tsx';
import './views/theme.css';
import './views/panels.css';
import './app/app.css';
import './embed/embed.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary scenarioIds={scenarios.map((s) => s.id)}>
      {isEmbed(window.location.search) ? (
        <EmbedApp search={window.location.search} />
      ) : (
        <App search={window.location.search} />
      )}
    </ErrorBoundary>
  </StrictMode>,
);
