// Field Notes without a connection (app/screens/mobile): this worker, registered by /mobile for /mobile only,
// lets that page open in a dead zone. It keeps the page's offline copy (/mobile?offline: the page without
// leads or any other record) and the built JavaScript and CSS under /build/ that the page loads; never a
// page's data nor an API answer, which pass it untouched. The notes waiting to be sent are the page's own
// (IndexedDB), and the page sends them.
const CACHE = "field-notes";
const OFFLINE_COPY = "/mobile?offline";

self.addEventListener("install", (event) => {
  event.waitUntil(keepOfflineCopy().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // Controls the page that registered it at once, so that the assets it loads later are kept too.
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === "/mobile") event.respondWith(openPage(event));
  else if (url.pathname.startsWith("/build/") || url.pathname === "/favicon.ico") {
    event.respondWith(asset(request));
  }
});

/** The page from the server when it answers (its offline copy refreshed beside it), else the offline copy. */
async function openPage(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(keepOfflineCopy().catch(() => undefined));
    return response;
  } catch (error) {
    const copy = await caches.match(OFFLINE_COPY);
    if (copy) return copy;
    throw error;
  }
}

/** Built files are named by their content and never change: kept once, then read from the cache. */
async function asset(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/**
 * Fetches the offline copy (for the signed-in user, yet naming no one: their division's look, nothing more;
 * the page learns whose waiting notes to show from the page online) and keeps it with every built file it names.
 */
async function keepOfflineCopy() {
  const response = await fetch(OFFLINE_COPY, { cache: "no-store" });
  // Signed out (the login screen) or unavailable: the copy kept before stays.
  if (!response.ok || response.redirected) return;
  const html = await response.clone().text();
  const files = new Set(html.match(/\/build\/[\w./-]+\.(?:js|css)/g));
  files.add("/favicon.ico");
  const cache = await caches.open(CACHE);
  const kept = await cache.keys();
  const keptPaths = kept.map((request) => new URL(request.url).pathname);
  const missing = [...files].filter((file) => !keptPaths.includes(file));
  if (missing.length) {
    await cache.addAll(missing);
    // A new build: the files of the one before go (the copy is replaced below, once its files are kept).
    await Promise.all(
      kept
        .filter((_, i) => keptPaths[i].startsWith("/build/") && !files.has(keptPaths[i]))
        .map((request) => cache.delete(request)),
    );
  }
  await cache.put(OFFLINE_COPY, response);
}
