import { Type } from 'typebox';
import { AppError } from '../../platform/errors/errors.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';

/** Where players' browsers fetch uploaded content images: `/media/uploads/<namespace>/<file>.webp`. */
export const UPLOADED_MEDIA_PREFIX = '/media/uploads/';
/**
 * Only content images and game icons are public; other namespaces (for example payment proofs)
 * never are.
 */
const PUBLIC_NAMESPACES = new Set(['content', 'game-icons']);
// Names are random UUIDv7s and a file never changes once written, so browsers may keep it.
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** GET /media/uploads/{namespace}/{file}: an uploaded, re-encoded WebP image of a public namespace. */
export function registerUploadedMediaRoutes(app: TypedApp, deps: { images: ImageStore }): void {
  app.get(
    `${UPLOADED_MEDIA_PREFIX}:namespace/:file`,
    {
      schema: {
        tags: ['system'],
        summary: 'Images uploaded in the back office (banners, licence logos, game icons), as WebP',
        params: Type.Object({
          namespace: Type.String({ maxLength: 40 }),
          file: Type.String({ maxLength: 60 }),
        }),
        response: { 404: { $ref: 'ErrorEnvelope#' } },
      },
    },
    async (request, reply) => {
      const { namespace, file } = request.params;
      if (!PUBLIC_NAMESPACES.has(namespace)) throw new AppError('NOT_FOUND');
      const data = await deps.images.read(`${namespace}/${file}`);
      if (!data) throw new AppError('NOT_FOUND');
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', UPLOAD_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  );
}
