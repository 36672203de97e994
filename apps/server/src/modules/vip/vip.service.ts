import { sql, type Transaction } from 'kysely';
import { LOYALTY_GAME_TYPES } from '../../db/loyalty-rules.ts';
import type { Database, LocalizedText, VipGiftStatus, VipProjection } from '../../db/schema.ts';
import { readVipBenefits } from '../../db/vip-benefits.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError, isAppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import { startOfDayIn, wallClockIn } from '../../platform/time/zoned-day.ts';
import {
  allowLongStatements,
  deleteMemberVip,
  dropStaleGifts,
  findChangedMembers,
  findGiftsPage,
  findHoldersToLower,
  findJobState,
  findLevels,
  findMemberFacts,
  findMemberMerchant,
  findMembersPage,
  findMemberVip,
  findMerchantsWithLevels,
  findWaitingGifts,
  findWindowFigures,
  findWindowFiguresOf,
  insertBirthdayGifts,
  insertGift,
  insertLevelChanges,
  insertMonthlyGifts,
  type LevelChangeRow,
  levelOf,
  lockMember,
  lockMemberVip,
  lockWaitingGift,
  lowerHolders,
  markGiftGranted,
  putMemberVip,
  replaceBirthday,
  setBirthdayOnce,
  sumWithdrawalsSince,
  type VipGiftListRow,
  type VipGiftRow,
  type VipMemberListRow,
  writeMarker,
  writeProjections,
  writeWatermarks,
} from './vip.repository.ts';
import {
  BIRTHDAY_ACCOUNT_AGE_DAYS,
  birthdayProblemOf,
  GIFT_WAITING_DAYS_MAX,
  giftKeys,
  highestEarned,
  isReviewDue,
  merchantDayOf,
  merchantMonthOf,
  nextLevelOf,
  nextReviewAt,
  upgradeGiftLevels,
  type VipLevel,
  type VipWindow,
  type WindowFigures,
  windowAt,
} from './vip-rules.ts';

export type { VipGiftListRow, VipMemberListRow };

const DAY_MS = 86_400_000;
/** Trial accounts (member type 4) play with free money: they hold no level. */
const TRIAL_MEMBER_TYPE = 4;
/**
 * How far back before its watermarks the upgrade job looks again. A bet's change time is taken
 * before its transaction commits, so a slow commit can land behind rows already read; looking at
 * a member twice changes nothing, missing one is not.
 */
export const WATERMARK_OVERLAP_MS = 5 * 60_000;
/** Members whose figures one statement of the upgrade job reads at most. */
export const UPGRADE_MEMBERS_PER_READ = 2_000;
/** Waiting gifts read at a time, and granted at most per merchant in one pass (the rest next pass). */
const GIFTS_PER_READ = 200;
export const GIFT_GRANTS_PER_PASS_MAX = 20_000;
/** The review's statements read every holder of a merchant: longer than the app's default allows. */
export const REVIEW_STATEMENT_TIMEOUT_MS = 5 * 60_000;
export const VIP_PAGE_SIZE_MAX = 100;
export const VIP_REASON_LENGTH_MAX = 500;
/** Members told of their level's change in one call (inbox and socket), after a review's commit. */
const TELLS_PER_CALL = 1000;

/** What the VIP module needs to know of a merchant (app.ts reads it from the merchant's settings). */
export type VipMerchant = {
  id: string;
  timeZone: string;
  currency: string;
  defaultLanguage: string;
  /** The whitelabel switch VIP: the programme is shown and its jobs run. */
  isEnabled: boolean;
  /** Merchant settings `vip`. */
  programme: { windowDays: number; reviewDay: number; giftMultiplier: number; giftExpiryDays: number };
  minimumAge: number;
  /** Merchant settings promotions.maxMultiplier: the highest wagering a bonus may carry. */
  maxMultiplier: number;
};

