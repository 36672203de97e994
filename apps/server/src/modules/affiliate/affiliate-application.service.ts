import { v7 as uuidv7 } from 'uuid';
import type { AffiliateApplicationStatus, MemberType } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import {
  type ApplicationRow,
  findApplicationMerchantId,
  findApplicationsPage,
  findLatestApplication,
  insertApplication,
  lockApplication,
  type QueueRow,
  updateApplicationReview,
} from './affiliate-application.repository.ts';

export type { ApplicationRow, QueueRow };

/** Where an applicant would bring players from (spec §1 "affiliate application": the channel). */
export const AFFILIATE_CHANNELS = [
  'facebook',
  'tiktok',
  'youtube',
  'telegram',
  'whatsapp',
  'website',
  'community',
  'other',
] as const;
export type AffiliateChannel = (typeof AFFILIATE_CHANNELS)[number];

export const AUDIENCE_MAX = 100_000_000;
export const CONTACT_LENGTH_MAX = 100;
export const MESSAGE_LENGTH_MAX = 500;
export const REVIEW_NOTE_LENGTH_MAX = 500;
export const APPLICATION_PAGE_SIZE_MAX = 100;

const PLAYER_TYPE = 0;

export type AffiliateApplicationService = ReturnType<typeof createAffiliateApplicationService>;

export type ApplicationReview =
  | { decision: 'approve'; agentType: 1 | 2 | 41 | 42; uplineId: string | null; note: string }
  | { decision: 'reject'; note: string };

/**
 * Affiliate applications (spec §1): a player asks to become an agent, an operator approves or
 * rejects it. One pending application per member (the partial unique index of migration 0137), and
 * one review per application (the row is locked while it is reviewed).
 */
export function createAffiliateApplicationService(deps: ServiceDeps<{ recordChange: RecordChange }>) {
  const { db, recordChange } = deps;
  const now = clockOf(deps);

  return {
    findMerchantOf: (id: string) => findApplicationMerchantId(db, id),

    /** The member's latest application, or undefined when they never applied. */
    latestOf: (memberId: string) => findLatestApplication(db, memberId),

    /** Whether a member of this type may apply now, given their latest application. */
    mayApply(type: MemberType, latest: ApplicationRow | undefined): boolean {
      return type === PLAYER_TYPE && latest?.status !== 'pending';
    },

    /**
     * Files a player's application. An agent is refused (CONFLICT agent), and so is a second one
     * while one is pending (CONFLICT pending) — decided by the unique index, so that simultaneous
     * requests file one.
     */
    async apply(
      member: { id: string; merchant_id: string; type: MemberType },
      input: { channel: AffiliateChannel; audience: number; contact: string; message: string },
    ): Promise<ApplicationRow> {
      if (member.type !== PLAYER_TYPE) throw new AppError('CONFLICT', { value: { reason: 'agent' } });
      assertInvariant(input.message.length <= MESSAGE_LENGTH_MAX, 'application message within its limit');
      try {
        return await insertApplication(db, {
          id: uuidv7(),
          merchant_id: member.merchant_id,
          member_id: member.id,
          channel: input.channel,
          audience: input.audience,
          contact: input.contact,
          message: input.message,
          created_at: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error, 'affiliate_applications_one_pending_uq')) {
          throw new AppError('CONFLICT', { value: { reason: 'pending' } });
        }
        throw error;
      }
    },

    /** A page of the queue (newest first), of the merchants given (null: all). */
    list(input: {
      merchantIds: readonly string[] | null;
      status: AffiliateApplicationStatus | null;
      page: number;
      pageSize: number;
    }) {
      assertInvariant(input.pageSize <= APPLICATION_PAGE_SIZE_MAX, 'application page size within its limit');
      return findApplicationsPage(db, {
        merchantIds: input.merchantIds,
        status: input.status,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
    },

    /**
     * Reviews a pending application in one transaction: the row is locked, so that of two operators
     * deciding at once one wins and the other hears CONFLICT; `onApprove` runs in the same
     * transaction (the workflow makes the member an agent there), then the decision and its audit
     * row are written.
     */
    async review(
      actor: ChangeActor,
      applicationId: string,
      review: ApplicationReview,
      onApprove: (trx: Executor, application: ApplicationRow) => Promise<void>,
    ): Promise<ApplicationRow> {
      assertInvariant(review.note.length <= REVIEW_NOTE_LENGTH_MAX, 'review note within its limit');
      return db.transaction().execute(async (trx) => {
        const application = await lockApplication(trx, applicationId);
        if (!application) throw new AppError('NOT_FOUND');
        if (application.status !== 'pending') {
          throw new AppError('CONFLICT', { value: { status: application.status } });
        }
        if (review.decision === 'approve') await onApprove(trx, application);
        const reviewed = await updateApplicationReview(trx, application.id, {
          status: review.decision === 'approve' ? 'approved' : 'rejected',
          reviewed_by: actor.id,
          reviewed_at: now(),
          review_note: review.note,
          agent_type: review.decision === 'approve' ? review.agentType : null,
          upline_id: review.decision === 'approve' ? review.uplineId : null,
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: application.merchant_id,
          action: review.decision === 'approve' ? 'affiliate.approve' : 'affiliate.reject',
          target: { type: 'affiliate_application', id: application.id },
          before: { status: application.status },
          after: {
            status: reviewed.status,
            note: reviewed.review_note,
            agentType: reviewed.agent_type,
            uplineId: reviewed.upline_id,
          },
        });
        return reviewed;
      });
    },
  };
}
