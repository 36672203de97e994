import type { Transaction } from 'kysely';
import type { CashRewardCode } from '../../db/reward-codes.ts';
import type { Database, MemberBonusStatus } from '../../db/schema.ts';
import type { BonusTermsMinor } from './promotion-rules.ts';

/**
 * What promotions need of the bonus engine (docs/promotions.md "The bonus engine"): granting a
 * bonus or paying a cash reward inside the caller's transaction, so that an entry and its grant
 * commit together, and the one check of who promotions may reach. app.ts hands the engine in; modules never import each
 * other, so the shape is named here.
 */
export type PromotionGrantInput = {
  merchantId: string;
  memberId: string;
  currency: string;
  source: 'promotion';
  amountMinor: bigint;
  /** The deposit a deposit bonus matched (counts in wagering when the terms include it). */
  depositMinor?: bigint;
  terms: BonusTermsMinor;
  /** The language the member reads the accepted terms in. */
  language: string;
  promotionId: string;
  entryId: string;
  promotionBudgetDayMinor: bigint | null;
};

export type Marketability = { ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' };

export type PromotionGrants = {
  /**
   * Grants a bonus in the caller's transaction: refuses a member promotions may not reach (403)
   * and a grant past a budget (409 BUDGET_EXHAUSTED), writing nothing then.
   */
  grantIn(
    trx: Transaction<Database>,
    input: PromotionGrantInput,
  ): Promise<{
    bonusId: string;
    status: Extract<MemberBonusStatus, 'waiting' | 'active'>;
    /** Tells the member's pages of the new balance, once the transaction has committed. */
    announce: () => void;
  }>;
  /**
   * Pays cash as a reward in the caller's transaction (cashback and raffle prizes paid as cash):
   * reserves the budgets (409 BUDGET_EXHAUSTED), then one transfer of `code` from the house's
   * bonus funding to the member's cash. A key paid before changes nothing. It does not check
   * isMarketable: the caller decides whom it pays.
   */
  payCashIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      code: CashRewardCode;
      key: string;
      reference: string;
      amountMinor: bigint;
      promotionId: string;
      promotionBudgetDayMinor: bigint | null;
    },
  ): Promise<{ announce: () => void }>;
  isMarketable(memberId: string): Promise<Marketability>;
};
