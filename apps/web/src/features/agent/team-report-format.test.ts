import { describe, expect, it } from 'vitest';
import { dayLabelOf, layoutDailyBars, minorOf } from './team-report-format';

describe('the team overview chart', () => {
  const box = { width: 300, height: 100, gap: 2 };

  it('reads wire amounts as minor units, a loss negative', () => {
    expect(minorOf('1250.05')).toBe(125_005);
    expect(minorOf('-0.50')).toBe(-50);
    expect(minorOf('0.00')).toBe(0);
  });

  it('draws gains up and losses down from a zero line that leaves room for both', () => {
    const { bars, zeroY, highest, lowest } = layoutDailyBars(
      [
        { day: '2026-11-21', amount: '300.00' },
        { day: '2026-11-22', amount: '-100.00' },
        { day: '2026-11-23', amount: '0.00' },
      ],
      box,
    );
    expect(zeroY).toBe(75);
    expect(bars.map((bar) => [bar.y, bar.height, bar.isLoss])).toEqual([
      [0, 75, false],
      [75, 25, true],
      [75, 0, false],
    ]);
    expect(bars.map((bar) => bar.x)).toEqual([1, 101, 201]);
    expect(bars[0]?.width).toBe(98);
    expect(highest?.day).toBe('2026-11-21');
    expect(lowest?.day).toBe('2026-11-22');
  });

  it('keeps a tiny day visible and a chart of nothing but zeros flat on its baseline', () => {
    const small = layoutDailyBars(
      [
        { day: '2026-11-22', amount: '100000.00' },
        { day: '2026-11-23', amount: '0.01' },
      ],
      box,
    );
    expect(small.bars[1]?.height).toBe(1);
    const flat = layoutDailyBars([{ day: '2026-11-23', amount: '0.00' }], box);
    expect(flat.zeroY).toBe(0);
    expect(flat.bars[0]?.height).toBe(0);
  });

  it('names a day in the language without moving it across a time zone', () => {
    expect(dayLabelOf('EN')('2026-11-23')).toMatch(/Nov\w* 23/);
  });
});
