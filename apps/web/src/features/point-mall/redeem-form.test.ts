import { describe, expect, it } from 'vitest';
import type { Goods } from './api/points';
import {
  ADDRESS_LENGTH_MAX,
  checkAddress,
  checkQuantity,
  checkRedeemForm,
  isOutOfStock,
  parseQuantity,
  REDEEM_QUANTITY_MAX,
  redeemQuantityMax,
  redeemTotalPoints,
} from './redeem-form';

const cash: Goods = {
  id: 'g-cash',
  name: '₱50 cash',
  description: '',
  imageUrls: [],
  kind: 'cash',
  points: 500,
  amount: '50.00',
  requirement: null,
  stock: null,
  perMemberLimit: null,
};

const shirt: Goods = {
  ...cash,
  id: 'g-shirt',
  name: 'T-shirt',
  kind: 'item',
  points: 2_000,
  amount: null,
  stock: 3,
  perMemberLimit: 2,
};

describe('how many units may be asked for', () => {
  it('is bounded by the stock, the per-member limit, the points and the dialog', () => {
    expect(redeemQuantityMax(shirt, 100_000)).toBe(2);
    expect(redeemQuantityMax({ ...shirt, stock: 1 }, 100_000)).toBe(1);
    expect(redeemQuantityMax(shirt, 3_999)).toBe(1);
    expect(redeemQuantityMax(cash, 1_000_000)).toBe(REDEEM_QUANTITY_MAX);
    expect(redeemQuantityMax(cash, Number.POSITIVE_INFINITY)).toBe(REDEEM_QUANTITY_MAX);
  });

  it('is none when out of stock or short of points', () => {
    expect(redeemQuantityMax({ ...shirt, stock: 0 }, 100_000)).toBe(0);
    expect(redeemQuantityMax(cash, 499)).toBe(0);
    expect(isOutOfStock({ stock: 0 })).toBe(true);
    expect(isOutOfStock({ stock: null })).toBe(false);
  });
});

describe('the quantity field', () => {
  it('takes whole numbers from 1', () => {
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity(' 3 ')).toBe(3);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(checkQuantity(cash, 10_000, 'x')).toEqual({ reason: 'format' });
    expect(checkQuantity(cash, 1_000_000, '101')).toEqual({ reason: 'format' });
  });

  it('says out of stock before anything else', () => {
    expect(checkQuantity({ ...shirt, stock: 0 }, 100_000, '1')).toEqual({ reason: 'outOfStock' });
  });

  it('says how many are left, the limit per member, and the points missing', () => {
    expect(checkQuantity({ ...shirt, perMemberLimit: null }, 100_000, '4')).toEqual({
      reason: 'overStock',
      left: 3,
    });
    expect(checkQuantity(shirt, 100_000, '3')).toEqual({ reason: 'overLimit', limit: 2 });
    expect(checkQuantity(shirt, 3_000, '2')).toEqual({ reason: 'notEnoughPoints', need: 4_000, have: 3_000 });
    expect(checkQuantity(shirt, 4_000, '2')).toBeUndefined();
  });

  it('totals the points of the quantity typed', () => {
    expect(redeemTotalPoints(shirt, '2')).toBe(4_000);
    expect(redeemTotalPoints(shirt, '')).toBeNull();
  });
});

describe('the delivery address', () => {
  it('is asked only for items, and within its length', () => {
    expect(checkAddress(cash, '')).toBeUndefined();
    expect(checkAddress(shirt, '   ')).toEqual({ reason: 'empty' });
    expect(checkAddress(shirt, 'a'.repeat(ADDRESS_LENGTH_MAX + 1))).toEqual({
      reason: 'tooLong',
      max: ADDRESS_LENGTH_MAX,
    });
    expect(checkAddress(shirt, '12 Mabini St., Brgy. San Roque, Quezon City')).toBeUndefined();
  });
});

describe('the redeem form', () => {
  it('names every field at fault at once and sends nothing', () => {
    expect(checkRedeemForm(shirt, 1_000, { quantity: '1', address: '', paymentPassword: '' })).toEqual({
      problems: {
        quantity: { reason: 'notEnoughPoints', need: 2_000, have: 1_000 },
        address: { reason: 'empty' },
        paymentPassword: { reason: 'empty' },
      },
      input: null,
    });
  });

  it('sends the trimmed address with an item, and none with cash', () => {
    expect(
      checkRedeemForm(shirt, 10_000, {
        quantity: '2',
        address: '  12 Mabini St.  ',
        paymentPassword: '123456',
      }),
    ).toEqual({
      problems: {},
      input: { goodsId: 'g-shirt', quantity: 2, paymentPassword: '123456', address: '12 Mabini St.' },
    });
    expect(
      checkRedeemForm(cash, 10_000, { quantity: '1', address: 'ignored', paymentPassword: '123456' }),
    ).toEqual({
      problems: {},
      input: { goodsId: 'g-cash', quantity: 1, paymentPassword: '123456' },
    });
  });
});
