import { formatAmount } from '@panalo/money/amount.ts';
import { formatRate } from '@panalo/money/rate.ts';
import { Type } from 'typebox';
import type { Row } from '../../../platform/db/executor.ts';
import { Nullable, StringOf } from '../system/system-schemas.ts';

/**
 * A member's bonus on the wire (docs/promotions.md "Wire (player)", BonusView): what it was, what
 * it asks to be wagered and how far the member is, and what cancelling it now would forfeit.
 */

const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['250.00'] });

export const Contribution = Type.Object({
  gameType: Type.String(),
  /** The share of valid bet that counts, as a rate ("100.00" is all of it). */
  percent: Type.String(),
});

export const BonusView = Type.Object({
  id: Type.String(),
  source: StringOf(['promotion', 'manual', 'cashback', 'rebate', 'vip', 'points'] as const),
  promotionId: Nullable(Type.String()),
  promotionTitle: Nullable(Type.String()),
  status: StringOf(['waiting', 'active', 'converted', 'forfeited', 'expired', 'cancelled'] as const),
  amount: Money,
  /** The deposit a deposit bonus matched; null for any other bonus. */
  depositAmount: Nullable(Money),
  wageringRequired: Money,
  wagered: Money,
  /** Whole percent of the wagering done, 0 to 100. */
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  contributions: Type.Array(Contribution),
  maxStake: Nullable(Money),
  maxConversion: Nullable(Money),
  /** The spin rule: a slot spin staking less counts nothing toward the wagering; null: no minimum. */
  minSpinStake: Nullable(Money),
  /** The spin rule: a slot spin on fewer lines (or lines not known) counts nothing; null: no minimum. */
  minSpinLines: Nullable(Type.Integer({ minimum: 1, maximum: 1024 })),
  expiresAt: Nullable(Type.String()),
  grantedAt: Type.String(),
  activatedAt: Nullable(Type.String()),
  endedAt: Nullable(Type.String()),
  converted: Money,
  forfeited: Money,
  /** What cancelling would forfeit: the bonus wallet's balance for an active bonus, else 0.00. */
  forfeitIfCancelled: Money,
});

/** Contributions in basis points as the wire lists them, largest first, none of 0. */
export function contributionsView(contributions: Record<string, number>) {
  return Object.entries(contributions)
    .filter(([, basisPoints]) => basisPoints > 0)
    .sort(([leftType, left], [rightType, right]) => right - left || leftType.localeCompare(rightType))
    .map(([gameType, basisPoints]) => ({ gameType, percent: formatRate(BigInt(basisPoints)) }));
}

/** Whole percent of the wagering done, 100 once the requirement is met (or there is none). */
export function progressPercentOf(wageredMinor: bigint, requiredMinor: bigint): number {
  if (requiredMinor <= 0n || wageredMinor >= requiredMinor) return 100;
  return Number((wageredMinor * 100n) / requiredMinor);
}

export function bonusViewOf(
  bonus: Row<'member_bonuses'>,
  context: {
    /** The promotion's title in the reader's language; null for a bonus no promotion granted. */
    promotionTitle: string | null;
    /** The member's bonus wallet balance, which an active bonus would forfeit if cancelled. */
    bonusBalanceMinor: bigint;
  },
) {
  return {
    id: bonus.id,
    source: bonus.source,
    promotionId: bonus.promotion_id,
    promotionTitle: context.promotionTitle,
    status: bonus.status,
    amount: formatAmount(bonus.amount_minor),
    depositAmount: bonus.deposit_minor > 0n ? formatAmount(bonus.deposit_minor) : null,
    wageringRequired: formatAmount(bonus.wagering_required_minor),
    wagered: formatAmount(bonus.wagered_minor),
    progressPercent: progressPercentOf(bonus.wagered_minor, bonus.wagering_required_minor),
    contributions: contributionsView(bonus.contributions),
    maxStake: bonus.max_stake_minor === null ? null : formatAmount(bonus.max_stake_minor),
    maxConversion: bonus.max_conversion_minor === null ? null : formatAmount(bonus.max_conversion_minor),
    minSpinStake: bonus.min_spin_stake_minor === null ? null : formatAmount(bonus.min_spin_stake_minor),
    minSpinLines: bonus.min_spin_lines,
    expiresAt: bonus.expires_at?.toISOString() ?? null,
    grantedAt: bonus.granted_at.toISOString(),
    // A waiting bonus cancelled before it started has an activation time only because the table
    // asks every ended bonus for one; it never had an expiry, and never started.
    activatedAt: bonus.expires_at === null ? null : (bonus.activated_at?.toISOString() ?? null),
    endedAt: bonus.ended_at?.toISOString() ?? null,
    converted: formatAmount(bonus.converted_minor),
    forfeited: formatAmount(bonus.forfeited_minor),
    forfeitIfCancelled: formatAmount(bonus.status === 'active' ? context.bonusBalanceMinor : 0n),
  };
}
