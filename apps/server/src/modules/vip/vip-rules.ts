import type { LocalizedText, VipProjection } from '../../db/schema.ts';
import { textIn } from '../../platform/i18n/localized-text.ts';
import { startOfDayIn, wallClockIn } from '../../platform/time/zoned-day.ts';

/**
 * The rules of VIP levels (docs/loyalty.md "VIP") as pure functions: the window a member's figures
 * are measured over, the level they earn, the level a review leaves them, what the next review
 * would do, which upgrade gifts a rise pays, when the review is due, and a birthday's checks.
 */

const DAY_MS = 86_400_000;

/** A level as the rules read it, amounts in minor units. */
export type VipLevel = {
  id: string;
  merchantId: string;
  rank: number;
  names: LocalizedText;
  label: string;
  badgeUrl: string | null;
  depositMinor: bigint;
  validBetMinor: bigint;
  keepDepositMinor: bigint;
  keepValidBetMinor: bigint;
  guaranteedDays: number;
  upgradeBonusMinor: bigint;
  birthdayBonusMinor: bigint;
  monthlyBonusMinor: bigint;
  /** Basis points per game type (50 = 0.50 %). */
  rebateRatesBp: Record<string, number>;
  withdrawCountDay: number | null;
  withdrawAmountDayMinor: bigint | null;
  /** Points × this / 10,000. */
  pointsMultiplierBp: number;
};

/** A member's credited deposits and valid bet in the window. */
export type WindowFigures = { depositMinor: bigint; validBetMinor: bigint };

/**
 * The merchant's rolling window at a moment: its `days` merchant days up to and including today,
 * the first of them (yyyy-MM-dd, for the bet record's days) and the instant it began (for
 * deposits' credit times).
 */
export type VipWindow = { days: number; fromDay: string; startsAt: Date };

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A calendar day's text. */
export function dayText(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The merchant's calendar day at `at`, yyyy-MM-dd. */
export function merchantDayOf(timeZone: string, at: Date): string {
  const wall = wallClockIn(timeZone, at);
  return dayText(wall.year, wall.month, wall.day);
}

/** The merchant's month at `at`, yyyy-MM. */
export function merchantMonthOf(timeZone: string, at: Date): string {
  const wall = wallClockIn(timeZone, at);
  return `${wall.year}-${pad(wall.month)}`;
}

/** The instant a calendar day of the zone began (a day given by its numbers, month 1 to 12). */
export function startOfLocalDay(timeZone: string, year: number, month: number, day: number): Date {
  const wanted = Date.UTC(year, month - 1, day);
  let guess = new Date(wanted + DAY_MS / 2);
  // Noon UTC is the wanted day in most zones; a zone far east or west is moved onto it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const wall = wallClockIn(timeZone, guess);
    const shiftMs = wanted - Date.UTC(wall.year, wall.month - 1, wall.day);
    if (shiftMs === 0) break;
    guess = new Date(guess.getTime() + shiftMs);
  }
  return startOfDayIn(timeZone, guess);
}

/** The window of `days` merchant days ending today. */
export function windowAt(timeZone: string, days: number, now: Date): VipWindow {
  const today = wallClockIn(timeZone, now);
  const first = new Date(Date.UTC(today.year, today.month - 1, today.day) - (days - 1) * DAY_MS);
  const fromDay = dayText(first.getUTCFullYear(), first.getUTCMonth() + 1, first.getUTCDate());
  return {
    days,
    fromDay,
    startsAt: startOfLocalDay(timeZone, first.getUTCFullYear(), first.getUTCMonth() + 1, first.getUTCDate()),
  };
}

/** Both thresholds of the level met. */
export function meetsThresholds(level: VipLevel, figures: WindowFigures): boolean {
  return figures.depositMinor >= level.depositMinor && figures.validBetMinor >= level.validBetMinor;
}

/** The level's retention met (both `keep_*`), or its thresholds, which are the harder bar. */
export function meetsRetention(level: VipLevel, figures: WindowFigures): boolean {
  return (
    (figures.depositMinor >= level.keepDepositMinor && figures.validBetMinor >= level.keepValidBetMinor) ||
    meetsThresholds(level, figures)
  );
}

/** The highest level whose thresholds the figures meet, or null. */
export function highestEarned(levels: readonly VipLevel[], figures: WindowFigures): VipLevel | null {
  let best: VipLevel | null = null;
  for (const level of levels) {
    if (meetsThresholds(level, figures) && (best === null || level.rank > best.rank)) best = level;
  }
  return best;
}

/**
 * The level a review leaves a member of `currentRank` at: the highest level at or below it whose
 * retention the figures meet, or null (no level). A review never raises.
 */
export function retainedLevel(
  levels: readonly VipLevel[],
  currentRank: number,
  figures: WindowFigures,
): VipLevel | null {
  let best: VipLevel | null = null;
  for (const level of levels) {
    if (level.rank > currentRank || !meetsRetention(level, figures)) continue;
    if (best === null || level.rank > best.rank) best = level;
  }
  return best;
}

/** The level above `currentRank` (the lowest one when null), or null at the top. */
export function nextLevelOf(levels: readonly VipLevel[], currentRank: number | null): VipLevel | null {
  let next: VipLevel | null = null;
  for (const level of levels) {
    if (level.rank <= (currentRank ?? 0)) continue;
    if (next === null || level.rank < next.rank) next = level;
  }
  return next;
}

/**
 * The levels whose upgrade bonus a rise from `fromRank` (null: none) to `toRank` may pay: every
 * rank passed, the one reached included. Each is paid once per member by its gift's key, so a rank
 * lost and regained pays nothing again.
 */
