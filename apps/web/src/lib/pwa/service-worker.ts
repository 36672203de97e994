/**
 * The lite app's service worker, served as /sw.js with scope / (built by
 * build/service-worker-plugin.ts, which writes the shell's file list and the build's version over
 * the two placeholders below). What it answers and what it never touches: cache-rules.ts.
 */
import { type CacheRule, cacheRuleOf } from './cache-rules';

// The web app's TypeScript knows the page's DOM, not a worker's globals: the few used are named here.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
};

const scope = self as unknown as WorkerScope;

const PRECACHE_URLS: readonly string[] = JSON.parse('__PANALO_PRECACHE__');
const BUILD_VERSION = '__PANALO_BUILD_VERSION__';
const CACHE_PREFIX = 'panalo-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${BUILD_VERSION}`;
/** Every client route answers with the same index.html: the shell is kept under /. */
const SHELL_URL = '/';

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

scope.addEventListener('fetch', (event) => {
  const rule = cacheRuleOf(event.request, scope.location.origin);
  if (rule === 'pass') return;
  event.respondWith(ANSWERS[rule](event.request));
});
