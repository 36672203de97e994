import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors/errors.ts';
import { requirePositiveAmount } from './amount.ts';

function refusalOf(text: string | undefined, field: string) {
  try {
    requirePositiveAmount(text, field);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, value: error.value };
    throw error;
  }
  throw new Error(`${JSON.stringify(text)} was accepted`);
}

describe('requirePositiveAmount', () => {
  it('answers the minor units of an amount above zero', () => {
    expect(requirePositiveAmount('100', 'amount')).toBe(10_000n);
    expect(requirePositiveAmount('0.01', 'amount')).toBe(1n);
    expect(requirePositiveAmount('1250.5', 'amount')).toBe(125_050n);
  });

  it('refuses zero, a negative, a malformed or a missing amount on the named field', () => {
    for (const text of ['0', '0.00', '-5', '1.234', 'abc', '', undefined]) {
      expect(refusalOf(text, 'receivedAmount')).toEqual({
        code: 'VALIDATION',
        value: { fields: { receivedAmount: 'amount' } },
      });
    }
  });
});
