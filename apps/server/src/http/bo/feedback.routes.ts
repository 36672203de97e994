import { Type } from 'typebox';
import {
  ANSWER_LENGTH_MAX,
  FEEDBACK_PAGE_SIZE_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type FeedbackImageRow,
  type FeedbackService,
  type InboxRow,
} from '../../modules/feedback/feedback.service.ts';
import type { InboxService } from '../../modules/inbox/inbox.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { answerFeedback } from '../../workflows/feedback-answer.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { operatorRoute, readOperator, resolveMerchantScope } from './operator-session.ts';
import { sendReviewPhoto } from './review.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute } from './scoped-route.ts';

const TAGS = ['back office: support'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 25;
/** Where an operator reads a feedback's image: `<prefix><imageId>`. */
export const INBOX_IMAGE_PATH = '/bo/feedback/images/';

const InboxQuery = Type.Object({
  merchantId: MerchantIdField,
  status: Type.Optional(StringOf(FEEDBACK_STATUSES)),
  type: Type.Optional(StringOf(FEEDBACK_TYPES)),
  ...PageQueryFields(FEEDBACK_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

const FeedbackView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  memberId: Type.String(),
  account: Type.String(),
  type: StringOf(FEEDBACK_TYPES),
  content: Type.String(),
  status: StringOf(FEEDBACK_STATUSES),
  answer: Nullable(Type.String()),
  answeredBy: Nullable(Type.String()),
  answeredAt: Nullable(Type.String({ format: 'date-time' })),
  /** Read with the operator's session (re-encoded WebP). */
  images: Type.Array(Type.Object({ id: Type.String(), url: Type.String() })),
  createdAt: Type.String({ format: 'date-time' }),
});

const AnswerBody = Type.Object({
  /** Plain text the member reads in their messages; trimmed, at least one character. */
  answer: Type.String({ minLength: 1, maxLength: ANSWER_LENGTH_MAX }),
});

function viewOf(row: InboxRow, images: readonly FeedbackImageRow[]) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    memberId: row.member_id,
    account: row.account,
    type: row.type,
    content: row.content,
    status: row.status,
    answer: row.answer,
    answeredBy: row.answerer,
    answeredAt: row.answered_at?.toISOString() ?? null,
    images: images
      .filter((image) => image.feedback_id === row.id)
      .map((image) => ({ id: image.id, url: `${INBOX_IMAGE_PATH}${image.id}` })),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The feedback inbox (docs/back-office.md "Feedback"): members' feedback by status and type, newest
 * first; one feedback with its images; and its answer, which is audited and reaches the member's
 * messages. Everything needs `support.feedback`.
 */
export function registerFeedbackInboxRoutes(
  app: TypedApp,
  deps: { feedback: FeedbackService; inbox: InboxService; images: ImageStore },
): void {
  const { feedback } = deps;

  app.get(
    '/bo/feedback',
    {
      ...merchantScopedRoute('support.feedback'),
      schema: {
        tags: TAGS,
        summary: "Members' feedback, newest first, by status and type",
        querystring: InboxQuery,
        response: { 200: Envelope(CountedPageOf(FeedbackView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const page = await feedback.inbox({
        merchantIds: await readMerchantScope(request),
        status: query.status ?? null,
        type: query.type ?? null,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({
        list: page.rows.map((row) => viewOf(row, page.images)),
        total: page.total,
        totalPages: Math.ceil(page.total / pageSize),
      });
    },
  );

  app.get(
    '/bo/feedback/:id',
    {
      ...resourceRoute('support.feedback', feedback.findMerchantOf),
      schema: {
        tags: TAGS,
        summary: 'One feedback with its images and answer',
        params: IdParams,
        response: { 200: Envelope(FeedbackView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const found = await feedback.inboxItem(request.params.id);
      if (!found) throw new AppError('NOT_FOUND');
      return ok(viewOf(found.row, found.images));
    },
  );

  app.post(
    '/bo/feedback/:id/answer',
    {
      ...resourceRoute('support.feedback', feedback.findMerchantOf),
      schema: {
        tags: TAGS,
        summary: "Answer a feedback, once: the answer reaches the member's messages",
        params: IdParams,
        body: AnswerBody,
        response: { 200: Envelope(FeedbackView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const answer = request.body.answer.trim();
      if (answer === '') throw new AppError('VALIDATION', { value: { fields: { answer: 'required' } } });
      const { actor } = await readOperator(request);
      await answerFeedback(deps, actor, request.params.id, answer);
      const found = await feedback.inboxItem(request.params.id);
      if (!found) throw new AppError('NOT_FOUND');
      return ok(viewOf(found.row, found.images));
    },
  );

  app.get(
    `${INBOX_IMAGE_PATH}:id`,
    {
      ...operatorRoute('support.feedback'),
      schema: { tags: TAGS, summary: "A feedback's image (WebP)", params: IdParams },
    },
    async (request, reply) => {
      const image = await feedback.inboxImageOf(request.params.id);
      const { scope } = resolveMerchantScope(await readOperator(request), undefined);
      const visible = image !== null && (scope === null || scope.includes(image.merchant_id));
      return sendReviewPhoto(reply, deps.images, visible ? image.image_path : null);
    },
  );
}
