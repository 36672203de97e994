import { describe, expect, it } from 'vitest';
import { counterpartOf, isOfferToMe } from './contract-offers';

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
