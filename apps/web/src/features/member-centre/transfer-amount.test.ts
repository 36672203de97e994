import { describe, expect, it } from 'vitest';
import {
  checkTransferAmount,
  hasMoney,
  newTransferRequestId,
  quickTransferAmounts,
  toWireAmount,
} from './transfer-amount';

describe('game wallet transfer amounts', () => {
  it('refuses an empty, malformed or zero amount', () => {
    expect(checkTransferAmount('', '500.00')).toBe('empty');
    expect(checkTransferAmount('   ', '500.00')).toBe('empty');
    expect(checkTransferAmount('abc', '500.00')).toBe('format');
    expect(checkTransferAmount('1.234', '500.00')).toBe('format');
    expect(checkTransferAmount('-5', '500.00')).toBe('format');
    expect(checkTransferAmount('0', '500.00')).toBe('format');
  });

  it('refuses less than one peso', () => {
    expect(checkTransferAmount('0.99', '500.00')).toBe('minimum');
    expect(checkTransferAmount('1', '500.00')).toBeNull();
  });

  it('refuses more than the source wallet holds, to the centavo', () => {
    expect(checkTransferAmount('500.01', '500.00')).toBe('overBalance');
    expect(checkTransferAmount('500', '500.00')).toBeNull();
    expect(checkTransferAmount('1,250.50', '1250.50')).toBeNull();
  });

  it('refuses any amount out of a wallet whose balance the vendor did not tell', () => {
    expect(checkTransferAmount('1', null)).toBe('overBalance');
  });

  it('sends the amount in the wire form with two decimals and no grouping', () => {
    expect(toWireAmount('1,250.5')).toBe('1250.50');
    expect(toWireAmount('100')).toBe('100.00');
    expect(toWireAmount('0.05')).toBe('0.05');
    expect(toWireAmount('1e3')).toBeNull();
  });

  it('offers only quick amounts the wallet holds', () => {
    expect(quickTransferAmounts('1250.00')).toEqual(['100', '500', '1000']);
    expect(quickTransferAmounts('499.99')).toEqual(['100']);
    expect(quickTransferAmounts('99.99')).toEqual([]);
    expect(quickTransferAmounts(null)).toEqual([]);
  });

  it('knows an empty or unknown wallet has nothing to move', () => {
    expect(hasMoney('0.00')).toBe(false);
    expect(hasMoney(null)).toBe(false);
    expect(hasMoney('0.01')).toBe(true);
  });

  it('makes request ids the contract accepts, a new one each time', () => {
    const first = newTransferRequestId();
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
    expect(newTransferRequestId()).not.toBe(first);
  });
});
