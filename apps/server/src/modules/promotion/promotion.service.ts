import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, LocalizedText, PromotionType } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import type { ImageStore } from '../../platform/storage/image-store.ts';
import { pngOrJpegOf } from '../../platform/storage/image-type.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import { hasAppInstall } from './app-install.repository.ts';
import {
  attachImages,
  type BonusRow,
  countCreditedDepositsBesides,
  countGrants,
  countUnattachedImagesSince,
  type EntryImageRow,
  type EntryRow,
  findAncestorIds,
  findBonuses,
  findEntriesOf,
  findImage,
  findImagesOfEntries,
  findListablePage,
  findMemberEntriesPage,
  findPromotion,
  findPromotionsByIds,
  hasActiveBonus,
  insertEntry,
  insertImage,
  isDepositCredited,
  type ListViewer,
  lockJoinedDepositBonuses,
  lockMemberUploads,
  type MemberEntryRow,
  type PromotionRow,
  updateEntry,
} from './promotion.repository.ts';
import type { PromotionGrants } from './promotion-grants.ts';
import {
  bonusTermsOf,
  claimAmountOf,
  depositBonusOf,
  depositBonusRulesOf,
  pickIn,
  type Reader,
  rulesOf,
  termsInMinor,
} from './promotion-rules.ts';
import {
  ACTIONABLE_STATES,
  isInAudience,
  isOpen,
  type MemberFacts,
  mayApply,
  type StateAnswer,
  stateOf,
} from './promotion-state.ts';
import type { RaffleDetail, RaffleService } from './raffle.service.ts';

export type { BonusRow, EntryImageRow, EntryRow, MemberEntryRow, PromotionRow, RaffleDetail, StateAnswer };

export const PROMOTION_PAGE_SIZE_MAX = 50;
/** The public state names this many promotions (docs/promotions.md "Wire (player)"). */
export const PUBLIC_STATE_PROMOTIONS_MAX = 20;
/** The public state's count of promotions open to the member looks at this many at most. */
const AVAILABLE_COUNT_SCAN_MAX = 200;
export const COMMENT_LENGTH_MAX = 140;
export const APPLICATION_IMAGES_MAX = 3;
/** Images a member may upload per merchant day and not (yet) attach to an application. */
export const UNATTACHED_IMAGES_PER_DAY_MAX = 10;
export const APPLICATION_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
const APPLICATION_IMAGE_PIXELS_MAX = 6000 * 6000;
/** Members' proofs are private: this namespace is never served to the public. */
export const APPLICATION_IMAGE_NAMESPACE = 'promotion-applications';

const ENTRY_KEY = 'promotion_entries_promotion_id_member_id_cycle_key';

/** The merchant a call is made on, as promotions need it. */
export type PromotionMerchant = { id: string; currency: string; timeZone: string; defaultLanguage: string };

/** The member behind a call (null: a visitor). */
export type PromotionMember = { id: string; merchant_id: string; created_at: Date };

/** A promotion with the state the viewer sees. */
export type ViewedPromotion = { promotion: PromotionRow; answer: StateAnswer };

/** A deposit that has just been credited, as the deposit bonus needs it. */
export type CreditedDeposit = {
  id: string;
  merchantId: string;
  memberId: string;
  currency: string;
  amountMinor: bigint;
  methodCode: string;
};

export type PromotionService = ReturnType<typeof createPromotionService>;

/**
 * Promotions as players see and take part in them (docs/promotions.md "Promotions"): the list by
 * type tab, a promotion's detail with the member's state, joining, claiming and applying, the
 * member's own entries, the public state's promotions, and the deposit bonus granted when a
 * qualifying deposit is credited. An entry and the bonus it earns commit in one transaction; the
 * entry's unique (promotion, member, cycle) decides every race, so that a burst grants once.
 */
