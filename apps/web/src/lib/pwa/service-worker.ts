/**
 * The lite app's service worker, served as /sw.js with scope / (built by
 * build/service-worker-plugin.ts, which writes the shell's file list and the build's version over
 * the two placeholders below). What it answers and what it never touches: cache-rules.ts.
 */
import { type CacheRule, cacheRuleOf } from './cache-rules';
import { answerInstallTokenMessage, createInstallTokenKeeper, INSTALL_CACHE_NAME } from './install-token';

// The web app's TypeScript knows the page's DOM, not a worker's globals: the few used are named here.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type ExtendableMessageEvent = ExtendableEvent & { data: unknown; ports: readonly MessagePort[] };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
};

const scope = self as unknown as WorkerScope;

const PRECACHE_URLS: readonly string[] = JSON.parse('__PANALO_PRECACHE__');
const BUILD_VERSION = '__PANALO_BUILD_VERSION__';
const CACHE_PREFIX = 'panalo-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${BUILD_VERSION}`;
/** Every client route answers with the same index.html: the shell is kept under /. */
const SHELL_URL = '/';

/** The install token of the app-download bonus, kept across builds (install-token.ts). */
const installTokens = createInstallTokenKeeper({
  openCache: () => caches.open(INSTALL_CACHE_NAME),
  fetch: (url, init) => fetch(url, init),
});

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll([...PRECACHE_URLS]))
      // The new shell serves the next navigation; the hashed files an open page still loads remain
      // on the server, so taking over at once breaks nothing.
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

async function answerCacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE_NAME).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function answerNetworkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    // A page answered by the server is the newest shell (every client route is index.html).
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      const copy = response.clone();
      void caches.open(CACHE_NAME).then((cache) => cache.put(SHELL_URL, copy));
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

const ANSWERS: Record<Exclude<CacheRule, 'pass'>, (request: Request) => Promise<Response>> = {
  'cache-first': answerCacheFirst,
  'network-first': answerNetworkFirst,
};

// A page of the installed app asks for the token on a MessagePort (app-launch.ts) and gets
// `{ token }` on it, null when there is none to be had.
scope.addEventListener('message', (event) => {
  const answering = answerInstallTokenMessage(event, installTokens);
  if (answering) event.waitUntil(answering);
});

scope.addEventListener('fetch', (event) => {
  const rule = cacheRuleOf(event.request, scope.location.origin);
  if (rule === 'pass') return;
  event.respondWith(ANSWERS[rule](event.request));
});
