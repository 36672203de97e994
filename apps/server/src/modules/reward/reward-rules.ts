import {
  canonicalPrizeTable,
  type PrizeKind,
  type PrizeTable,
  type PrizeTableItem,
  prizeTableHash,
} from '@panalo/games/draws/weighted-pick.ts';
import { formatAmount, parseAmountOrThrow } from '@panalo/money/amount.ts';
import type { LocalizedText, RewardPrizeTableKind } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';

/**
 * The reward centre's pure rules (docs/rewards.md): a prize table's prizes as stored in its
 * canonical JSON, their chances, the expected cost of a ticket, and the checks an operator's table
 * and ticket rule pass.
 */

/** The most prizes a table holds (a wheel's segments, an egg's outcomes). */
export const PRIZES_MAX = 24;
/** A prize's weight: a whole number up to this (the total stays far below 2^32). */
export const PRIZE_WEIGHT_MAX = 1_000_000;
/** The largest cash or bonus prize, in minor units (1,000,000.00). */
export const PRIZE_AMOUNT_MAX_MINOR = 100_000_000n;
export const PRIZE_POINTS_MAX = 1_000_000;
/** A prize's or a table's name, per language. */
export const NAME_LENGTH_MAX = 60;
/** A bonus prize's wagering runs out after this many days, as a VIP gift's default does. */
export const REWARD_BONUS_EXPIRY_DAYS = 7;

/** A prize as the service works with it: amounts in minor units. */
export type Prize = {
  index: number;
  names: { TY: string; EN: string };
  kind: PrizeKind;
  amountMinor: bigint | null;
  points: number | null;
  wageringMultiplier: number | null;
  weight: number;
};

/** A prize as the operator writes it (amounts in minor units, the service's input). */
export type PrizeInput = Omit<Prize, 'index'>;

/** The prizes of a table's canonical JSON, in the table's order. */
export function prizesOfCanonical(canonical: string): Prize[] {
  const parsed = JSON.parse(canonical) as { prizes: PrizeTableItem[] };
  return parsed.prizes.map((prize, index) => ({
    index,
    names: { TY: prize.name.TY, EN: prize.name.EN },
    kind: prize.kind,
    amountMinor: prize.amount === null ? null : parseAmountOrThrow(prize.amount),
    points: prize.points,
    wageringMultiplier: prize.wageringMultiplier,
    weight: prize.weight,
  }));
}

/** The table as it is hashed: amounts as strings, the table's order kept. */
export function prizeTableOf(
  kind: RewardPrizeTableKind,
  names: LocalizedText,
  prizes: readonly PrizeInput[],
): PrizeTable {
  return {
    kind,
    name: { TY: names.TY ?? '', EN: names.EN ?? '' },
    prizes: prizes.map((prize) => ({
      name: { TY: prize.names.TY, EN: prize.names.EN },
      kind: prize.kind,
      amount: prize.amountMinor === null ? null : formatAmount(prize.amountMinor),
      points: prize.points,
      wageringMultiplier: prize.wageringMultiplier,
      weight: prize.weight,
    })),
  };
}

/** The canonical JSON text and its SHA-256 hex of a table's version. */
export function versionOf(table: PrizeTable): { canonical: string; hash: string } {
  return { canonical: canonicalPrizeTable(table), hash: prizeTableHash(table) };
}

/** A prize's chance in percent with two decimals, rounded half up ("12.50"). */
export function chanceText(weight: number, totalWeight: number): string {
  if (totalWeight <= 0) return '0.00';
  const hundredths = (BigInt(weight) * 20_000n + BigInt(totalWeight)) / (2n * BigInt(totalWeight));
  return formatAmount(hundredths);
}

/** The total weight of a table's prizes. */
export function totalWeightOf(prizes: readonly Pick<Prize, 'weight'>[]): number {
  return prizes.reduce((sum, prize) => sum + prize.weight, 0);
}

/** What points are worth in money by the merchant's points conversion, or null when it has none. */
export type PointsValuer = (points: number) => bigint | null;

/**
 * A ticket's expected cost: Σ weight·value / Σ weight of the money prizes (cash and bonus at their
 * amounts, points at what the merchant's conversion pays for them when it has one), rounded down
 * to the minor unit; points with no conversion are counted apart as expected points.
 */
