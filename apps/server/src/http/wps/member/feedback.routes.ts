import { Type } from 'typebox';
import {
  FEEDBACK_IMAGE_BYTES_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_PAGE_SIZE_MAX,
  FEEDBACK_PER_DAY_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type FeedbackImageRow,
  type FeedbackRow,
  type FeedbackService,
} from '../../../modules/feedback/feedback.service.ts';
import type { MemberService } from '../../../modules/member/member.service.ts';
import { FEEDBACK_CONTENT_LENGTH_CAP } from '../../../modules/merchant/merchant-settings.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import { Defaulted, type TypedApp } from '../../../platform/http/typed.ts';
import { multipartBody, readUploadedFile } from '../../../platform/http/upload.ts';
import type { ImageStore } from '../../../platform/storage/image-store.ts';
import { Id, IdParams } from '../../bo/bo-schemas.ts';
import { sendReviewPhoto } from '../../bo/review.ts';
import { requireMerchantMember } from '../../member-session.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';
import {
  DefaultedPageFields,
  MEMBER_ERROR_RESPONSES,
  MerchantLanguageQuery,
  PageOf,
} from '../wps-schemas.ts';

const TAGS = ['member'];
/** Where a member reads an image of their own feedback: `<prefix><imageId>`. */
export const FEEDBACK_IMAGE_PATH = '/wps/feedback/images/';

const ImageView = Type.Object({
  id: Type.String(),
  /** The image, read with the member's session (re-encoded WebP). */
  url: Type.String(),
});

const FeedbackView = Type.Object({
  id: Type.String(),
  type: StringOf(FEEDBACK_TYPES),
  content: Type.String(),
  status: StringOf(FEEDBACK_STATUSES),
  answer: Nullable(Type.String()),
  answeredAt: Nullable(Type.String({ format: 'date-time' })),
  images: Type.Array(ImageView),
  createdAt: Type.String({ format: 'date-time' }),
});

const SendBody = Type.Object({
  type: StringOf(FEEDBACK_TYPES),
  /** Checked, once trimmed, against the merchant's length in characters. */
  content: Type.String({ maxLength: FEEDBACK_CONTENT_LENGTH_CAP }),
  imageIds: Defaulted(Type.Array(Id, { maxItems: FEEDBACK_IMAGES_MAX, default: [] })),
});

const ListQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  ...DefaultedPageFields(FEEDBACK_PAGE_SIZE_MAX, 10),
});

const ListView = Type.Object({
  ...PageOf(FeedbackView).properties,
  /** The form's rules: the text's length in characters, the images, the feedbacks a day. */
  contentMinLength: Type.Integer(),
  contentMaxLength: Type.Integer(),
  imagesMax: Type.Integer(),
  imageBytesMax: Type.Integer(),
  perDayMax: Type.Integer(),
});

const ImageForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'A PNG or JPEG image, at most 5 MB' }),
});

function imageViewOf(image: FeedbackImageRow) {
  return { id: image.id, url: `${FEEDBACK_IMAGE_PATH}${image.id}` };
}

function feedbackViewOf(row: FeedbackRow, images: readonly FeedbackImageRow[]) {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    status: row.status,
    answer: row.answer,
    answeredAt: row.answered_at?.toISOString() ?? null,
    images: images.filter((image) => image.feedback_id === row.id).map(imageViewOf),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Members' feedback (spec §2 "feedback form", §7 `PUT /wps/feedback`): images uploaded one by one,
 * then the feedback naming them; the member's own feedback with its answers; and their images.
 * Trial accounts may not send feedback (TRIAL_ACCOUNT).
 */
export function registerFeedbackRoutes(
  app: TypedApp,
  deps: { members: MemberService; feedback: FeedbackService; images: ImageStore },
): void {
  const { members, feedback, images } = deps;

  app.post(
    '/wps/feedback/image',
    {
      schema: {
        tags: TAGS,
        summary: `Upload an image for a feedback (multipart, one PNG or JPEG file of at most ${FEEDBACK_IMAGE_BYTES_MAX} bytes, checked by content) (T)`,
        consumes: ['multipart/form-data'],
        body: multipartBody(ImageForm),
        querystring: MerchantLanguageQuery,
        response: { 200: Envelope(ImageView), 413: { $ref: 'ErrorEnvelope#' }, ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const upload = await readUploadedFile(request, FEEDBACK_IMAGE_BYTES_MAX);
      return ok(imageViewOf(await feedback.uploadImage(merchant, member, upload.data)));
    },
  );

  app.put(
    '/wps/feedback',
    {
      schema: {
        tags: TAGS,
        summary: `Send a feedback: a type, a text within the merchant's length in characters, up to ${FEEDBACK_IMAGES_MAX} uploaded images; at most ${FEEDBACK_PER_DAY_MAX} a day (T)`,
        querystring: MerchantLanguageQuery,
        body: SendBody,
        response: { 200: Envelope(FeedbackView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const { body } = request;
      const sent = await feedback.send(merchant, member, {
        type: body.type,
        content: body.content,
        imageIds: body.imageIds,
      });
      return ok(feedbackViewOf(sent.feedback, sent.images));
    },
  );

  app.get(
    '/wps/feedback',
    {
      schema: {
        tags: TAGS,
        summary:
          "The member's feedback, newest first, with each one's status and answer, and the form's rules (T)",
        querystring: ListQuery,
        response: { 200: Envelope(ListView), ...MEMBER_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, member } = await requireMerchantMember(request, members);
      const { page, pageSize } = request.query;
      const found = await feedback.mine(member.id, { page, pageSize });
      const { contentMinLength, contentMaxLength } = merchant.settings.feedback;
      return ok({
        list: found.rows.map((row) => feedbackViewOf(row, found.images)),
        totalPages: Math.ceil(found.total / pageSize),
        contentMinLength,
        contentMaxLength: Math.max(contentMinLength, contentMaxLength),
        imagesMax: FEEDBACK_IMAGES_MAX,
        imageBytesMax: FEEDBACK_IMAGE_BYTES_MAX,
        perDayMax: FEEDBACK_PER_DAY_MAX,
      });
    },
  );

  app.get(
    `${FEEDBACK_IMAGE_PATH}:id`,
    {
      schema: {
        tags: TAGS,
        summary: "One of the member's own feedback images (WebP) (T)",
        params: IdParams,
        querystring: MerchantLanguageQuery,
        response: MEMBER_ERROR_RESPONSES,
      },
    },
    async (request, reply) => {
      const { member } = await requireMerchantMember(request, members);
      return sendReviewPhoto(reply, images, await feedback.memberImagePathOf(member.id, request.params.id));
    },
  );
}
