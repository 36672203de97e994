import { describe, expect, it } from 'vitest';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { decidedStatusOf, decisionRefusalOf, readRejectReason } from './redeem-review.ts';

describe('readRejectReason', () => {
  it('asks for a reason of 1 to 500 characters, trimmed', () => {
    expect(readRejectReason('  Out of stock at the warehouse ')).toEqual({
      reason: 'Out of stock at the warehouse',
    });
    expect(readRejectReason('   ')).toHaveProperty('error');
    expect(readRejectReason('x'.repeat(501))).toHaveProperty('error');
  });
});

describe('decisionRefusalOf', () => {
  it('says plainly that a redeem was decided first by someone else', () => {
    const refusal = decisionRefusalOf(new BackOfficeError('CONFLICT', 'Conflict', { status: 'approved' }));
    expect(refusal).toBeInstanceOf(BackOfficeError);
    expect((refusal as BackOfficeError).code).toBe('CONFLICT');
    expect((refusal as BackOfficeError).message).toMatch(/^Already approved: another operator decided/);
    const unnamed = decisionRefusalOf(new BackOfficeError('CONFLICT', 'Conflict'));
    expect((unnamed as BackOfficeError).message).toMatch(/^Already decided/);
  });

  it('passes any other refusal on as the server said it', () => {
    const forbidden = new BackOfficeError('FORBIDDEN', 'Not allowed');
    expect(decisionRefusalOf(forbidden)).toBe(forbidden);
    const failure = new Error('offline');
    expect(decisionRefusalOf(failure)).toBe(failure);
  });
});

describe('decidedStatusOf', () => {
  it('reads only the statuses a redeem has', () => {
    expect(decidedStatusOf(new BackOfficeError('CONFLICT', '', { status: 'rejected' }))).toBe('rejected');
    expect(decidedStatusOf(new BackOfficeError('CONFLICT', '', { status: 'gone' }))).toBeNull();
    expect(decidedStatusOf(new Error('x'))).toBeNull();
  });
});
