import type { Transaction } from 'kysely';
import type { CashRewardCode } from '../../db/reward-codes.ts';
import type { Database, MemberBonusSource, MemberBonusStatus, MemberStatus } from '../../db/schema.ts';

/**
 * What the bonus engine offers the rest of the server (docs/promotions.md "The bonus engine"):
 * promotions grant through it, the back office grants and cancels by hand, the withdrawal cancels
 * an active bonus the member chose to give up, and the settle job converts, expires and starts the
 * next waiting bonus.
 */

/** A bonus's terms as a promotion holds them (`promotions.bonus_terms`), amounts in minor units. */
export type BonusTerms = {
  /** Integer, 0 to the merchant's promotions.maxMultiplier. */
  multiplier: number;
  /** Wagering = multiplier × (bonus + deposit) instead of multiplier × bonus. */
  includeDeposit: boolean;
  /** Basis points (0 to 10,000) of valid bet counted per game type; types not named count 0. */
  contributions: Record<string, number>;
  maxStakeMinor: bigint | null;
  expiryDays: number;
  maxConversionMinor: bigint | null;
  /**
   * The spin rule (docs/promotions.md "Slot spins"): a slot spin staking less than this, or played
   * on fewer lines than this (or on lines not known), counts nothing toward the wagering. Null: no rule.
   */
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
};

export type GrantInput = {
  merchantId: string;
  memberId: string;
  currency: string;
  source: MemberBonusSource;
  amountMinor: bigint;
  /** The deposit a deposit bonus matched (counts in wagering when terms.includeDeposit). */
  depositMinor?: bigint;
  terms: BonusTerms;
  /** The member's language, for the terms stored as accepted (`member_bonuses.terms`). */
  language: string;
  promotionId?: string | null;
  entryId?: string | null;
  /** The promotion's own cap per merchant day (scope = promotionId); the merchant's cap always applies. */
  promotionBudgetDayMinor?: bigint | null;
  /** An operator's grant by hand: who and why. */
  grantedBy?: string | null;
  reason?: string | null;
};

export type GrantOutcome = {
  bonusId: string;
  status: Extract<MemberBonusStatus, 'waiting' | 'active'>;
  /** Tells the member's open pages of their new balances: call it once the transaction has committed. */
  announce: () => void;
  /** The entry had been granted before: the first grant's bonus and outcome, nothing new written. */
  duplicate?: boolean;
};

/** The most grants one batch takes (grantManyIn): a thousand members locked in one transaction. */
export const GRANTS_PER_BATCH_MAX = 1000;

/**
 * Grants of one kind to many members at once (a day's rebates): one source, terms and language,
 * each member's own amount, no promotion or entry (their once-only rule is the caller's).
 */
export type GrantManyInput = {
  merchantId: string;
  currency: string;
  source: Exclude<MemberBonusSource, 'manual' | 'promotion'>;
  terms: BonusTerms;
  language: string;
  /** At most GRANTS_PER_BATCH_MAX, each member once. */
  grants: readonly { memberId: string; amountMinor: bigint }[];
};

/** Why a batch left a member out: promotions may not reach them, or a budget ran out first. */
export type GrantRefusal = 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' | 'BUDGET_EXHAUSTED';

export type GrantManyOutcome = {
  granted: { memberId: string; bonusId: string; status: Extract<MemberBonusStatus, 'waiting' | 'active'> }[];
  refused: { memberId: string; reason: GrantRefusal }[];
  /** Tells the members' open pages of their new balances: call it once the transaction has committed. */
  announce: () => void;
};

export type BonusEngine = {
  /**
   * Grants a bonus inside the caller's transaction: checks isMarketable (403 FORBIDDEN
   * NOT_MARKETABLE, TRIAL_ACCOUNT), reserves the budgets (409 CONFLICT BUDGET_EXHAUSTED), records
   * the bonus and activates it at once when the member has none active (crediting the bonus
   * wallet). The caller's transaction commits or rolls back all of it. An entry granted before
   * answers its first grant again (`duplicate`), so that an entry is granted once.
   */
  grantIn(trx: Transaction<Database>, input: GrantInput): Promise<GrantOutcome>;
  /**
   * Many grants inside the caller's transaction, with grantIn's rules: each member locked (all in
   * one statement, in id order) and checked by isMarketable, the merchant's budget reserved (the
   * batch's sum at once, member by member when the cap would refuse it), and each bonus active at
   * once when the member has nothing playing or waiting, else waiting behind it. Members refused
   * are answered, not thrown: the others are granted.
   */
  grantManyIn(trx: Transaction<Database>, input: GrantManyInput): Promise<GrantManyOutcome>;
  /** grantIn in a transaction of its own. */
  grant(input: GrantInput): Promise<GrantOutcome>;
  /**
   * Pays cash as a reward (cashback paid as cash) inside the caller's transaction: reserves the
   * budgets, then one transfer of `code` from the house's bonus_funding to the member's cash. A
   * key paid before changes nothing. It does not check isMarketable: the caller decides whom it
   * pays.
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
      promotionId: string | null;
      promotionBudgetDayMinor?: bigint | null;
    },
  ): Promise<{ announce: () => void }>;
  /**
   * The accounts of cash rewards a caller pays in a statement of its own out of an amount it
   * reserved with reserveBudgetIn (red envelopes opened in a batch, whose drop reserved its total
   * when it was saved): the house's bonus_funding of one shard and each member's cash account.
   */
  cashInAccounts(input: {
    merchantId: string;
    currency: string;
    shardKey: string;
    memberIds: readonly string[];
  }): Promise<{ houseAccountId: string; cashAccountIds: string[] }>;
  /** Tells a member of their cash after such a statement committed. */
  announceCashIn(input: {
    merchantId: string;
    memberId: string;
    currency: string;
    balanceMinor: bigint;
  }): void;
  /**
   * Reserves an amount against the merchant's promotions budget of its day at `at` (its time
   * zone), in the caller's transaction, in one guarded statement: the day reserved on, or refused
   * (nothing written) when the day's cap would be passed.
   */
  reserveBudgetIn(
    trx: Transaction<Database>,
    input: { merchantId: string; at: Date; amountMinor: bigint },
  ): Promise<{ ok: boolean; day: string }>;
  /** Gives back to the merchant's budget of a day what reserveBudgetIn reserved on it. */
  releaseBudgetIn(
    trx: Transaction<Database>,
    input: { merchantId: string; day: string; amountMinor: bigint },
  ): Promise<void>;
  /**
   * isMarketable from facts the caller read already (a member's session carries them): the same
   * rule, now, without a read.
   */
  marketabilityOf(facts: {
    type: number;
    status: MemberStatus;
    promotionsOptOut: boolean;
    exclusionEndsAt: Date | null;
  }): { ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' };
  /** Whether promotions may be offered to and granted to the member (docs/promotions.md). */
  isMarketable(
    memberId: string,
  ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
  /** isMarketable for many members at once: those of them promotions may reach now. */
  marketableAmong(memberIds: readonly string[]): Promise<ReadonlySet<string>>;
  /** isMarketable read in the caller's transaction (what it decides commits with what it read). */
  isMarketableIn(
    trx: Transaction<Database>,
    memberId: string,
  ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
};
