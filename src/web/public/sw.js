// The service worker: keeps a member's ticket (/events/<id>/ticket) and the door screen
// (/events/<id>/check-in) usable without a connection, and nothing else. It answers only
//   - navigations to those two screens: the network first, else the app shell it kept;
//   - the built files under /assets/ (hashed, immutable): its copy, else the network;
//   - GET /api/me, /api/events/<id>/ticket and /api/events/<id>/door: the network first, else
//     its copy.
// Every other request goes to the network untouched (no respondWith). Only successful GET
// answers are kept. Its copies are deleted on sign-out (the app posts 'forget') and when
// /api/me says nobody is signed in, so a shared phone keeps nobody's ticket.
// Served with cache-control: no-cache (src/server/web-app.ts): a new version is seen at once.

const CACHE = 'power-mixer-offline-v1';
const SHELL = '/__offline-shell';

const SCREEN = /^\/events\/[^/]+\/(ticket|check-in)\/?$/;
const API = /^\/api\/(me|events\/[^/]+\/(ticket|door))$/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Copies of an earlier version of this worker.
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** What this worker handles: 'screen', 'asset', 'api', or null (left to the browser). */
function kindOf(url, request) {
  if (url.origin !== self.location.origin || request.method !== 'GET') return null;
  if (request.mode === 'navigate') return SCREEN.test(url.pathname) ? 'screen' : null;
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (API.test(url.pathname) && !url.search) return 'api';
  return null;
}

const forget = () => caches.delete(CACHE);

/** /api/me answering that nobody is signed in: the session ended, drop everything kept. */
async function signedOut(response) {
  if (response.status === 401) return true;
  if (!response.ok) return false;
  try {
    const body = await response.clone().json();
    return !body || !body.user;
  } catch {
    return false;
  }
}

async function keep(key, response) {
  // Never an error answer nor a partial one. (/api/me says no-store to HTTP caches; this copy is
  // the one the offline ticket needs, and it goes on sign-out.)
  if (response.status !== 200 || response.type !== 'basic') return;
  const cache = await caches.open(CACHE);
  await cache.put(key, response);
}

async function networkFirst(request, kind, url) {
  try {
    const response = await fetch(request);
    if (kind === 'api' && url.pathname === '/api/me' && (await signedOut(response))) {
      await forget();
      return response;
    }
    if (response.status === 200) {
      const copy = response.clone();
      await keep(kind === 'screen' ? SHELL : request, copy);
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(kind === 'screen' ? SHELL : request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await keep(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const kind = kindOf(url, event.request);
  if (!kind) return;
  event.respondWith(kind === 'asset' ? cacheFirst(event.request) : networkFirst(event.request, kind, url));
});

/** The page's 'keep' (what it loaded before this worker was in control) and 'forget'. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'forget') {
    event.waitUntil(forget());
    return;
  }
  if (data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.slice(0, 200).map(async (href) => {
        const url = new URL(String(href), self.location.origin);
        const request = new Request(url, { credentials: 'same-origin' });
        const screen = SCREEN.test(url.pathname);
        const kind = screen ? 'screen' : kindOf(url, request);
        if (!kind) return;
        try {
          if (kind === 'asset') await cacheFirst(request);
          else if (screen)
            await keep(SHELL, await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } }));
          else await networkFirst(request, kind, url);
        } catch {
          // Offline already: what is kept stays.
        }
      }),
    ).then(() => event.source && event.source.postMessage({ type: 'kept' })),
  );
});
