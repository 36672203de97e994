import { Type } from 'typebox';
import { CHAT_IMAGE_BYTES_MAX, type ChatService } from '../../modules/chat/chat.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { multipartBody, readUploadedFile } from '../../platform/http/upload.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { BO_ERROR_RESPONSES, IdParams } from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { sendReviewPhoto } from './review.ts';
import { resourceRoute } from './scoped-route.ts';

const TAGS = ['back office: live chat'];

const ImageForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'A PNG or JPEG image, at most 5 MB' }),
});

/**
 * Pictures in the live chat, the desk's side (docs/chat.md "Images"): an operator's upload into a
 * conversation they hold, which the desk socket's `send { conversationId, imageId }` then shows,
 * and every picture of the merchant's conversations.
 */
export function registerChatImagesBackOfficeRoutes(
  app: TypedApp,
  deps: { chat: ChatService; images: ImageStore },
): void {
  const { chat, images } = deps;

  app.post(
    '/bo/chat/conversations/:id/images',
    {
      ...resourceRoute('support.chat', chat.conversationMerchantOf),
      schema: {
        tags: TAGS,
        summary: `Upload a picture into a conversation the operator holds (multipart: one PNG or JPEG of at most ${CHAT_IMAGE_BYTES_MAX} bytes)`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: multipartBody(ImageForm),
        response: {
          200: Envelope(Type.Object({ id: Type.String() })),
          413: { $ref: 'ErrorEnvelope#' },
          ...BO_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { operator } = await readOperator(request);
      const merchantId = operator.merchant_id;
      // Only a merchant's own staff work a desk.
      if (merchantId === null) throw new AppError('FORBIDDEN');
      const upload = await readUploadedFile(request, CHAT_IMAGE_BYTES_MAX);
      const image = await chat.uploadImage(
        {
          kind: 'operator',
          operator: {
            id: operator.id,
            username: operator.username,
            ip: null,
            merchantId,
            displayName: operator.display_name,
          },
          conversationId: request.params.id,
        },
        upload.data,
      );
      return ok({ id: image.id });
    },
  );

  app.get(
    '/bo/chat/images/:id',
    {
      ...resourceRoute('support.chat', chat.imageMerchantOf),
      schema: {
        tags: TAGS,
        summary: "A picture of one of the merchant's conversations (WebP)",
        params: IdParams,
        response: BO_ERROR_RESPONSES,
      },
    },
    async (request, reply) => sendReviewPhoto(reply, images, await chat.deskImagePath(request.params.id)),
  );
}
