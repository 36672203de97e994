// Dice (GAMES.md): roll = int(10000) / 100, from 0.00 to 99.99. "Under X" wins when the roll is
// below X (chance X %), "over X" when it is above X (chance 99.99 − X %); the chance is between
// 1 % and 98 %, and a win pays stake × 99 / chance, rounded down to the centavo. Every figure is
// kept in hundredths so that no float touches a payout.

import type { RoundRng } from '../fairness/round-rng.ts';
import { assertStake, GameError } from '../game-error.ts';
import { createRatio, multiplyRatios, type Ratio } from '../maths/ratio.ts';

export type DiceDirection = 'under' | 'over';

export type DiceBet = {
  direction: DiceDirection;
  /** X in hundredths: 5000 is 50.00. */
  targetHundredths: number;
  stakeMinor: bigint;
};

export type DiceOutcome = {
  bet: DiceBet;
  stakeMinor: bigint;
  /** The roll in hundredths, 0 … 9999 (0.00 … 99.99). */
  rollHundredths: number;
  isWin: boolean;
  /** What the wallet credits: the stake and the winnings on a win, 0 on a loss. */
  payoutMinor: bigint;
};

export const DICE_ROLLS = 10_000;
export const DICE_CHANCE_MIN_HUNDREDTHS = 100;
export const DICE_CHANCE_MAX_HUNDREDTHS = 9_800;
/** 99 % of the stake, as the "99" of "stake × 99 / chance" in hundredths of a percent. */
const DICE_RETURN_HUNDREDTHS = 9_900n;
export const DICE_RTP_PERCENT = 99.0;

/** The chance of winning in hundredths of a percent: 5000 is 50.00 %. */
export function computeDiceChanceHundredths(direction: DiceDirection, targetHundredths: number): number {
  return direction === 'under' ? targetHundredths : DICE_ROLLS - 1 - targetHundredths;
}

export function assertDiceBet(bet: DiceBet): void {
  assertStake(bet.stakeMinor);
  if (bet.direction !== 'under' && bet.direction !== 'over') {
    throw new GameError('INVALID_BET', 'a dice bet is "under" or "over"', { direction: bet.direction });
  }
  const chance = computeDiceChanceHundredths(bet.direction, bet.targetHundredths);
  if (
    !Number.isInteger(bet.targetHundredths) ||
    chance < DICE_CHANCE_MIN_HUNDREDTHS ||
    chance > DICE_CHANCE_MAX_HUNDREDTHS
  ) {
    throw new GameError('INVALID_BET', 'the chance of a dice bet is between 1 % and 98 %', {
      targetHundredths: bet.targetHundredths,
    });
  }
}

export function isDiceWin(
  direction: DiceDirection,
  targetHundredths: number,
  rollHundredths: number,
): boolean {
  return direction === 'under' ? rollHundredths < targetHundredths : rollHundredths > targetHundredths;
}

/** stake × 99 / chance, rounded down to the minor unit. */
export function computeDicePayoutMinor(bet: DiceBet): bigint {
  const chance = BigInt(computeDiceChanceHundredths(bet.direction, bet.targetHundredths));
  return (bet.stakeMinor * DICE_RETURN_HUNDREDTHS) / chance;
}

export function playDice(bet: DiceBet, rng: RoundRng): DiceOutcome {
  assertDiceBet(bet);
  const rollHundredths = rng.int(DICE_ROLLS);
  const isWin = isDiceWin(bet.direction, bet.targetHundredths, rollHundredths);
  return {
    bet,
    stakeMinor: bet.stakeMinor,
    rollHundredths,
    isWin,
    payoutMinor: isWin ? computeDicePayoutMinor(bet) : 0n,
  };
}

/** "12.34" for 1234. */
export function formatDiceRoll(rollHundredths: number): string {
  return `${Math.floor(rollHundredths / 100)}.${String(rollHundredths % 100).padStart(2, '0')}`;
}

/**
 * The exact return of one bet before rounding, by enumerating all 10,000 rolls: the wins times
 * 99 / chance, over the rolls. With `stakeMinor`, the payout rounded down to the minor unit is
 * used instead, which is what the wallet really pays.
 */
export function computeDiceReturn(
  direction: DiceDirection,
  targetHundredths: number,
  stakeMinor?: bigint,
): Ratio {
  let wins = 0;
  for (let roll = 0; roll < DICE_ROLLS; roll += 1) {
    if (isDiceWin(direction, targetHundredths, roll)) wins += 1;
  }
  const chance = computeDiceChanceHundredths(direction, targetHundredths);
  const multiplier =
    stakeMinor === undefined
      ? createRatio(DICE_RETURN_HUNDREDTHS, chance)
      : createRatio(computeDicePayoutMinor({ direction, targetHundredths, stakeMinor }), stakeMinor);
  return multiplyRatios(createRatio(wins, DICE_ROLLS), multiplier);
}

/** Every bet the table accepts, for derivations and tests. */
export function listDiceTargets(): Array<{ direction: DiceDirection; targetHundredths: number }> {
  const targets: Array<{ direction: DiceDirection; targetHundredths: number }> = [];
  for (const direction of ['under', 'over'] as const) {
    for (let target = 0; target < DICE_ROLLS; target += 1) {
      const chance = computeDiceChanceHundredths(direction, target);
      if (chance >= DICE_CHANCE_MIN_HUNDREDTHS && chance <= DICE_CHANCE_MAX_HUNDREDTHS) {
        targets.push({ direction, targetHundredths: target });
      }
    }
  }
  return targets;
}
