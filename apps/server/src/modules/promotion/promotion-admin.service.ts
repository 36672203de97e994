import { isDeepStrictEqual } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import type {
  LocalizedText,
  PromotionAudience,
  PromotionKind,
  PromotionStatus,
  PromotionType,
} from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import {
  type ApplicationQueueRow,
  type EntryImageRow,
  findAgentIds,
  findApplicationsPage,
  findEntryMerchantId,
  findImage,
  findImageMerchantId,
  findImagesOfEntries,
  findPromotion,
  findPromotionMerchantId,
  findPromotionsPage,
  insertPromotion,
  lockEntry,
  lockPromotion,
  type PromotionRow,
  updateEntry,
  updatePromotion,
} from './promotion.repository.ts';
import type { PromotionGrants } from './promotion-grants.ts';
import {
  bonusTermsOf,
  grantsBonus,
  maxApplicationAmountOf,
  readBonusTerms,
  readRules,
  rulesOf,
  type StoredBonusTerms,
  type StoredRules,
  termsInMinor,
} from './promotion-rules.ts';
import { findDraws, type RaffleDrawRow } from './raffle.repository.ts';
import { createDrawIn } from './raffle.service.ts';

export type { ApplicationQueueRow, EntryImageRow, PromotionRow, RaffleDrawRow };

export const PROMOTION_ADMIN_PAGE_SIZE_MAX = 100;
export const AUDIENCE_AGENTS_MAX = 50;
export const REJECT_REASON_LENGTH_MAX = 500;
export const TITLE_LENGTH_MAX = 200;
export const GRANTS_PER_MEMBER_MAX = 1000;

/** A promotion as an operator builds it; amounts as wire strings, times as ISO strings. */
export type PromotionInput = {
  type: PromotionType;
  kind: PromotionKind;
  title: Record<string, string>;
  content: Record<string, string>;
  coverImageUrls: Record<string, string>;
  detailImageUrls: Record<string, string>;
  startsAt: string;
  endsAt: string | null;
  audience: PromotionAudience;
  audienceAgentIds: readonly string[];
  rules: StoredRules;
  bonusTerms: StoredBonusTerms | null;
  grantsPerMember: number;
  budgetPerDay: bigint | null;
  sortOrder: number;
};

/** A review of an application waiting for an operator. */
export type ApplicationReview =
  | { decision: 'approve'; amountMinor: bigint }
  | { decision: 'reject'; reason: string };

export type PromotionAdminService = ReturnType<typeof createPromotionAdminService>;

/**
 * Promotions as operators build and run them (docs/promotions.md "Wire (back office)"): drafts,
 * published and withdrawn, every change audited in its own transaction; and the applications
 * queue, where approving grants the bonus in the same transaction as the decision.
 */
