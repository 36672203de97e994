import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isAppError } from '../../platform/errors/errors.ts';
import { present } from '../../platform/errors/invariant.ts';
import {
  type CashbackPromotionRow,
  findCashbackCandidates,
  findCashbackPromotions,
  insertCycleEntry,
  setEntryBonus,
} from './cashback.repository.ts';
import { type CashbackTiming, type CashbackWindow, countedDays, duePeriods } from './cashback-periods.ts';
import { type CashbackRules, cashbackAmountOf, readCashbackRules } from './cashback-rules.ts';
import { type BonusTermsMinor, bonusTermsOf, termsInMinor } from './promotion-rules.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * A period is paid from an hour after it ends (bets a transfer vendor's feed brings late land in
 * its days first) and for seven days after that, so that a job stopped for a while, a budget used
 * up for a day or a feed behind delays a payment rather than losing it.
 */
export const CASHBACK_TIMING: CashbackTiming = { settleDelayMs: 60 * MINUTE_MS, catchUpMs: 7 * DAY_MS };
/** Members paid per read of the candidates; each is paid in a transaction of its own. */
export const CASHBACK_MEMBERS_PER_BATCH = 200;

/**
 * What the cashback job needs of the bonus engine (modules/bonus/bonus-api.ts): the engine passes
 * for it as it is.
 */
export type CashbackEngine = {
  grantIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      source: 'cashback';
      amountMinor: bigint;
      terms: BonusTermsMinor;
      language: string;
      promotionId: string;
      entryId: string;
      promotionBudgetDayMinor: bigint | null;
    },
  ): Promise<{ bonusId: string; announce: () => void }>;
  payCashIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      code: 'cashback';
      key: string;
      reference: string;
      amountMinor: bigint;
      promotionId: string;
      promotionBudgetDayMinor: bigint | null;
    },
  ): Promise<{ announce: () => void }>;
  isMarketable(
    memberId: string,
  ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
};

/**
 * A merchant's transfer vendors whose feeds are behind (the report module's import status): a
 * period is held while one of them has not imported past its end.
 */
export type FeedsBehind = (
  merchantIds: readonly string[],
) => Promise<readonly { merchantId: string; lastImportedAt: Date | null }[]>;

/** What one run did. */
export type CashbackRunSummary = {
  /** Members paid, and what they were paid together. */
  paid: number;
  paidMinor: bigint;
  /** Members left out as not marketable at payment time (recorded, never paid for that period). */
  notMarketable: number;
  /** Promotion periods held for a vendor's feed (`<promotionId>:<cycle>`). */
  held: string[];
  /** Promotions whose budget (or the merchant's) ran out in this run. */
  budgetExhausted: string[];
};

/** The ledger key of a cashback paid as cash: one per promotion, member and period. */
export function cashbackKeyOf(promotionId: string, memberId: string, cycle: string): string {
  return `cashback:${promotionId}:${memberId}:${cycle}`;
}

/** The ledger reference of cash a promotion pays: the promotions report finds the promotion by it. */
export function promotionReferenceOf(promotionId: string): string {
  return `promotion:${promotionId}`;
}

type PayOutcome = 'paid' | 'taken' | 'not-marketable' | 'budget';

export type CashbackService = ReturnType<typeof createCashbackService>;

/**
 * Cashback (docs/promotions.md "Cashback"): each period of every published cashback promotion,
 * once it is due, pays each member who joined it the rules' percent of the period's net loss, as
 * cash or as a bonus, recorded as the member's entry of that cycle in the payment's transaction,
 * so that a period is paid once however many runs overlap or restart.
 */
