import { readFile } from 'node:fs/promises';
import { Type } from 'typebox';
import { findFlagFile } from '../../modules/reference/reference.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { TypedApp } from '../../platform/http/typed.ts';

// Flags never change for a given package version; a month is long enough to matter and short
// enough that an updated flag set reaches everyone.
const FLAG_CACHE_CONTROL = 'public, max-age=2592000, immutable';
const FLAG_PARAMETER_PATTERN = /^([A-Za-z]{2})(\.svg)?$/;

/** GET /COUNTRY_FLAG/{countryCode}: the country's SVG flag from the flag-icons package. */
export function registerCountryFlagRoutes(app: TypedApp): void {
  // About 250 small files; each is read once and then answered from memory.
  const flags = new Map<string, Buffer>();

  app.get(
    '/COUNTRY_FLAG/:countryCode',
    {
      schema: {
        tags: ['system'],
        summary: "A country's flag as SVG (ISO 3166-1 alpha-2 code, optional .svg)",
        params: Type.Object({ countryCode: Type.String({ maxLength: 200 }) }),
        response: { 404: { $ref: 'ErrorEnvelope#' } },
      },
    },
    async (request, reply) => {
      const { countryCode } = request.params;
      const code = FLAG_PARAMETER_PATTERN.exec(countryCode)?.[1]?.toUpperCase();
      const file = code ? findFlagFile(code) : null;
      if (!code || !file) throw new AppError('NOT_FOUND');
      let svg = flags.get(code);
      if (!svg) {
        svg = await readFile(file);
        flags.set(code, svg);
      }
      return reply
        .header('Content-Type', 'image/svg+xml')
        .header('Cache-Control', FLAG_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(svg);
    },
  );
}
