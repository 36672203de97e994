import { v7 as uuidv7 } from 'uuid';
import type { FeedbackStatus, FeedbackType } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { pngOrJpegOf } from '../../platform/storage/image-type.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import {
  attachImages,
  countFeedbackSince,
  countUnattachedImagesSince,
  type FeedbackImageRow,
  type FeedbackRow,
  findFeedbackMerchantId,
  findImage,
  findImagesOf,
  findInboxPage,
  findInboxRow,
  findMemberPage,
  type InboxRow,
  insertFeedback,
  insertImage,
  lockFeedback,
  lockMemberFeedback,
  updateAnswer,
} from './feedback.repository.ts';

export type { FeedbackImageRow, FeedbackRow, InboxRow };

/** What a member's feedback is about (spec §2 "feedback form"), in the order the form offers them. */
export const FEEDBACK_TYPES = [
  'suggestion',
  'game',
  'payment',
  'account',
  'other',
] as const satisfies readonly FeedbackType[];
export const FEEDBACK_STATUSES = ['open', 'answered'] as const satisfies readonly FeedbackStatus[];

/** Images one feedback carries at most (spec §5: as a promotion application's). */
export const FEEDBACK_IMAGES_MAX = 3;
/** An image's size at most, in bytes (spec §5: 5 MB). */
export const FEEDBACK_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** 16 megapixels: more than any phone's screenshot, far less than a decompression bomb. */
const FEEDBACK_IMAGE_PIXELS_MAX = 16_000_000;
/** Feedbacks a member sends per merchant day at most: enough to report anything, too few to flood the inbox. */
export const FEEDBACK_PER_DAY_MAX = 5;
/** Images uploaded and not (yet) sent with a feedback, per member and merchant day. */
export const UNATTACHED_IMAGES_PER_DAY_MAX = 10;
/** An operator's answer at most, in characters. */
export const ANSWER_LENGTH_MAX = 2000;
/** How much of the feedback the answer's message quotes, in characters. */
const EXCERPT_LENGTH_MAX = 60;
export const FEEDBACK_PAGE_SIZE_MAX = 50;
export const FEEDBACK_IMAGE_NAMESPACE = 'feedback';

/** The merchant as feedback needs it: its day and its limits of a feedback's length, in characters. */
type FeedbackMerchant = {
  id: string;
  timeZone: string;
  settings: { feedback: { contentMinLength: number; contentMaxLength: number } };
};
type FeedbackMember = { id: string };

export type FeedbackService = ReturnType<typeof createFeedbackService>;

/** The length of a text as people count it: in characters (code points), not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** The start of a text for a message that quotes it, cut at a character, with an ellipsis if cut. */
export function excerptOf(text: string): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length <= EXCERPT_LENGTH_MAX
    ? characters.join('')
    : `${characters.slice(0, EXCERPT_LENGTH_MAX - 1).join('')}…`;
}

/**
 * Members' feedback (spec §2 "feedback form", docs/back-office.md "Feedback"): a member uploads up
 * to three images one by one and sends a feedback naming them; the back office lists, reads and
 * answers it once. Both per-day limits are counted and recorded under a lock on the member's row,
 * so a burst of simultaneous requests stops exactly at the limit.
 */
