import type { FastifyRequest } from 'fastify';
import { readUploadedFile } from '../../platform/http/upload.ts';
import type { ImageStore, SaveImageInput } from '../../platform/storage/image-store.ts';
import { UPLOADED_MEDIA_PREFIX } from '../static/uploaded-media.routes.ts';

/** Where an upload of one use is stored and how large it may be, in bytes and in pixels. */
export type ImageUploadLimits = Omit<SaveImageInput, 'data'>;

/**
 * Reads the request's one image file within its limits and stores it re-encoded; answers the stored
 * image with the public URL it is served at.
 */
export async function saveUploadedImage(
  request: FastifyRequest,
  images: ImageStore,
  limits: ImageUploadLimits,
) {
  const file = await readUploadedFile(request, limits.maxBytes);
  const stored = await images.save({ ...limits, data: file.data });
  return { ...stored, url: `${UPLOADED_MEDIA_PREFIX}${stored.path}` };
}
