/**
 * What the lite app's service worker may answer from its cache (service-worker.ts). It keeps the
 * app shell (index.html and the files the first page needs), the fonts and the built files, so the
 * installed app opens on a poor connection; everything that carries a member's data or money goes
 * to the network every time, and fails when there is none.
 */

/**
 * Never through the cache: the player API, the agent API, the back office, vendors' wallet calls,
 * payment callbacks, the socket, the game client and its answers, operators' images, the manifest
 * and its icons (an operator's change must show) and the API documents.
 */
export const NETWORK_ONLY_PREFIXES = [
  '/wps',
  '/lgw',
  '/bo',
  '/wallet',
  '/pay',
  '/socket.io',
  '/admin',
  '/game',
  '/media',
  '/uploads',
  '/COUNTRY_FLAG',
  '/docs',
  '/app-icons',
  '/manifest.webmanifest',
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

/** How the worker answers a request: from the cache first, from the network first, or not at all. */
export type CacheRule = 'cache-first' | 'network-first' | 'pass';

type RequestLike = { method: string; url: string; mode: string };

function hasPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}?`);
}

/**
 * The rule for one request of a page at `origin`. Only our own GETs are ever touched: another
 * origin's request (a vendor's game, an image CDN) passes by untouched. Built files, whose names
 * change with their content, come from the cache first; a page (a navigation) from the network
 * first, falling back to the cached shell offline.
 */
export function cacheRuleOf(request: RequestLike, origin: string): CacheRule {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  if (NETWORK_ONLY_PREFIXES.some((prefix) => hasPrefix(url.pathname, prefix))) return 'pass';
  if (request.mode === 'navigate') return 'network-first';
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') return 'cache-first';
  return 'pass';
}
