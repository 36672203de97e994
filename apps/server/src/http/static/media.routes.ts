import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Type } from 'typebox';
import { AppError } from '../../platform/errors/errors.ts';
import type { TypedApp } from '../../platform/http/typed.ts';

/** The seed's own images (banners, logo, licence), drawn as SVG and shipped with the code. */
export const SEED_ASSETS_DIRECTORY = path.resolve(import.meta.dirname, '../../seed/assets');
const MEDIA_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/;
const MEDIA_CACHE_CONTROL = 'public, max-age=86400';
// SVG can carry script; served as an image with a policy that forbids it, even if opened directly.
const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * GET /media/{name}: files of the seed assets folder. Only names listed from that folder at start
 * are served, so a request can never reach another path.
 */
export function registerMediaRoutes(app: TypedApp, directory: string = SEED_ASSETS_DIRECTORY): void {
  let names: ReadonlySet<string>;
  try {
    names = new Set(readdirSync(directory).filter((name) => MEDIA_NAME_PATTERN.test(name)));
  } catch {
    names = new Set();
  }

  app.get(
    '/media/:name',
    {
      schema: {
        tags: ['system'],
        summary: 'Images of the demo content (SVG)',
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 404: { $ref: 'ErrorEnvelope#' } },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!names.has(name)) throw new AppError('NOT_FOUND');
      const svg = await readFile(path.join(directory, name));
      return reply
        .header('Content-Type', 'image/svg+xml')
        .header('Cache-Control', MEDIA_CACHE_CONTROL)
        .header('Content-Security-Policy', MEDIA_CONTENT_SECURITY_POLICY)
        .header('X-Content-Type-Options', 'nosniff')
        .send(svg);
    },
  );
}
