import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CHAT_IMAGE_BYTES_MAX,
  CHAT_VISITOR_TOKEN_PREFIX,
  type ChatCustomer,
  type ChatService,
} from '../../../modules/chat/chat.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { multipartBody, readUploadedFile } from '../../../platform/http/upload.ts';
import type { ImageStore } from '../../../platform/storage/image-store.ts';
import { IdParams } from '../../bo/bo-schemas.ts';
import { sendReviewPhoto } from '../../bo/review.ts';
import { requireMerchant } from '../../merchant-context.ts';
import { ERROR_RESPONSES } from '../system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps-schemas.ts';

const TAGS = ['chat'];
/** Where a customer reads a picture of their chat: `<prefix><imageId>`, with their token. */
export const CHAT_IMAGE_PATH = '/wps/chat/images/';

const ImageView = Type.Object({ id: Type.String() });
/** A member's session token, or a visitor's chat token (`cv1.` and the same characters). */
const CHAT_BEARER_PATTERN = /^Bearer ((?:cv1\.)?[A-Za-z0-9_-]{20,100})$/;
const ImageForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'A PNG or JPEG image, at most 5 MB' }),
});

/**
 * Pictures in the live chat, the customer's side (docs/chat.md "Images"): an upload into their
 * open conversation, which the chat socket's `send { imageId }` then shows, and the pictures of
 * their conversations. The customer is who the bearer token names: a visitor's chat token or a
 * member's session, of this merchant.
 */
export function registerChatImageRoutes(
  app: TypedApp,
  deps: {
    chat: ChatService;
    images: ImageStore;
    /** A member's session token → the member as a chat customer, or null. */
    resolveMember: (token: string) => Promise<ChatCustomer | null>;
  },
): void {
  const { chat, images } = deps;

  async function requireCustomer(request: FastifyRequest): Promise<ChatCustomer> {
    const merchant = requireMerchant(request);
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? (CHAT_BEARER_PATTERN.exec(header)?.[1] ?? null) : null;
    const customer = !token
      ? null
      : token.startsWith(CHAT_VISITOR_TOKEN_PREFIX)
        ? await chat.resolveVisitorToken(token)
        : await deps.resolveMember(token);
    if (!customer || customer.merchantId !== merchant.id) throw new AppError('NOT_LOGGED_IN');
    return customer;
  }

  app.post(
    '/wps/chat/image',
    {
      schema: {
        tags: TAGS,
        summary: `Upload a picture into the customer's open conversation (multipart, one PNG or JPEG of at most ${CHAT_IMAGE_BYTES_MAX} bytes, checked by content); a visitor's only once an operator accepted it`,
        consumes: ['multipart/form-data'],
        body: multipartBody(ImageForm),
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(ImageView), 413: { $ref: 'ErrorEnvelope#' }, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const customer = await requireCustomer(request);
      const upload = await readUploadedFile(request, CHAT_IMAGE_BYTES_MAX);
      const image = await chat.uploadImage({ kind: 'customer', customer }, upload.data);
      return ok({ id: image.id });
    },
  );

  app.get(
    `${CHAT_IMAGE_PATH}:id`,
    {
      schema: {
        tags: TAGS,
        summary: "A picture of one of the customer's own conversations (WebP)",
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const customer = await requireCustomer(request);
      return sendReviewPhoto(reply, images, await chat.customerImagePath(customer, request.params.id));
    },
  );
}
