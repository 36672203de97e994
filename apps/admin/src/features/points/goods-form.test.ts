import { describe, expect, it } from 'vitest';
import {
  draftOfGoods,
  type GoodsBody,
  type GoodsDraft,
  IMAGES_MAX,
  newGoodsDraft,
  readCount,
  readGoodsDraft,
  requirementWordsOf,
  rewardWordsOf,
  withImageAdded,
  withImageMoved,
} from './goods-form.ts';

const money = (amount: string) => `₱${amount}`;

/** A filled form of a cash reward, changed by `patch`. */
function draftWith(patch: Partial<GoodsDraft>): GoodsDraft {
  return {
    ...newGoodsDraft(),
    name: { TY: ' ₱50 na pera ', EN: '' },
    points: '5,000',
    amount: '50',
    ...patch,
  };
}

const stored: GoodsBody = {
  names: { TY: 'T-shirt ng Panalo', EN: 'Panalo T-shirt' },
  descriptions: { EN: 'Cotton, size L' },
  imageUrls: ['/media/a.webp', '/media/b.webp'],
  kind: 'item',
  points: 12_000,
  amount: null,
  requirement: { kind: 'validBet', amount: '5000.00', days: 30 },
  stock: 40,
  perMemberLimit: 1,
  status: 'active',
  sort: 3,
};

describe('readGoodsDraft', () => {
  it('sends a cash reward with its names trimmed, blank languages left out, the amount as a wire amount and no limits', () => {
    expect(readGoodsDraft(draftWith({}))).toEqual({
      ok: true,
      body: {
        names: { TY: '₱50 na pera' },
        descriptions: {},
        imageUrls: [],
        kind: 'cash',
        points: 5000,
        amount: '50.00',
        requirement: null,
        stock: null,
        perMemberLimit: null,
        status: 'hidden',
        sort: 0,
      },
    });
  });

  it('sends an item without an amount, whatever the amount field still holds', () => {
    const reading = readGoodsDraft(draftWith({ kind: 'item', amount: 'not an amount' }));
    expect(reading.ok && reading.body.amount).toBeNull();
  });

  it('sends a requirement, a stock and a per-member limit when set', () => {
    const reading = readGoodsDraft(
      draftWith({
        kind: 'bonus',
        requirementKind: 'deposit',
        requirementAmount: '1,000',
        requirementDays: '7',
        isUnlimited: false,
        stock: '0',
        perMemberLimit: '3',
        status: 'active',
        sortOrder: '12',
      }),
    );
    expect(reading).toMatchObject({
      ok: true,
      body: {
        kind: 'bonus',
        requirement: { kind: 'deposit', amount: '1000.00', days: 7 },
        stock: 0,
        perMemberLimit: 3,
        status: 'active',
        sort: 12,
      },
    });
  });

  it('names every problem by the field path the server uses', () => {
    const reading = readGoodsDraft(
      draftWith({
        name: { TY: ' ', EN: '' },
        description: { TY: 'x'.repeat(2001), EN: '' },
        points: '0',
        amount: '0.001',
        requirementKind: 'validBet',
        requirementAmount: '',
        requirementDays: '366',
        isUnlimited: false,
        stock: '-1',
        perMemberLimit: '0',
        sortOrder: '10001',
      }),
    );
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'amount',
      'descriptions.TY',
      'names.TY',
      'perMemberLimit',
      'points',
      'requirement.amount',
      'requirement.days',
      'sort',
      'stock',
    ]);
  });

  it('refuses more pictures than goods may show', () => {
    const urls = Array.from({ length: IMAGES_MAX + 1 }, (_, index) => `/media/${index}.webp`);
    const reading = readGoodsDraft(draftWith({ imageUrls: urls }));
    expect(reading.ok ? [] : Object.keys(reading.errors)).toEqual(['imageUrls']);
  });

  it('reads stored goods back into the form and sends them again unchanged', () => {
    const draft = draftOfGoods(stored);
    expect(draft).toMatchObject({
      kind: 'item',
      points: '12000',
      amount: '',
      requirementKind: 'validBet',
      requirementAmount: '5000.00',
      requirementDays: '30',
      isUnlimited: false,
      stock: '40',
      perMemberLimit: '1',
    });
    expect(readGoodsDraft(draft)).toEqual({ ok: true, body: stored });
  });

  it('reads unlimited stock and no requirement back as such', () => {
    const draft = draftOfGoods({ ...stored, stock: null, perMemberLimit: null, requirement: null });
    expect(draft).toMatchObject({
      isUnlimited: true,
      stock: '',
      perMemberLimit: '',
      requirementKind: 'none',
    });
  });
});

describe('readCount', () => {
  it('reads whole numbers with thousands commas within bounds', () => {
    expect(readCount(' 1,000 ', 1, 10_000)).toBe(1000);
    expect(readCount('0', 1, 10)).toBeNull();
    expect(readCount('1.5', 0, 10)).toBeNull();
    expect(readCount('11', 0, 10)).toBeNull();
    expect(readCount('', 0, 10)).toBeNull();
  });
});

describe('the pictures', () => {
  it('adds a picture once, up to the most goods may show', () => {
    expect(withImageAdded(['/a'], '/b')).toEqual(['/a', '/b']);
    expect(withImageAdded(['/a'], '/a')).toEqual(['/a']);
    const full = Array.from({ length: IMAGES_MAX }, (_, index) => `/${index}`);
    expect(withImageAdded(full, '/more')).toEqual(full);
  });

  it('moves a picture one place, never past either end', () => {
    expect(withImageMoved(['/a', '/b', '/c'], 2, -1)).toEqual(['/a', '/c', '/b']);
    expect(withImageMoved(['/a', '/b'], 0, -1)).toEqual(['/a', '/b']);
    expect(withImageMoved(['/a', '/b'], 1, 1)).toEqual(['/a', '/b']);
  });
});

describe('the list words', () => {
  it('says what a unit gives and what redeeming asks first', () => {
    expect(rewardWordsOf({ kind: 'cash', amount: '50.00' }, money)).toBe('₱50.00 cash');
    expect(rewardWordsOf({ kind: 'bonus', amount: '100.00' }, money)).toBe('₱100.00 bonus');
    expect(rewardWordsOf({ kind: 'item', amount: null }, money)).toBe('Item');
    expect(requirementWordsOf(null, money)).toBe('None');
    expect(requirementWordsOf({ kind: 'validBet', amount: '5000.00', days: 30 }, money)).toBe(
      '₱5000.00 valid bet in 30 days',
    );
    expect(requirementWordsOf({ kind: 'deposit', amount: '100.00', days: 1 }, money)).toBe(
      '₱100.00 deposits in 1 day',
    );
  });
});
