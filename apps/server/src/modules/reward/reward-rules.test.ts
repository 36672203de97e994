import { describe, expect, it } from 'vitest';
import {
  chanceText,
  checkPrizes,
  expectedCostOf,
  merchantDayOf,
  type Prize,
  type PrizeInput,
  prizesOfCanonical,
  prizeTableOf,
  versionOf,
} from './reward-rules.ts';

const prize = (kind: PrizeInput['kind'], weight: number, value: Partial<PrizeInput> = {}): PrizeInput => ({
  names: { TY: kind, EN: kind },
  kind,
  amountMinor: null,
  points: null,
  wageringMultiplier: null,
  weight,
  ...value,
});
const indexed = (prizes: PrizeInput[]): Prize[] => prizes.map((item, index) => ({ ...item, index }));

describe('the reward centre’s rules', () => {
  it('rounds a chance half up to two decimals of a percent', () => {
    expect(chanceText(1, 3)).toBe('33.33');
    expect(chanceText(2, 3)).toBe('66.67');
    expect(chanceText(1, 8)).toBe('12.50');
    expect(chanceText(0, 5)).toBe('0.00');
    expect(chanceText(1, 200_000)).toBe('0.00');
    expect(chanceText(1, 20_000)).toBe('0.01');
  });

  it('costs a ticket at Σ weight·value / Σ weight, points by the conversion or apart', () => {
    const prizes = indexed([
      prize('cash', 1, { amountMinor: 1_000n }),
      prize('bonus', 1, { amountMinor: 3_000n, wageringMultiplier: 2 }),
      prize('points', 2, { points: 100 }),
      prize('none', 4),
    ]);
    expect(expectedCostOf(prizes, (points) => BigInt(points))).toEqual({
      moneyMinor: 525n,
      points: 0,
      pointsValued: true,
    });
    expect(expectedCostOf(prizes, () => null)).toEqual({ moneyMinor: 500n, points: 25, pointsValued: false });
  });

  it('keeps a table’s prizes through its canonical JSON', () => {
    const input = [
      prize('cash', 3, { amountMinor: 1_050n }),
      prize('points', 1, { points: 7 }),
      prize('none', 0),
    ];
    const version = versionOf(prizeTableOf('egg', { TY: 'Itlog', EN: 'Egg' }, input));
    expect(version.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(version.canonical).toContain('"amount":"10.50"');
    expect(prizesOfCanonical(version.canonical)).toEqual(indexed(input));
  });

  it('refuses prizes that do not fit their kind or the merchant’s cap', () => {
    const fieldsOf = (prizes: PrizeInput[]) => {
      try {
        checkPrizes(prizes, 10);
        return null;
      } catch (error) {
        return (error as { value?: { fields?: Record<string, string> } }).value?.fields;
      }
    };
    expect(fieldsOf([prize('none', 1)])).toBeNull();
    expect(fieldsOf([])).toEqual({ prizes: 'prizeCount' });
    expect(fieldsOf([prize('none', 0)])).toEqual({ prizes: 'noWeight' });
    expect(fieldsOf([prize('cash', 1)])).toEqual({ 'prizes.0.amount': 'required' });
    expect(fieldsOf([prize('none', 1, { points: 5 })])).toEqual({ 'prizes.0.points': 'notForKind' });
    expect(fieldsOf([prize('bonus', 1, { amountMinor: 100n, wageringMultiplier: 11 })])).toEqual({
      'prizes.0.wageringMultiplier': 'range',
    });
    expect(fieldsOf([prize('cash', 1.5, { amountMinor: 100n })])).toEqual({ 'prizes.0.weight': 'range' });
  });

  it('names the merchant’s day in its zone', () => {
    expect(merchantDayOf('Asia/Manila', new Date('2030-07-01T15:59:59Z'))).toBe('2030-07-01');
    expect(merchantDayOf('Asia/Manila', new Date('2030-07-01T16:00:00Z'))).toBe('2030-07-02');
  });
});
