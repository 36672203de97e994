import { describe, expect, it } from 'vitest';
import { rateDraftsOf } from '../../lib/loyalty-fields.ts';
import type { OperatorVipLevel } from './loyalty-api.ts';
import {
  levelDraftOf,
  levelNameOf,
  newLevelDraft,
  readLevelDraft,
  readMultiplierHundredths,
  reviewResultText,
  type VipLevelDraft,
} from './vip-level-form.ts';

const SILVER: OperatorVipLevel = {
  id: 'l-2',
  merchantId: 'm-1',
  rank: 2,
  names: { TY: 'Pilak', EN: 'Silver' },
  label: 'VIP2',
  badgeUrl: '/media/badge-2.png',
  deposit: '5000.00',
  validBet: '50000.00',
  keepDeposit: '2000.00',
  keepValidBet: '20000.00',
  guaranteedDays: 30,
  upgradeBonus: '100.00',
  birthdayBonus: '200.00',
  monthlyBonus: '0.00',
  rebateRates: { LIVE: '0.60', RNG: '1.00' },
  withdrawCountDay: 5,
  withdrawAmountDay: '100000.00',
  pointsMultiplier: '1.20',
  holders: 12,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
};

const BRONZE = { rank: 1, label: 'VIP1', deposit: '1000.00', validBet: '10000.00' };
const GOLD = { rank: 3, label: 'VIP3', deposit: '20000.00', validBet: '200000.00' };

function draftOf(patch: Partial<VipLevelDraft>): VipLevelDraft {
  return { ...levelDraftOf(SILVER), ...patch };
}

describe('readLevelDraft', () => {
  it('reads a stored level back into the same body', () => {
    const {
      id: _id,
      merchantId: _merchant,
      holders: _holders,
      createdAt: _created,
      updatedAt: _updated,
      ...body
    } = SILVER;
    expect(readLevelDraft(levelDraftOf(SILVER), [BRONZE, GOLD])).toEqual({ ok: true, body });
  });

  it('sends amounts as wire amounts (0 allowed), rates as percent text, blank limits and badge as none, names trimmed', () => {
    const reading = readLevelDraft(
      draftOf({
        names: { TY: '  Pilak ', EN: 'Silver' },
        deposit: '5,000',
        keepDeposit: '0',
        monthlyBonus: '50.5',
        rebateRates: { ...rateDraftsOf({}), SPORTS: '0.3' },
        withdrawCountDay: ' ',
        withdrawAmountDay: '',
        badgeUrl: '',
        pointsMultiplier: '1.5×',
      }),
      [BRONZE, GOLD],
    );
    expect(reading.ok && reading.body).toMatchObject({
      names: { TY: 'Pilak', EN: 'Silver' },
      deposit: '5000.00',
      keepDeposit: '0.00',
      monthlyBonus: '50.50',
      rebateRates: { SPORTS: '0.30' },
      withdrawCountDay: null,
      withdrawAmountDay: null,
      badgeUrl: null,
      pointsMultiplier: '1.50',
    });
  });

  it('keeps ranks unique and thresholds rising with rank, as the server does', () => {
    const taken = readLevelDraft(draftOf({ rank: '3' }), [BRONZE, GOLD]);
    expect(taken.ok ? {} : taken.errors).toEqual({ rank: 'Rank 3 is taken by another level.' });
    const belowLower = readLevelDraft(draftOf({ deposit: '999.99' }), [BRONZE, GOLD]);
    expect(belowLower.ok ? {} : belowLower.errors.deposit).toContain("Less than VIP1's (rank 1)");
    const aboveHigher = readLevelDraft(draftOf({ validBet: '200000.01' }), [BRONZE, GOLD]);
    expect(aboveHigher.ok ? {} : aboveHigher.errors.validBet).toContain("More than VIP3's (rank 3)");
    // Equal thresholds to a neighbour are allowed.
    expect(readLevelDraft(draftOf({ deposit: '1000', validBet: '200000' }), [BRONZE, GOLD]).ok).toBe(true);
  });

  it('names every wrong field by the path the server uses', () => {
    const reading = readLevelDraft(
      draftOf({
        rank: '0',
        names: { TY: '', EN: '' },
        label: '',
        validBet: '-1',
        upgradeBonus: '1.005',
        guaranteedDays: '366',
        rebateRates: { ...rateDraftsOf({}), LIVE: '5.5' },
        withdrawCountDay: '1001',
        withdrawAmountDay: '0',
        pointsMultiplier: '10.5',
      }),
      [],
    );
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'guaranteedDays',
      'label',
      'names.EN',
      'names.TY',
      'pointsMultiplier',
      'rank',
      'rebateRates.LIVE',
      'upgradeBonus',
      'validBet',
      'withdrawAmountDay',
      'withdrawCountDay',
    ]);
  });

  it('refuses a name or a label longer than a header has room for', () => {
    const reading = readLevelDraft(
      draftOf({ names: { TY: 'x'.repeat(41), EN: 'Silver' }, label: 'VIP-LEVEL-NUMBER-TWO-2' }),
      [],
    );
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual(['label', 'names.TY']);
  });
});

describe('newLevelDraft', () => {
  it('starts after the highest rank, asking nothing and giving nothing, points at 1×', () => {
    const draft = newLevelDraft([{ rank: 1 }, { rank: 3 }]);
    expect([draft.rank, draft.label, draft.deposit, draft.pointsMultiplier, draft.withdrawCountDay]).toEqual([
      '4',
      'VIP4',
      '0.00',
      '1.00',
      '',
    ]);
    expect(newLevelDraft([]).rank).toBe('1');
    const reading = readLevelDraft({ ...newLevelDraft([]), names: { TY: 'Tanso', EN: 'Bronze' } }, []);
    expect(reading.ok && reading.body.rebateRates).toEqual({});
  });
});

describe('readMultiplierHundredths', () => {
  it('reads 0 to 10 with at most two decimals', () => {
    expect(readMultiplierHundredths('1', 0, 1000)).toBe(100);
    expect(readMultiplierHundredths(' 2.5 x', 0, 1000)).toBe(250);
    expect(readMultiplierHundredths('0', 0, 1000)).toBe(0);
    for (const text of ['10.01', '1.234', '100', '', 'double']) {
      expect(readMultiplierHundredths(text, 0, 1000), text).toBeNull();
    }
  });
});

describe('levelNameOf', () => {
  it('names a level in Tagalog first, then English, then by its label', () => {
    expect(levelNameOf(SILVER)).toBe('Pilak');
    expect(levelNameOf({ names: { EN: 'Silver' }, label: 'VIP2' })).toBe('Silver');
    expect(levelNameOf({ names: {}, label: 'VIP2' })).toBe('VIP2');
  });
});

describe('reviewResultText', () => {
  it('says who was lowered and which gifts were due, granted and dropped', () => {
    expect(reviewResultText({ lowered: 0, monthlyGifts: 1, birthdayGifts: 0, granted: 1, dropped: 0 })).toBe(
      'The review ran: nobody was lowered; 1 monthly gift and 0 birthday gifts due; 1 gift granted, 0 dropped after waiting too long.',
    );
    expect(
      reviewResultText({ lowered: 1204, monthlyGifts: 30, birthdayGifts: 2, granted: 31, dropped: 1 }),
    ).toContain('1,204 members lowered');
  });
});
