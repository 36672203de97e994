// What a round of our card tables counts for as valid bet (turnover, rebates, agents' contracts)
// under the operator's rules. A bet on both sides of baccarat (player and banker) or dragon tiger
// (dragon and tiger) risks only the difference of the two, and a stake handed back on a draw risked
// nothing; the operator decides whether such stakes count.

/** The operator's rules (the merchant settings' `validBet`). */
export type ValidBetRules = {
  /**
   * A round staking both opposite sides: only the difference of the two stakes counts (`net`), or
   * both stakes in full (`full`).
   */
  hedgedBaccarat: 'net' | 'full';
  /** A stake handed back because the hand was a draw counts 0 (`exclude`) or in full (`include`). */
  pushes: 'exclude' | 'include';
};

export const DEFAULT_VALID_BET_RULES: Readonly<ValidBetRules> = { hedgedBaccarat: 'net', pushes: 'exclude' };

/**
 * What the stakes on two opposite sides count for: the difference when both are staked and the
 * rule nets them, else both in full.
 */
export function countOppositeSidesMinor(
  first: bigint,
  second: bigint,
  rule: ValidBetRules['hedgedBaccarat'],
): bigint {
  if (rule === 'net' && first > 0n && second > 0n) return first > second ? first - second : second - first;
  return first + second;
}
