import type { Transaction } from 'kysely';
import { BONUS_GAME_TYPES, CONTRIBUTION_BP_MAX } from '../../db/bonus-terms-bounds.ts';
import type { PointBetType } from '../../db/loyalty-rules.ts';
import type { Database, MemberBonusStatus } from '../../db/schema.ts';

/**
 * What the points mall reads of its merchant and needs of the bonus engine (docs/loyalty.md
 * "Points"). Modules never import each other: app.ts reads the merchant's `points` settings into
 * this shape and hands the engine in.
 */

/** Points for each whole `perMinor` of an amount (valid bet or deposit). */
export type PointsRule = { perMinor: bigint; points: number };

/** The merchant settings' `points` block, amounts in minor units. */
export type PointsPolicy = {
  earn: Partial<Record<PointBetType, PointsRule>>;
  deposit: PointsRule | null;
  /** The exchange-rate table, `from` ascending: a row applies from its number of points on. */
  exchange: readonly { from: number; amountMinor: bigint }[];
  convertMultiplier: number;
  convertExpiryDays: number;
  minConvertPoints: number;
};

/** The merchant facts the points mall works with. */
export type PointsMerchant = {
  id: string;
  currency: string;
  timeZone: string;
  defaultLanguage: string;
  policy: PointsPolicy;
};

export type ReadPointsMerchant = (merchantId: string) => Promise<PointsMerchant | null>;

/** A multiplier of 1× in basis points: a member without a VIP level earns the rule's points. */
export const PLAIN_MULTIPLIER_BP = 10_000;

/** A bonus's terms as the bonus engine takes them (modules/bonus/bonus-api.ts BonusTerms). */
export type PointsBonusTerms = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Record<string, number>;
  maxStakeMinor: bigint | null;
  expiryDays: number;
  maxConversionMinor: bigint | null;
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
};

export type Marketability = { ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' };

/** What the points mall needs of the bonus engine: the engine passes for it as it is. */
export type PointsEngine = {
  grantIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      source: 'points';
      amountMinor: bigint;
      terms: PointsBonusTerms;
      language: string;
    },
  ): Promise<{
    bonusId: string;
    status: Extract<MemberBonusStatus, 'waiting' | 'active'>;
    announce: () => void;
  }>;
  payCashIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      code: 'points_reward';
      key: string;
      reference: string;
      amountMinor: bigint;
      promotionId: null;
    },
  ): Promise<{ announce: () => void }>;
  isMarketable(memberId: string): Promise<Marketability>;
};

/** floor(amount ÷ per) × points × multiplier ÷ 10,000, rounded down: what an amount earns. */
export function pointsOf(amountMinor: bigint, rule: PointsRule, multiplierBp: number): bigint {
  if (rule.perMinor <= 0n || amountMinor <= 0n) return 0n;
  return ((amountMinor / rule.perMinor) * BigInt(rule.points) * BigInt(multiplierBp)) / 10_000n;
}

/**
 * What a (member, day, game type) earns or gives back when its valid bet changed, against what it
 * earned before: valid bet that grew earns the rule's points on the day's whole valid bet (× the
 * level's multiplier) less what the day already gave, never less than nothing; valid bet that fell
 * gives back in proportion (floor(given × valid bet left ÷ valid bet earned on) − given), so that
 * a rule or a level changed since never claws back by itself. Positive: earned; negative: clawed back.
 */
export function earningDeltaOf(input: {
  validBetMinor: bigint;
  earned: { validBetMinor: bigint; points: bigint } | null;
  rule: PointsRule | null;
  multiplierBp: number;
}): bigint {
  const earnedOnMinor = input.earned?.validBetMinor ?? 0n;
  const given = input.earned?.points ?? 0n;
  if (input.validBetMinor > earnedOnMinor) {
    const target = input.rule ? pointsOf(input.validBetMinor, input.rule, input.multiplierBp) : 0n;
    return target > given ? target - given : 0n;
  }
  if (input.validBetMinor < earnedOnMinor) return (given * input.validBetMinor) / earnedOnMinor - given;
  return 0n;
}

/** The exchange row that converts `points`: the one with the largest `from` at most `points`. */
export function exchangeRowOf(policy: PointsPolicy, points: number) {
  let found: PointsPolicy['exchange'][number] | null = null;
  for (const row of policy.exchange) if (row.from <= points && (!found || row.from > found.from)) found = row;
  return found;
}

/** What `points` convert into at a row's `amountMinor` per 100 points, rounded down. */
export function convertedAmountOf(points: number, amountMinorPer100: bigint): bigint {
  return (BigInt(points) * amountMinorPer100) / 100n;
}

/**
 * The terms of a bonus the points mall grants (a conversion, goods of kind bonus): the merchant's
 * wagering multiplier (at least 1×, so that depositing, converting and withdrawing without play
 * earns nothing) and expiry, every game type counted in full, no other limit.
 */
export function pointsBonusTermsOf(policy: PointsPolicy): PointsBonusTerms {
  return {
    multiplier: policy.convertMultiplier,
    includeDeposit: false,
    contributions: Object.fromEntries(BONUS_GAME_TYPES.map((gameType) => [gameType, CONTRIBUTION_BP_MAX])),
    maxStakeMinor: null,
    expiryDays: policy.convertExpiryDays,
    maxConversionMinor: null,
    minSpinStakeMinor: null,
    minSpinLines: null,
  };
}