/** A gift's bonus terms, as the bonus engine takes them (modules/bonus/bonus-api.ts BonusTerms). */
export type VipGiftTerms = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Record<string, number>;
  maxStakeMinor: bigint | null;
  expiryDays: number;
  maxConversionMinor: bigint | null;
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
};

/**
 * What the VIP module needs of the bonus engine (modules/bonus/bonus-api.ts); app.ts hands the
 * engine in as it is, since modules never import each other.
 */
export type VipGiftEngine = {
  grantIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      source: 'vip';
      amountMinor: bigint;
      terms: VipGiftTerms;
      language: string;
    },
  ): Promise<{ bonusId: string; announce: () => void }>;
  isMarketable(
    memberId: string,
  ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
};

/** A change of a member's level, told to the member (inbox, socket) once it has committed. */
export type VipLevelChange = {
  changeId: string;
  merchantId: string;
  memberId: string;
  fromRank: number | null;
  toRank: number | null;
  direction: 'up' | 'down';
  /** The level now held; null: none. */
  level: { rank: number; label: string; names: LocalizedText } | null;
  /** The merchant's default language, for words that cannot wait for a reader's. */
  language: string;
};

/** A member's VIP page, in minor units; the wire formats it. */
export type MemberVipView = {
  level: VipLevel | null;
  reachedAt: Date | null;
  guaranteedUntil: Date | null;
  window: VipWindow & WindowFigures;
  next: { level: VipLevel; missingDepositMinor: bigint; missingValidBetMinor: bigint } | null;
  projection: { outcome: VipProjection; rank: number | null; reviewAt: Date } | null;
  birthday: string | null;
};

/** What one pass of the upgrade job did. */
export type UpgradeSummary = { merchants: number; looked: number; raised: number };

/** What one review of a merchant did. */
export type ReviewSummary = {
  reviewed: boolean;
  lowered: number;
  monthlyGifts: number;
  projected: number;
  birthdayGifts: number;
  granted: number;
  dropped: number;
};

/** A withdrawal request as the level's limits see it. */
export type WithdrawalCheck = {
  timeZone: string;
  memberId: string;
  amountMinor: bigint;
  /** The withdrawal being recorded in the caller's transaction, counted as this request. */
  exceptId: string | null;
};

export type VipService = ReturnType<typeof createVipService>;

/**
 * VIP levels' members (docs/loyalty.md "VIP"): the window's figures, raising members as soon as a
 * level's thresholds are met (one transaction per member under the member's lock, with its
 * upgrade gifts), the monthly review that lowers members whose guarantee has ended and who miss
 * their level's retention (set-based, a few statements per merchant), the daily projection and
 * birthday gifts, gifts granted through the bonus engine once by their key (waiting while the
 * member may not be reached by promotions), operators' changes, and the withdrawal limits.
 */
/** A birthday set, changed or cleared, for the member's profile history. */
export type BirthdayChange = {
  merchantId: string;
  memberId: string;
  before: string | null;
  after: string | null;
  actorType: 'member' | 'operator';
  actorId: string;
  at: Date;
};

