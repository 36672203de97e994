import type { TFunction } from 'i18next';
import { formatMoney } from '../format';

/**
 * A slot-spin rule in one sentence (docs/promotions.md "Slot-spin rules"): a slot spin counts only
 * at the stake per spin and the lines set, either or both; null when neither is set. The same rule
 * reads the same in a bonus's terms and in a raffle's rules.
 */
export function spinRuleLineOf(
  rule: { minSpinStake?: string | null; minSpinLines?: number | null },
  words: { t: TFunction; symbol: string },
): string | null {
  const stake = rule.minSpinStake ? formatMoney(rule.minSpinStake, words.symbol) : null;
  const lines = rule.minSpinLines ?? null;
  if (stake && lines !== null) {
    return words.t('promotions.spinRule.stakeAndLines', { stake, count: lines });
  }
  if (stake) return words.t('promotions.spinRule.stake', { stake });
  if (lines !== null) return words.t('promotions.spinRule.lines', { count: lines });
  return null;
}
