import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { ty } from '../i18n/locales/ty';
import type { VendorLane } from './catalogue-api';
import { lotteryPrizeMode, prizeModes } from './prize-mode';

const lane = (gameCategory: string, vendors: string[]): VendorLane => {
  const cards = vendors.map((vassalage) => ({ vassalage, accountTypeName: vassalage }));
  return { title: gameCategory, gameCategory, cards, vendors: cards, gameClassify: [] };
};

describe('the lottery prize mode (spec §4)', () => {
  it('is ELOTT when a lottery lane has a TCG_LOTTO_VN or LOTT provider', () => {
    expect(lotteryPrizeMode([lane('LOTT', ['LOTT'])])).toBe('ELOTT');
    expect(lotteryPrizeMode([lane('RNG', ['X']), lane('ELOTT', ['OTHER', 'TCG_LOTTO_VN'])])).toBe('ELOTT');
  });

  it('is LOTT otherwise, also when such a provider is only in a non-lottery lane', () => {
    expect(lotteryPrizeMode([lane('LOTT', ['TCG_SEA'])])).toBe('LOTT');
    expect(lotteryPrizeMode([lane('RNG', ['LOTT'])])).toBe('LOTT');
    expect(lotteryPrizeMode([])).toBe('LOTT');
  });
});

it('every prize mode has a name in words in both languages, never its code', () => {
  for (const locale of [en, ty]) {
    const names = prizeModes.map((mode) => locale.pages.prizeModes[mode]);
    expect(new Set(names).size).toBe(prizeModes.length);
    for (const [index, name] of names.entries()) expect(name).not.toContain(prizeModes[index]);
  }
});
