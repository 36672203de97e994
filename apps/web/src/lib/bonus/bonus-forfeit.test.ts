import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { bonusToForfeitOf } from './bonus-forfeit';

const refusal = (code: string, value: unknown) =>
  new ApiError({ code, message: 'refused', status: 409, value });

describe('a withdrawal refused because a bonus is active', () => {
  it('names the bonus the member would give up', () => {
    expect(bonusToForfeitOf(refusal('CONFLICT', { reason: 'BONUS_ACTIVE', bonusAmount: '137.50' }))).toBe(
      '137.50',
    );
  });

  it('is told apart from every other refusal', () => {
    expect(bonusToForfeitOf(refusal('CONFLICT', { reason: 'OPEN_WITHDRAWAL' }))).toBeNull();
    expect(
      bonusToForfeitOf(refusal('TURNOVER_REQUIRED', { reason: 'BONUS_ACTIVE', bonusAmount: '1.00' })),
    ).toBeNull();
    expect(bonusToForfeitOf(refusal('CONFLICT', undefined))).toBeNull();
    expect(bonusToForfeitOf(new Error('network'))).toBeNull();
  });

  it('asks nothing when the amount is not an amount', () => {
    expect(bonusToForfeitOf(refusal('CONFLICT', { reason: 'BONUS_ACTIVE', bonusAmount: 137.5 }))).toBeNull();
    expect(bonusToForfeitOf(refusal('CONFLICT', { reason: 'BONUS_ACTIVE', bonusAmount: 'lots' }))).toBeNull();
  });
});
