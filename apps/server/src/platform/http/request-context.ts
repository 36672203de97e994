import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, type Language, resolveLanguage } from '../i18n/language.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reply language (spec code TY or EN). */
    language: Language;
  }
}

export type LanguageFallback = (request: import('fastify').FastifyRequest) => Language;

/**
 * Decorates every request with its language. The fallback (the merchant's default) is handed in by
 * app.ts, because the merchant is a module's business and platform code never imports modules.
 */
export function installRequestContext(app: FastifyInstance, fallback: LanguageFallback): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = query?.language ?? query?.lang;
    request.language = resolveLanguage({
      query: typeof fromQuery === 'string' ? fromQuery : undefined,
      acceptLanguage: request.headers['accept-language'],
      fallback: fallback(request),
    });
  });
}
