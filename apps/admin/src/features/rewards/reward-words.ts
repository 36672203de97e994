import { formatPesos } from '../../lib/format.ts';
import type { OperatorPrize, OperatorPrizeTable } from './rewards-api.ts';

/** The reward centre pays in the merchant's currency: pesos on this platform. */
export const CURRENCY = 'PHP';
export const money = (amount: string) => formatPesos(amount, CURRENCY);

/** A ticket's expected cost in words: money, and points apart when the merchant cannot value them. */
export function expectedCostWords(cost: OperatorPrizeTable['expectedCost']): string {
  const points =
    cost.pointsValued || cost.points === 0 ? '' : ` and ${cost.points.toLocaleString('en-PH')} points`;
  return `${money(cost.money)}${points}`;
}

/** What a prize gives, in words. */
export function prizeWords(
  prize: Pick<OperatorPrize, 'kind' | 'amount' | 'points' | 'wageringMultiplier'>,
): string {
  if (prize.kind === 'cash' && prize.amount) return `${money(prize.amount)} cash`;
  if (prize.kind === 'bonus' && prize.amount)
    return `${money(prize.amount)} bonus, ${prize.wageringMultiplier ?? 0}× wagering`;
  if (prize.kind === 'points' && prize.points !== null)
    return `${prize.points.toLocaleString('en-PH')} points`;
  return 'Try again';
}
