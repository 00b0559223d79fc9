// Tessera's service worker: every file of the build is cached at install, and served from the
// cache first, so the site reloads and plays with no network. The build fills in the cache name
// (a hash of the build) and the file list; a new build installs beside the old one and waits
// until the page says "reload" (see app.js), then the old cache is dropped. Pages and the solver worker
// get the cross-origin isolation headers a static host may not send (build.py's ISOLATION, which its server sends):
// isolated, the page can interrupt the worker's own searches when the player asks for something.
const CACHE = "tessera-__BUILD__";
const FILES = __FILES__;
const ISOLATION = __ISOLATION__;

function isolated(response) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("tessera-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const response = (await cache.match(request, { ignoreSearch: true })) || (await fetch(request));
    const wrap = ["document", "worker"].includes(request.destination) && response.status === 200;
    return wrap ? isolated(response) : response;
  })());
});
