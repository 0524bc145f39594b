import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildChecks } from './src/app/boot/buildChecks.ts';
import { firstViewChunk } from './src/app/boot/firstViewChunk.ts';
import { precacheFiles, precacheVersion, serviceWorkerSource } from './src/app/offline/precache.ts';
import { prerenderPlugin } from './src/app/prerender/plugin.ts';
import { statechartsPlugin } from './src/views/inspector/chartsPlugin.ts';

/**
 * Content-Security-Policy of the built app (`npm start`, `npm run preview`, and the e2e server).
 * - default-src 'self': anything not listed below (fonts, manifests, media, workers) comes from this origin only.
 * - script-src 'self': bundled modules and public/theme-init.js only; no inline script, no eval/new Function
 *   (zod runs jitless in the browser, see src/app/boot/zodJitless.ts).
 * - style-src 'self': the one built stylesheet. React and d3 set inline styles through the CSSOM
 *   (element.style), which CSP does not govern, so no 'unsafe-inline' (e2e/security.spec.ts proves it).
 * - img-src 'self' data: blob:: the favicon, plus data:/blob: URLs for images the app makes (exports).
 * - connect-src 'self': the app makes no requests; nothing may leave the origin.
 * - object-src 'none', base-uri 'self': no plugins, no <base> hijack of the relative asset paths.
 * - frame-ancestors *: the player is meant to be embedded in docs and slides.
 * - form-action 'none': no form ever submits anywhere (`<form method="dialog">` only closes a dialog).
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  'frame-ancestors *',
  "form-action 'none'",
].join('; ');

/**
 * The dev server cannot run under CSP: Vite inlines the React Fast Refresh preamble as a
 * `<script type="module">` and injects each CSS module as a `<style>` element, both blocked by
 * script-src/style-src 'self' (the page stays blank). Dev therefore adds 'unsafe-inline' to those two
 * directives and keeps everything else, so an eval, a `new Function` or a request to another origin
 * still shows up while developing. The strict policy is the one the built app is served with.
 */
export const DEV_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
  "style-src 'self'",
  "style-src 'self' 'unsafe-inline'",
);

const otherHeaders = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

/** After the app build: dist/sw.js, the offline copy's worker with the build's files (src/app/offline). */
const offline: Plugin = {
  name: 'offline-precache',
  apply: 'build',
  closeBundle() {
    const out = 'dist';
    const files = precacheFiles(out);
    const body = readFileSync('src/app/offline/serviceWorker.js', 'utf8');
    writeFileSync(join(out, 'sw.js'), serviceWorkerSource(body, precacheVersion(out, files), files));
  },
};

// Relative base so the built app works from any path (docs sites, GitHub Pages, file servers).
export default defineConfig({
  base: './',
  plugins: [react(), statechartsPlugin(), prerenderPlugin(), firstViewChunk(), offline],
  // rolldown's checks: an ineffective import() fails the build, plugin timings are off (buildChecks.ts).
  build: { target: 'es2022', sourcemap: false, rolldownOptions: buildChecks },
  server: { host: '127.0.0.1', headers: { 'Content-Security-Policy': DEV_CSP, ...otherHeaders } },
  preview: { headers: { 'Content-Security-Policy': CSP, ...otherHeaders } },
});
