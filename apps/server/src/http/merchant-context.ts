import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MerchantService, ResolvedMerchant, Visitor } from '../modules/merchant/merchant.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../platform/i18n/language.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant whose site this request is for, from the Host header; null for a host none answers on. */
    merchant: ResolvedMerchant | null;
  }
  interface FastifyInstance {
    /** Resolves merchants by host; `invalidate()` after changing a merchant. */
    merchantService: MerchantService;
  }
}

const COUNTRY_HEADER_PATTERN = /^[A-Z]{2}$/;
/**
 * The site's own APIs, which act in a merchant's name and so answer only on a host one of its
 * domain routes names. Vendors' and gateways' calls (/wallet/v1, /pay) name their merchant by who
 * signed them; static files, health and metrics need no merchant.
 */
const SITE_API_PATTERN = /^\/(?:wps|lgw|bo)(?:[/?]|$)/;
/** Why a request has no merchant, when the reason was a failure rather than an unknown host. */
const merchantFailures = new WeakMap<FastifyRequest, unknown>();

/**
 * Decorates every request with its merchant. Must be installed before the request context, whose
 * language fallback is the merchant's default language.
 */
export function installMerchantContext(
  app: FastifyInstance,
  merchantService: MerchantService,
  options: {
    /**
     * PUBLIC_ORIGIN's host: the platform's own address, where vendors call and where the back office
     * of an installation with no merchant yet (its first owner signing in) must still answer.
     * Routes that act for a merchant still refuse there when no domain route names it.
     */
    platformHost: string;
  },
): void {
  app.decorate('merchantService', merchantService);
  app.decorateRequest('merchant', null);
  // A callback hook with a synchronous cache hit: this runs on every request, and an async hook
  // costs a promise and a microtask turn even when the answer is already in memory.
  app.addHook('onRequest', (request, _reply, done) => {
    const cached = merchantService.findCachedByHost(request.hostname);
    if (cached !== undefined) {
      request.merchant = cached;
      done();
      return;
    }
    merchantService.resolveByHost(request.hostname).then(
      (merchant) => {
        request.merchant = merchant;
        done();
      },
      (error: unknown) => {
        // Liveness, metrics and static files must not fail because the database is away; the
        // calls that need the merchant fail in requireMerchant with the cause instead.
        request.log.error({ err: error }, 'merchant resolution failed');
        merchantFailures.set(request, error);
        request.merchant = null;
        done();
      },
    );
  });
  // After every onRequest hook (the reply then carries its request id and the language is known),
  // before a body is read: an unknown host is refused, never given the default merchant.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (
      request.merchant !== null ||
      request.hostname === options.platformHost ||
      !SITE_API_PATTERN.test(request.url)
    ) {
      done(null, payload);
      return;
    }
    try {
      requireMerchant(request);
      done(null, payload);
    } catch (error) {
      done(error as Error);
    }
  });
}

/** The language a request falls back to: its merchant's default, else the platform's. */
export function readMerchantLanguage(request: FastifyRequest): Language {
  const language = request.merchant?.defaultLanguage;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** The request's merchant; a host no merchant answers on is NOT_FOUND. */
export function requireMerchant(request: FastifyRequest): ResolvedMerchant {
  if (request.merchant) return request.merchant;
  if (merchantFailures.has(request)) throw new AppError('UNKNOWN', { cause: merchantFailures.get(request) });
  throw new AppError('NOT_FOUND');
}

/**
 * The request's merchant and the languages its texts are read in: the request's, else the
 * merchant's default.
 */
export function requireMerchantReader(request: FastifyRequest) {
  const merchant = requireMerchant(request);
  return { merchant, reader: { language: request.language, fallbackLanguage: merchant.defaultLanguage } };
}

/** Who is asking, for region rules: the client address and, if configured, a proxy's country header. */
export function readVisitor(request: FastifyRequest, countryHeader: string | undefined): Visitor {
  const raw = countryHeader ? request.headers[countryHeader.toLowerCase()] : undefined;
  const country = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return {
    ip: displayAddress(request.ip),
    trustedCountry: COUNTRY_HEADER_PATTERN.test(country) ? country : null,
  };
}

// A dual-stack listener reports IPv4 clients as ::ffff:a.b.c.d; visitors know their address as a.b.c.d.
const IPV4_MAPPED_PATTERN = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function displayAddress(ip: string): string {
  return IPV4_MAPPED_PATTERN.exec(ip)?.[1] ?? ip;
}
