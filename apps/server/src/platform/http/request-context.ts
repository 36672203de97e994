import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, type Language, resolveLanguage } from '../i18n/language.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reply language (spec code TY or EN). */
    language: Language;
  }
}

export type LanguageFallback = (request: import('fastify').FastifyRequest) => Language;

const REQUEST_COUNTER_DIGITS = 12;

/**
 * Fastify's genReqId: ids shaped like a UUID (8-4-4-4-12 hex digits), unique across processes, at
 * the cost of a counter: the first twenty digits are random per process, the last twelve count its
 * requests. A random UUID per request showed up in the lobby's profile; nothing needs these ids to
 * be unguessable, only distinct, so that one request's log lines can be found.
 */
export function createRequestIdGenerator(): () => string {
  const random = randomBytes(10).toString('hex');
  const prefix = `${random.slice(0, 8)}-${random.slice(8, 12)}-${random.slice(12, 16)}-${random.slice(16, 20)}-`;
  let counter = 0;
  return () => {
    counter += 1;
    return prefix + counter.toString(16).padStart(REQUEST_COUNTER_DIGITS, '0');
  };
}

/**
 * Decorates every request with its language and answers its id in X-Request-Id (and nosniff). The fallback (the
 * merchant's default) is handed in by app.ts, because the merchant is a module's business and
 * platform code never imports modules. A callback hook: it runs on every request and never waits,
 * and an async one would cost a promise and a microtask turn each time.
 */
export function installRequestContext(app: FastifyInstance, fallback: LanguageFallback): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // Every answer, JSON included, is read as the type it names, never sniffed (the pages' other
    // headers come from @fastify/helmet, in their own context: http/static/spa.routes.ts).
    reply.header('X-Content-Type-Options', 'nosniff');
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = query?.language ?? query?.lang;
    request.language = resolveLanguage({
      query: typeof fromQuery === 'string' ? fromQuery : undefined,
      acceptLanguage: request.headers['accept-language'],
      fallback: fallback(request),
    });
    done();
  });
}
