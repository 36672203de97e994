import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/errors.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { type DescribedPage, type PageDescriber, writePageMeta } from './article-page-meta.ts';
import {
  createPageSecurityHeaders,
  hashInlineScripts,
  type PageKind,
  type PageSecurityHeaders,
  type VendorOriginReader,
} from './security-headers.ts';

/** Paths that belong to the API and operations; a miss there is a 404, never the SPA's page. */
const RESERVED_PREFIXES = [
  '/wps',
  '/lgw',
  '/bo',
  '/wallet',
  '/pay',
  '/docs',
  '/socket.io',
  '/COUNTRY_FLAG',
  '/media',
  '/app-icons',
  '/healthz',
  '/readyz',
  '/metrics',
  '/admin',
];
/** A built SPA has a few hundred files; far more means a wrong folder, so the walk stops. */
const DIST_FILES_MAX = 20_000;
const DIST_DEPTH_MAX = 8;
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const ASSET_CACHE_CONTROL = 'public, max-age=3600';
const INDEX_CACHE_CONTROL = 'no-cache';
/** The service worker the web build writes (apps/web/build/service-worker-plugin.ts). */
const SERVICE_WORKER_FILE = 'sw.js';

/** Relative paths (with forward slashes) of every file under `root`. */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (directory: string, prefix: string, depth: number) => {
    if (depth > DIST_DEPTH_MAX) return;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (files.size >= DIST_FILES_MAX) return;
      if (entry.name.startsWith('.')) continue;
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(directory, entry.name), relative, depth + 1);
      else if (entry.isFile()) files.add(relative);
    }
  };
  walk(root, '', 0);
  return files;
}

/** The in-house game client's page, built beside the SPA (apps/web/game). */
const GAME_CLIENT_INDEX = 'game/index.html';

function isGameClientPath(relative: string): boolean {
  return relative === 'game' || relative.startsWith('game/');
}

function isReserved(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A client route: no file extension in its last segment (a missing asset is a 404, never the page). */
function isClientRoute(relative: string): boolean {
  const lastSegment = relative.slice(relative.lastIndexOf('/') + 1);
  return !relative.startsWith('assets/') && !lastSegment.includes('.');
}

/** Whether a miss should get the SPA's index.html: a browser navigating to a client route. */
function isPageRequest(request: FastifyRequest, relative: string): boolean {
  return relative === '' || (acceptsHtml(request) && isClientRoute(relative));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

// Vite puts content-hashed files under assets/: a new build gives them new names.
function cacheControlOf(relative: string): string {
  // A new build's service worker must reach browsers at their next visit, not an hour later.
  if (relative === 'index.html' || relative === GAME_CLIENT_INDEX || relative === SERVICE_WORKER_FILE)
    return INDEX_CACHE_CONTROL;
  if (relative.startsWith('assets/')) return IMMUTABLE_CACHE_CONTROL;
  return ASSET_CACHE_CONTROL;
}

type SpaSite = { root: string; files: ReadonlySet<string> };

function openSite(root: string): SpaSite | null {
  if (!existsSync(path.join(root, 'index.html')) || !statSync(root).isDirectory()) return null;
  return { root, files: listFiles(root) };
}

/** Whether the build wrote a compressed copy (`.br`, `.gz`) of a file (apps/web's precompress plugin). */
function hasCompressedCopy(site: SpaSite, relative: string): boolean {
  return site.files.has(`${relative}.br`) || site.files.has(`${relative}.gz`);
}

function sendSiteFile(reply: FastifyReply, site: SpaSite, relative: string): FastifyReply {
  reply.header('Cache-Control', cacheControlOf(relative));
  // The answer depends on Accept-Encoding when there is a compressed copy to choose.
  if (hasCompressedCopy(site, relative)) reply.header('Vary', 'Accept-Encoding');
  return reply.sendFile(relative, site.root, { cacheControl: false });
}

/** The inline scripts' hashes of a built page, read from the file as it is served; none without it. */
function readScriptHashes(site: SpaSite | null, relative: string): string[] {
  if (!site?.files.has(relative)) return [];
  return hashInlineScripts(readFileSync(path.join(site.root, relative), 'utf8'));
}

/** Sends a page (an index.html) with its kind's per-merchant policy. */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  site: SpaSite,
  relative: string,
  kind: PageKind,
  headers: PageSecurityHeaders,
): Promise<FastifyReply> {
  await headers.apply(request, reply, kind);
  return sendSiteFile(reply, site, relative);
}

/**
 * Sends the player's page for a client route the server describes (an article): its meta tags
 * written into the built index.html, or the page as built with 404 for a route that names nothing,
 * where the SPA shows its not-found state.
 */
async function sendDescribedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  described: DescribedPage,
  headers: PageSecurityHeaders,
): Promise<FastifyReply> {
  await headers.apply(request, reply, 'player');
  reply.header('Cache-Control', INDEX_CACHE_CONTROL);
  reply.type('text/html; charset=utf-8').status(described.status);
  return reply.send(described.status === 200 ? writePageMeta(html, described.meta) : html);
}

