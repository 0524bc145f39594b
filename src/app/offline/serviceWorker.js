// The lab's service worker: the build prepends VERSION and FILES (src/app/offline/precache.ts).
// - install: the whole app build goes into a cache named after its version;
// - activate: older versions are deleted, and open pages are taken over;
// - fetch: pages go to the network first, so an online visit gets the current build (and then a new
//   worker, whose precache replaces this one); without the network, the cached app page answers any
//   link to it. Built files are immutable (hashed names): the cache answers them first. Lookups ignore
//   Vary (the server varies on Origin; a module script is requested with one, addAll without).
// Nothing else is touched: other origins, non-GET requests and files outside the precache go to the
// network as they would without a worker.
/* global VERSION, FILES */
const PREFIX = 'leader-election-lab-';
const CACHE = `${PREFIX}${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match('./', { ignoreVary: true }).then((page) => page ?? Response.error())),
      ),
    );
    return;
  }
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreVary: true }).then((hit) => hit ?? fetch(request))),
  );
});