export function expectedCostOf(
  prizes: readonly Prize[],
  valuePoints: PointsValuer,
): { moneyMinor: bigint; points: number; pointsValued: boolean } {
  const total = BigInt(totalWeightOf(prizes));
  if (total === 0n) return { moneyMinor: 0n, points: 0, pointsValued: true };
  let money = 0n;
  let points = 0n;
  let pointsValued = true;
  for (const prize of prizes) {
    const weight = BigInt(prize.weight);
    if ((prize.kind === 'cash' || prize.kind === 'bonus') && prize.amountMinor !== null) {
      money += weight * prize.amountMinor;
    } else if (prize.kind === 'points' && prize.points !== null) {
      const value = valuePoints(prize.points);
      if (value === null) {
        pointsValued = false;
        points += weight * BigInt(prize.points);
      } else {
        money += weight * value;
      }
    }
  }
  return { moneyMinor: money / total, points: Number(points / total), pointsValued };
}

const fieldError = (fields: Record<string, string>) => new AppError('VALIDATION', { value: { fields } });

function checkNames(names: { TY?: string; EN?: string }, field: string): void {
  for (const language of ['TY', 'EN'] as const) {
    const name = names[language]?.trim() ?? '';
    if (name.length === 0 || name.length > NAME_LENGTH_MAX)
      throw fieldError({ [`${field}.${language}`]: 'required' });
  }
}

/**
 * Checks an operator's prizes: 1 to PRIZES_MAX of them, each named in both languages, a cash or
 * bonus prize with an amount, a points prize with points, a bonus prize with a wagering multiplier
 * within the merchant's promotions cap, a "try again" with nothing; weights whole, some above 0.
 */
export function checkPrizes(prizes: readonly PrizeInput[], maxMultiplier: number): void {
  if (prizes.length === 0 || prizes.length > PRIZES_MAX) throw fieldError({ prizes: 'prizeCount' });
  prizes.forEach((prize, index) => {
    const at = `prizes.${index}`;
    checkNames(prize.names, `${at}.names`);
    if (!Number.isSafeInteger(prize.weight) || prize.weight < 0 || prize.weight > PRIZE_WEIGHT_MAX) {
      throw fieldError({ [`${at}.weight`]: 'range' });
    }
    const money = prize.kind === 'cash' || prize.kind === 'bonus';
    if (money !== (prize.amountMinor !== null))
      throw fieldError({ [`${at}.amount`]: money ? 'required' : 'notForKind' });
    if (
      prize.amountMinor !== null &&
      (prize.amountMinor <= 0n || prize.amountMinor > PRIZE_AMOUNT_MAX_MINOR)
    ) {
      throw fieldError({ [`${at}.amount`]: 'range' });
    }
    if ((prize.kind === 'points') !== (prize.points !== null)) {
      throw fieldError({ [`${at}.points`]: prize.kind === 'points' ? 'required' : 'notForKind' });
    }
    if (
      prize.points !== null &&
      (!Number.isSafeInteger(prize.points) || prize.points < 1 || prize.points > PRIZE_POINTS_MAX)
    ) {
      throw fieldError({ [`${at}.points`]: 'range' });
    }
    if ((prize.kind === 'bonus') !== (prize.wageringMultiplier !== null)) {
      throw fieldError({ [`${at}.wageringMultiplier`]: prize.kind === 'bonus' ? 'required' : 'notForKind' });
    }
    if (
      prize.wageringMultiplier !== null &&
      (!Number.isSafeInteger(prize.wageringMultiplier) ||
        prize.wageringMultiplier < 0 ||
        prize.wageringMultiplier > maxMultiplier)
    ) {
      throw fieldError({ [`${at}.wageringMultiplier`]: 'range' });
    }
  });
  if (totalWeightOf(prizes) < 1) throw fieldError({ prizes: 'noWeight' });
}

/** Checks a table's or a rule's names in both languages. */
export function checkTableNames(names: { TY?: string; EN?: string }): void {
  checkNames(names, 'names');
}

/** The merchant's calendar day of an instant, yyyy-MM-dd. */
export function merchantDayOf(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
