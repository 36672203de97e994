import { describe, expect, it } from 'vitest';
import { readApprovedAmount, readRejectReason } from './application-review.ts';

describe('readApprovedAmount', () => {
  it('sends the typed amount as a wire amount, up to the promotion’s most', () => {
    expect(readApprovedAmount('500', '500.00')).toEqual({ amount: '500.00' });
    expect(readApprovedAmount('1,250.5', null)).toEqual({ amount: '1250.50' });
    expect(readApprovedAmount('499.99', '500.00')).toEqual({ amount: '499.99' });
  });

  it('refuses more than the most, nothing, and what is not an amount', () => {
    expect(readApprovedAmount('500.01', '500.00')).toEqual({
      error: "At most 500.00, the promotion's most.",
    });
    expect(readApprovedAmount('0', null)).toHaveProperty('error');
    expect(readApprovedAmount('-5', null)).toHaveProperty('error');
    expect(readApprovedAmount('1.005', null)).toHaveProperty('error');
  });

  it('compares the largest amounts to the centavo', () => {
    expect(readApprovedAmount('9999999999999.99', '9999999999999.98')).toHaveProperty('error');
    expect(readApprovedAmount('9999999999999.98', '9999999999999.98')).toEqual({
      amount: '9999999999999.98',
    });
  });
});

describe('readRejectReason', () => {
  it('trims the reason and asks for one of 1 to 500 characters', () => {
    expect(readRejectReason('  The receipt is unreadable. ')).toEqual({
      reason: 'The receipt is unreadable.',
    });
    expect(readRejectReason('   ')).toHaveProperty('error');
    expect(readRejectReason('x'.repeat(500))).toEqual({ reason: 'x'.repeat(500) });
    expect(readRejectReason('x'.repeat(501))).toHaveProperty('error');
  });
});