/**
 * Serves the built player SPA at / and the back office at /admin/, each with its index.html for
 * client-side routes. Only files listed from the dist folder at start are served, so no request
 * path reaches the disk. A missing dist folder is skipped (development and tests).
 *
 * The pages and their files live in a context of their own with @fastify/helmet, so its hooks run
 * for them and not for the API: every file answers with nosniff, a referrer policy and the
 * cross-origin policies; each page adds its Content-Security-Policy, framing rules and (over TLS)
 * HSTS, computed once per merchant (security-headers.ts).
 */
export async function registerSpaRoutes(
  app: TypedApp,
  options: {
    webDistDir: string;
    adminDistDir: string;
    readVendorOrigins: VendorOriginReader;
    /** Describes the client routes whose page carries its own title and meta tags (articles). */
    describePage?: PageDescriber;
  },
): Promise<void> {
  const web = openSite(options.webDistDir);
  const admin = openSite(options.adminDistDir);
  if (!web && !admin) return;

  const headers = createPageSecurityHeaders({
    scriptHashes: {
      player: readScriptHashes(web, 'index.html'),
      game: readScriptHashes(web, GAME_CLIENT_INDEX),
      admin: readScriptHashes(admin, 'index.html'),
    },
    readVendorOrigins: options.readVendorOrigins,
  });

  await app.register(async (pages) => {
    await pages.register(fastifyHelmet, {
      // Per merchant and page kind, from security-headers.ts; HSTS only over TLS.
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      xFrameOptions: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The customer-service popup and the pay page keep working from a window the site opened.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    // Only reply.sendFile is used; routing stays ours. preCompressed: a file's `.br` or `.gz` copy
    // written at build goes to a browser that accepts it, with the original's Content-Type; a file
    // without one goes as it is.
    await pages.register(fastifyStatic, {
      root: (web ?? admin)?.root ?? options.webDistDir,
      serve: false,
      preCompressed: true,
    });

    const schema = { hide: true };

    if (web) {
      // Read once: the build does not change under a running server.
      const webIndexHtml = readFileSync(path.join(web.root, 'index.html'), 'utf8');
      pages.get('/*', { schema }, async (request, reply) => {
        const relative = (request.params as { '*': string })['*'];
        if (relative === 'index.html') return sendPage(request, reply, web, relative, 'player', headers);
        if (relative === GAME_CLIENT_INDEX && web.files.has(relative))
          return sendPage(request, reply, web, relative, 'game', headers);
        if (web.files.has(relative)) return sendSiteFile(reply, web, relative);
        if (isReserved(request.url) || !isPageRequest(request, relative)) throw new AppError('NOT_FOUND');
        // The in-house game client is a page of its own under /game/ (a second entry of the build).
        if (isGameClientPath(relative) && web.files.has(GAME_CLIENT_INDEX)) {
          return sendPage(request, reply, web, GAME_CLIENT_INDEX, 'game', headers);
        }
        const described = await options.describePage?.(request, `/${relative}`);
        if (described) return sendDescribedPage(request, reply, webIndexHtml, described, headers);
        return sendPage(request, reply, web, 'index.html', 'player', headers);
      });
    }

    if (admin) {
      const answerAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
        const relative = (request.params as { '*'?: string })['*'] ?? '';
        if (relative === 'index.html') return sendPage(request, reply, admin, relative, 'admin', headers);
        if (admin.files.has(relative)) return sendSiteFile(reply, admin, relative);
        if (!isPageRequest(request, relative)) throw new AppError('NOT_FOUND');
        return sendPage(request, reply, admin, 'index.html', 'admin', headers);
      };
      // Operators' pages send no referrer at all.
      const adminRoute = { schema, helmet: { referrerPolicy: { policy: 'no-referrer' as const } } };
      pages.get('/admin', adminRoute, answerAdmin);
      pages.get('/admin/*', adminRoute, answerAdmin);
    }
  });
}
