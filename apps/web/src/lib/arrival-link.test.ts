import { describe, expect, it } from 'vitest';
import { hasArrivalParameter } from './arrival-link';

describe('a link into the site', () => {
  it('is recognised by a reset token in the fragment or the query, or a social login’s return', () => {
    expect(hasArrivalParameter('https://panalo.ph/#resetPassword=abc')).toBe(true);
    expect(hasArrivalParameter('https://panalo.ph/?resetPassword=abc')).toBe(true);
    expect(hasArrivalParameter('https://panalo.ph/promotions?x=1#socialLogin=ticket')).toBe(true);
    expect(hasArrivalParameter('https://panalo.ph/#a=1&socialError=DENIED')).toBe(true);
  });

  it('leaves ordinary addresses alone, even one naming the parameters elsewhere', () => {
    expect(hasArrivalParameter('https://panalo.ph/')).toBe(false);
    expect(hasArrivalParameter('https://panalo.ph/promotions#promo-1')).toBe(false);
    expect(hasArrivalParameter('https://panalo.ph/resetPassword=abc')).toBe(false);
    expect(hasArrivalParameter('https://panalo.ph/?page=socialLogin')).toBe(false);
  });
});
