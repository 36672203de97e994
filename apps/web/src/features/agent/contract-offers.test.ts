import { describe, expect, it } from 'vitest';
import { acceptanceWarningOf, contractConflictOf, counterpartOf, isOfferToMe } from './contract-offers';

const upline = { id: 'u1', account: 'lead***' };
const downline = { id: 'd1', account: 'sub***' };
const answerable = { canAccept: true, canReject: true };
const mine = { canAccept: false, canReject: false };

describe('an offer as each side sees it', () => {
  it('shows an upline’s offer to its downline as from the upline', () => {
    const offer = { fromSide: 'upline' as const, upline, downline, ...answerable };
    expect(isOfferToMe(offer)).toBe(true);
    expect(counterpartOf(offer)).toEqual(upline);
  });

  it('shows the same offer to the upline who sent it as to the downline', () => {
    const offer = { fromSide: 'upline' as const, upline, downline, ...mine };
    expect(isOfferToMe(offer)).toBe(false);
    expect(counterpartOf(offer)).toEqual(downline);
  });

  it('shows a downline’s request to end as from the downline to its upline', () => {
    expect(counterpartOf({ fromSide: 'downline', upline, downline, ...answerable })).toEqual(downline);
    expect(counterpartOf({ fromSide: 'downline', upline, downline, ...mine })).toEqual(upline);
  });

  it('names the platform (null) for a top-level agent’s offer from the operator', () => {
    expect(counterpartOf({ fromSide: 'operator', upline: null, downline, ...answerable })).toBeNull();
    expect(counterpartOf({ fromSide: 'downline', upline: null, downline, ...mine })).toBeNull();
  });
});

describe('what accepting new terms does to the contracts I gave below', () => {
  const offer = { type: 'new', kind: 'daily', rateBp: 100, period: 'D' } as const;

  it('warns that a rate below mine ends my downlines’ contracts above it', () => {
    expect(acceptanceWarningOf(offer, { rateBp: 150, period: 'D' })).toEqual({
      reason: 'lowerRate',
      rateBp: 100,
      currentRateBp: 150,
    });
  });

  it('warns that a dividend of another period ends my downlines’ dividends', () => {
    const dividend = { ...offer, kind: 'dividend', rateBp: 500, period: 'M' } as const;
    expect(acceptanceWarningOf(dividend, { rateBp: 500, period: 'W' })).toEqual({ reason: 'otherPeriod' });
    expect(acceptanceWarningOf(dividend, { rateBp: 500, period: 'M' })).toBeNull();
  });

  it('says nothing for an equal or higher rate, a first contract, or a request to end', () => {
    expect(acceptanceWarningOf(offer, { rateBp: 100, period: 'D' })).toBeNull();
    expect(acceptanceWarningOf({ ...offer, rateBp: 200 }, { rateBp: 100, period: 'D' })).toBeNull();
    expect(acceptanceWarningOf(offer, null)).toBeNull();
    expect(
      acceptanceWarningOf(
        { type: 'terminate', kind: 'daily', rateBp: null, period: null },
        { rateBp: 150, period: 'D' },
      ),
    ).toBeNull();
  });
});

describe('a conflict answered by a contract call', () => {
  it('names the reason the server gave', () => {
    expect(contractConflictOf({ reason: 'pendingOffer' })).toBe('pendingOffer');
    expect(contractConflictOf({ reason: 'uplineChanged' })).toBe('uplineChanged');
    expect(contractConflictOf({ reason: 'aboveMaximum' })).toBe('aboveMaximum');
  });

  it('tells an offer that expired from one answered since the page was drawn', () => {
    expect(contractConflictOf({ status: 'expired' })).toBe('expired');
    expect(contractConflictOf({ status: 'accepted' })).toBe('answered');
    expect(contractConflictOf({ status: 'cancelled' })).toBe('answered');
  });

  it('knows nothing of other values, which keep the server’s own message', () => {
    for (const value of [
      undefined,
      null,
      'pendingOffer',
      { reason: 'somethingNew' },
      { status: 'pending' },
    ]) {
      expect(contractConflictOf(value)).toBeNull();
    }
  });
});
