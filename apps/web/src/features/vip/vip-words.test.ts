import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import { LEVELS, levelOf } from './vip-test-data.test-support';
import { benefitRowsOf, formatVipDate, projectionWordsOf, vipToastOf } from './vip-words';

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

describe('the benefits table', () => {
  it('gives each benefit a value per level, lowest rank first, in the reader’s words', () => {
    const levels = [levelOf(3), levelOf(1, { rebateRates: { RNG: '0.80', LIVE: '0.50' } })];
    const rows = benefitRowsOf(levels, { windowDays: 90, symbol: '₱', t: english });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get('deposit')).toEqual({
      id: 'deposit',
      section: 'reach',
      label: 'Deposits in 90 days',
      values: ['₱10,000.00', '₱30,000.00'],
    });
    expect(byId.get('keepDeposit')).toEqual({
      id: 'keepDeposit',
      section: 'keep',
      label: 'Deposits in 90 days',
      values: ['₱5,000.00', '₱15,000.00'],
    });
    // Every label is a sentence of the locale, never a key left untranslated.
    expect(rows.filter((row) => row.label.startsWith('vip.'))).toEqual([]);
    expect(byId.get('guaranteedDays')?.values).toEqual(['30 days', '30 days']);
    expect(byId.get('birthdayBonus')?.values).toEqual(['—', '₱600.00']);
    expect(byId.get('withdrawCount')?.values).toEqual(['5', 'No limit']);
    expect(byId.get('withdrawAmount')?.values).toEqual(['₱50,000.00', 'No limit']);
    expect(byId.get('pointsMultiplier')?.values).toEqual(['×1', '×1.2']);
  });

  it('lists a rebate row per game type any level names, as the lobby names and orders them', () => {
    const levels = [levelOf(1, { rebateRates: { RNG: '0.80', LIVE: '0.50' } }), levelOf(2)];
    const rebateRows = benefitRowsOf(levels, { windowDays: 90, symbol: '₱', t: tagalog }).filter(
      (row) => row.section === 'rebate',
    );
    expect(rebateRows).toEqual([
      { id: 'rebate-LIVE', section: 'rebate', label: 'Live na casino', values: ['0.5%', '0.2%'] },
      { id: 'rebate-RNG', section: 'rebate', label: 'Mga slot', values: ['0.8%', 'Karaniwan'] },
    ]);
  });

  it('names the window and the guarantee in Tagalog', () => {
    const rows = benefitRowsOf(LEVELS, { windowDays: 30, symbol: '₱', t: tagalog });
    expect(rows.find((row) => row.id === 'validBet')?.label).toBe('Balidong taya sa 30 araw');
    expect(rows.find((row) => row.id === 'guaranteedDays')?.values[0]).toBe('30 araw');
    expect(rows.find((row) => row.id === 'withdrawCount')?.values[2]).toBe('Walang limitasyon');
  });
});

describe('the next review’s projection', () => {
  it('names the level kept, risen to or fallen to', () => {
    const reviewAt = '2027-01-01';
    expect(projectionWordsOf({ outcome: 'keep', rank: 2, reviewAt }, LEVELS)).toEqual({
      key: 'vip.projection.keep',
      level: 'VIP2 Silver',
    });
    expect(projectionWordsOf({ outcome: 'rise', rank: 3, reviewAt }, LEVELS)?.level).toBe('VIP3 Gold');
    const fall = projectionWordsOf({ outcome: 'fall', rank: 1, reviewAt }, LEVELS);
    expect(fall && english(fall.key, { date: 'Jan 1, 2027', level: fall.level })).toBe(
      'At the review on Jan 1, 2027 you fall to VIP1 Bronze.',
    );
    expect(fall && tagalog(fall.key, { date: 'Ene 1, 2027', level: fall.level })).toBe(
      'Sa pagsusuri sa Ene 1, 2027, bababa ka sa VIP1 Bronze.',
    );
  });

  it('says a member falls out of the programme, and says nothing to one with no level to keep', () => {
    const reviewAt = '2027-01-01';
    expect(projectionWordsOf({ outcome: 'fall', rank: null, reviewAt }, LEVELS)).toEqual({
      key: 'vip.projection.lose',
      level: null,
    });
    expect(projectionWordsOf({ outcome: 'keep', rank: null, reviewAt }, LEVELS)).toBeNull();
    expect(projectionWordsOf(null, LEVELS)).toBeNull();
  });

  it('names a level the programme no longer lists by its rank', () => {
    expect(projectionWordsOf({ outcome: 'keep', rank: 7, reviewAt: '2027-01-01' }, LEVELS)?.level).toBe(
      'VIP7',
    );
  });
});

describe('a level change’s toast', () => {
  it('cheers a rise and tells a fall plainly, in both languages', () => {
    const up = { rank: 3, label: 'VIP3', name: 'Gold', direction: 'up' } as const;
    expect(vipToastOf(up, english)).toBe('You are now VIP3 Gold!');
    // The level's name in the language the page is read in, whatever the member's stored one.
    const named = { ...up, name: 'Ginto', names: { TY: 'Ginto', EN: 'Gold' } };
    expect(vipToastOf(named, english, 'EN')).toBe('You are now VIP3 Gold!');
    expect(vipToastOf(named, tagalog, 'TY')).toBe('VIP3 Ginto ka na!');
    expect(vipToastOf(up, tagalog)).toBe('VIP3 Gold ka na!');
    const down = { rank: 2, label: 'VIP2', name: 'Silver', direction: 'down' } as const;
    expect(vipToastOf(down, english)).toBe('Your VIP level is now VIP2 Silver.');
    expect(vipToastOf(down, tagalog)).toBe('VIP2 Silver na ang antas mo sa VIP.');
    const removed = { rank: null, label: null, name: null, direction: 'down' } as const;
    expect(vipToastOf(removed, english)).toBe('You no longer hold a VIP level.');
    expect(vipToastOf(removed, tagalog)).toBe('Wala ka nang antas sa VIP.');
  });
});

describe('dates of the VIP page', () => {
  it('shows a calendar day as it is and an instant as its day in the merchant’s zone', () => {
    expect(formatVipDate('1990-03-01', 'EN', 'Asia/Manila')).toBe('Mar 1, 1990');
    // 16:30 UTC on 31 December is already 1 January in Manila.
    expect(formatVipDate('2026-12-31T16:30:00.000Z', 'EN', 'Asia/Manila')).toBe('Jan 1, 2027');
    expect(formatVipDate('2026-12-31T16:30:00.000Z', 'TY', 'Asia/Manila')).toBe('Ene 1, 2027');
    expect(formatVipDate('soon', 'EN', 'Asia/Manila')).toBe('soon');
  });
});
