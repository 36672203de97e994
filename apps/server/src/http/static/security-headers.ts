import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedMerchant } from '../../modules/merchant/merchant.service.ts';

/**
 * The pages the server hands a browser, each with its own policy: the player and agent site, our
 * game client (the only page another site of the merchant may frame) and the back office.
 */
export type PageKind = 'player' | 'game' | 'admin';

/** Where a merchant's vendors live, as the game registry answers it (GameService.listVendorOrigins). */
export type VendorOriginReader = (merchantId: string) => Promise<{ launch: string[]; catalogue: string[] }>;

/** `'sha256-…'` of every inline script of each built page, read from the very files that are served. */
export type InlineScriptHashes = Readonly<Record<PageKind, readonly string[]>>;

const INLINE_SCRIPT_PATTERN = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE_PATTERN = /\ssrc\s*=/i;

/**
 * The CSP source of every inline script (`<script>` without `src`) of a built page: the SHA-256 of
 * its text exactly as the file holds it, which is what the browser hashes. Computed from the file
 * the server serves, at start, so a new build never meets a stale hash.
 */
export function hashInlineScripts(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT_PATTERN)) {
    const [, attributes = '', body = ''] = match;
    if (SRC_ATTRIBUTE_PATTERN.test(` ${attributes}`)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

// A host as the domain routes hold it (letters, digits, dots and dashes; IPv4 included): anything
// else could break out of its place in the header, so it is left out.
const HOST_PATTERN = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/i;

type DomainRouteLike = { domain: string; scheme?: string | null; port?: number | null };

/**
 * A domain route as a CSP host source: `scheme://host[:port]` when the route names its scheme,
 * else the bare host, which matches the page's own scheme (and its WebSocket counterpart).
 */
function hostSourceOf(route: DomainRouteLike): string | null {
  const host = route.domain.trim().toLowerCase();
  if (!HOST_PATTERN.test(host)) return null;
  const port = typeof route.port === 'number' && Number.isInteger(route.port) ? `:${route.port}` : '';
  if (route.scheme === 'http' || route.scheme === 'https') return `${route.scheme}://${host}${port}`;
  return `${host}${port}`;
}

/** The origin of an absolute http(s) address (a CDN), or null. */
function originOf(address: string): string | null {
  if (!/^https?:\/\//i.test(address.trim())) return null;
  try {
    return new URL(address.trim()).origin;
  } catch {
    return null;
  }
}

function unique(sources: readonly (string | null)[]): string[] {
  return [...new Set(sources.filter((source): source is string => source !== null))];
}

/** What a merchant's pages may reach beyond their own origin. */
type MerchantSources = {
  domains: string[];
  imageCdns: string[];
  launchCdns: string[];
  vendorLaunch: string[];
  vendorCatalogue: string[];
};

const NO_SOURCES: MerchantSources = {
  domains: [],
  imageCdns: [],
  launchCdns: [],
  vendorLaunch: [],
  vendorCatalogue: [],
};

/**
 * The Content-Security-Policy of one page kind for one merchant. Scripts: our own files and the
 * hashed inline boot scripts only (no 'unsafe-inline', no eval, no nonces: index.html is a prebuilt
 * file). Styles allow inline style elements, which the dialog primitives inject at run time.
 * Images: our own, data: and blob: (QR codes, previews), the merchant's CDNs and vendors' catalogue
 * hosts, and any https: address, since operators link logos and resources from their own hosts.
 */
export function buildContentSecurityPolicy(
  kind: PageKind,
  sources: MerchantSources,
  options: { scriptHashes: readonly string[]; https: boolean },
): string {
  const self = "'self'";
  const cdns = unique([...sources.imageCdns, ...sources.launchCdns]);
  const frameAncestors =
    kind === 'admin' ? ["'none'"] : kind === 'game' ? unique([self, ...sources.domains]) : [self];
  const directives: Array<[string, string[]]> = [
    ['default-src', [self]],
    ['script-src', [self, ...options.scriptHashes]],
    ['script-src-attr', ["'none'"]],
    ['style-src', [self, "'unsafe-inline'"]],
    ['img-src', unique([self, 'data:', 'blob:', 'https:', ...cdns, ...sources.vendorCatalogue])],
    ['font-src', [self, 'data:']],
    ['media-src', [self, 'data:', 'blob:']],
    ['connect-src', kind === 'admin' ? [self] : unique([self, ...sources.domains, ...cdns])],
    [
      'frame-src',
      kind === 'player'
        ? unique([self, ...sources.domains, ...sources.launchCdns, ...sources.vendorLaunch])
        : ["'none'"],
    ],
    ['worker-src', [self, 'blob:']],
    ['manifest-src', [self]],
    ['object-src', ["'none'"]],
    ['base-uri', [self]],
    ['form-action', [self]],
    ['frame-ancestors', frameAncestors],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  // Over plain HTTP (development, the e2e run) an upgrade would send every request to a port that
  // does not speak TLS.
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

function sourcesOf(
  merchant: ResolvedMerchant,
  vendors: { launch: string[]; catalogue: string[] },
): MerchantSources {
  return {
    domains: unique(merchant.domainRoutes.map((route) => hostSourceOf(route as DomainRouteLike))),
    imageCdns: unique(merchant.settings.imageCDNs.map(originOf)),
    launchCdns: unique(merchant.settings.launchGameCDNs.map(originOf)),
    vendorLaunch: unique(vendors.launch.map(originOf)),
    vendorCatalogue: unique(vendors.catalogue.map(originOf)),
  };
}

/** The headers a page answers with, beside those @fastify/helmet sets on every page and file. */
export type PageHeaders = Readonly<Record<string, string>>;

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The per-merchant page headers: computed once per merchant object and page kind, and kept while the
 * merchant service keeps that object (its cache hands out the same object until it reloads it or an
 * operator's change drops it), so a change to the merchant's domains, CDNs or vendors shows within the
 * merchant cache's lifetime and a page request only looks the headers up.
 */
export function createPageSecurityHeaders(deps: {
  scriptHashes: InlineScriptHashes;
  readVendorOrigins: VendorOriginReader;
}) {
  type Entry = Partial<Record<string, PageHeaders>>;
  const byMerchant = new WeakMap<ResolvedMerchant, Entry>();
  const pending = new WeakMap<ResolvedMerchant, Promise<MerchantSources>>();
  const withoutMerchant: Entry = {};

  function headersFor(kind: PageKind, sources: MerchantSources, https: boolean): PageHeaders {
    const policy = buildContentSecurityPolicy(kind, sources, {
      scriptHashes: deps.scriptHashes[kind],
      https,
    });
    return {
      'content-security-policy': policy,
      // Older browsers that read no frame-ancestors; the game client's allow-list has no XFO form.
      ...(kind === 'admin' ? { 'x-frame-options': 'DENY' } : {}),
      ...(kind === 'player' ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
      // Only over TLS (as the trusted proxy reports it): HSTS on plain HTTP is ignored at best.
      ...(https ? { 'strict-transport-security': HSTS_VALUE } : {}),
    };
  }

  function sourcesFor(merchant: ResolvedMerchant): Promise<MerchantSources> {
    let loading = pending.get(merchant);
    if (!loading) {
      loading = deps.readVendorOrigins(merchant.id).then(
        (vendors) => sourcesOf(merchant, vendors),
        (error: unknown) => {
          // A failed read is not kept: the next page asks again.
          pending.delete(merchant);
          throw error;
        },
      );
      pending.set(merchant, loading);
    }
    return loading;
  }

  /** The headers of a page of this kind for the request's merchant (none: only its own origin). */
  async function resolve(
    merchant: ResolvedMerchant | null,
    kind: PageKind,
    https: boolean,
  ): Promise<PageHeaders> {
    const key = `${kind}:${https ? 's' : ''}`;
    const entry = merchant ? byMerchant.get(merchant) : withoutMerchant;
    const cached = entry?.[key];
    if (cached) return cached;
    const headers = headersFor(kind, merchant ? await sourcesFor(merchant) : NO_SOURCES, https);
    if (merchant) {
      const stored = byMerchant.get(merchant) ?? {};
      stored[key] = headers;
      byMerchant.set(merchant, stored);
    } else {
      withoutMerchant[key] = headers;
    }
    return headers;
  }

  return {
    resolve,
    /** Sets the page's headers on the reply. */
    async apply(request: FastifyRequest, reply: FastifyReply, kind: PageKind): Promise<void> {
      reply.headers(await resolve(request.merchant, kind, request.protocol === 'https'));
    },
  };
}

export type PageSecurityHeaders = ReturnType<typeof createPageSecurityHeaders>;
