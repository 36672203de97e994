import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { pointFailureOf } from './point-failures';

const refusal = (code: string, value?: unknown) =>
  new ApiError({ code, message: `server says ${code}`, status: 422, value });

describe('a refused redeem or conversion', () => {
  it('puts a shortage of points, stock or the limit next to the amount typed', () => {
    expect(pointFailureOf(refusal('INSUFFICIENT_FUNDS', { points: 900 }), 'quantity', 'x')).toEqual({
      field: 'amount',
      reason: 'notEnoughPoints',
      have: 900,
    });
    expect(pointFailureOf(refusal('INSUFFICIENT_FUNDS'), 'points', 'x')).toEqual({
      field: 'amount',
      reason: 'notEnoughPoints',
      have: null,
    });
    expect(pointFailureOf(refusal('LIMIT_REACHED', { limit: 'stock' }), 'quantity', 'x')).toEqual({
      field: 'amount',
      reason: 'stockShort',
    });
    expect(pointFailureOf(refusal('LIMIT_REACHED', { limit: 'perMember' }), 'quantity', 'x')).toEqual({
      field: 'amount',
      reason: 'limitReached',
    });
  });

  it('puts a wrong payment password next to the password, by either of its codes', () => {
    for (const code of ['PAYMENT_PASSWORD_INVALID', 'BAD_CREDENTIALS']) {
      expect(pointFailureOf(refusal(code), 'quantity', 'x')).toEqual({
        field: 'paymentPassword',
        reason: 'wrongPassword',
      });
    }
  });

  it('reads what a requirement still misses', () => {
    expect(
      pointFailureOf(refusal('CONFLICT', { reason: 'REQUIREMENT', missing: '250.00' }), 'quantity', 'x'),
    ).toEqual({ field: 'form', reason: 'requirement', missing: '250.00' });
    expect(
      pointFailureOf(
        refusal('CONFLICT', { reason: 'REQUIREMENT', missing: { amount: '10.00' } }),
        'quantity',
        'x',
      ),
    ).toEqual({ field: 'form', reason: 'requirement', missing: '10.00' });
    expect(pointFailureOf(refusal('CONFLICT', { reason: 'REQUIREMENT' }), 'quantity', 'x')).toEqual({
      field: 'form',
      reason: 'requirement',
      missing: null,
    });
  });

  it('puts the server’s words on a field it names, the address or the amount of the call', () => {
    expect(
      pointFailureOf(refusal('VALIDATION', { fields: { address: 'Address is required' } }), 'quantity', 'x'),
    ).toEqual({ field: 'address', reason: 'server', message: 'Address is required' });
    expect(
      pointFailureOf(refusal('VALIDATION', { fields: { points: 'At least 100 points' } }), 'points', 'x'),
    ).toEqual({ field: 'amount', reason: 'server', message: 'At least 100 points' });
  });

  it('tells a member who is not marketable, or has no payment password, on the form', () => {
    expect(pointFailureOf(refusal('FORBIDDEN'), 'points', 'x')).toEqual({
      field: 'form',
      reason: 'notMarketable',
    });
    expect(pointFailureOf(refusal('PAYMENT_PASSWORD_REQUIRED'), 'points', 'x')).toEqual({
      field: 'form',
      reason: 'needPaymentPassword',
    });
  });

  it('shows any other refusal as the server said it, and the fallback when no answer came', () => {
    expect(pointFailureOf(refusal('MAINTENANCE'), 'points', 'x')).toEqual({
      field: 'form',
      reason: 'message',
      message: 'server says MAINTENANCE',
      code: 'MAINTENANCE',
    });
    expect(pointFailureOf(new TypeError('boom'), 'points', 'Try again')).toEqual({
      field: 'form',
      reason: 'message',
      message: 'Try again',
    });
  });
});
