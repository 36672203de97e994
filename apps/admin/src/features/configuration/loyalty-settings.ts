import { parsePesoAmount } from '../../lib/format.ts';
import {
  countWords,
  HOUSE_EDGE_BP_MAX,
  type RateDrafts,
  REBATE_RATE_BP_MAX,
  rateDraftsOf,
  readCount,
  readRateTable,
} from '../../lib/loyalty-fields.ts';
import type { MerchantConfig, SwitchNode } from './configuration-api.ts';

/**
 * The merchant's three loyalty sections (docs/loyalty.md) as the configuration page types them:
 * each read whole from the form, checked as the server checks it, and sent whole. Problems are
 * keyed by the field paths the server names in a VALIDATION answer, so that its messages and these
 * land beside the same fields.
 */

export type VipSettings = MerchantConfig['vip'];
export type RebateSettings = MerchantConfig['rebate'];
export type PointsSettings = MerchantConfig['points'];

type Reading<Settings> = { ok: true; settings: Settings } | { ok: false; errors: Record<string, string> };

/** The settings' bounds, as the server's schemas hold them. */
export const WINDOW_DAYS_MAX = 365;
export const REVIEW_DAY_MAX = 28;
export const GIFT_MULTIPLIER_MAX = 50;
export const EXPIRY_DAYS_MAX = 365;
export const CLAIM_INTERVAL_MINUTES_MAX = 30 * 24 * 60;
export const EARN_POINTS_MAX = 1_000_000;
export const EXCHANGE_FROM_MAX = 1_000_000_000;
export const EXCHANGE_ROWS_MAX = 20;
export const CONVERT_MULTIPLIER_MAX = 50;
export const MIN_CONVERT_POINTS_MAX = 1_000_000_000;

/** Reads one whole-number field into `errors` under its name; null when it did not read. */
function countField(
  errors: Record<string, string>,
  name: string,
  text: string,
  min: number,
  max: number,
  unit?: string,
): number | null {
  const value = readCount(text, min, max);
  if (value === null) errors[name] = countWords(min, max, unit);
  return value;
}

const POSITIVE_AMOUNT_WORDS = 'A positive amount in pesos, at most two decimals.';

// VIP

export type VipDraft = {
  windowDays: string;
  reviewDay: string;
  giftMultiplier: string;
  giftExpiryDays: string;
};

export function vipDraftOf(settings: VipSettings): VipDraft {
  return {
    windowDays: String(settings.windowDays),
    reviewDay: String(settings.reviewDay),
    giftMultiplier: String(settings.giftMultiplier),
    giftExpiryDays: String(settings.giftExpiryDays),
  };
}

/** The VIP section: the window 1–365 days, the review day 1–28, the gifts' wagering 0–50× and expiry. */
export function readVipSettings(draft: VipDraft): Reading<VipSettings> {
  const errors: Record<string, string> = {};
  const windowDays = countField(errors, 'windowDays', draft.windowDays, 1, WINDOW_DAYS_MAX, 'Whole days');
  const reviewDay = countField(errors, 'reviewDay', draft.reviewDay, 1, REVIEW_DAY_MAX, 'A day of the month');
  const giftMultiplier = countField(errors, 'giftMultiplier', draft.giftMultiplier, 0, GIFT_MULTIPLIER_MAX);
  const giftExpiryDays = countField(
    errors,
    'giftExpiryDays',
    draft.giftExpiryDays,
    1,
    EXPIRY_DAYS_MAX,
    'Whole days',
  );
  if (windowDays === null || reviewDay === null || giftMultiplier === null || giftExpiryDays === null) {
    return { ok: false, errors };
  }
  return { ok: true, settings: { windowDays, reviewDay, giftMultiplier, giftExpiryDays } };
}

// Rebates

export type RebateBasis = RebateSettings['basis'];

export const REBATE_BASIS_CHOICES = [
  ['validBet', 'Valid bet'],
  ['theoreticalLoss', 'Theoretical loss'],
] as const satisfies ReadonlyArray<readonly [RebateBasis, string]>;

export type RebateDraft = {
  basis: RebateBasis;
  rates: RateDrafts;
  houseEdges: RateDrafts;
  multiplier: string;
  expiryDays: string;
  claimIntervalMinutes: string;
  minimumAmount: string;
};

