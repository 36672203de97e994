import { describe, expect, it } from 'vitest';
import { BONUS_GAME_TYPES, newTermsDraft } from '../../lib/bonus-terms.ts';
import { cancelEffectOf, readGrantForm, readReason } from './bonus-grant.ts';

const NONE_COUNTED = Object.fromEntries(BONUS_GAME_TYPES.map((type) => [type, 0]));

describe('readGrantForm', () => {
  it('sends the amount as a wire amount, the terms with contributions in basis points and the slot-spin rule, and the reason trimmed', () => {
    const reading = readGrantForm(
      {
        amount: '1,000',
        terms: {
          ...newTermsDraft(),
          multiplier: '3',
          maxStake: '50',
          minSpinStake: '1',
          minSpinLines: '25',
          contributions: { ...newTermsDraft().contributions, LIVE: '25' },
        },
        reason: '  Goodwill after a delayed withdrawal ',
      },
      { maxMultiplier: 10 },
    );
    expect(reading).toEqual({
      ok: true,
      grant: {
        amount: '1000.00',
        terms: {
          multiplier: 3,
          includeDeposit: false,
          contributions: {
            ...NONE_COUNTED,
            INHOUSE: 10_000,
            RNG: 10_000,
            FISH: 10_000,
            SPORTS: 5_000,
            LIVE: 2_500,
          },
          maxStake: '50.00',
          expiryDays: 7,
          maxConversion: null,
          minSpinStake: '1.00',
          minSpinLines: 25,
        },
        reason: 'Goodwill after a delayed withdrawal',
      },
    });
  });

  it('names every problem by the field path the server uses', () => {
    const reading = readGrantForm(
      {
        amount: '0',
        terms: { ...newTermsDraft(), multiplier: '11', expiryDays: '400', minSpinLines: '0' },
        reason: 'ok',
      },
      { maxMultiplier: 10 },
    );
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'amount',
      'reason',
      'terms.expiryDays',
      'terms.minSpinLines',
      'terms.multiplier',
    ]);
  });
});

describe('readReason', () => {
  it('asks for a reason of 3 to 500 characters', () => {
    expect(readReason(' Duplicate grant ')).toEqual({ reason: 'Duplicate grant' });
    expect(readReason('  ')).toHaveProperty('error');
    expect(readReason('x'.repeat(501))).toHaveProperty('error');
  });
});

describe('cancelEffectOf', () => {
  it('says what cancelling takes: a waiting bonus just ends, an active one forfeits the bonus wallet', () => {
    const money = (amount: string) => `₱${amount}`;
    expect(
      cancelEffectOf({ status: 'waiting', forfeitIfCancelled: '0.00', amount: '100.00' }, money),
    ).toContain('does not receive the ₱100.00 bonus');
    expect(
      cancelEffectOf({ status: 'active', forfeitIfCancelled: '240.50', amount: '100.00' }, money),
    ).toContain('Forfeits ₱240.50 now in the bonus wallet');
    expect(
      cancelEffectOf({ status: 'active', forfeitIfCancelled: '0.00', amount: '100.00' }, money),
    ).toContain('nothing is forfeited');
  });
});
