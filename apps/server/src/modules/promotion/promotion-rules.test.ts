import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors/errors.ts';
import {
  prizeCountOf,
  prizeOfRank,
  raffleRulesOf,
  readBonusTerms,
  readRules,
  type StoredBonusTerms,
  termsInMinor,
  termsView,
} from './promotion-rules.ts';

const TERMS: StoredBonusTerms = {
  multiplier: 5,
  includeDeposit: false,
  contributions: { RNG: 10_000 },
  maxStake: null,
  expiryDays: 7,
  maxConversion: null,
};

function reasonsOf(work: () => unknown): Record<string, string> {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return (error.value as { fields: Record<string, string> }).fields;
    throw error;
  }
  throw new Error('expected a VALIDATION');
}

describe("the bonus terms' spin rule", () => {
  it('is kept as given, normalised, and read as null where left out', () => {
    expect(readBonusTerms(TERMS, 10)).toEqual(TERMS);
    expect(readBonusTerms(TERMS, 10)).not.toHaveProperty('minSpinStake');
    const ruled = readBonusTerms({ ...TERMS, minSpinStake: '1', minSpinLines: 25 }, 10);
    expect(ruled).toMatchObject({ minSpinStake: '1.00', minSpinLines: 25 });
    expect(termsInMinor(ruled)).toMatchObject({ minSpinStakeMinor: 100n, minSpinLines: 25 });
    expect(termsInMinor(TERMS)).toMatchObject({ minSpinStakeMinor: null, minSpinLines: null });
    expect(termsView(TERMS)).toMatchObject({ minSpinStake: null, minSpinLines: null });
    expect(reasonsOf(() => readBonusTerms({ ...TERMS, minSpinStake: '0' }, 10))).toEqual({
      'bonusTerms.minSpinStake': 'amount',
    });
  });
});

describe("a raffle's rules", () => {
  const rules = readRules('raffle', {
    ticketBy: 'validBet',
    ticketEvery: '500',
    maxTickets: 100,
    prizes: [
      { amount: '5000', count: 1 },
      { amount: '1000', count: 3 },
      { amount: '100', count: 20 },
    ],
    payAs: 'cash',
    claimDays: 7,
    minSpinLines: 25,
  });

  it('are stored in wire form with the draw delay they default to', () => {
    expect(rules).toEqual({
      ticketBy: 'validBet',
      ticketEvery: '500.00',
      maxTickets: 100,
      prizes: [
        { amount: '5000.00', count: 1 },
        { amount: '1000.00', count: 3 },
        { amount: '100.00', count: 20 },
      ],
      payAs: 'cash',
      claimDays: 7,
      drawDelayMinutes: 60,
      minSpinLines: 25,
    });
  });

  it('give each rank the prize of its tier', () => {
    const read = raffleRulesOf(rules);
    expect(prizeCountOf(read)).toBe(24);
    expect([1, 2, 4, 5, 24].map((rank) => prizeOfRank(read, rank))).toEqual([
      500_000n,
      100_000n,
      100_000n,
      10_000n,
      10_000n,
    ]);
    expect(() => prizeOfRank(read, 25)).toThrow();
  });
});
