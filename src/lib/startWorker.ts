/**
 * A module worker running `url`. A worker's script must come from the page's own origin (HTML
 * "new Worker": a cross-origin URL throws a SecurityError), which the custom element's is not when a
 * docs site loads it from the lab's host. There the worker is started from a blob URL, which has the
 * page's origin, and the blob's one line imports the real script: a module import may cross origins
 * under CORS, as the element's own module script already does. A page whose Content-Security-Policy
 * allows no blob: worker still throws, or fails to load it (an error event): the caller falls back.
 */
export function startWorker(url: URL): Worker {
  // No page (a test's stand-in Worker): nothing to cross.
  const here = globalThis.location?.origin;
  if (here === undefined || url.origin === here) return new Worker(url, { type: 'module' });
  const blob = URL.createObjectURL(
    new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }),
  );
  try {
    const w = new Worker(blob, { type: 'module' });
    // The blob is read when the worker loads: let go of it once the worker answers or fails.
    const done = () => {
      URL.revokeObjectURL(blob);
      w.removeEventListener('message', done);
      w.removeEventListener('error', done);
    };
    w.addEventListener('message', done);
    w.addEventListener('error', done);
    return w;
  } catch (e) {
    URL.revokeObjectURL(blob);
    throw e;
  }
}
