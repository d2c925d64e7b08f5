// The service worker: after one visit the game, AI included, works offline.
// www/postbuild.mjs fills in this build's version and files. Every build
// caches its files under a name of its own and drops older builds' caches.
// The page itself (a navigation) comes from the network when it can, so a
// new build shows at the next visit; everything else comes from the cache
// (the file names carry content hashes). A file of the site that is not in
// the list (the networks, each fetched only when an engine first needs it;
// the AI of international draughts, fetched when a 10x10 game first needs it)
// is cached when first fetched, so it too works offline afterwards.
const VERSION = '__VERSION__';
const FILES = ['__FILES__'];
const CACHE = `warcaby-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('warcaby-') && n !== CACHE)
      .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('./', { cacheName: CACHE })
      .then((page) => page ?? caches.match('./index.html', { cacheName: CACHE }))));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE, ignoreSearch: true })
    .then((cached) => cached ?? fetchAndKeep(request)));
});

/** Fetches a file of the site and keeps a good answer in this build's cache. */
async function fetchAndKeep(request) {
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => {});
  }
  return response;
}