export function rebateDraftOf(settings: RebateSettings): RebateDraft {
  return {
    basis: settings.basis,
    rates: rateDraftsOf(settings.rates),
    houseEdges: rateDraftsOf(settings.houseEdges),
    multiplier: String(settings.multiplier),
    expiryDays: String(settings.expiryDays),
    claimIntervalMinutes: String(settings.claimIntervalMinutes),
    minimumAmount: settings.minimumAmount,
  };
}

/**
 * The rebates section: rates up to 5 % and default house edges up to 50 % per game type (blank:
 * none), the bonus's wagering 0× to the merchant's highest (promotions.maxMultiplier: the bonus
 * engine refuses a grant above it) and expiry, the manual claim interval in minutes (up to 30
 * days) and a least amount above zero.
 */
export function readRebateSettings(
  draft: RebateDraft,
  limits: { maxMultiplier: number },
): Reading<RebateSettings> {
  const errors: Record<string, string> = {};
  const rates = readRateTable(draft.rates, REBATE_RATE_BP_MAX, 'rates');
  const houseEdges = readRateTable(draft.houseEdges, HOUSE_EDGE_BP_MAX, 'houseEdges');
  Object.assign(errors, rates.errors, houseEdges.errors);
  const multiplier = countField(
    errors,
    'multiplier',
    draft.multiplier,
    0,
    Math.min(GIFT_MULTIPLIER_MAX, limits.maxMultiplier),
  );
  const expiryDays = countField(errors, 'expiryDays', draft.expiryDays, 1, EXPIRY_DAYS_MAX, 'Whole days');
  const claimIntervalMinutes = countField(
    errors,
    'claimIntervalMinutes',
    draft.claimIntervalMinutes,
    1,
    CLAIM_INTERVAL_MINUTES_MAX,
    'Whole minutes',
  );
  const minimumAmount = parsePesoAmount(draft.minimumAmount);
  if (minimumAmount === null) errors.minimumAmount = POSITIVE_AMOUNT_WORDS;
  if (
    Object.keys(errors).length > 0 ||
    multiplier === null ||
    expiryDays === null ||
    claimIntervalMinutes === null ||
    minimumAmount === null
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    settings: {
      basis: draft.basis,
      rates: rates.rates,
      houseEdges: houseEdges.rates,
      multiplier,
      expiryDays,
      claimIntervalMinutes,
      minimumAmount,
    },
  };
}

/**
 * Whether a whitelabel switch is on for players: it and every switch above it are on (a switch
 * missing from the tree is off).
 */
export function isSwitchOn(tree: readonly SwitchNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled;
    if (node.enabled && isSwitchOn(node.children, modId)) return true;
  }
  return false;
}

/** The whitelabel switch that puts rebates in manual mode (members claim them on the page). */
export const MANUAL_REBATE_SWITCH = 'MANPLAYREB3';

// Points

/** The point types valid bet earns by (spec §3), with the game types each counts. */
export const POINT_BET_TYPES = [
  ['live', 'Live casino'],
  ['lottery', 'Lottery and e-lottery'],
  ['pvp', 'Player vs player'],
  ['slots', 'Slots, fishing and in-house games'],
  ['sports', 'Sports, esports and cockfighting'],
] as const;
export type PointBetType = (typeof POINT_BET_TYPES)[number][0];

/** A rule as typed: `points` for each whole `per` pesos; both blank is no rule. */
export type EarnDraft = { per: string; points: string };
export type ExchangeDraft = { from: string; amount: string };

export type PointsDraft = {
  earn: Record<PointBetType, EarnDraft>;
  deposit: EarnDraft;
  exchange: ExchangeDraft[];
  convertMultiplier: string;
  convertExpiryDays: string;
  minConvertPoints: string;
};

const earnDraftOf = (rule: { per: string; points: number } | null | undefined): EarnDraft =>
  rule ? { per: rule.per, points: String(rule.points) } : { per: '', points: '' };

