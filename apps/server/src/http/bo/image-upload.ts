import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Permission } from '../../modules/operator/permissions.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { multipartBody, readUploadedFile } from '../../platform/http/upload.ts';
import type { ImageStore, SaveImageInput } from '../../platform/storage/image-store.ts';
import { UPLOADED_MEDIA_PREFIX } from '../static/uploaded-media.routes.ts';
import { BO_ERROR_RESPONSES, MerchantIdField } from './bo-schemas.ts';
import { merchantScopedRoute } from './scoped-route.ts';

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

/** What an image upload answers: where the stored picture is served, and its size. */
export const UploadedImageView = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
});

/**
 * Adds a back office route taking one picture of a merchant's (multipart, `?merchantId=`) for one
 * use, with the operator's `permission`: the picture is stored within `limits` and answered with
 * its public URL (413 beyond the bytes).
 */
export function addMerchantImageUpload(
  app: TypedApp,
  input: {
    path: string;
    permission: Permission;
    tags: string[];
    summary: string;
    images: ImageStore;
    limits: ImageUploadLimits;
  },
): void {
  app.post(
    input.path,
    {
      ...merchantScopedRoute(input.permission),
      schema: {
        tags: input.tags,
        summary: input.summary,
        consumes: ['multipart/form-data'],
        body: multipartBody(Type.Object({ file: Type.String({ format: 'binary' }) })),
        querystring: Type.Object({ merchantId: MerchantIdField }),
        response: {
          200: Envelope(UploadedImageView),
          413: { $ref: 'ErrorEnvelope#' },
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { url, width, height, bytes } = await saveUploadedImage(request, input.images, input.limits);
      return ok({ url, width, height, bytes });
    },
  );
}
