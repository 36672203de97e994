import type { TFunction } from 'i18next';
import type { LanguageCode } from '../../lib/api/system-types';
import { formatMoney } from '../../lib/format';
import { formatMultiplier, formatRate, orderGameTypes } from '../../lib/loyalty/loyalty-format';
import { toCentavos } from '../../lib/money';
import { dateFormatOf } from '../../lib/promotions/promotion-dates';
import type { VipLevel, VipProjection } from './api/vip';
import { levelTitleOf } from './vip-progress';

/** The parts of the benefits table, in the order it shows them. */
export const BENEFIT_SECTIONS = ['reach', 'keep', 'gifts', 'rebate', 'withdraw', 'points'] as const;
export type BenefitSection = (typeof BENEFIT_SECTIONS)[number];

/** One row of the benefits table: what it is, and its value for each level, lowest rank first. */
export type BenefitRow = { id: string; section: BenefitSection; label: string; values: string[] };

/** Levels lowest first, as the programme's table and cards show them. */
export function levelsByRank(levels: readonly VipLevel[]): VipLevel[] {
  return [...levels].sort((left, right) => left.rank - right.rank);
}

/**
 * The benefits table of the programme (docs/loyalty.md "VIP"): what each level asks for over the
 * window and to be kept at a review, its gifts, its rebate rate per game type (a type the level
 * does not name pays the merchant's standard rate), its withdrawal limits and points multiplier.
 */
export function benefitRowsOf(
  levels: readonly VipLevel[],
  input: { windowDays: number; symbol: string; t: TFunction },
): BenefitRow[] {
  const { t, symbol } = input;
  const ordered = levelsByRank(levels);
  const money = (amount: string) => formatMoney(amount, symbol);
  const gift = (amount: string) => ((toCentavos(amount) ?? 0n) > 0n ? money(amount) : t('vip.none'));
  const row = (
    id: string,
    section: BenefitSection,
    label: string,
    valueFor: (level: VipLevel) => string,
  ) => ({
    id,
    section,
    label,
    values: ordered.map(valueFor),
  });
  const gameTypes = orderGameTypes(ordered.flatMap((level) => Object.keys(level.rebateRates)));
  return [
    row('deposit', 'reach', t('vip.rows.deposit', { count: input.windowDays }), (level) =>
      money(level.deposit),
    ),
    row('validBet', 'reach', t('vip.rows.validBet', { count: input.windowDays }), (level) =>
      money(level.validBet),
    ),
    // Retention is measured over the same window as the thresholds; the section says it is the review's.
    row('keepDeposit', 'keep', t('vip.rows.deposit', { count: input.windowDays }), (level) =>
      money(level.keepDeposit),
    ),
    row('keepValidBet', 'keep', t('vip.rows.validBet', { count: input.windowDays }), (level) =>
      money(level.keepValidBet),
    ),
    row('guaranteedDays', 'keep', t('vip.rows.guaranteedDays'), (level) =>
      level.guaranteedDays > 0 ? t('vip.days', { count: level.guaranteedDays }) : t('vip.none'),
    ),
    row('upgradeBonus', 'gifts', t('vip.rows.upgradeBonus'), (level) => gift(level.upgradeBonus)),
    row('birthdayBonus', 'gifts', t('vip.rows.birthdayBonus'), (level) => gift(level.birthdayBonus)),
    row('monthlyBonus', 'gifts', t('vip.rows.monthlyBonus'), (level) => gift(level.monthlyBonus)),
    ...gameTypes.map((gameType) =>
      row(`rebate-${gameType}`, 'rebate', t(`games.${gameType}`, { defaultValue: gameType }), (level) => {
        const rate = level.rebateRates[gameType];
        return rate === undefined ? t('vip.standardRate') : formatRate(rate);
      }),
    ),
    row('withdrawCount', 'withdraw', t('vip.rows.withdrawCount'), (level) =>
      level.withdrawCountDay === null ? t('vip.noLimit') : String(level.withdrawCountDay),
    ),
    row('withdrawAmount', 'withdraw', t('vip.rows.withdrawAmount'), (level) =>
      level.withdrawAmountDay === null ? t('vip.noLimit') : money(level.withdrawAmountDay),
    ),
    row('pointsMultiplier', 'points', t('vip.rows.pointsMultiplier'), (level) =>
      formatMultiplier(level.pointsMultiplier),
    ),
  ];
}

/** The projection's sentence: its translation key and the level it names, if any. */
export type ProjectionWords = { key: string; level: string | null };

/**
 * What the next review would do with today's figures, in words: keep, rise to or fall to a level,
 * or lose the level altogether. A member with no level whom the review leaves so is told nothing.
 */
export function projectionWordsOf(
  projection: VipProjection | null,
  levels: readonly VipLevel[] | undefined,
): ProjectionWords | null {
  if (!projection) return null;
  const level = levels?.find((candidate) => candidate.rank === projection.rank);
  const title = level ? levelTitleOf(level) : projection.rank === null ? null : `VIP${projection.rank}`;
  if (title === null) {
    return projection.outcome === 'fall' ? { key: 'vip.projection.lose', level: null } : null;
  }
  return { key: `vip.projection.${projection.outcome}`, level: title };
}

/** The socket's `vip` event (docs/loyalty.md "VIP"): the level now held, or nulls for none. */
export type VipPush = {
  rank: number | null;
  label: string | null;
  name: string | null;
  /** The level's name per language code (TY, EN); `name` is in the member's stored language. */
  names?: Record<string, string> | null;
  direction: 'up' | 'down';
};

/** The toast a level change shows: "You are now VIP3 Gold!", a lower level, or none at all. */
export function vipToastOf(push: VipPush, t: TFunction, language?: string): string {
  if (push.rank === null) return t('vip.toast.removed');
  const name = (language ? push.names?.[language] : undefined) ?? push.name ?? '';
  const level = levelTitleOf({ label: push.label ?? `VIP${push.rank}`, name });
  return t(push.direction === 'up' ? 'vip.toast.up' : 'vip.toast.down', { level });
}

/** A calendar day as the wire writes it (a birthday, a review day). */
const DAY_TEXT_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date of the VIP page in the member's language: a calendar day as it is (it names no moment, so
 * no time zone may move it), an instant as its day in the merchant's time zone.
 */
export function formatVipDate(text: string, language: LanguageCode, timeZone: string): string {
  if (DAY_TEXT_PATTERN.test(text)) {
    return dateFormatOf(language, 'UTC', 'day').format(new Date(`${text}T00:00:00Z`));
  }
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : dateFormatOf(language, timeZone, 'day').format(at);
}
