/**
 * Registers the offline copy (src/app/offline/serviceWorker.js, written to dist/sw.js by the build)
 * once the page has loaded, so it does not compete with the first view. Only the built app has one:
 * the dev server serves no sw.js.
 */
export function registerOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser may refuse it (private mode, storage off, an http page that is not localhost): the
    // lab then works as before, online.
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