export function pointsDraftOf(settings: PointsSettings): PointsDraft {
  const earn = settings.earn as Partial<Record<PointBetType, { per: string; points: number }>>;
  return {
    earn: Object.fromEntries(POINT_BET_TYPES.map(([type]) => [type, earnDraftOf(earn[type])])) as Record<
      PointBetType,
      EarnDraft
    >,
    deposit: earnDraftOf(settings.deposit),
    exchange: settings.exchange.map((row) => ({ from: String(row.from), amount: row.amount })),
    convertMultiplier: String(settings.convertMultiplier),
    convertExpiryDays: String(settings.convertExpiryDays),
    minConvertPoints: String(settings.minConvertPoints),
  };
}

/** A rule as typed: none when both fields are blank, else a positive `per` and 0 or more points. */
function readEarnRule(
  draft: EarnDraft,
  prefix: string,
  errors: Record<string, string>,
): { per: string; points: number } | null | undefined {
  if (draft.per.trim() === '' && draft.points.trim() === '') return null;
  const per = parsePesoAmount(draft.per);
  if (per === null) errors[`${prefix}.per`] = POSITIVE_AMOUNT_WORDS;
  const points = countField(errors, `${prefix}.points`, draft.points, 0, EARN_POINTS_MAX, 'Whole points');
  return per === null || points === null ? undefined : { per, points };
}

/**
 * The points section: earning per point type and per deposit (a rule with both fields blank is
 * none), the exchange-rate table (at most 20 rows, each from a number of points above the row
 * before's, with an amount per 100 points above zero), the conversion's wagering (at least 1×, so
 * that depositing, converting and withdrawing without play earns nothing, and at most the
 * merchant's highest, which the bonus engine holds every grant to), expiry and least points.
 */
export function readPointsSettings(
  draft: PointsDraft,
  limits: { maxMultiplier: number },
): Reading<PointsSettings> {
  const errors: Record<string, string> = {};
  const earn: Partial<Record<PointBetType, { per: string; points: number }>> = {};
  for (const [type] of POINT_BET_TYPES) {
    const rule = readEarnRule(draft.earn[type], `earn.${type}`, errors);
    if (rule) earn[type] = rule;
  }
  const deposit = readEarnRule(draft.deposit, 'deposit', errors);
  if (draft.exchange.length > EXCHANGE_ROWS_MAX) errors.exchange = `At most ${EXCHANGE_ROWS_MAX} rows.`;
  const exchange: { from: number; amount: string }[] = [];
  // The row above's points, when they read: each row must start above them.
  let fromAbove: number | null = null;
  draft.exchange.forEach((row, index) => {
    const from = countField(errors, `exchange.${index}.from`, row.from, 1, EXCHANGE_FROM_MAX, 'Whole points');
    if (from !== null && fromAbove !== null && from <= fromAbove) {
      errors[`exchange.${index}.from`] =
        `More points than the row above (${fromAbove.toLocaleString('en-PH')}).`;
    }
    fromAbove = from;
    const amount = parsePesoAmount(row.amount);
    if (amount === null) errors[`exchange.${index}.amount`] = POSITIVE_AMOUNT_WORDS;
    if (from !== null && amount !== null) exchange.push({ from, amount });
  });
  const convertMultiplier = countField(
    errors,
    'convertMultiplier',
    draft.convertMultiplier,
    1,
    Math.min(CONVERT_MULTIPLIER_MAX, limits.maxMultiplier),
  );
  const convertExpiryDays = countField(
    errors,
    'convertExpiryDays',
    draft.convertExpiryDays,
    1,
    EXPIRY_DAYS_MAX,
    'Whole days',
  );
  const minConvertPoints = countField(
    errors,
    'minConvertPoints',
    draft.minConvertPoints,
    1,
    MIN_CONVERT_POINTS_MAX,
    'Whole points',
  );
  if (
    Object.keys(errors).length > 0 ||
    deposit === undefined ||
    convertMultiplier === null ||
    convertExpiryDays === null ||
    minConvertPoints === null
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    settings: {
      // The OpenAPI document marks every point type as required, while the server's schema takes
      // any of them (a type without a rule earns nothing), so the record is sent as it is.
      earn: earn as PointsSettings['earn'],
      deposit,
      exchange,
      convertMultiplier,
      convertExpiryDays,
      minConvertPoints,
    },
  };
}
