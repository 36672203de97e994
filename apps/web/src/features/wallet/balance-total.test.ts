import { describe, expect, it } from 'vitest';
import { shownBalance } from './balance-total';

describe('the header balance', () => {
  it('is the cash when nothing is held at a vendor or the server sends no total', () => {
    expect(shownBalance('400.00', { balance: '400.00', total: '400.00' })).toBe('400.00');
    expect(shownBalance('400.00', { balance: '400.00' })).toBe('400.00');
    expect(shownBalance('400.00', undefined)).toBe('400.00');
  });

  it('adds what the last fetch found at the vendors to fetched or pushed cash', () => {
    expect(shownBalance('0.00', { balance: '0.00', total: '500.00' })).toBe('500.00');
    // A push after a deposit of 20.05 while 499.95 sits with the vendor.
    expect(shownBalance('20.05', { balance: '0.00', total: '499.95' })).toBe('520.00');
  });
});
