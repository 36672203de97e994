import { parseAmount } from '@panalo/money/amount.ts';
import { applyRate, parseRate } from '@panalo/money/rate.ts';
import { InvariantError } from '../../platform/errors/invariant.ts';
import type { CashbackPeriod } from './cashback-periods.ts';

/** A cashback promotion's rules (`promotions.rules`, docs/promotions.md "Kinds"), amounts in minor units. */
export type CashbackRules = {
  /** The share of the net loss paid back, in basis points. */
  percentBp: bigint;
  period: CashbackPeriod;
  /** A period's net loss below this pays nothing. */
  minNetLossMinor: bigint;
  /** The most one member is paid for one period; null: no cap. */
  capMinor: bigint | null;
  payAs: 'bonus' | 'cash';
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The promotions service checks rules and terms when an operator saves them; a stored row that
 * does not read is a bug, said with the promotion it belongs to.
 */
function broken(promotionId: string, what: string): never {
  throw new InvariantError(`cashback promotion ${promotionId}: ${what}`);
}

function amountOf(promotionId: string, value: unknown, field: string): bigint {
  const parsed = typeof value === 'string' ? parseAmount(value) : null;
  if (!parsed?.ok) broken(promotionId, `${field} is not an amount`);
  return parsed.minor;
}

function optionalAmountOf(promotionId: string, value: unknown, field: string): bigint | null {
  return value === null || value === undefined ? null : amountOf(promotionId, value, field);
}

/** A cashback promotion's stored rules, read; a row that does not read throws an InvariantError. */
export function readCashbackRules(promotionId: string, rules: unknown): CashbackRules {
  if (!isRecord(rules)) broken(promotionId, 'rules are not an object');
  const percent = typeof rules.percent === 'string' ? parseRate(rules.percent) : null;
  if (!percent?.ok || percent.basisPoints <= 0n) broken(promotionId, 'percent is not a rate above 0');
  if (rules.period !== 'day' && rules.period !== 'week')
    broken(promotionId, 'period is neither day nor week');
  const payAs = rules.payAs ?? 'bonus';
  if (payAs !== 'bonus' && payAs !== 'cash') broken(promotionId, 'payAs is neither bonus nor cash');
  const capMinor = optionalAmountOf(promotionId, rules.cap, 'cap');
  if (capMinor !== null && capMinor <= 0n) broken(promotionId, 'cap is not above 0');
  return {
    percentBp: percent.basisPoints,
    period: rules.period,
    minNetLossMinor: optionalAmountOf(promotionId, rules.minNetLoss, 'minNetLoss') ?? 0n,
    capMinor,
    payAs,
  };
}

/**
 * What a period's net loss pays back: the rules' percent of it, rounded down to the centavo, at
 * most the cap; nothing below the minimum net loss (or when there was no loss at all).
 */
export function cashbackAmountOf(netLossMinor: bigint, rules: CashbackRules): bigint {
  if (netLossMinor <= 0n || netLossMinor < rules.minNetLossMinor) return 0n;
  const amount = applyRate(netLossMinor, rules.percentBp);
  return rules.capMinor !== null && amount > rules.capMinor ? rules.capMinor : amount;
}
