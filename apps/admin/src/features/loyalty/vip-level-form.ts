import { emptyLocalized, type LocalizedValue, TEXT_LANGUAGES } from '../../components/editor-fields.tsx';
import { parsePesoAmount } from '../../lib/format.ts';
import {
  AMOUNT_OR_ZERO_WORDS,
  countWords,
  type RateDrafts,
  REBATE_RATE_BP_MAX,
  rateDraftsOf,
  readAmountOrZero,
  readCount,
  readRateTable,
} from '../../lib/loyalty-fields.ts';
import type { OperatorVipLevel, VipLevelBody } from './loyalty-api.ts';

/**
 * A VIP level as the operator types it (docs/loyalty.md "VIP"), read into the body the levels'
 * routes take, or into the problems keyed by the body's field paths (the paths the server names in
 * a VALIDATION answer, so that its messages and these land beside the same fields).
 */

/** A level's bounds, as the server holds them. */
export const RANK_MAX = 99;
export const VIP_LEVELS_MAX = 30;
export const NAME_LENGTH_MAX = 40;
export const LABEL_LENGTH_MAX = 20;
export const GUARANTEED_DAYS_MAX = 365;
export const WITHDRAW_COUNT_MAX = 1000;
/** The points multiplier in hundredths: 0.00× to 10.00×. */
export const POINTS_MULTIPLIER_MIN_HUNDREDTHS = 0;
export const POINTS_MULTIPLIER_MAX_HUNDREDTHS = 1000;

/** The money fields of a level, each 0 or more. */
export const LEVEL_AMOUNT_FIELDS = [
  'deposit',
  'validBet',
  'keepDeposit',
  'keepValidBet',
  'upgradeBonus',
  'birthdayBonus',
  'monthlyBonus',
] as const;
export type LevelAmountField = (typeof LEVEL_AMOUNT_FIELDS)[number];

export type VipLevelDraft = Record<LevelAmountField, string> & {
  rank: string;
  names: LocalizedValue;
  label: string;
  /** Blank: no badge. */
  badgeUrl: string;
  guaranteedDays: string;
  rebateRates: RateDrafts;
  /** Blank: no limit of the level's own. */
  withdrawCountDay: string;
  withdrawAmountDay: string;
  pointsMultiplier: string;
};

/** A new level: the rank after the highest there is, nothing required, no benefits, points 1×. */
export function newLevelDraft(levels: readonly Pick<OperatorVipLevel, 'rank'>[]): VipLevelDraft {
  const highest = levels.reduce((rank, level) => Math.max(rank, level.rank), 0);
  return {
    rank: String(highest + 1),
    names: emptyLocalized(),
    label: `VIP${highest + 1}`,
    badgeUrl: '',
    deposit: '0.00',
    validBet: '0.00',
    keepDeposit: '0.00',
    keepValidBet: '0.00',
    guaranteedDays: '30',
    upgradeBonus: '0.00',
    birthdayBonus: '0.00',
    monthlyBonus: '0.00',
    rebateRates: rateDraftsOf({}),
    withdrawCountDay: '',
    withdrawAmountDay: '',
    pointsMultiplier: '1.00',
  };
}

/** The form's fields for a stored level. */
export function levelDraftOf(level: OperatorVipLevel): VipLevelDraft {
  return {
    rank: String(level.rank),
    names: { ...emptyLocalized(), ...level.names },
    label: level.label,
    badgeUrl: level.badgeUrl ?? '',
    deposit: level.deposit,
    validBet: level.validBet,
    keepDeposit: level.keepDeposit,
    keepValidBet: level.keepValidBet,
    guaranteedDays: String(level.guaranteedDays),
    upgradeBonus: level.upgradeBonus,
    birthdayBonus: level.birthdayBonus,
    monthlyBonus: level.monthlyBonus,
    rebateRates: rateDraftsOf(level.rebateRates),
    withdrawCountDay: level.withdrawCountDay === null ? '' : String(level.withdrawCountDay),
    withdrawAmountDay: level.withdrawAmountDay ?? '',
    pointsMultiplier: level.pointsMultiplier,
  };
}

/** A multiplier typed as "1.5" or "2" in hundredths, within bounds; null when it is not one. */
export function readMultiplierHundredths(text: string, min: number, max: number): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/[x×]$/i, '').trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths >= min && hundredths <= max ? hundredths : null;
}

const multiplierText = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** Amounts compared as whole minor units, without floating point. */
const minorOf = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * The level to send, or every problem by field. `others` are the merchant's other levels: a rank
 * must be free, and a higher rank may not ask for less deposit or valid bet than a lower one (the
 * server refuses both as well).
 */
