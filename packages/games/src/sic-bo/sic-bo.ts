// Sic bo (GAMES.md): three dice, each int(6) + 1. Small (4–10) and big (11–17) pay 1:1 and both
// lose on any triple; a single number pays 1:1, 2:1 or 3:1 for one, two or three matches; totals
// pay the Macau table (4 or 17 60:1, 5/16 30:1, 6/15 17:1, 7/14 12:1, 8/13 8:1, 9 to 12 6:1) and
// do not lose on a triple; any triple 30:1; a specific triple 180:1; a specific double 10:1 (two
// or three dice showing the number).

import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake, GameError } from '../game-error.ts';
import { createRatio, type Ratio } from '../maths/ratio.ts';

export const SIC_BO_BETS_PER_ROUND_MAX = 50;

export type SicBoBet =
  | { kind: 'small' | 'big' | 'any-triple'; stakeMinor: bigint }
  | { kind: 'single' | 'specific-double' | 'specific-triple'; number: number; stakeMinor: bigint }
  | { kind: 'total'; total: number; stakeMinor: bigint };

export type SicBoDice = [number, number, number];

export type SicBoOutcome = {
  dice: SicBoDice;
  bets: Array<{ bet: SicBoBet; payoutMinor: bigint }>;
  stakeMinor: bigint;
  payoutMinor: bigint;
};

/** Winnings per unit staked on each total (the stake comes back on top). */
export const SIC_BO_TOTAL_ODDS: Readonly<Record<number, bigint>> = {
  4: 60n,
  5: 30n,
  6: 17n,
  7: 12n,
  8: 8n,
  9: 6n,
  10: 6n,
  11: 6n,
  12: 6n,
  13: 8n,
  14: 12n,
  15: 17n,
  16: 30n,
  17: 60n,
};

/**
 * The stated return of each bet, in percent. Each is re-derived by enumerating the 216 throws
 * (computeSicBoReturn) and the tests hold the two equal.
 */
export const SIC_BO_RTP_PERCENT: Readonly<Record<Exclude<SicBoBet['kind'], 'total'>, number>> = {
  small: 97.22,
  big: 97.22,
  single: 92.13,
  'any-triple': 86.11,
  'specific-triple': 83.8,
  'specific-double': 81.48,
};

/** The stated return of a bet on each total, in percent. */
export const SIC_BO_TOTAL_RTP_PERCENT: Readonly<Record<number, number>> = {
  4: 84.72,
  5: 86.11,
  6: 83.33,
  7: 90.28,
  8: 87.5,
  9: 81.02,
  10: 87.5,
  11: 87.5,
  12: 81.02,
  13: 87.5,
  14: 90.28,
  15: 83.33,
  16: 86.11,
  17: 84.72,
};

function isDieNumber(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 6;
}

export function assertSicBoBet(bet: SicBoBet): void {
  assertStake(bet.stakeMinor);
  switch (bet.kind) {
    case 'small':
    case 'big':
    case 'any-triple':
      return;
    case 'single':
    case 'specific-double':
    case 'specific-triple':
      if (!isDieNumber(bet.number))
        throw new GameError('INVALID_BET', 'a die number is 1 to 6', { number: bet.number });
      return;
    case 'total':
      if (SIC_BO_TOTAL_ODDS[bet.total] === undefined) {
        throw new GameError('INVALID_BET', 'a total bet is on 4 to 17', { total: bet.total });
      }
      return;
    default:
      throw new GameError('INVALID_BET', 'unknown sic bo bet', { kind: (bet as { kind: unknown }).kind });
  }
}

export function computeSicBoPayoutMinor(bet: SicBoBet, dice: SicBoDice): bigint {
  const total = dice[0] + dice[1] + dice[2];
  const isTriple = dice[0] === dice[1] && dice[1] === dice[2];
  let odds: bigint | undefined;
  switch (bet.kind) {
    case 'small':
      odds = !isTriple && total >= 4 && total <= 10 ? 1n : undefined;
      break;
    case 'big':
      odds = !isTriple && total >= 11 && total <= 17 ? 1n : undefined;
      break;
    case 'any-triple':
      odds = isTriple ? 30n : undefined;
      break;
    case 'single': {
      const matches = dice.filter((die) => die === bet.number).length;
      odds = matches > 0 ? BigInt(matches) : undefined;
      break;
    }
    case 'specific-double':
      odds = dice.filter((die) => die === bet.number).length >= 2 ? 10n : undefined;
      break;
    case 'specific-triple':
      odds = isTriple && dice[0] === bet.number ? 180n : undefined;
      break;
    case 'total':
      odds = total === bet.total ? SIC_BO_TOTAL_ODDS[bet.total] : undefined;
      break;
  }
  return odds === undefined ? 0n : bet.stakeMinor * (odds + 1n);
}

export function playSicBo(bets: SicBoBet[], rng: RoundRng): SicBoOutcome {
  if (bets.length < 1 || bets.length > SIC_BO_BETS_PER_ROUND_MAX) {
    throw new GameError('INVALID_BET', `a round takes 1 to ${SIC_BO_BETS_PER_ROUND_MAX} bets`);
  }
  for (const bet of bets) assertSicBoBet(bet);
  const dice: SicBoDice = [rng.int(6) + 1, rng.int(6) + 1, rng.int(6) + 1];
  const settled = bets.map((bet) => ({ bet, payoutMinor: computeSicBoPayoutMinor(bet, dice) }));
  return {
    dice,
    bets: settled,
    stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n),
    payoutMinor: settled.reduce((sum, entry) => sum + entry.payoutMinor, 0n),
  };
}

/** The exact return of a bet, enumerating the 216 throws. */
export function computeSicBoReturn(bet: SicBoBet): Ratio {
  let paid = 0n;
  for (let first = 1; first <= 6; first += 1) {
    for (let second = 1; second <= 6; second += 1) {
      for (let third = 1; third <= 6; third += 1)
        paid += computeSicBoPayoutMinor(bet, [first, second, third]);
    }
  }
  return createRatio(paid, bet.stakeMinor * 216n);
}

/** Every bet on the table with a unit stake. */
export function listSicBoBets(): SicBoBet[] {
  const bets: SicBoBet[] = [
    { kind: 'small', stakeMinor: 1n },
    { kind: 'big', stakeMinor: 1n },
    { kind: 'any-triple', stakeMinor: 1n },
  ];
  for (let number = 1; number <= 6; number += 1) {
    for (const kind of ['single', 'specific-double', 'specific-triple'] as const)
      bets.push({ kind, number, stakeMinor: 1n });
  }
  for (let total = 4; total <= 17; total += 1) bets.push({ kind: 'total', total, stakeMinor: 1n });
  return bets;
}

/** The stated return of a bet, in percent. */
export function findSicBoStatedRtpPercent(bet: SicBoBet): number {
  if (bet.kind === 'total') return SIC_BO_TOTAL_RTP_PERCENT[bet.total]!;
  return SIC_BO_RTP_PERCENT[bet.kind];
}
