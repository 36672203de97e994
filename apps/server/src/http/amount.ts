import { parseAmount } from '@panalo/money/amount.ts';
import { AppError } from '../platform/errors/errors.ts';

/**
 * An amount a request carries as text ("100", "100.50"), in minor units; anything that is not an
 * amount above zero, or no amount at all, answers VALIDATION `{ [field]: 'amount' }`.
 */
export function requirePositiveAmount(text: string | undefined, field: string): bigint {
  const amount = text === undefined ? null : parseAmount(text);
  if (!amount?.ok || amount.minor <= 0n) {
    throw new AppError('VALIDATION', { value: { fields: { [field]: 'amount' } } });
  }
  return amount.minor;
}