export function createFeedbackService(deps: ServiceDeps<{ images: ImageStore; recordChange: RecordChange }>) {
  const { db, images, recordChange } = deps;
  const now = clockOf(deps);

  return {
    findMerchantOf: (id: string) => findFeedbackMerchantId(db, id),

    /**
     * Stores an image for a feedback: PNG or JPEG by its content (the store then checks the header
     * agrees, decodes and re-encodes it), at most UNATTACHED_IMAGES_PER_DAY_MAX not yet sent per
     * merchant day.
     */
    async uploadImage(
      merchant: FeedbackMerchant,
      member: FeedbackMember,
      data: Buffer,
    ): Promise<FeedbackImageRow> {
      const contentType = pngOrJpegOf(data);
      if (contentType === null) {
        throw new AppError('VALIDATION', { value: { fields: { file: 'notPngOrJpeg' } } });
      }
      const since = startOfDayIn(merchant.timeZone, now());
      const refuse = () =>
        new AppError('LIMIT_REACHED', {
          value: { limit: 'feedbackImages', max: UNATTACHED_IMAGES_PER_DAY_MAX },
        });
      // Asked once before the work of storing, and again, under the lock, as it is recorded.
      if ((await countUnattachedImagesSince(db, member.id, since)) >= UNATTACHED_IMAGES_PER_DAY_MAX)
        throw refuse();
      const stored = await images.save({
        namespace: FEEDBACK_IMAGE_NAMESPACE,
        data,
        maxBytes: FEEDBACK_IMAGE_BYTES_MAX,
        maxPixels: FEEDBACK_IMAGE_PIXELS_MAX,
      });
      return db.transaction().execute(async (trx) => {
        await lockMemberFeedback(trx, member.id);
        if ((await countUnattachedImagesSince(trx, member.id, since)) >= UNATTACHED_IMAGES_PER_DAY_MAX) {
          throw refuse();
        }
        return insertImage(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          member_id: member.id,
          image_path: stored.path,
          content_type: contentType,
          byte_size: data.length,
          created_at: now(),
        });
      });
    },

    /**
     * Sends a feedback: its text (trimmed) within the merchant's length in characters, and the
     * member's own uploaded images not sent before. At most FEEDBACK_PER_DAY_MAX per merchant day
     * (LIMIT_REACHED beyond).
     */
    async send(
      merchant: FeedbackMerchant,
      member: FeedbackMember,
      input: { type: FeedbackType; content: string; imageIds: readonly string[] },
    ): Promise<{ feedback: FeedbackRow; images: FeedbackImageRow[] }> {
      const content = input.content.trim();
      const { contentMinLength, contentMaxLength } = merchant.settings.feedback;
      const length = characterCount(content);
      if (length < contentMinLength || length > Math.max(contentMinLength, contentMaxLength)) {
        throw new AppError('VALIDATION', {
          value: { fields: { content: 'length' }, contentMinLength, contentMaxLength, length },
        });
      }
      const imageIds = [...new Set(input.imageIds)];
      assertInvariant(imageIds.length <= FEEDBACK_IMAGES_MAX, 'feedback images within their limit');
      const since = startOfDayIn(merchant.timeZone, now());
      const feedback = await db.transaction().execute(async (trx) => {
        await lockMemberFeedback(trx, member.id);
        if ((await countFeedbackSince(trx, member.id, since)) >= FEEDBACK_PER_DAY_MAX) {
          throw new AppError('LIMIT_REACHED', { value: { limit: 'feedback', max: FEEDBACK_PER_DAY_MAX } });
        }
        const row = await insertFeedback(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          member_id: member.id,
          type: input.type,
          content,
          created_at: now(),
        });
        const attached = await attachImages(trx, { memberId: member.id, feedbackId: row.id, imageIds });
        if (attached !== imageIds.length) {
          throw new AppError('VALIDATION', { value: { fields: { imageIds: 'unknown' } } });
        }
        return row;
      });
      return { feedback, images: await findImagesOf(db, [feedback.id]) };
    },

    /** A page of the member's own feedback, newest first, with each one's images. */
    async mine(memberId: string, paging: { page: number; pageSize: number }) {
      assertInvariant(paging.pageSize <= FEEDBACK_PAGE_SIZE_MAX, 'feedback page size within its limit');
      const page = await findMemberPage(db, memberId, {
        limit: paging.pageSize,
        offset: (paging.page - 1) * paging.pageSize,
      });
      const pictures = await findImagesOf(
        db,
        page.rows.map((row) => row.id),
      );
      return { rows: page.rows, images: pictures, total: page.total };
    },

    /** The stored path of one of the member's own images (NOT_FOUND for anyone else's). */
    async memberImagePathOf(memberId: string, imageId: string): Promise<string> {
      const image = await findImage(db, imageId);
      if (!image || image.member_id !== memberId) throw new AppError('NOT_FOUND');
      return image.image_path;
    },

    /** The stored path of an image sent with a feedback, for the back office (null if none). */
    async inboxImageOf(imageId: string): Promise<FeedbackImageRow | null> {
      const image = await findImage(db, imageId);
      return image && image.feedback_id !== null ? image : null;
    },

    /** A page of the back office's inbox (newest first), of the merchants given (null: all). */
    async inbox(input: {
      merchantIds: readonly string[] | null;
      status: FeedbackStatus | null;
      type: FeedbackType | null;
      page: number;
      pageSize: number;
    }) {
      assertInvariant(input.pageSize <= FEEDBACK_PAGE_SIZE_MAX, 'inbox page size within its limit');
      const page = await findInboxPage(db, {
        merchantIds: input.merchantIds,
        status: input.status,
        type: input.type,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      return {
        ...page,
        images: await findImagesOf(
          db,
          page.rows.map((row) => row.id),
        ),
      };
    },

    /** One feedback of the inbox with its images, or null. */
    async inboxItem(id: string): Promise<{ row: InboxRow; images: FeedbackImageRow[] } | null> {
      const row = await findInboxRow(db, id);
      return row ? { row, images: await findImagesOf(db, [id]) } : null;
    },

    /**
     * Answers an open feedback, once: the row is locked, so that of two operators answering at once
     * one wins and the other hears CONFLICT; the answer and its audit row are one transaction.
     */
    async answer(actor: ChangeActor, id: string, answer: string): Promise<FeedbackRow> {
      assertInvariant(
        answer.length > 0 && characterCount(answer) <= ANSWER_LENGTH_MAX,
        'an answer within its limit',
      );
      return db.transaction().execute(async (trx) => {
        const feedback = await lockFeedback(trx, id);
        if (!feedback) throw new AppError('NOT_FOUND');
        if (feedback.status !== 'open')
          throw new AppError('CONFLICT', { value: { status: feedback.status } });
        const answered = await updateAnswer(trx, id, {
          answer,
          answered_by: actor.id,
          answered_at: now(),
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: feedback.merchant_id,
          action: 'feedback.answer',
          target: { type: 'feedback', id },
          before: { status: feedback.status },
          after: { status: answered.status, answer },
        });
        return answered;
      });
    },
  };
}
