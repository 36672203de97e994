import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { claimRefusalKeyOf, claimStateOf } from './rebate-claim';

const NOW = new Date('2027-01-02T04:00:00.000Z');
const accrued = {
  mode: 'manual' as const,
  total: '125.50',
  minimum: '10.00',
  nextClaimAt: null,
};

describe('the manual rebate’s Claim button', () => {
  it('claims at once what reaches the minimum once the interval has run', () => {
    expect(claimStateOf(accrued, NOW)).toEqual({
      canClaim: true,
      isAutomatic: false,
      isEmpty: false,
      isBelowMinimum: false,
      secondsLeft: 0,
    });
    expect(claimStateOf({ ...accrued, total: '10.00' }, NOW).canClaim).toBe(true);
    expect(claimStateOf({ ...accrued, nextClaimAt: '2027-01-02T04:00:00.000Z' }, NOW).canClaim).toBe(true);
  });

  it('waits out the interval, counting whole seconds up', () => {
    const state = claimStateOf({ ...accrued, nextClaimAt: '2027-01-02T05:02:03.400Z' }, NOW);
    expect(state.canClaim).toBe(false);
    expect(state.secondsLeft).toBe(3724);
  });

  it('claims nothing below the minimum, nothing of nothing, and nothing in automatic mode', () => {
    const below = claimStateOf({ ...accrued, total: '9.99' }, NOW);
    expect([below.canClaim, below.isBelowMinimum]).toEqual([false, true]);
    const empty = claimStateOf({ ...accrued, total: '0.00', minimum: '0.00' }, NOW);
    expect([empty.canClaim, empty.isEmpty, empty.isBelowMinimum]).toEqual([false, true, false]);
    const automatic = claimStateOf({ ...accrued, mode: 'auto' }, NOW);
    expect([automatic.canClaim, automatic.isAutomatic]).toEqual([false, true]);
  });
});

describe('a refused claim', () => {
  const conflict = (reason: string) =>
    new ApiError({ code: 'CONFLICT', message: 'Conflict', status: 409, value: { reason } });

  it('is worded by its reason', () => {
    expect(claimRefusalKeyOf(conflict('TOO_SOON'))).toBe('rebate.reasons.TOO_SOON');
    expect(claimRefusalKeyOf(conflict('NOTHING'))).toBe('rebate.reasons.NOTHING');
    expect(claimRefusalKeyOf(conflict('AUTO_MODE'))).toBe('rebate.reasons.AUTO_MODE');
    expect(
      claimRefusalKeyOf(new ApiError({ code: 'FORBIDDEN', message: 'No', status: 403, value: {} })),
    ).toBe('rebate.reasons.FORBIDDEN');
  });

  it('leaves what it does not know to the server’s own message', () => {
    expect(claimRefusalKeyOf(conflict('ELSE'))).toBeNull();
    expect(claimRefusalKeyOf(new ApiError({ code: 'NETWORK', message: 'Down', status: 0 }))).toBeNull();
    expect(claimRefusalKeyOf(new Error('boom'))).toBeNull();
  });
});