export function readLevelDraft(
  draft: VipLevelDraft,
  others: readonly Pick<OperatorVipLevel, 'rank' | 'deposit' | 'validBet' | 'label'>[],
): { ok: true; body: VipLevelBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rank = readCount(draft.rank, 1, RANK_MAX);
  if (rank === null) errors.rank = countWords(1, RANK_MAX);
  else if (others.some((level) => level.rank === rank))
    errors.rank = `Rank ${rank} is taken by another level.`;

  // Members read the level's name in their language: both are asked for.
  const names = { TY: (draft.names.TY ?? '').trim(), EN: (draft.names.EN ?? '').trim() };
  for (const [language] of TEXT_LANGUAGES) {
    const name = names[language];
    if (name === '') errors[`names.${language}`] = 'Name the level in this language too.';
    else if (name.length > NAME_LENGTH_MAX)
      errors[`names.${language}`] = `At most ${NAME_LENGTH_MAX} characters.`;
  }
  const label = draft.label.trim();
  if (label === '' || label.length > LABEL_LENGTH_MAX) {
    errors.label = `1 to ${LABEL_LENGTH_MAX} characters, as the header shows it ("VIP3").`;
  }

  const amounts = {} as Record<LevelAmountField, string>;
  for (const field of LEVEL_AMOUNT_FIELDS) {
    const amount = readAmountOrZero(draft[field]);
    if (amount === null) errors[field] = AMOUNT_OR_ZERO_WORDS;
    else amounts[field] = amount;
  }
  if (rank !== null && amounts.deposit !== undefined && amounts.validBet !== undefined) {
    for (const field of ['deposit', 'validBet'] as const) {
      const mine = minorOf(amounts[field]);
      const below = others.find((level) => level.rank < rank && minorOf(level[field]) > mine);
      const above = others.find((level) => level.rank > rank && minorOf(level[field]) < mine);
      if (below)
        errors[field] =
          `Less than ${below.label}'s (rank ${below.rank}): a higher rank asks for as much or more.`;
      else if (above)
        errors[field] =
          `More than ${above.label}'s (rank ${above.rank}): a higher rank asks for as much or more.`;
    }
  }

  const guaranteedDays = readCount(draft.guaranteedDays, 0, GUARANTEED_DAYS_MAX);
  if (guaranteedDays === null) errors.guaranteedDays = countWords(0, GUARANTEED_DAYS_MAX, 'Whole days');
  const rates = readRateTable(draft.rebateRates, REBATE_RATE_BP_MAX, 'rebateRates');
  Object.assign(errors, rates.errors);

  let withdrawCountDay: number | null = null;
  if (draft.withdrawCountDay.trim() !== '') {
    withdrawCountDay = readCount(draft.withdrawCountDay, 0, WITHDRAW_COUNT_MAX);
    if (withdrawCountDay === null) {
      errors.withdrawCountDay = `${countWords(0, WITHDRAW_COUNT_MAX, 'Whole withdrawals')} Blank: no limit.`;
    }
  }
  let withdrawAmountDay: string | null = null;
  if (draft.withdrawAmountDay.trim() !== '') {
    withdrawAmountDay = parsePesoAmount(draft.withdrawAmountDay);
    if (withdrawAmountDay === null) {
      errors.withdrawAmountDay = 'A positive amount in pesos, at most two decimals. Blank: no limit.';
    }
  }
  const multiplier = readMultiplierHundredths(
    draft.pointsMultiplier,
    POINTS_MULTIPLIER_MIN_HUNDREDTHS,
    POINTS_MULTIPLIER_MAX_HUNDREDTHS,
  );
  if (multiplier === null) errors.pointsMultiplier = 'From 0.00 to 10.00, at most two decimals.';

  if (Object.keys(errors).length > 0 || rank === null || guaranteedDays === null || multiplier === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    body: {
      rank,
      names,
      label,
      badgeUrl: draft.badgeUrl.trim() === '' ? null : draft.badgeUrl.trim(),
      ...amounts,
      guaranteedDays,
      rebateRates: rates.rates,
      withdrawCountDay,
      withdrawAmountDay,
      pointsMultiplier: multiplierText(multiplier),
    },
  };
}

/** A level's name for a list: Tagalog first, as members see it by default. */
export function levelNameOf(level: Pick<OperatorVipLevel, 'names' | 'label'>): string {
  return level.names.TY || level.names.EN || level.label;
}

/**
 * What a run of the review did, in a sentence. Nobody rises at a review: upgrades happen as
 * thresholds are met.
 */
export function reviewResultText(result: {
  lowered: number;
  monthlyGifts: number;
  birthdayGifts: number;
  granted: number;
  dropped: number;
}): string {
  const count = (value: number, noun: string) =>
    `${value.toLocaleString('en-PH')} ${noun}${value === 1 ? '' : 's'}`;
  return [
    `The review ran: ${result.lowered === 0 ? 'nobody was lowered' : `${count(result.lowered, 'member')} lowered`}`,
    `${count(result.monthlyGifts, 'monthly gift')} and ${count(result.birthdayGifts, 'birthday gift')} due`,
    `${count(result.granted, 'gift')} granted, ${result.dropped} dropped after waiting too long.`,
  ].join('; ');
}
