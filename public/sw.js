/*
 * Копилка's service worker: the app shell (the exported pages and their /_next/static assets) is
 * stored at install, so the app opens and records with no network. The API (/api/), media (/media/)
 * and the admin (/admin) always go to the network and are never stored: they carry one account's data.
 * Pages go to the network first (a deployment is seen at once) and come from the store only offline.
 * The build writes the list of shell files and its version into the two lines below.
 */
/** @type {string[]} */
const PRECACHE = [];
const VERSION = 'development';

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = 'kopilka-shell-';
const CACHE = PREFIX + VERSION;
const NEVER_STORED = /^\/(api|media|admin)(\/|$)/;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => worker.clients.claim()),
  );
});

/**
 * The stored page for a path: `/audio` and `/audio/` are the export's `audio/index.html`, stored as `/audio/`.
 * @param {string} pathname
 */
function pageKey(pathname) {
  if (pathname.endsWith('/') || /\.[a-z0-9]+$/i.test(pathname)) return pathname;
  return pathname + '/';
}

/** @param {string} key */
function fromStore(key) {
  return caches
    .open(CACHE)
    .then((cache) => cache.match(key, { ignoreSearch: true }))
    .then((hit) => hit || Response.error());
}

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || NEVER_STORED.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => fromStore(pageKey(url.pathname))));
    return;
  }
  if (url.pathname.startsWith('/_next/static/')) {
    // Content-hashed names: what is stored never changes.
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match(request, { ignoreSearch: true }))
        .then((hit) => hit || fetch(request)),
    );
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(fetch(request).catch(() => fromStore(url.pathname)));
});