export function createPromotionService(
  deps: ServiceDeps<{ grants: PromotionGrants; images: ImageStore; raffles: RaffleService }>,
) {
  const { db, grants, images, raffles } = deps;
  const now = clockOf(deps);

  async function factsOf(member: PromotionMember): Promise<MemberFacts> {
    const [ancestorIds, marketable, active, installed] = await Promise.all([
      findAncestorIds(db, member.id),
      grants.isMarketable(member.id),
      hasActiveBonus(db, member.id),
      hasAppInstall(db, member.id),
    ]);
    return {
      memberId: member.id,
      registeredAt: member.created_at,
      ancestorIds: new Set(ancestorIds),
      marketable: marketable.ok,
      hasActiveBonus: active,
      hasAppInstall: installed,
    };
  }

  /** The states of several promotions for one viewer, with two reads for all of them. */
  async function view(
    promotions: readonly PromotionRow[],
    member: PromotionMember | null,
    facts: MemberFacts | null,
  ): Promise<ViewedPromotion[]> {
    const at = now();
    const entries = member
      ? await findEntriesOf(
          db,
          member.id,
          promotions.map((promotion) => promotion.id),
        )
      : [];
    const [bonuses, raffleFacts] = await Promise.all([
      bonusesOf(entries),
      raffles.factsOf(promotions, member?.id ?? null),
    ]);
    return promotions.map((promotion) => ({
      promotion,
      answer: stateOf({
        promotion,
        now: at,
        member: facts,
        entries: entries.filter((entry) => entry.promotion_id === promotion.id),
        bonuses,
        raffle: raffleFacts.get(promotion.id) ?? null,
      }),
    }));
  }

  async function bonusesOf(entries: readonly EntryRow[]): Promise<Map<string, BonusRow>> {
    const ids = entries.flatMap((entry) => (entry.bonus_id ? [entry.bonus_id] : []));
    return new Map((await findBonuses(db, ids)).map((bonus) => [bonus.id, bonus]));
  }

  function listViewerOf(member: PromotionMember | null): ListViewer {
    return member
      ? { kind: 'member', memberId: member.id, registeredAt: member.created_at }
      : { kind: 'visitor' };
  }

  /** A promotion of the merchant a player may read: any but drafts. */
  async function requireReadable(merchantId: string, id: string): Promise<PromotionRow> {
    const promotion = await findPromotion(db, id);
    if (!promotion || promotion.merchant_id !== merchantId || promotion.status === 'draft') {
      throw new AppError('NOT_FOUND');
    }
    return promotion;
  }

  async function detailOf(merchantId: string, id: string, member: PromotionMember | null) {
    const promotion = await requireReadable(merchantId, id);
    // A member reading a raffle they joined sees the tickets they have earned so far at once.
    if (member) await raffles.issueForMember(promotion, member.id);
    const facts = member ? await factsOf(member) : null;
    const [viewed] = await view([promotion], member, facts);
    const answer = present(viewed, 'a viewed promotion').answer;
    const [images, raffle] = await Promise.all([
      answer.entry ? findImagesOfEntries(db, [answer.entry.id]) : Promise.resolve([]),
      raffles.detailOf(promotion, member?.id ?? null),
    ]);
    return { promotion, answer, images, raffle };
  }

  /**
   * The promotion a member acts on, open now and of the kind the action is for, with the member's
   * facts; refusals answer before anything is written: not open (CONFLICT with the state), not
   * reachable (FORBIDDEN NOT_MARKETABLE, or AUDIENCE).
   */
  async function requireActionable(
    merchant: PromotionMerchant,
    member: PromotionMember,
    id: string,
    kinds: readonly PromotionRow['kind'][],
  ) {
    const promotion = await requireReadable(merchant.id, id);
    if (!kinds.includes(promotion.kind)) throw new AppError('CONFLICT', { value: { reason: 'KIND' } });
    const at = now();
    if (!isOpen(promotion, at)) {
      throw new AppError('CONFLICT', {
        value: { reason: promotion.starts_at > at ? 'COMING_SOON' : 'CLOSED' },
      });
    }
    const marketable = await grants.isMarketable(member.id);
    if (!marketable.ok) {
      if (marketable.reason === 'TRIAL_ACCOUNT') throw new AppError('TRIAL_ACCOUNT');
      throw new AppError('FORBIDDEN', { value: { reason: 'NOT_MARKETABLE' } });
    }
    const facts = await factsOf(member);
    if (!isInAudience(promotion, facts, at))
      throw new AppError('FORBIDDEN', { value: { reason: 'AUDIENCE' } });
    if (promotion.kind === 'app_download' && !facts.hasAppInstall) {
      throw new AppError('FORBIDDEN', { value: { reason: 'APP_REQUIRED' } });
    }
    return promotion;
  }

  /**
   * Runs an entry's writes in one transaction; a second entry in the same cycle (two taps, a
   * burst) is refused by the unique index: CONFLICT ALREADY_ENTERED. The bonus's announcement goes
   * out once the transaction has committed.
   */
  async function enter(work: (trx: Transaction<Database>) => Promise<(() => void) | null>): Promise<void> {
    let announce: (() => void) | null;
    try {
      announce = await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error, ENTRY_KEY)) {
        throw new AppError('CONFLICT', { value: { reason: 'ALREADY_ENTERED' } });
      }
      throw error;
    }
    announce?.();
  }

  return {
    /** A page of the promotions a viewer may see, by type tab (null: all), with their states. */
    async list(
      merchantId: string,
      member: PromotionMember | null,
      input: { type: PromotionType | null; page: number; pageSize: number },
    ) {
      assertInvariant(input.pageSize <= PROMOTION_PAGE_SIZE_MAX, 'promotion page size within its limit');
      const page = await findListablePage(db, {
        merchantId,
        now: now(),
        type: input.type,
        viewer: listViewerOf(member),
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      const facts = member ? await factsOf(member) : null;
      return {
        items: await view(page.rows, member, facts),
        totalPages: Math.ceil(page.total / input.pageSize),
      };
    },

    /** A promotion with the viewer's state, their entry (and its images) and bonus. */
    detail: (merchantId: string, id: string, member: PromotionMember | null) =>
      detailOf(merchantId, id, member),

    /**
     * The public state's promotions (the first listable ones) and, for a member, how many they
     * may join, claim or apply for now.
     */
    async publicSummary(merchantId: string, member: PromotionMember | null, reader: Reader) {
      const page = await findListablePage(db, {
        merchantId,
        now: now(),
        type: null,
        viewer: listViewerOf(member),
        limit: member ? AVAILABLE_COUNT_SCAN_MAX : PUBLIC_STATE_PROMOTIONS_MAX,
        offset: 0,
      });
      const first = page.rows
        .slice(0, PUBLIC_STATE_PROMOTIONS_MAX)
        .map((promotion) => ({ id: promotion.id, title: pickIn(promotion.title, reader) ?? '' }));
      if (!member) return { promotions: first, availableCount: null };
      const viewed = await view(page.rows, member, await factsOf(member));
      const availableCount = viewed.filter(({ answer }) => ACTIONABLE_STATES.includes(answer.state)).length;
      return { promotions: first, availableCount };
    },

    /** Joins a deposit bonus, a cashback or a raffle, accepting its terms. */
    async join(merchant: PromotionMerchant, member: PromotionMember, id: string) {
      const promotion = await requireActionable(merchant, member, id, [
        'deposit_bonus',
        'cashback',
        'raffle',
      ]);
      const at = now();
      await enter(async (trx) => {
        await insertEntry(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          promotion_id: promotion.id,
          member_id: member.id,
          cycle: '',
          status: 'joined',
          terms_accepted_at: at,
          created_at: at,
          updated_at: at,
        });
        return null;
      });
      return detailOf(merchant.id, id, member);
    },

    /**
     * Claims a newbie or an app-download bonus: the entry and its bonus in one transaction, once per
     * member (the entry's unique cycle '').
     */
    async claim(merchant: PromotionMerchant, member: PromotionMember, id: string, language: string) {
      const promotion = await requireActionable(merchant, member, id, ['newbie_bonus', 'app_download']);
      const amountMinor = claimAmountOf(rulesOf(promotion.rules));
      const terms = present(bonusTermsOf(promotion.bonus_terms), `promotion ${promotion.id} has terms`);
      const at = now();
      await enter(async (trx) => {
        const entry = await insertEntry(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          promotion_id: promotion.id,
          member_id: member.id,
          cycle: '',
          status: 'claimed',
          amount_minor: amountMinor,
          terms_accepted_at: at,
          created_at: at,
          updated_at: at,
        });
        const grant = await grants.grantIn(trx, {
          merchantId: merchant.id,
          memberId: member.id,
          currency: merchant.currency,
          source: 'promotion',
          amountMinor,
          terms: termsInMinor(terms),
          language,
          promotionId: promotion.id,
          entryId: entry.id,
          promotionBudgetDayMinor: promotion.budget_day_minor,
        });
        await updateEntry(trx, entry.id, { bonus_id: grant.bonusId, updated_at: at });
        return grant.announce;
      });
      return detailOf(merchant.id, id, member);
    },

    /**
     * Sends an application: a comment and up to three of the member's own images not attached
     * yet (another's, or one already sent, is refused). Its cycle is its attempt: '' for the first,
     * then '2', '3' …, so that two sent at once make one.
     */
    async apply(
      merchant: PromotionMerchant,
      member: PromotionMember,
      id: string,
      input: { comment: string; imageIds: readonly string[] },
    ) {
      assertInvariant(
        [...input.comment].length <= COMMENT_LENGTH_MAX,
        'application comment within its limit',
      );
      assertInvariant(
        input.imageIds.length <= APPLICATION_IMAGES_MAX,
        'application images within their limit',
      );
      const promotion = await requireActionable(merchant, member, id, ['application']);
      const entries = await findEntriesOf(db, member.id, [promotion.id]);
      if (!mayApply(entries, promotion.grants_per_member)) {
        throw new AppError('CONFLICT', { value: { reason: 'ALREADY_ENTERED' } });
      }
      const imageIds = [...new Set(input.imageIds)];
      const at = now();
      await enter(async (trx) => {
        const entry = await insertEntry(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          promotion_id: promotion.id,
          member_id: member.id,
          cycle: entries.length === 0 ? '' : String(entries.length + 1),
          status: 'applying',
          comment: input.comment,
          terms_accepted_at: at,
          created_at: at,
          updated_at: at,
        });
        const attached = await attachImages(trx, { entryId: entry.id, memberId: member.id, imageIds });
        if (attached.length !== imageIds.length) {
          throw new AppError('VALIDATION', { value: { fields: { imageIds: 'invalid' } } });
        }
        return null;
      });
      return detailOf(merchant.id, id, member);
    },

    /**
     * Stores an image for an application: PNG or JPEG by its content (the store then checks the
     * header agrees and re-encodes it), at most UNATTACHED_IMAGES_PER_DAY_MAX not yet attached per
     * merchant day — counted and recorded under the member's lock, so that a burst stops at the
     * limit.
     */
    async uploadImage(
      merchant: PromotionMerchant,
      member: PromotionMember,
      data: Buffer,
    ): Promise<EntryImageRow> {
      const contentType = pngOrJpegOf(data);
      if (contentType === null) {
        throw new AppError('VALIDATION', { value: { fields: { file: 'notPngOrJpeg' } } });
      }
      const since = startOfDayIn(merchant.timeZone, now());
      const refuse = () =>
        new AppError('LIMIT_REACHED', {
          value: { limit: 'applicationImages', max: UNATTACHED_IMAGES_PER_DAY_MAX },
        });
      // Asked once before the work of storing, and again, under the lock, as it is recorded.
      if ((await countUnattachedImagesSince(db, member.id, since)) >= UNATTACHED_IMAGES_PER_DAY_MAX) {
        throw refuse();
      }
      const stored = await images.save({
        namespace: APPLICATION_IMAGE_NAMESPACE,
        data,
        maxBytes: APPLICATION_IMAGE_BYTES_MAX,
        maxPixels: APPLICATION_IMAGE_PIXELS_MAX,
      });
      return db.transaction().execute(async (trx) => {
        await lockMemberUploads(trx, member.id);
        if ((await countUnattachedImagesSince(trx, member.id, since)) >= UNATTACHED_IMAGES_PER_DAY_MAX) {
          throw refuse();
        }
        return insertImage(trx, {
          id: uuidv7(),
          merchant_id: merchant.id,
          member_id: member.id,
          image_url: stored.path,
          content_type: contentType,
          byte_size: data.length,
          created_at: now(),
        });
      });
    },

    /**
     * Claims one of the member's raffle prizes (docs/promotions.md "Raffles"); answers the raffle's
     * detail. `acceptTerms` must be true for a prize paid as a bonus.
     */
    async claimPrize(
      merchant: PromotionMerchant,
      member: PromotionMember,
      input: { winnerId: string; acceptTerms: boolean; language: string },
    ) {
      const promotionId = await raffles.claim({
        merchant,
        memberId: member.id,
        winnerId: input.winnerId,
        acceptTerms: input.acceptTerms,
        language: input.language,
      });
      return detailOf(merchant.id, promotionId, member);
    },

    /** Every ticket id of a raffle a player may read, ascending (the verifier's input). */
    async raffleTicketIds(merchantId: string, id: string): Promise<string[]> {
      return raffles.ticketIds(await requireReadable(merchantId, id));
    },

    /** The stored path of one of the member's own images; another's is NOT_FOUND. */
    async imagePathOf(member: PromotionMember, imageId: string): Promise<string> {
      const image = await findImage(db, imageId);
      if (!image || image.member_id !== member.id) throw new AppError('NOT_FOUND');
      return image.image_url;
    },

    /** A page of the member's entries, newest first, with their promotions' states for them. */
    async mine(merchantId: string, member: PromotionMember, input: { page: number; pageSize: number }) {
      assertInvariant(input.pageSize <= PROMOTION_PAGE_SIZE_MAX, 'promotion page size within its limit');
      const page = await findMemberEntriesPage(db, {
        memberId: member.id,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      const promotionIds = [...new Set(page.rows.map((row) => row.promotion_id))];
      const promotions = await findPromotionsByIds(db, merchantId, promotionIds);
      const viewed = new Map(
        (await view(promotions, member, await factsOf(member))).map((item) => [item.promotion.id, item]),
      );
      const bonuses = await bonusesOf(page.rows);
      return {
        items: page.rows.flatMap((entry) => {
          const item = viewed.get(entry.promotion_id);
          if (!item) return [];
          return [
            {
              entry,
              title: entry.promotion_title as LocalizedText,
              answer: item.answer,
              bonus: entry.bonus_id ? (bonuses.get(entry.bonus_id) ?? null) : null,
            },
          ];
        }),
        totalPages: Math.ceil(page.total / input.pageSize),
      };
    },

    /**
     * The deposit bonus of a deposit being credited, inside the credit's transaction: the member's
     * joined deposit bonuses open now are locked and tried oldest joined first; the first whose
     * rules the deposit meets (the minimum, the method, the member's first, nth or any credited
     * deposit) grants percent × deposit up to its cap, and no other does (one bonus per deposit).
     * A grant refused (a budget spent, a member promotions may no longer reach) is undone to its
     * savepoint and leaves the entry joined. Answers what to announce once committed.
     */
    async grantDepositBonusIn(trx: Transaction<Database>, deposit: CreditedDeposit): Promise<(() => void)[]> {
      const at = now();
      const joined = await lockJoinedDepositBonuses(trx, deposit.memberId, at);
      if (joined.length === 0) return [];
      // The same deposit credited at the same moment by another delivery: it held the lock and
      // committed its credit with its grant; this one's credit will answer that one's transfer.
      if (await isDepositCredited(trx, deposit.merchantId, deposit.id)) return [];
      const ordinal = (await countCreditedDepositsBesides(trx, deposit.memberId, deposit.id)) + 1;
      for (const { entry, promotion } of joined) {
        if (promotion.merchant_id !== deposit.merchantId) continue;
        const amountMinor = depositBonusOf(depositBonusRulesOf(rulesOf(promotion.rules)), {
          amountMinor: deposit.amountMinor,
          methodCode: deposit.methodCode,
          ordinal,
        });
        const terms = bonusTermsOf(promotion.bonus_terms);
        if (amountMinor <= 0n || terms === null) continue;
        const limit = promotion.grants_per_member;
        const granted = limit === 1 ? 0 : await countGrants(trx, promotion.id, deposit.memberId);
        if (limit !== 0 && granted >= limit) continue;
        await sql`savepoint deposit_bonus`.execute(trx);
        try {
          const announce = await grantDeposit(trx, { deposit, entry, promotion, amountMinor, granted, at });
          await sql`release savepoint deposit_bonus`.execute(trx);
          return [announce];
        } catch (error) {
          await sql`rollback to savepoint deposit_bonus`.execute(trx);
          if (!(error instanceof AppError)) throw error;
        }
      }
      return [];
    },
  };

  /**
   * One deposit bonus's grant: a once-only promotion's join becomes its grant (cycle ''); one that
   * grants on several deposits records each grant as an entry of its own (cycle = the deposit's id)
   * and moves the join to issued with the last one.
   */
  async function grantDeposit(
    trx: Transaction<Database>,
    input: {
      deposit: CreditedDeposit;
      entry: EntryRow;
      promotion: PromotionRow;
      amountMinor: bigint;
      granted: number;
      at: Date;
    },
  ): Promise<() => void> {
    const { deposit, entry, promotion, amountMinor, at } = input;
    const limit = promotion.grants_per_member;
    const grantEntry =
      limit === 1
        ? entry
        : await insertEntry(trx, {
            id: uuidv7(),
            merchant_id: deposit.merchantId,
            promotion_id: promotion.id,
            member_id: deposit.memberId,
            cycle: deposit.id,
            status: 'issued',
            amount_minor: amountMinor,
            terms_accepted_at: entry.terms_accepted_at,
            created_at: at,
            updated_at: at,
          });
    const grant = await grants.grantIn(trx, {
      merchantId: deposit.merchantId,
      memberId: deposit.memberId,
      currency: deposit.currency,
      source: 'promotion',
      amountMinor,
      depositMinor: deposit.amountMinor,
      terms: termsInMinor(present(bonusTermsOf(promotion.bonus_terms), 'deposit bonus terms')),
      language: await languageOf(trx, deposit.merchantId),
      promotionId: promotion.id,
      entryId: grantEntry.id,
      promotionBudgetDayMinor: promotion.budget_day_minor,
    });
    await updateEntry(trx, grantEntry.id, {
      status: 'issued',
      amount_minor: amountMinor,
      bonus_id: grant.bonusId,
      updated_at: at,
    });
    if (limit > 1 && input.granted + 1 >= limit) {
      await updateEntry(trx, entry.id, { status: 'issued', bonus_id: grant.bonusId, updated_at: at });
    }
    return grant.announce;
  }
}

/** A merchant's default language: the terms of a grant no request asked for are worded in it. */
async function languageOf(executor: Executor, merchantId: string): Promise<string> {
  const row = await executor
    .selectFrom('merchants')
    .select('default_language')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.default_language;
}
