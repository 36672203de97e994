import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import { REDEEM_STATUSES } from './api/points';
import {
  convertProblemWords,
  earnRuleLines,
  failureWords,
  formatMultiplier,
  formatPointCount,
  goodsAmountWords,
  pointsWords,
  quantityProblemWords,
  recordTypeWords,
  redeemStatusTone,
  redeemStatusWords,
  requirementWords,
  signedPoints,
  stockWords,
} from './point-words';

let english: TFunction;
let tagalog: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { translation: en }, fil: { translation: ty } },
    interpolation: { escapeValue: false },
  });
  english = instance.getFixedT('en');
  tagalog = instance.getFixedT('fil');
});

describe('counts of points', () => {
  it('group thousands and sign a record’s change', () => {
    expect(formatPointCount(1_234_567)).toBe('1,234,567');
    expect(formatPointCount(0)).toBe('0');
    expect(signedPoints(120)).toBe('+120');
    expect(signedPoints(-1_500)).toBe('−1,500');
    expect(signedPoints(0)).toBe('0');
  });

  it('name points in either language, one or many', () => {
    expect(pointsWords(english, 1)).toBe('1 point');
    expect(pointsWords(english, 1_500)).toBe('1,500 points');
    expect(pointsWords(tagalog, 1_500)).toBe('1,500 puntos');
  });

  it('write a multiplier as people do', () => {
    expect(formatMultiplier('1.50')).toBe('×1.5');
    expect(formatMultiplier('2.00')).toBe('×2');
    expect(formatMultiplier(3)).toBe('×3');
  });
});

describe('a redeem’s status', () => {
  it('reads in process, approved or rejected, in both languages, each with its tone', () => {
    expect(REDEEM_STATUSES.map((status) => redeemStatusWords(english, status))).toEqual([
      'In process',
      'Approved',
      'Rejected',
    ]);
    expect(REDEEM_STATUSES.map((status) => redeemStatusWords(tagalog, status))).toEqual([
      'Pinoproseso',
      'Naaprubahan',
      'Tinanggihan',
    ]);
    expect(redeemStatusTone).toEqual({ processing: 'waiting', approved: 'good', rejected: 'bad' });
  });

  it('and a record’s type, in both languages', () => {
    expect(recordTypeWords(english, 'slots')).toBe('Slots');
    expect(recordTypeWords(tagalog, 'clawback')).toBe('Binawi');
  });
});

describe('a reward in words', () => {
  it('says what a unit is worth, except for an item', () => {
    expect(goodsAmountWords(english, { kind: 'cash', amount: '50.00' }, '₱')).toBe('₱50.00 in cash');
    expect(goodsAmountWords(tagalog, { kind: 'bonus', amount: '100.00' }, '₱')).toBe('₱100.00 na bonus');
    expect(goodsAmountWords(english, { kind: 'item', amount: null }, '₱')).toBeNull();
  });

  it('says its requirement with the amount and the days', () => {
    expect(requirementWords(english, { kind: 'deposit', amount: '1000.00', days: 30 }, '₱')).toBe(
      'Deposit at least ₱1,000.00 in the last 30 days',
    );
    expect(requirementWords(tagalog, { kind: 'validBet', amount: '5000.00', days: 7 }, '₱')).toBe(
      'Balidong taya na hindi bababa sa ₱5,000.00 sa nakaraang 7 araw',
    );
  });

  it('says the stock left, or that it is unlimited or gone', () => {
    expect(stockWords(english, 12)).toBe('In stock: 12');
    expect(stockWords(english, null)).toBe('Always in stock');
    expect(stockWords(tagalog, 0)).toBe('Ubos na');
  });
});

describe('the earning rules', () => {
  it('give a line per bet type and one for deposits, leaving out rules that give nothing', () => {
    const config = {
      earn: [
        { type: 'slots' as const, per: '100.00', points: 1 },
        { type: 'live' as const, per: '200.00', points: 3 },
        { type: 'sports' as const, per: '100.00', points: 0 },
      ],
      deposit: { per: '100.00', points: 2 },
    };
    expect(earnRuleLines(english, config, '₱')).toEqual([
      'Slots: 1 point for every ₱100.00 of valid bet',
      'Live casino: 3 points for every ₱200.00 of valid bet',
      'Deposits: 2 points for every ₱100.00 deposited',
    ]);
    expect(earnRuleLines(tagalog, { earn: [], deposit: null }, '₱')).toEqual([]);
  });
});

describe('what a field says is wrong', () => {
  it('says the quantity’s problem with its figures', () => {
    expect(quantityProblemWords(english, { reason: 'notEnoughPoints', need: 4_000, have: 1_500 }, 2)).toBe(
      'Not enough points: this needs 4,000 points, you have 1,500 points.',
    );
    expect(quantityProblemWords(english, { reason: 'overStock', left: 3 }, 3)).toBe('Only 3 left in stock.');
    expect(quantityProblemWords(tagalog, { reason: 'overLimit', limit: 2 }, 2)).toBe(
      'Hanggang 2 lang bawat miyembro.',
    );
    expect(quantityProblemWords(english, { reason: 'format' }, 5)).toBe('Enter a whole number from 1 to 5.');
  });

  it('says the points to convert’s problem', () => {
    expect(convertProblemWords(english, { reason: 'belowMinimum', minimum: 500 })).toBe(
      'Convert at least 500 points.',
    );
    expect(convertProblemWords(tagalog, { reason: 'notEnough', have: 20 })).toBe(
      'Kulang ang puntos: 20 puntos ang mayroon ka.',
    );
  });

  it('says what a requirement still misses, by the reward’s requirement', () => {
    const requirement = { kind: 'deposit' as const, amount: '1000.00', days: 30 };
    expect(
      failureWords(
        english,
        { field: 'form', reason: 'requirement', missing: '250.00' },
        { symbol: '₱', requirement },
      ),
    ).toBe('This reward needs deposits of at least ₱1,000.00 in the last 30 days: deposit ₱250.00 more.');
    expect(
      failureWords(
        tagalog,
        { field: 'form', reason: 'requirement', missing: null },
        { symbol: '₱', requirement },
      ),
    ).toBe('Hindi mo pa naaabot ang kailangan para sa gantimpalang ito.');
  });

  it('says a shortage of points with what was asked, and a wrong password plainly', () => {
    expect(
      failureWords(
        english,
        { field: 'amount', reason: 'notEnoughPoints', have: 900 },
        { symbol: '₱', need: 1_000 },
      ),
    ).toBe('Not enough points: this needs 1,000 points, you have 900 points.');
    expect(
      failureWords(tagalog, { field: 'paymentPassword', reason: 'wrongPassword' }, { symbol: '₱' }),
    ).toBe('Mali ang password sa pagbabayad. Subukan muli.');
  });
});