export function createCashbackService(
  deps: ServiceDeps<{ engine: CashbackEngine; feedsBehind?: FeedsBehind; timing?: CashbackTiming }>,
) {
  const { db, engine } = deps;
  const now = clockOf(deps);
  const timing = deps.timing ?? CASHBACK_TIMING;

  async function recordNotMarketable(
    promotion: CashbackPromotionRow,
    cycle: string,
    memberId: string,
    reason: string,
    termsAcceptedAt: Date | null,
  ): Promise<void> {
    await insertCycleEntry(db, {
      merchantId: promotion.merchantId,
      promotionId: promotion.id,
      memberId,
      cycle,
      status: 'rejected',
      amountMinor: null,
      rejectReason: reason,
      termsAcceptedAt,
      now: now(),
    });
  }

  /** Pays one member one period, or records why not; the entry and the money commit together. */
  async function payOne(
    promotion: CashbackPromotionRow,
    rules: CashbackRules,
    terms: BonusTermsMinor | null,
    cycle: string,
    member: { memberId: string; amountMinor: bigint; termsAcceptedAt: Date | null },
  ): Promise<PayOutcome> {
    const { memberId, amountMinor, termsAcceptedAt } = member;
    // Read before the transaction: the check reads on its own connection.
    const marketable = await engine.isMarketable(memberId);
    if (!marketable.ok) {
      await recordNotMarketable(promotion, cycle, memberId, marketable.reason, termsAcceptedAt);
      return 'not-marketable';
    }
    try {
      const paid = await db.transaction().execute(async (trx): Promise<'taken' | (() => void)> => {
        const entryId = await insertCycleEntry(trx, {
          merchantId: promotion.merchantId,
          promotionId: promotion.id,
          memberId,
          cycle,
          status: 'issued',
          amountMinor,
          rejectReason: null,
          termsAcceptedAt,
          now: now(),
        });
        if (entryId === null) return 'taken';
        if (rules.payAs === 'cash') {
          const { announce } = await engine.payCashIn(trx, {
            merchantId: promotion.merchantId,
            memberId,
            currency: promotion.currency,
            code: 'cashback',
            key: cashbackKeyOf(promotion.id, memberId, cycle),
            reference: promotionReferenceOf(promotion.id),
            amountMinor,
            promotionId: promotion.id,
            promotionBudgetDayMinor: promotion.budgetDayMinor,
          });
          return announce;
        }
        const { bonusId, announce } = await engine.grantIn(trx, {
          merchantId: promotion.merchantId,
          memberId,
          currency: promotion.currency,
          source: 'cashback',
          amountMinor,
          terms: present(terms, 'a cashback paid as bonus has read its terms'),
          language: promotion.language,
          promotionId: promotion.id,
          entryId,
          promotionBudgetDayMinor: promotion.budgetDayMinor,
        });
        await setEntryBonus(trx, entryId, bonusId);
        return announce;
      });
      if (paid === 'taken') return 'taken';
      // The member's open pages learn of the money once it is committed.
      paid();
      return 'paid';
    } catch (error) {
      if (!isAppError(error)) throw error;
      // The member stopped being marketable since the check (an opt-out, a break): as above.
      if (
        error.code === 'TRIAL_ACCOUNT' ||
        (error.code === 'FORBIDDEN' && error.value?.reason === 'NOT_MARKETABLE')
      ) {
        const reason = error.code === 'TRIAL_ACCOUNT' ? 'TRIAL_ACCOUNT' : 'NOT_MARKETABLE';
        await recordNotMarketable(promotion, cycle, memberId, reason, termsAcceptedAt);
        return 'not-marketable';
      }
      if (error.code === 'CONFLICT' && error.value?.reason === 'BUDGET_EXHAUSTED') return 'budget';
      throw error;
    }
  }

  /** Whether a vendor's feed of the merchant has not yet imported the bets of the period's days. */
  function isHeld(
    window: CashbackWindow,
    lags: readonly { merchantId: string; lastImportedAt: Date | null }[],
    merchantId: string,
  ): boolean {
    return lags.some(
      (lag) =>
        lag.merchantId === merchantId && (lag.lastImportedAt === null || lag.lastImportedAt < window.endsAt),
    );
  }

  /** Pays the due periods of one promotion; stops at its budget. */
  async function payPromotion(
    promotion: CashbackPromotionRow,
    lags: readonly { merchantId: string; lastImportedAt: Date | null }[],
    summary: CashbackRunSummary,
  ): Promise<void> {
    const rules = readCashbackRules(promotion.id, promotion.rules);
    const terms =
      rules.payAs === 'bonus'
        ? termsInMinor(
            present(bonusTermsOf(promotion.bonusTerms), `cashback ${promotion.id} paid as bonus has terms`),
          )
        : null;
    const schedule = { timeZone: promotion.timeZone, startsAt: promotion.startsAt, endsAt: promotion.endsAt };
    const windows = duePeriods({ period: rules.period, now: now(), timing, ...schedule });
    for (const window of windows) {
      if (isHeld(window, lags, promotion.merchantId)) {
        summary.held.push(`${promotion.id}:${window.start}`);
        continue;
      }
      const days = countedDays(window, schedule);
      if (days === null) continue;
      let after = '';
      for (;;) {
        const candidates = await findCashbackCandidates(db, {
          promotionId: promotion.id,
          cycle: window.start,
          timeZone: promotion.timeZone,
          ...days,
          joinedBefore: window.endsAt,
          minNetLossMinor: rules.minNetLossMinor,
          after,
          limit: CASHBACK_MEMBERS_PER_BATCH,
        });
        for (const candidate of candidates) {
          const amountMinor = cashbackAmountOf(candidate.netLossMinor, rules);
          if (amountMinor <= 0n) continue;
          const outcome = await payOne(promotion, rules, terms, window.start, { ...candidate, amountMinor });
          if (outcome === 'budget') {
            summary.budgetExhausted.push(promotion.id);
            return;
          }
          if (outcome === 'paid') {
            summary.paid += 1;
            summary.paidMinor += amountMinor;
          }
          if (outcome === 'not-marketable') summary.notMarketable += 1;
        }
        const last = candidates.at(-1);
        if (!last || candidates.length < CASHBACK_MEMBERS_PER_BATCH) break;
        after = last.memberId;
      }
    }
  }

  return {
    /**
     * Pays every due period of every published cashback promotion. One promotion's broken rules do
     * not stop the others: the run finishes them, then fails with what went wrong, so that the job
     * logs it and runs again.
     */
    async payDue(): Promise<CashbackRunSummary> {
      const at = now();
      // An ended promotion pays the period it ended in once that ends: up to a week later.
      const endedSince = new Date(at.getTime() - timing.catchUpMs - WEEK_MS);
      const promotions = await findCashbackPromotions(db, { now: at, endedSince });
      const merchantIds = [...new Set(promotions.map((promotion) => promotion.merchantId))];
      const lags = deps.feedsBehind && merchantIds.length > 0 ? await deps.feedsBehind(merchantIds) : [];
      const summary: CashbackRunSummary = {
        paid: 0,
        paidMinor: 0n,
        notMarketable: 0,
        held: [],
        budgetExhausted: [],
      };
      const failures: unknown[] = [];
      for (const promotion of promotions) {
        try {
          await payPromotion(promotion, lags, summary);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, 'cashback: several promotions failed');
      return summary;
    },
  };
}