export function upgradeGiftLevels(
  levels: readonly VipLevel[],
  fromRank: number | null,
  toRank: number,
): VipLevel[] {
  return levels
    .filter((level) => level.rank > (fromRank ?? 0) && level.rank <= toRank && level.upgradeBonusMinor > 0n)
    .sort((a, b) => a.rank - b.rank);
}

/**
 * What the next review would do with today's figures: rise (the upgrade job raises the member as
 * soon as a higher level's thresholds are met), fall (the guarantee ends by the review and the
 * retention is missed: to the rank kept, null for none), else keep.
 */
export function projectionOf(
  levels: readonly VipLevel[],
  holding: { rank: number; guaranteedUntil: Date },
  figures: WindowFigures,
  reviewAt: Date,
): { outcome: VipProjection; rank: number | null } {
  const earned = highestEarned(levels, figures);
  if (earned && earned.rank > holding.rank) return { outcome: 'rise', rank: earned.rank };
  if (holding.guaranteedUntil > reviewAt) return { outcome: 'keep', rank: holding.rank };
  const kept = retainedLevel(levels, holding.rank, figures);
  if (kept?.rank === holding.rank) return { outcome: 'keep', rank: holding.rank };
  return { outcome: 'fall', rank: kept?.rank ?? null };
}

/**
 * Whether the merchant's review of its month is due: on or after the review day of the month
 * (merchant time; a day the job missed is caught up later in the month), once per month.
 */
export function isReviewDue(
  timeZone: string,
  reviewDay: number,
  now: Date,
  reviewedMonth: string | null,
): boolean {
  return wallClockIn(timeZone, now).day >= reviewDay && reviewedMonth !== merchantMonthOf(timeZone, now);
}

/**
 * When the next review runs: this month's review day (merchant time, not before now) while this
 * month's review has not run, else next month's.
 */
export function nextReviewAt(
  timeZone: string,
  reviewDay: number,
  now: Date,
  reviewedMonth: string | null,
): Date {
  const wall = wallClockIn(timeZone, now);
  if (reviewedMonth !== merchantMonthOf(timeZone, now)) {
    const thisMonth = startOfLocalDay(timeZone, wall.year, wall.month, reviewDay);
    return thisMonth > now ? thisMonth : now;
  }
  const nextYear = wall.month === 12 ? wall.year + 1 : wall.year;
  const nextMonth = wall.month === 12 ? 1 : wall.month + 1;
  return startOfLocalDay(timeZone, nextYear, nextMonth, reviewDay);
}

/** The birthday's numbers, or null when the text is not a real calendar day. */
export function parseBirthday(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** The earliest year a birthday may name: nobody alive was born before it. */
const BIRTH_YEAR_MIN = 1900;

/**
 * What is wrong with a birthday given on the merchant day `today` (yyyy-MM-dd), as a field
 * reason: not a day, not in the future, at least `minimumAge` years ago; null when it is fine.
 */
export function birthdayProblemOf(
  text: string,
  today: string,
  minimumAge: number,
): 'format' | 'future' | 'tooYoung' | 'range' | null {
  const birthday = parseBirthday(text);
  const now = parseBirthday(today);
  if (!birthday || !now) return 'format';
  if (birthday.year < BIRTH_YEAR_MIN) return 'range';
  if (text > today) return 'future';
  const hadBirthdayThisYear =
    now.month > birthday.month || (now.month === birthday.month && now.day >= birthday.day);
  const age = now.year - birthday.year - (hadBirthdayThisYear ? 0 : 1);
  return age < minimumAge ? 'tooYoung' : null;
}

/**
 * What is wrong with the ladder of levels (sorted or not): a higher rank must not ask for less
 * deposit or valid bet than a lower one. Answers the field reasons of `level` (the one being
 * written) against its neighbours.
 */
export function ladderProblemsOf(
  levels: readonly Pick<VipLevel, 'id' | 'rank' | 'depositMinor' | 'validBetMinor'>[],
  level: Pick<VipLevel, 'id' | 'rank' | 'depositMinor' | 'validBetMinor'>,
): Record<string, 'rankOrder'> {
  const problems: Record<string, 'rankOrder'> = {};
  for (const other of levels) {
    if (other.id === level.id) continue;
    const [lower, higher] = other.rank < level.rank ? [other, level] : [level, other];
    if (higher.depositMinor < lower.depositMinor) problems.deposit = 'rankOrder';
    if (higher.validBetMinor < lower.validBetMinor) problems.validBet = 'rankOrder';
  }
  return problems;
}

/** A level's name in a language, else in the merchant's default one, else in any. */
export function levelNameIn(
  level: Pick<VipLevel, 'names'>,
  language: string,
  fallbackLanguage: string,
): string {
  return textIn(level.names, language, fallbackLanguage);
}

/** Whether a gift's member may get a birthday gift now: the account at least this many days old. */
export const BIRTHDAY_ACCOUNT_AGE_DAYS = 30;
/** A gift waiting longer than this for its member to be marketable again is dropped. */
export const GIFT_WAITING_DAYS_MAX = 90;

/** The keys of a level's gifts: each once per member (vip_gifts.key is unique). */
export const giftKeys = {
  upgrade: (memberId: string, rank: number) => `upgrade:${memberId}:${rank}`,
  birthday: (memberId: string, year: number) => `birthday:${memberId}:${year}`,
  monthly: (memberId: string, month: string) => `monthly:${memberId}:${month}`,
};
