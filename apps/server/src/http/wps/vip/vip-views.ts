import { formatAmount } from '@panalo/money/amount.ts';
import { Type } from 'typebox';
import { rateOfBasisPoints } from '../../../db/loyalty-rules.ts';
import { levelNameIn, type VipLevel } from '../../../modules/vip/vip-rules.ts';
import { Nullable } from '../system/system-schemas.ts';

/** VIP levels on the wire (docs/loyalty.md "VIP"), for the player's calls and the back office's. */

/** An amount as the wire gives it: a decimal string with two fraction digits. */
export const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['5000.00'] });
/** A points multiplier as text: "1.50" is 1.5 × (basis points of 10,000 on the server). */
export const MULTIPLIER_PATTERN = '^\\d{1,2}\\.\\d{2}$';

/** A multiplier's text from basis points of 10,000: 15,000 → "1.50". */
export function multiplierOfBasisPoints(basisPoints: number): string {
  return `${Math.floor(basisPoints / 10_000)}.${String(Math.floor((basisPoints % 10_000) / 100)).padStart(2, '0')}`;
}

/** A multiplier's basis points of 10,000 from its text ("1.50" → 15,000; MULTIPLIER_PATTERN). */
export function basisPointsOfMultiplier(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(2, '0').slice(0, 2)) * 100;
}

/** Rates per game type as percent text, from basis points. */
export function ratesOf(ratesBp: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(ratesBp).map(([type, rate]) => [type, rateOfBasisPoints(rate)]));
}

export const VipLevelView = Type.Object({
  rank: Type.Integer(),
  name: Type.String(),
  label: Type.String(),
  badgeUrl: Nullable(Type.String()),
  deposit: Money,
  validBet: Money,
  keepDeposit: Money,
  keepValidBet: Money,
  guaranteedDays: Type.Integer(),
  upgradeBonus: Money,
  birthdayBonus: Money,
  monthlyBonus: Money,
  /** Game type → percent text ("0.50"), the level's own rates; a type not named: the merchant's. */
  rebateRates: Type.Record(Type.String(), Type.String()),
  withdrawCountDay: Nullable(Type.Integer()),
  withdrawAmountDay: Nullable(Money),
  /** × points earned, as text ("1.50"). */
  pointsMultiplier: Type.String(),
});

/** A level for a reader of `language` (names fall back to the merchant's default language). */
export function vipLevelViewOf(level: VipLevel, language: string, fallbackLanguage: string) {
  return {
    rank: level.rank,
    name: levelNameIn(level, language, fallbackLanguage),
    ...vipLevelTermsOf(level),
  };
}

/**
 * What a level asks and gives on the wire, the player's view and the back office's alike: its
 * label and badge, thresholds, retention and benefits as amounts, rates and multiplier text.
 */
export function vipLevelTermsOf(level: VipLevel) {
  return {
    label: level.label,
    badgeUrl: level.badgeUrl,
    deposit: formatAmount(level.depositMinor),
    validBet: formatAmount(level.validBetMinor),
    keepDeposit: formatAmount(level.keepDepositMinor),
    keepValidBet: formatAmount(level.keepValidBetMinor),
    guaranteedDays: level.guaranteedDays,
    upgradeBonus: formatAmount(level.upgradeBonusMinor),
    birthdayBonus: formatAmount(level.birthdayBonusMinor),
    monthlyBonus: formatAmount(level.monthlyBonusMinor),
    rebateRates: ratesOf(level.rebateRatesBp),
    withdrawCountDay: level.withdrawCountDay,
    withdrawAmountDay:
      level.withdrawAmountDayMinor === null ? null : formatAmount(level.withdrawAmountDayMinor),
    pointsMultiplier: multiplierOfBasisPoints(level.pointsMultiplierBp),
  };
}

/** A level named briefly: what the header and the member's page show of it. */
export const VipBadgeView = Type.Object({
  rank: Type.Integer(),
  name: Type.String(),
  label: Type.String(),
  badgeUrl: Nullable(Type.String()),
});

export function vipBadgeViewOf(level: VipLevel, language: string, fallbackLanguage: string) {
  return {
    rank: level.rank,
    name: levelNameIn(level, language, fallbackLanguage),
    label: level.label,
    badgeUrl: level.badgeUrl,
  };
}
