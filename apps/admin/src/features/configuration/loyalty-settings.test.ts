import { describe, expect, it } from 'vitest';
import { rateDraftsOf } from '../../lib/loyalty-fields.ts';
import {
  isSwitchOn,
  type PointsDraft,
  pointsDraftOf,
  type RebateDraft,
  readPointsSettings,
  readRebateSettings,
  readVipSettings,
  rebateDraftOf,
  vipDraftOf,
} from './loyalty-settings.ts';

describe('readVipSettings', () => {
  it('sends the four numbers as numbers, and reads stored settings back unchanged', () => {
    const stored = { windowDays: 90, reviewDay: 1, giftMultiplier: 0, giftExpiryDays: 7 };
    expect(readVipSettings(vipDraftOf(stored))).toEqual({ ok: true, settings: stored });
    expect(
      readVipSettings({ windowDays: ' 30 ', reviewDay: '28', giftMultiplier: '50', giftExpiryDays: '365' }),
    ).toEqual({
      ok: true,
      settings: { windowDays: 30, reviewDay: 28, giftMultiplier: 50, giftExpiryDays: 365 },
    });
  });

  it("holds each number to the server's bounds, naming its field", () => {
    const reading = readVipSettings({
      windowDays: '366',
      reviewDay: '29',
      giftMultiplier: '51',
      giftExpiryDays: '0',
    });
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'giftExpiryDays',
      'giftMultiplier',
      'reviewDay',
      'windowDays',
    ]);
    for (const windowDays of ['0', '1.5', '-3', '', 'ninety']) {
      const wrong = readVipSettings({
        ...vipDraftOf({ windowDays: 1, reviewDay: 1, giftMultiplier: 1, giftExpiryDays: 1 }),
        windowDays,
      });
      expect(wrong.ok ? {} : wrong.errors, windowDays).toHaveProperty('windowDays');
    }
  });
});

/** The merchant's highest wagering multiplier (promotions.maxMultiplier). */
const LIMITS = { maxMultiplier: 10 };

const STORED_REBATE = {
  basis: 'theoreticalLoss' as const,
  rates: { LIVE: '0.50', RNG: '1.00' },
  houseEdges: { RNG: '4.00' },
  multiplier: 1,
  expiryDays: 7,
  claimIntervalMinutes: 60,
  minimumAmount: '1.00',
};

describe('readRebateSettings', () => {
  it('sends the filled-in rates as percent text with two decimals and leaves blank game types out', () => {
    const draft: RebateDraft = {
      ...rebateDraftOf(STORED_REBATE),
      basis: 'validBet',
      rates: { ...rateDraftsOf({}), LIVE: '0.5', SPORTS: ' 1 % ', FISH: '0' },
      houseEdges: { ...rateDraftsOf({}), RNG: '3.5' },
      minimumAmount: '2',
    };
    expect(readRebateSettings(draft, LIMITS)).toEqual({
      ok: true,
      settings: {
        basis: 'validBet',
        rates: { LIVE: '0.50', SPORTS: '1.00', FISH: '0.00' },
        houseEdges: { RNG: '3.50' },
        multiplier: 1,
        expiryDays: 7,
        claimIntervalMinutes: 60,
        minimumAmount: '2.00',
      },
    });
  });

  it('reads stored settings back unchanged', () => {
    expect(readRebateSettings(rebateDraftOf(STORED_REBATE), LIMITS)).toEqual({
      ok: true,
      settings: STORED_REBATE,
    });
  });

  it('holds rates to 5 %, house edges to 50 % and the least amount above zero, naming each field as the server does', () => {
    const draft: RebateDraft = {
      ...rebateDraftOf(STORED_REBATE),
      rates: { ...rateDraftsOf({}), LIVE: '5.01', RNG: '5', PVP: '0.005', LOTT: 'half' },
      houseEdges: { ...rateDraftsOf({}), SPORTS: '50.5', RNG: '50' },
      multiplier: '51',
      expiryDays: '0',
      claimIntervalMinutes: '43201',
      minimumAmount: '0',
    };
    const reading = readRebateSettings(draft, LIMITS);
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'claimIntervalMinutes',
      'expiryDays',
      'houseEdges.SPORTS',
      'minimumAmount',
      'multiplier',
      'rates.LIVE',
      'rates.LOTT',
      'rates.PVP',
    ]);
    expect(reading.ok ? '' : reading.errors['rates.LIVE']).toContain('0 to 5.00');
  });

  it("holds the bonus's wagering to the merchant's highest multiplier, which the bonus engine grants within", () => {
    const draft = { ...rebateDraftOf(STORED_REBATE), multiplier: '11' };
    expect(readRebateSettings(draft, LIMITS).ok).toBe(false);
    expect(readRebateSettings(draft, { maxMultiplier: 20 }).ok).toBe(true);
  });
});