export function createPromotionAdminService(
  deps: ServiceDeps<{
    recordChange: RecordChange;
    grants: PromotionGrants;
    /** The merchant's promotions.maxMultiplier (merchant settings). */
    readMaxMultiplier: (merchantId: string) => Promise<number>;
    /** Cleans operator HTML down to what players' pages may show (the content module's rules). */
    sanitizeHtml: (html: string) => string;
  }>,
) {
  const { db, recordChange, grants } = deps;
  const now = clockOf(deps);

  /** The row an input makes: checked field by field, HTML sanitised, amounts normalised. */
  async function rowOf(merchantId: string, input: PromotionInput) {
    const problems: Record<string, string> = {};
    const title = trimmedTexts(input.title);
    if (Object.keys(title).length === 0) problems.title = 'required';
    const content = Object.fromEntries(
      Object.entries(input.content)
        .map(([language, html]) => [language, deps.sanitizeHtml(html)] as const)
        .filter(([, html]) => html.trim() !== ''),
    );
    const startsAt = new Date(input.startsAt);
    const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
    if (Number.isNaN(startsAt.getTime())) problems.startsAt = 'format';
    if (endsAt !== null && Number.isNaN(endsAt.getTime())) problems.endsAt = 'format';
    else if (endsAt !== null && endsAt <= startsAt) problems.endsAt = 'order';
    // A raffle is drawn after its end: it must have one.
    else if (endsAt === null && input.kind === 'raffle') problems.endsAt = 'required';
    let agentIds: string[] = [];
    if (input.audience === 'agent_teams') {
      agentIds = [...new Set(input.audienceAgentIds)];
      if (agentIds.length === 0) problems.audienceAgentIds = 'required';
      else if ((await findAgentIds(db, merchantId, agentIds)).length !== agentIds.length) {
        problems.audienceAgentIds = 'notAgent';
      }
    }
    const grantsPerMember =
      input.kind === 'deposit_bonus' || input.kind === 'application' ? input.grantsPerMember : 1;
    if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { value: { fields: problems } });
    const rules = readRules(input.kind, input.rules);
    let bonusTerms: StoredBonusTerms | null = null;
    if (grantsBonus(input.kind, rules)) {
      if (input.bonusTerms === null) {
        throw new AppError('VALIDATION', { value: { fields: { bonusTerms: 'required' } } });
      }
      bonusTerms = readBonusTerms(input.bonusTerms, await deps.readMaxMultiplier(merchantId));
    }
    return {
      type: input.type,
      kind: input.kind,
      title: JSON.stringify(title),
      content: JSON.stringify(content),
      cover_image_urls: JSON.stringify(input.coverImageUrls),
      detail_image_urls: JSON.stringify(input.detailImageUrls),
      starts_at: startsAt,
      ends_at: endsAt,
      audience: input.audience,
      audience_agent_ids: agentIds,
      rules: JSON.stringify(rules),
      bonus_terms: bonusTerms === null ? null : JSON.stringify(bonusTerms),
      grants_per_member: grantsPerMember,
      budget_day_minor: input.budgetPerDay,
      sort_order: input.sortOrder,
    };
  }

  /** The fields of a published raffle which a change would alter: its rules, terms and schedule. */
  function lockedRaffleChanges(before: PromotionRow, row: Awaited<ReturnType<typeof rowOf>>): string[] {
    const changed: string[] = [];
    if (!isDeepStrictEqual(before.rules, JSON.parse(row.rules))) changed.push('rules');
    const terms = row.bonus_terms === null ? null : JSON.parse(row.bonus_terms);
    if (!isDeepStrictEqual(before.bonus_terms ?? null, terms)) changed.push('bonusTerms');
    if (before.starts_at.getTime() !== row.starts_at.getTime()) changed.push('startsAt');
    if ((before.ends_at?.getTime() ?? null) !== (row.ends_at?.getTime() ?? null)) changed.push('endsAt');
    return changed;
  }

  /** What the audit log keeps of a promotion: its settings, without the long texts. */
  function auditOf(row: PromotionRow) {
    return {
      type: row.type,
      kind: row.kind,
      title: row.title,
      status: row.status,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at?.toISOString() ?? null,
      audience: row.audience,
      audienceAgentIds: row.audience_agent_ids,
      rules: row.rules,
      bonusTerms: row.bonus_terms,
      grantsPerMember: row.grants_per_member,
      budgetDayMinor: row.budget_day_minor?.toString() ?? null,
      sortOrder: row.sort_order,
    };
  }

  /** Moves a promotion along draft → published → withdrawn, with its audit row. */
  async function move(actor: ChangeActor, id: string, from: PromotionStatus, to: PromotionStatus) {
    return db.transaction().execute(async (trx) => {
      const before = present(await lockPromotion(trx, id), `promotion ${id} exists`);
      if (before.status !== from) throw new AppError('CONFLICT', { value: { status: before.status } });
      const after = await updatePromotion(trx, id, { status: to, updated_at: now() });
      await recordChange(trx, {
        ...actorOf(actor),
        merchantId: after.merchant_id,
        action: to === 'published' ? 'promotion.publish' : 'promotion.withdraw',
        target: { type: 'promotion', id },
        before: { status: before.status },
        after: { status: after.status },
      });
      return after;
    });
  }

  return {
    findMerchantOf: (id: string) => findPromotionMerchantId(db, id),
    findMerchantOfEntry: (id: string) => findEntryMerchantId(db, id),
    findMerchantOfImage: (id: string) => findImageMerchantId(db, id),

    list(input: {
      merchantIds: readonly string[] | null;
      status: PromotionStatus | null;
      type: PromotionType | null;
      page: number;
      pageSize: number;
    }) {
      assertInvariant(
        input.pageSize <= PROMOTION_ADMIN_PAGE_SIZE_MAX,
        'promotion page size within its limit',
      );
      return findPromotionsPage(db, {
        merchantIds: input.merchantIds,
        status: input.status,
        type: input.type,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
    },

    /** The draws of the raffles among these promotions, by promotion id. */
    async drawsOf(rows: readonly PromotionRow[]): Promise<Map<string, RaffleDrawRow>> {
      const ids = rows.filter((row) => row.kind === 'raffle').map((row) => row.id);
      return new Map((await findDraws(db, ids)).map((draw) => [draw.promotion_id, draw]));
    },

    async get(id: string): Promise<PromotionRow> {
      return present(await findPromotion(db, id), `promotion ${id} exists`);
    },

    /** A new promotion, as a draft players do not see until it is published. */
    async create(actor: ChangeActor, merchantId: string, input: PromotionInput): Promise<PromotionRow> {
      const row = await rowOf(merchantId, input);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const created = await insertPromotion(trx, {
          id: uuidv7(),
          merchant_id: merchantId,
          ...row,
          status: 'draft',
          created_by: actor.id,
          created_at: at,
          updated_at: at,
        });
        // Its server seed is made with it: the hash is shown from the moment the raffle is visible.
        if (created.kind === 'raffle') {
          await createDrawIn(trx, { promotionId: created.id, merchantId, now: at });
        }
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'promotion.create',
          target: { type: 'promotion', id: created.id },
          before: null,
          after: auditOf(created),
        });
        return created;
      });
    },

    /**
     * Changes every field of a draft or a published promotion; a published one keeps its kind
     * (members have joined or claimed what it was), and a withdrawn one is closed for good.
     */
    async update(actor: ChangeActor, id: string, input: PromotionInput): Promise<PromotionRow> {
      const current = present(await findPromotion(db, id), `promotion ${id} exists`);
      const row = await rowOf(current.merchant_id, input);
      return db.transaction().execute(async (trx) => {
        const before = present(await lockPromotion(trx, id), `promotion ${id} exists`);
        if (before.status === 'withdrawn')
          throw new AppError('CONFLICT', { value: { status: before.status } });
        if (before.status === 'published' && before.kind !== input.kind) {
          throw new AppError('VALIDATION', { value: { fields: { kind: 'locked' } } });
        }
        // A published raffle keeps what its tickets and prizes were promised under: members earn
        // by those rules, and its draw is made by them. Its words may still change.
        if (before.status === 'published' && before.kind === 'raffle') {
          const locked = lockedRaffleChanges(before, row);
          if (locked.length > 0) {
            throw new AppError('VALIDATION', {
              value: { fields: Object.fromEntries(locked.map((field) => [field, 'locked'])) },
            });
          }
        }
        const after = await updatePromotion(trx, id, { ...row, updated_at: now() });
        // A draft turned into a raffle gets its draw; one turned back keeps it, seed and all.
        if (after.kind === 'raffle') {
          await createDrawIn(trx, { promotionId: id, merchantId: after.merchant_id, now: now() });
        }
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: after.merchant_id,
          action: 'promotion.update',
          target: { type: 'promotion', id },
          before: auditOf(before),
          after: auditOf(after),
        });
        return after;
      });
    },

    publish: (actor: ChangeActor, id: string) => move(actor, id, 'draft', 'published'),
    withdraw: (actor: ChangeActor, id: string) => move(actor, id, 'published', 'withdrawn'),

    /** A page of the applications queue, with each entry's images. */
    async listApplications(input: {
      merchantIds: readonly string[] | null;
      status: 'applying' | 'rejected' | 'issued';
      promotionId: string | null;
      page: number;
      pageSize: number;
    }) {
      assertInvariant(
        input.pageSize <= PROMOTION_ADMIN_PAGE_SIZE_MAX,
        'application page size within its limit',
      );
      const page = await findApplicationsPage(db, {
        merchantIds: input.merchantIds,
        status: input.status,
        promotionId: input.promotionId,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      const images = await findImagesOfEntries(
        db,
        page.rows.map((row) => row.id),
      );
      return { ...page, images };
    },

    /** One application as the queue shows it, with its images. */
    async application(entryId: string) {
      const page = await findApplicationsPage(db, {
        merchantIds: null,
        status: null,
        promotionId: null,
        entryId,
        limit: 1,
        offset: 0,
      });
      const row = present(page.rows[0], `application ${entryId} exists`);
      return { row, images: await findImagesOfEntries(db, [row.id]) };
    },

    /** An application's image, for its reviewer. */
    async imagePathOf(imageId: string): Promise<string> {
      const image = await findImage(db, imageId);
      if (!image || image.entry_id === null) throw new AppError('NOT_FOUND');
      return image.image_url;
    },

    /**
     * Decides an application waiting for review, in one transaction with the entry locked, so that
     * of two operators deciding at once one decides and the other hears CONFLICT. Approving grants
     * the amount (at most the rules' maxAmount) as a bonus with the promotion's terms in the same
     * transaction: a grant refused (a budget, a member promotions may no longer reach) leaves the
     * application waiting. Rejecting keeps the reason the member reads.
     */
    async review(actor: ChangeActor, entryId: string, review: ApplicationReview) {
      const { reviewed, announce } = await db.transaction().execute(async (trx) => {
        const entry = present(await lockEntry(trx, entryId), `promotion entry ${entryId} exists`);
        const promotion = present(
          await findPromotion(trx, entry.promotion_id),
          'the entry has its promotion',
        );
        if (promotion.kind !== 'application' || entry.status !== 'applying') {
          throw new AppError('CONFLICT', { value: { status: entry.status } });
        }
        const at = now();
        let changes: Parameters<typeof updateEntry>[2];
        let announce: (() => void) | null = null;
        if (review.decision === 'approve') {
          const max = maxApplicationAmountOf(rulesOf(promotion.rules));
          if (review.amountMinor <= 0n || (max !== null && review.amountMinor > max)) {
            throw new AppError('VALIDATION', {
              value: { fields: { amount: 'range' }, max: max?.toString() },
            });
          }
          const terms = present(bonusTermsOf(promotion.bonus_terms), `promotion ${promotion.id} has terms`);
          const merchant = await merchantOf(trx, entry.merchant_id);
          const grant = await grantForOperator(() =>
            grants.grantIn(trx, {
              merchantId: entry.merchant_id,
              memberId: entry.member_id,
              currency: merchant.currency,
              source: 'promotion',
              amountMinor: review.amountMinor,
              terms: termsInMinor(terms),
              language: merchant.default_language,
              promotionId: promotion.id,
              entryId: entry.id,
              promotionBudgetDayMinor: promotion.budget_day_minor,
            }),
          );
          announce = grant.announce;
          changes = { status: 'issued', amount_minor: review.amountMinor, bonus_id: grant.bonusId };
        } else {
          assertInvariant(review.reason.length <= REJECT_REASON_LENGTH_MAX, 'reject reason within its limit');
          changes = { status: 'rejected', reject_reason: review.reason };
        }
        const after = await updateEntry(trx, entry.id, {
          ...changes,
          reviewed_by: actor.id,
          reviewed_at: at,
          updated_at: at,
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: entry.merchant_id,
          action:
            review.decision === 'approve' ? 'promotion.application.approve' : 'promotion.application.reject',
          target: { type: 'promotion_entry', id: entry.id },
          before: { status: entry.status },
          after: {
            status: after.status,
            amountMinor: after.amount_minor?.toString() ?? null,
            bonusId: after.bonus_id,
            rejectReason: after.reject_reason,
          },
        });
        return { reviewed: after, announce };
      });
      announce?.();
      return reviewed;
    },
  };
}

/**
 * A grant an operator asked for: the member's own refusals (not marketable any more, a trial
 * account) are no fault of the operator's permissions, so they answer CONFLICT with the reason
 * rather than FORBIDDEN; the budget's refusal already is a CONFLICT.
 */
async function grantForOperator<T>(grant: () => Promise<T>): Promise<T> {
  try {
    return await grant();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'FORBIDDEN' || error.code === 'TRIAL_ACCOUNT')) {
      throw new AppError('CONFLICT', { value: { reason: error.value?.reason ?? error.code }, cause: error });
    }
    throw error;
  }
}

function trimmedTexts(texts: Record<string, string>): LocalizedText {
  return Object.fromEntries(
    Object.entries(texts)
      .map(([language, text]) => [language, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );
}

async function merchantOf(executor: Executor, merchantId: string) {
  return executor
    .selectFrom('merchants')
    .select(['currency', 'default_language'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}
