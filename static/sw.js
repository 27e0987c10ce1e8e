// Companion's service worker: the app opens with no connection. Every page is asked of the
// server first (so an update shows at once) and kept; with no connection the kept copy answers,
// or a short page that says the phone is offline. Files are named by their content's hash
// (companion/assets.py rewrites the names below): a name is never reused, so a kept file
// answers, never asked again. Rounds typed while offline wait in the page (game.js, "Offline
// at the table"), not here. Live streams and htmx's region requests always go to the server.
const CACHE = "companion-v6";  // v6: files under hashed names, kept from the browser's cache
// What a phone offline needs first, kept at install: the page that says it is offline (written
// into this file by the server, games.service_worker: no second download), and the start page
// and the files if the browser already has them (companion.js registers this worker once its
// page has loaded them): a new phone's first page costs no second download; the others are
// kept when first used.
const OFFLINE = __OFFLINE_PAGE__;  // {html, csp}
const SHELL = ["/offline"];
const FILES = ["/", "/static/companion.css", "/static/every-page.js",
               "/static/scan.js", "/static/table-seat.js", "/static/fez.js", "/static/hand-and-foot.js",
               "/static/game.js", "/static/kept.js", "/static/scan.css", "/static/fez.css", "/static/hand-and-foot.css",
               "/static/poker.css", "/static/family.css", "/static/lookup.css", "/static/stats.css", "/static/pages.css",
               "/static/icon.svg", "/static/icon-192.png",
               "/static/apple-touch-icon.png", "/static/icon-maskable-512.png",
               "/static/manifest.webmanifest"];
const WAIT_MS = 4000;  // a Wi-Fi that is there but answers nothing counts as none

async function keepLoaded(cache) {
  await Promise.all(FILES.map(async (path) => {
    try {
      const response = await fetch(path, { cache: "only-if-cached", mode: "same-origin" });
      if (response.ok) await cache.put(path, response);
    } catch (err) { /* not loaded yet */ }
  }));
}

function offlinePage() {
  return new Response(OFFLINE.html, { headers: { "Content-Type": "text/html; charset=utf-8",
                                                 "Content-Security-Policy": OFFLINE.csp } });
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.put("/offline", offlinePage()).then(() => keepLoaded(cache)))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// (A navigation's request cannot be copied with options, so the wait is a race, not a signal.)
function withTimeout(request) {
  let timer;
  const late = new Promise((_, fail) => { timer = setTimeout(() => fail(new Error("no answer")), WAIT_MS); });
  return Promise.race([fetch(request), late]).finally(() => clearTimeout(timer));
}

// A copy to keep: one that followed a redirect cannot answer a page load (the browser refuses
// it), so it is kept as a plain answer.
function plain(response) {
  if (!response.redirected) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText,
                                       headers: response.headers });
}

const KEPT_MOST = 80;  // pages and files kept; the oldest go first

async function keep(cache, key, response) {
  await cache.put(key, plain(response));
  const keys = await cache.keys();
  const shell = new Set([...SHELL, ...FILES].map((path) => new URL(path, self.location.origin).href));
  const spare = keys.filter((k) => !shell.has(k.url));
  await Promise.all(spare.slice(0, Math.max(0, spare.length - KEPT_MOST)).map((k) => cache.delete(k)));
}

// A file under its hashed name never changes: the kept copy answers, or the server once.
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") keep(cache, request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await withTimeout(request);
    if (response.ok && response.type === "basic") keep(cache, request, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    if (request.mode === "navigate") return (await cache.match("/offline")) || Response.error();
    return Response.error();
  }
}

// A boosted form (a round saved, an undo, a new game) answers with a redirect to the page
// it changed: that page is kept too, or a reload offline would show it as it was before.
// Sent once, with no time limit: a form is never answered from the copy.
async function sendAndKeep(request) {
  const response = await fetch(request);
  if (response.ok && response.redirected && response.type === "basic") {
    keep(await caches.open(CACHE), response.url, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The hand-over page shows a live code that makes a phone the scorekeeper: never kept on
  // the phone (the server sends it no-store too), whichever way it is reached.
  if (url.pathname.endsWith("/handover")) return;
  if (request.method === "POST" && request.headers.get("HX-Boosted")) {
    event.respondWith(sendAndKeep(request));
    return;
  }
  if (request.method !== "GET") return;
  // A region htmx asks for is part of a page: never kept. A boosted link or form (the way
  // every page after the first is reached) gets the whole page: kept like any other.
  if (request.headers.get("HX-Request") && !request.headers.get("HX-Boosted")) return;
  if (url.pathname.endsWith("/events")) return;
  if (url.pathname === "/admin" || url.pathname.startsWith("/admin/")) return;  // never kept
  if (request.headers.get("Accept") === "text/event-stream") return;
  event.respondWith(/^\/static\/.+\.[0-9a-f]{10}\.\w+$/.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});