export function createVipService(
  deps: ServiceDeps<{
    engine: VipGiftEngine;
    recordChange: RecordChange;
    /**
     * Writes a birthday's change to the member's profile history in the caller's transaction
     * (app.ts: the member module's), so that a birthday set here reads there as the profile's own.
     */
    recordBirthdayChange: (executor: Executor, change: BirthdayChange) => Promise<void>;
    /** The merchant as VIP reads it; null for one that does not exist. */
    readMerchant: (merchantId: string) => Promise<VipMerchant | null>;
    /** Tells members of changes of their level (app.ts: the inbox and the socket). */
    tellChange?: (changes: readonly VipLevelChange[]) => Promise<void>;
  }>,
) {
  const { db, engine, recordChange, recordBirthdayChange, readMerchant } = deps;
  const now = clockOf(deps);

  async function requireMerchant(merchantId: string): Promise<VipMerchant> {
    return present(await readMerchant(merchantId), `merchant ${merchantId} exists`);
  }

  async function readLevels(executor: Executor, merchantId: string, share = false): Promise<VipLevel[]> {
    return (await findLevels(executor, merchantId, { share })).map(levelOf);
  }

  /** A gift's terms: the merchant's vip settings, every game type counted in full. */
  function giftTermsOf(merchant: VipMerchant): VipGiftTerms {
    return {
      // The engine refuses wagering above the merchant's promotions cap: a gift stays under it.
      multiplier: Math.min(merchant.programme.giftMultiplier, merchant.maxMultiplier),
      includeDeposit: false,
      contributions: Object.fromEntries(LOYALTY_GAME_TYPES.map((type) => [type, 10_000])),
      maxStakeMinor: null,
      expiryDays: merchant.programme.giftExpiryDays,
      maxConversionMinor: null,
      minSpinStakeMinor: null,
      minSpinLines: null,
    };
  }

  /**
   * Grants a waiting gift through the bonus engine in the caller's transaction, which holds the
   * member's lock. A member promotions may not reach, or a budget spent, leaves it waiting: the
   * engine's refusal is undone to its savepoint. Answers what to announce once committed.
   */
  async function grantGiftIn(
    trx: Transaction<Database>,
    merchant: VipMerchant,
    gift: VipGiftRow,
  ): Promise<(() => void) | null> {
    await sql`savepoint vip_gift`.execute(trx);
    try {
      const grant = await engine.grantIn(trx, {
        merchantId: merchant.id,
        memberId: gift.member_id,
        currency: merchant.currency,
        source: 'vip',
        amountMinor: BigInt(gift.amount_minor),
        terms: giftTermsOf(merchant),
        language: merchant.defaultLanguage,
      });
      await markGiftGranted(trx, gift.id, grant.bonusId, now());
      await sql`release savepoint vip_gift`.execute(trx);
      return grant.announce;
    } catch (error) {
      await sql`rollback to savepoint vip_gift`.execute(trx);
      if (isAppError(error) && isWaitingRefusal(error)) return null;
      throw error;
    }
  }

  /** A refusal that leaves a gift waiting: the member not marketable, or a budget spent. */
  function isWaitingRefusal(error: AppError): boolean {
    if (error.code === 'TRIAL_ACCOUNT') return true;
    if (error.code === 'FORBIDDEN') return error.value?.reason === 'NOT_MARKETABLE';
    return error.code === 'CONFLICT' && error.value?.reason === 'BUDGET_EXHAUSTED';
  }

  function changeOf(row: LevelChangeRow, levels: readonly VipLevel[], language: string): VipLevelChange {
    const level =
      row.to_rank === null ? undefined : levels.find((candidate) => candidate.rank === row.to_rank);
    return {
      changeId: row.id,
      merchantId: row.merchant_id,
      memberId: row.member_id,
      fromRank: row.from_rank,
      toRank: row.to_rank,
      direction: (row.to_rank ?? 0) > (row.from_rank ?? 0) ? 'up' : 'down',
      level: level ? { rank: level.rank, label: level.label, names: level.names } : null,
      language,
    };
  }

  /**
   * Tells members of their changes, after the commit, a thousand to a call (a review may lower
   * thousands: their messages are written together). A failure to tell leaves the change made;
   * every batch is tried, then the first failure is thrown for the job's log.
   */
  async function tell(changes: readonly VipLevelChange[]): Promise<void> {
    const { tellChange } = deps;
    if (!tellChange) return;
    const failures: unknown[] = [];
    for (let index = 0; index < changes.length; index += TELLS_PER_CALL) {
      try {
        await tellChange(changes.slice(index, index + TELLS_PER_CALL));
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }

  /**
   * Raises one member to the highest level the window earns, if above the one held: under the
   * member's lock, by the levels and the figures read in that transaction, with the change's row
   * and an upgrade gift for every rank passed for the first time. Answers the change, if any.
   */
  async function raiseMember(merchant: VipMerchant, memberId: string): Promise<VipLevelChange | null> {
    const announces: Array<() => void> = [];
    const outcome = await db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, memberId);
      if (!member || member.merchantId !== merchant.id || member.type === TRIAL_MEMBER_TYPE) return null;
      const levels = await readLevels(trx, merchant.id, true);
      const held = await lockMemberVip(trx, memberId);
      const at = now();
      const figures = await findWindowFigures(
        trx,
        memberId,
        windowAt(merchant.timeZone, merchant.programme.windowDays, at),
      );
      const earned = highestEarned(levels, figures);
      const fromRank = held?.rank ?? null;
      if (!earned || earned.rank <= (fromRank ?? 0)) return null;
      await putMemberVip(trx, { memberId, merchantId: merchant.id, level: earned, now: at });
      const [change] = await insertLevelChanges(trx, [
        { merchantId: merchant.id, memberId, fromRank, toRank: earned.rank, reason: 'upgrade', now: at },
      ]);
      for (const level of upgradeGiftLevels(levels, fromRank, earned.rank)) {
        const gift = await insertGift(trx, {
          merchantId: merchant.id,
          memberId,
          kind: 'upgrade',
          key: giftKeys.upgrade(memberId, level.rank),
          rank: level.rank,
          amountMinor: level.upgradeBonusMinor,
          now: at,
        });
        if (!gift) continue;
        const announce = await grantGiftIn(trx, merchant, gift);
        if (announce) announces.push(announce);
      }
      return changeOf(present(change, 'the change was recorded'), levels, merchant.defaultLanguage);
    });
    for (const announce of announces) announce();
    if (outcome) await tell([outcome]);
    return outcome;
  }

  /** One merchant's upgrade pass: the members whose figures changed since the watermarks. */
  async function upgradeMerchant(merchant: VipMerchant): Promise<{ looked: number; raised: number }> {
    const levels = await readLevels(db, merchant.id);
    if (levels.length === 0) return { looked: 0, raised: 0 };
    const state = await findJobState(db, merchant.id);
    const back = (at: Date | null | undefined) => (at ? new Date(at.getTime() - WATERMARK_OVERLAP_MS) : null);
    const window = windowAt(merchant.timeZone, merchant.programme.windowDays, now());
    const changed = await findChangedMembers(db, merchant.id, {
      betsSince: back(state?.bets_changed_at),
      depositsSince: back(state?.deposits_credited_at),
      window,
    });
    let raised = 0;
    for (let index = 0; index < changed.memberIds.length; index += UPGRADE_MEMBERS_PER_READ) {
      const chunk = changed.memberIds.slice(index, index + UPGRADE_MEMBERS_PER_READ);
      for (const figures of await findWindowFiguresOf(db, merchant.id, chunk, window)) {
        const earned = highestEarned(levels, figures);
        if (!earned || earned.rank <= (figures.rank ?? 0)) continue;
        if (await raiseMember(merchant, figures.memberId)) raised += 1;
      }
    }
    await writeWatermarks(db, merchant.id, {
      betsChangedAt: changed.newestBetChange,
      depositsCreditedAt: changed.newestCredit,
      now: now(),
    });
    return { looked: changed.memberIds.length, raised };
  }

  /** The merchants whose programme runs: levels, and the VIP switch on. */
  async function activeMerchants(): Promise<VipMerchant[]> {
    const merchants: VipMerchant[] = [];
    for (const merchantId of await findMerchantsWithLevels(db)) {
      const merchant = await readMerchant(merchantId);
      if (merchant?.isEnabled) merchants.push(merchant);
    }
    return merchants;
  }

  /**
   * Grants the merchant's waiting gifts whose member may be reached by promotions again, oldest
   * first, each in a transaction of its own under the member's lock; drops those that waited too
   * long. Two passes at once grant a gift once: the second finds it no longer waiting.
   */
  async function grantWaiting(merchant: VipMerchant): Promise<{ granted: number; dropped: number }> {
    const at = now();
    const dropped = await dropStaleGifts(
      db,
      merchant.id,
      new Date(at.getTime() - GIFT_WAITING_DAYS_MAX * DAY_MS),
      at,
    );
    let granted = 0;
    let after: { createdAt: Date; id: string } | null = null;
    for (let read = 0; read < GIFT_GRANTS_PER_PASS_MAX; read += GIFTS_PER_READ) {
      const gifts = await findWaitingGifts(db, merchant.id, after, GIFTS_PER_READ);
      for (const gift of gifts) {
        // Read before the transaction: the check reads on its own connection.
        if (!(await engine.isMarketable(gift.member_id)).ok) continue;
        const announce = await db.transaction().execute(async (trx) => {
          await lockMember(trx, gift.member_id);
          const waiting = await lockWaitingGift(trx, gift.id);
          return waiting ? grantGiftIn(trx, merchant, waiting) : null;
        });
        if (announce) {
          announce();
          granted += 1;
        }
      }
      const last = gifts.at(-1);
      if (!last || gifts.length < GIFTS_PER_READ) break;
      after = { createdAt: last.created_at, id: last.id };
    }
    return { granted, dropped };
  }

  /** Serialises one merchant's review work across processes and overlapping runs. */
  async function lockMerchantReview(trx: Transaction<Database>, merchantId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`vip_review:${merchantId}`}, 0))`.execute(trx);
  }

  /**
   * One merchant's review work: the month's review when due (or `force`d by an operator), the
   * day's projection and birthday gifts once per merchant day, then the waiting gifts.
   */
  async function reviewMerchant(merchant: VipMerchant, options: { force: boolean }): Promise<ReviewSummary> {
    const summary: ReviewSummary = {
      reviewed: false,
      lowered: 0,
      monthlyGifts: 0,
      projected: 0,
      birthdayGifts: 0,
      granted: 0,
      dropped: 0,
    };
    const levels = await readLevels(db, merchant.id);
    if (levels.length === 0) return summary;
    const { timeZone } = merchant;
    const { reviewDay, windowDays } = merchant.programme;

    const changes = await db.transaction().execute(async (trx) => {
      await lockMerchantReview(trx, merchant.id);
      const at = now();
      const state = await findJobState(trx, merchant.id);
      if (!options.force && !isReviewDue(timeZone, reviewDay, at, state?.reviewed_month ?? null)) return [];
      await allowLongStatements(trx, REVIEW_STATEMENT_TIMEOUT_MS);
      const window = windowAt(timeZone, windowDays, at);
      const lowered = await lowerHolders(
        trx,
        merchant.id,
        await findHoldersToLower(trx, merchant.id, window, at),
        at,
      );
      const rows = await insertLevelChanges(
        trx,
        lowered.map((item) => ({ ...item, merchantId: merchant.id, reason: 'review' as const, now: at })),
      );
      summary.monthlyGifts = await insertMonthlyGifts(trx, merchant.id, {
        month: merchantMonthOf(timeZone, at),
        now: at,
      });
      await writeMarker(trx, merchant.id, { reviewedMonth: merchantMonthOf(timeZone, at) }, at);
      summary.reviewed = true;
      summary.lowered = lowered.length;
      return rows.map((row) => changeOf(row, levels, merchant.defaultLanguage));
    });
    await tell(changes);

    await db.transaction().execute(async (trx) => {
      await lockMerchantReview(trx, merchant.id);
      const at = now();
      const state = await findJobState(trx, merchant.id);
      const today = merchantDayOf(timeZone, at);
      if (!options.force && state?.daily_day === today) return;
      await allowLongStatements(trx, REVIEW_STATEMENT_TIMEOUT_MS);
      summary.projected = await writeProjections(trx, merchant.id, {
        window: windowAt(timeZone, windowDays, at),
        reviewAt: nextReviewAt(timeZone, reviewDay, at, state?.reviewed_month ?? null),
        now: at,
      });
      const wall = wallClockIn(timeZone, at);
      summary.birthdayGifts = await insertBirthdayGifts(trx, merchant.id, {
        year: wall.year,
        month: wall.month,
        openedBy: new Date(at.getTime() - BIRTHDAY_ACCOUNT_AGE_DAYS * DAY_MS),
        now: at,
      });
      await writeMarker(trx, merchant.id, { dailyDay: today }, at);
    });

    const waiting = await grantWaiting(merchant);
    summary.granted = waiting.granted;
    summary.dropped = waiting.dropped;
    return summary;
  }

  /** Runs `work` for each merchant; one merchant's failure does not stop the others. */
  async function forEachMerchant<T>(
    merchants: readonly VipMerchant[],
    work: (merchant: VipMerchant) => Promise<T>,
  ): Promise<T[]> {
    const results: T[] = [];
    const failures: unknown[] = [];
    for (const merchant of merchants) {
      try {
        results.push(await work(merchant));
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'vip: several merchants failed');
    return results;
  }

  async function readMemberLevel(memberId: string, levels: readonly VipLevel[]) {
    const held = await findMemberVip(db, memberId);
    const level = held ? (levels.find((candidate) => candidate.id === held.level_id) ?? null) : null;
    return { held, level };
  }

  async function checkLimits(executor: Executor, input: WithdrawalCheck): Promise<void> {
    const benefits = await readVipBenefits(executor, input.memberId);
    if (!benefits || (benefits.withdrawCountDay === null && benefits.withdrawAmountDayMinor === null)) return;
    const done = await sumWithdrawalsSince(executor, {
      memberId: input.memberId,
      since: startOfDayIn(input.timeZone, now()),
      exceptId: input.exceptId,
    });
    if (benefits.withdrawCountDay !== null && done.count + 1 > benefits.withdrawCountDay) {
      throw new AppError('LIMIT_REACHED', { value: { limit: 'vipCount' } });
    }
    if (
      benefits.withdrawAmountDayMinor !== null &&
      done.amountMinor + input.amountMinor > benefits.withdrawAmountDayMinor
    ) {
      throw new AppError('LIMIT_REACHED', { value: { limit: 'vipAmount' } });
    }
  }

  return {
    /** The merchant's levels, lowest rank first. */
    listLevels: (merchantId: string): Promise<VipLevel[]> => readLevels(db, merchantId),

    /** A member's VIP page: the level held, the window's figures, what the next level needs. */
    async describeMember(merchant: VipMerchant, memberId: string): Promise<MemberVipView> {
      const at = now();
      const levels = await readLevels(db, merchant.id);
      const window = windowAt(merchant.timeZone, merchant.programme.windowDays, at);
      const [{ held, level }, figures, facts, state] = await Promise.all([
        readMemberLevel(memberId, levels),
        findWindowFigures(db, memberId, window),
        findMemberFacts(db, memberId),
        findJobState(db, merchant.id),
      ]);
      const next = nextLevelOf(levels, level?.rank ?? null);
      const missing = (need: bigint, have: bigint) => (need > have ? need - have : 0n);
      return {
        level,
        reachedAt: held?.reached_at ?? null,
        guaranteedUntil: held?.guaranteed_until ?? null,
        window: { ...window, ...figures },
        next: next
          ? {
              level: next,
              missingDepositMinor: missing(next.depositMinor, figures.depositMinor),
              missingValidBetMinor: missing(next.validBetMinor, figures.validBetMinor),
            }
          : null,
        projection:
          held?.projection && held.projected_at
            ? {
                outcome: held.projection,
                rank: held.projected_rank,
                reviewAt: nextReviewAt(
                  merchant.timeZone,
                  merchant.programme.reviewDay,
                  at,
                  state?.reviewed_month ?? null,
                ),
              }
            : null,
        birthday: facts?.birthday ?? null,
      };
    },

    /** The level a member holds (rank and label), for the public state; null: none. */
    async findBadge(memberId: string): Promise<{ rank: number; label: string } | null> {
      const benefits = await readVipBenefits(db, memberId);
      return benefits ? { rank: benefits.rank, label: benefits.label } : null;
    },

    /**
     * The member sets their birthday, once (a guarded update): not in the future, at least the
     * merchant's minimum age ago. CONFLICT BIRTHDAY_SET when one is set already.
     */
    async setOwnBirthday(merchant: VipMerchant, memberId: string, birthday: string): Promise<void> {
      const facts = present(await findMemberFacts(db, memberId), `member ${memberId} exists`);
      if (facts.birthday !== null) throw new AppError('CONFLICT', { value: { reason: 'BIRTHDAY_SET' } });
      const problem = birthdayProblemOf(
        birthday,
        merchantDayOf(merchant.timeZone, now()),
        merchant.minimumAge,
      );
      if (problem) throw new AppError('VALIDATION', { value: { fields: { birthday: problem } } });
      await db.transaction().execute(async (trx) => {
        if (!(await setBirthdayOnce(trx, memberId, birthday))) {
          throw new AppError('CONFLICT', { value: { reason: 'BIRTHDAY_SET' } });
        }
        await recordBirthdayChange(trx, {
          merchantId: merchant.id,
          memberId,
          before: null,
          after: birthday,
          actorType: 'member',
          actorId: memberId,
          at: now(),
        });
      });
    },

    /** An operator sets or clears a member's birthday, with the reason in the audit log. */
    async setMemberBirthday(
      actor: ChangeActor,
      memberId: string,
      input: { birthday: string | null; reason: string },
    ): Promise<{ birthday: string | null }> {
      const merchantId = await findMemberMerchant(db, memberId);
      if (!merchantId) throw new AppError('NOT_FOUND');
      const merchant = await requireMerchant(merchantId);
      if (input.birthday !== null) {
        const problem = birthdayProblemOf(
          input.birthday,
          merchantDayOf(merchant.timeZone, now()),
          merchant.minimumAge,
        );
        if (problem) throw new AppError('VALIDATION', { value: { fields: { birthday: problem } } });
      }
      await db.transaction().execute(async (trx) => {
        const replaced = present(await replaceBirthday(trx, memberId, input.birthday), 'the member exists');
        if (replaced.before !== input.birthday) {
          await recordBirthdayChange(trx, {
            merchantId,
            memberId,
            before: replaced.before,
            after: input.birthday,
            actorType: 'operator',
            actorId: actor.id,
            at: now(),
          });
        }
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'player.birthday',
          target: { type: 'member', id: memberId },
          before: { birthday: replaced.before },
          after: { birthday: input.birthday, reason: input.reason },
        });
      });
      return { birthday: input.birthday };
    },

    /**
     * An operator sets a member's level (its guarantee from now by the level's days) or removes
     * it (`rank` null), with a change of reason `operator` and the audit row in one transaction.
     * An operator's change pays no gifts. Answers the level now held.
     */
    async setMemberLevel(
      actor: ChangeActor,
      memberId: string,
      input: { rank: number | null; reason: string },
    ): Promise<VipLevel | null> {
      const merchantId = await findMemberMerchant(db, memberId);
      if (!merchantId) throw new AppError('NOT_FOUND');
      const merchant = await requireMerchant(merchantId);
      const outcome = await db.transaction().execute(async (trx) => {
        const member = present(await lockMember(trx, memberId), 'the member exists');
        if (member.type === TRIAL_MEMBER_TYPE) throw new AppError('TRIAL_ACCOUNT');
        const levels = await readLevels(trx, merchantId, true);
        const target = input.rank === null ? null : levels.find((level) => level.rank === input.rank);
        if (target === undefined)
          throw new AppError('VALIDATION', { value: { fields: { rank: 'unknown' } } });
        const held = await lockMemberVip(trx, memberId);
        const fromRank = held?.rank ?? null;
        if ((target?.rank ?? null) === fromRank) return { level: target, change: null };
        const at = now();
        if (target) await putMemberVip(trx, { memberId, merchantId, level: target, now: at });
        else await deleteMemberVip(trx, memberId);
        const [row] = await insertLevelChanges(trx, [
          {
            merchantId,
            memberId,
            fromRank,
            toRank: target?.rank ?? null,
            reason: 'operator',
            operatorId: actor.id,
            note: input.reason,
            now: at,
          },
        ]);
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'player.vip',
          target: { type: 'member', id: memberId },
          before: { rank: fromRank },
          after: { rank: target?.rank ?? null, reason: input.reason },
        });
        return {
          level: target,
          change: changeOf(present(row, 'the change was recorded'), levels, merchant.defaultLanguage),
        };
      });
      if (outcome.change) await tell([outcome.change]);
      return outcome.level;
    },

    /** The merchant a member belongs to (the back office's routes scope by it). */
    findMerchantOfMember: (memberId: string) => findMemberMerchant(db, memberId),

    listMembers(input: {
      scope: readonly string[] | null;
      rank: number | null;
      account: string | null;
      memberId: string | null;
      page: number;
      pageSize: number;
    }) {
      const pageSize = Math.min(input.pageSize, VIP_PAGE_SIZE_MAX);
      return findMembersPage(db, { ...input, limit: pageSize, offset: (input.page - 1) * pageSize });
    },

    listGifts(input: {
      scope: readonly string[] | null;
      status: VipGiftStatus | null;
      page: number;
      pageSize: number;
    }) {
      const pageSize = Math.min(input.pageSize, VIP_PAGE_SIZE_MAX);
      return findGiftsPage(db, { ...input, limit: pageSize, offset: (input.page - 1) * pageSize });
    },

    /**
     * `vip.upgrades`: raises every member of a merchant with the programme on whose bets or
     * deposits changed since the job's watermarks. Re-running changes nothing.
     */
    async runUpgrades(): Promise<UpgradeSummary> {
      const merchants = await activeMerchants();
      const results = await forEachMerchant(merchants, upgradeMerchant);
      return {
        merchants: merchants.length,
        looked: results.reduce((sum, result) => sum + result.looked, 0),
        raised: results.reduce((sum, result) => sum + result.raised, 0),
      };
    },

    /** `vip.review`: each merchant's review when due, its day's work once, its waiting gifts. */
    async runReview(): Promise<ReviewSummary[]> {
      return forEachMerchant(await activeMerchants(), (merchant) =>
        reviewMerchant(merchant, { force: false }),
      );
    },

    /**
     * An operator runs the merchant's review now, whatever the day (its month counts as reviewed),
     * with the day's projection and gifts; the audit row records what it did.
     */
    async runReviewNow(actor: ChangeActor, merchantId: string): Promise<ReviewSummary> {
      const merchant = await requireMerchant(merchantId);
      const summary = await reviewMerchant(merchant, { force: true });
      await recordChange(db, {
        ...actorOf(actor),
        merchantId,
        action: 'vip.review',
        target: { type: 'merchant', id: merchantId },
        before: null,
        after: summary,
      });
      return summary;
    },

    /**
     * The member's level's withdrawal limits for the merchant day (docs/loyalty.md "Benefits"):
     * the withdrawals requested today that still count (not rejected or failed) and this one must
     * stay within the count and the amount; LIMIT_REACHED with `limit` 'vipCount' or 'vipAmount'.
     * Asked before anything is held, for a prompt answer; checkWithdrawalLimitsIn decides.
     */
    checkWithdrawalLimits: (input: WithdrawalCheck): Promise<void> => checkLimits(db, input),

    /**
     * The limits checked in the withdrawal's own transaction, under the member's lock, with the
     * withdrawal being recorded (`exceptId`) counted as this one: a burst of requests cannot pass
     * together.
     */
    async checkWithdrawalLimitsIn(trx: Transaction<Database>, input: WithdrawalCheck): Promise<void> {
      await lockMember(trx, input.memberId);
      await checkLimits(trx, input);
    },
  };
}
