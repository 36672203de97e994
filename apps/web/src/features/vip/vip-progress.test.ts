import { describe, expect, it } from 'vitest';
import { levelTitleOf, missingPartsOf, progressBarsOf } from './vip-progress';
import { LEVELS, MEMBER_AT_ONE, NEXT_FOR_ONE } from './vip-test-data.test-support';

describe('the way to the next VIP level', () => {
  it('measures each figure against the next level’s threshold and says exactly what is missing', () => {
    const bars = progressBarsOf(MEMBER_AT_ONE, LEVELS);
    expect(bars).toEqual([
      {
        measure: 'deposit',
        figure: '12500.00',
        threshold: '20000.00',
        missing: '7500.00',
        percent: 62,
        isMet: false,
      },
      {
        measure: 'validBet',
        figure: '80000.00',
        threshold: '100000.00',
        missing: '20000.00',
        percent: 80,
        isMet: false,
      },
    ]);
    expect(missingPartsOf(bars)).toEqual([
      { measure: 'deposit', amount: '7500.00' },
      { measure: 'validBet', amount: '20000.00' },
    ]);
  });

  it('fills a met figure’s bar and leaves it out of what is missing', () => {
    const me = {
      ...MEMBER_AT_ONE,
      window: { days: 90, deposit: '25000.00', validBet: '99999.99' },
      next: { ...NEXT_FOR_ONE, missingDeposit: '0.00', missingValidBet: '0.01' },
    };
    const bars = progressBarsOf(me, LEVELS);
    expect(bars.map((bar) => [bar.percent, bar.isMet])).toEqual([
      [100, true],
      [99, false],
    ]);
    expect(missingPartsOf(bars)).toEqual([{ measure: 'validBet', amount: '0.01' }]);
  });

  it('never shows a bar full while anything is missing, however small', () => {
    const me = {
      ...MEMBER_AT_ONE,
      window: { days: 90, deposit: '19999.99', validBet: '0.00' },
      next: { ...NEXT_FOR_ONE, missingDeposit: '0.01', missingValidBet: '100000.00' },
    };
    expect(progressBarsOf(me, LEVELS).map((bar) => bar.percent)).toEqual([99, 0]);
  });

  it('takes the threshold from the figure and what is missing when the programme does not list the level', () => {
    const bars = progressBarsOf(MEMBER_AT_ONE, []);
    expect(bars.map((bar) => bar.threshold)).toEqual(['20000.00', '100000.00']);
    expect(bars.map((bar) => bar.percent)).toEqual([62, 80]);
  });

  it('has no bars for a member at the highest level', () => {
    expect(progressBarsOf({ ...MEMBER_AT_ONE, next: null }, LEVELS)).toEqual([]);
  });

  it('names a level by its label and name, once when they are the same', () => {
    expect(levelTitleOf({ label: 'VIP3', name: 'Gold' })).toBe('VIP3 Gold');
    expect(levelTitleOf({ label: 'VIP3', name: 'VIP3' })).toBe('VIP3');
    expect(levelTitleOf({ label: 'VIP3', name: ' ' })).toBe('VIP3');
  });
});
