import { describe, expect, it } from 'vitest';
import { toCentavos } from '../../lib/money';
import { checkDepositAmount, quickAmounts } from './deposit-amount';

const limits = { minAmount: '100.00', maxAmount: '50000.00' };

describe('deposit amounts', () => {
  it('reads pesos as centavos exactly, commas allowed, at most two decimals', () => {
    expect(toCentavos('1,250.5')).toBe(125_050n);
    expect(toCentavos('0.10')).toBe(10n);
    expect(toCentavos('1.234')).toBeNull();
    expect(toCentavos('-5')).toBeNull();
    expect(toCentavos('1e3')).toBeNull();
  });

  it("names what is wrong against the method's limits", () => {
    expect(checkDepositAmount('', limits)).toBe('empty');
    expect(checkDepositAmount('abc', limits)).toBe('format');
    expect(checkDepositAmount('0', limits)).toBe('format');
    expect(checkDepositAmount('99.99', limits)).toBe('minimum');
    expect(checkDepositAmount('50000.01', limits)).toBe('maximum');
    expect(checkDepositAmount('100', limits)).toBeNull();
    expect(checkDepositAmount('50000', limits)).toBeNull();
  });

  it('offers quick amounts inside the limits only', () => {
    expect(quickAmounts(limits)).toEqual(['100', '500', '1000', '5000']);
    expect(quickAmounts({ minAmount: '600.00', maxAmount: '5000.00' })).toEqual(['1000', '5000']);
  });
});