describe('isSwitchOn', () => {
  const leaf = (modId: string, enabled: boolean) => ({ modId, enabled, children: [] });
  it('is on only when the switch and every switch above it are on, and off when it is missing', () => {
    expect(isSwitchOn([leaf('MANPLAYREB3', true)], 'MANPLAYREB3')).toBe(true);
    expect(isSwitchOn([leaf('MANPLAYREB3', false)], 'MANPLAYREB3')).toBe(false);
    expect(
      isSwitchOn([{ modId: 'BONUS', enabled: true, children: [leaf('MANPLAYREB3', true)] }], 'MANPLAYREB3'),
    ).toBe(true);
    expect(
      isSwitchOn([{ modId: 'BONUS', enabled: false, children: [leaf('MANPLAYREB3', true)] }], 'MANPLAYREB3'),
    ).toBe(false);
    expect(isSwitchOn([leaf('VIP', true)], 'MANPLAYREB3')).toBe(false);
  });
});

const STORED_POINTS = {
  earn: { slots: { per: '100.00', points: 1 }, live: { per: '200.00', points: 1 } },
  deposit: { per: '100.00', points: 2 },
  exchange: [
    { from: 100, amount: '1.00' },
    { from: 10_000, amount: '1.20' },
  ],
  convertMultiplier: 1,
  convertExpiryDays: 7,
  minConvertPoints: 100,
};

function pointsDraft(): PointsDraft {
  // The stored settings hold only the point types with a rule, as the server keeps them.
  return pointsDraftOf(STORED_POINTS as Parameters<typeof pointsDraftOf>[0]);
}

describe('readPointsSettings', () => {
  it('reads stored settings back unchanged, a point type without a rule left out', () => {
    const draft = pointsDraft();
    expect(draft.earn.sports).toEqual({ per: '', points: '' });
    expect(readPointsSettings(draft, LIMITS)).toEqual({ ok: true, settings: STORED_POINTS });
  });

  it('sends amounts as wire amounts, no deposit rule when both its fields are blank, and the rows in order', () => {
    const draft: PointsDraft = {
      ...pointsDraft(),
      earn: { ...pointsDraft().earn, sports: { per: '1,000', points: '5' }, live: { per: ' ', points: '' } },
      deposit: { per: '', points: '' },
      exchange: [
        { from: '1', amount: '0.5' },
        { from: '1,000', amount: '1' },
      ],
      convertMultiplier: '3',
    };
    const reading = readPointsSettings(draft, LIMITS);
    expect(reading.ok && reading.settings).toEqual({
      earn: { slots: { per: '100.00', points: 1 }, sports: { per: '1000.00', points: 5 } },
      deposit: null,
      exchange: [
        { from: 1, amount: '0.50' },
        { from: 1000, amount: '1.00' },
      ],
      convertMultiplier: 3,
      convertExpiryDays: 7,
      minConvertPoints: 100,
    });
  });

  it('asks for both fields of a rule, rising rows, amounts above zero and a conversion wagering of at least 1×', () => {
    const draft: PointsDraft = {
      ...pointsDraft(),
      earn: { ...pointsDraft().earn, pvp: { per: '', points: '3' }, lottery: { per: '0', points: '1' } },
      deposit: { per: '100', points: '-1' },
      exchange: [
        { from: '500', amount: '1' },
        { from: '500', amount: '0' },
        { from: '0', amount: '2' },
      ],
      convertMultiplier: '0',
      minConvertPoints: '0',
    };
    const reading = readPointsSettings(draft, LIMITS);
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'convertMultiplier',
      'deposit.points',
      'earn.lottery.per',
      'earn.pvp.per',
      'exchange.1.amount',
      'exchange.1.from',
      'exchange.2.from',
      'minConvertPoints',
    ]);
    expect(reading.ok ? '' : reading.errors['exchange.1.from']).toContain('above (500)');
  });

  it("holds the conversion's wagering to the merchant's highest multiplier", () => {
    const reading = readPointsSettings({ ...pointsDraft(), convertMultiplier: '11' }, LIMITS);
    expect(reading.ok ? {} : reading.errors).toEqual({ convertMultiplier: 'A whole number from 1 to 10.' });
  });

  it('takes at most 20 exchange rows', () => {
    const exchange = Array.from({ length: 21 }, (_, index) => ({ from: String(index + 1), amount: '1' }));
    const reading = readPointsSettings({ ...pointsDraft(), exchange }, LIMITS);
    expect(reading.ok ? {} : reading.errors).toEqual({ exchange: 'At most 20 rows.' });
  });
});
