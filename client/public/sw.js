// Service worker: makes the app installable, keeps the app's shell for use without network, and
// shows alerts pushed by the server (Web Push).
//
// The shell: pages are asked of the network first and the last one kept, so a reload without network
// still opens the app; the built files (/assets/, named by their content) are kept once fetched. The
// API is never touched here: the app keeps its own last readings (lib/offline-copy.ts), and requests
// to /api go to the network as usual.
const SHELL = "stock-monitor-shell-v1";
const PAGE = "/index.html";

const isShellFile = (url) =>
  url.pathname.startsWith("/assets/") ||
  ["/manifest.webmanifest", "/theme-init.js", "/favicon.svg", "/icon-192.png", "/icon-512.png"].includes(
    url.pathname,
  );

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith("stock-monitor-shell") && n !== SHELL)
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  ),
);

/** keeps a copy without holding back the answer (the copy is written while the page reads it) */
function keep(event, key, response) {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.put(key, response))
      .catch(() => {}),
  );
}

/** the page first from the network (and kept), else the last one kept */
async function page(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok && (response.headers.get("content-type") || "").includes("text/html"))
      keep(event, PAGE, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(PAGE);
    if (kept) return kept;
    throw error;
  }
}

/** a built file: the kept copy, else the network's (kept for next time) */
async function shellFile(event) {
  const kept = await caches.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) keep(event, event.request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (isShellFile(url)) event.respondWith(shellFile(event));
});

// the files the page loaded before this worker took over (its first visit), sent by the page
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.type === "keep-shell" ? event.data.urls : null;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    caches.open(SHELL).then((cache) =>
      Promise.all([
        cache.match(PAGE).then(
          (hit) =>
            hit ||
            fetch("/").then(
              (r) => (r.ok ? cache.put(PAGE, r) : undefined),
              () => {},
            ),
        ),
        ...urls
          .map((u) => new URL(u, self.location.origin))
          .filter((u) => u.origin === self.location.origin && isShellFile(u))
          .map((u) => cache.match(u.href).then((hit) => hit || cache.add(u.href).catch(() => {}))),
      ]),
    ),
  );
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: "Stock Monitor", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "Stock Monitor", {
      body: data.body || "",
      icon: data.icon || "/icon-192.png",
      badge: "/icon-192.png",
      tag: data.tag,
      data: { url: data.url || "/", comprei: data.comprei?.url },
      // the app's "Comprei" (when the server knows its public address): the new item, filled
      ...(data.comprei ? { actions: [{ action: "comprei", title: data.comprei.title }] } : {}),
    }),
  );
});

// a tap opens the product; the "Comprei" button the app's new item filled from it
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data ?? {};
  const url = event.action === "comprei" && data.comprei ? data.comprei : data.url;
  event.waitUntil(self.clients.openWindow(url || "/"));
});
