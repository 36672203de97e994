import { describe, expect, it } from 'vitest';
import { daysOf, lengthOf, rangeOfPreset } from './date-range.ts';

// 2026-03-01 00:30 in Manila is still 28 February in UTC: presets follow the merchant's calendar.
const now = new Date('2026-02-28T16:30:00Z');

describe('report date presets (spec §9)', () => {
  it('count days in the time zone of the merchant, not UTC', () => {
    expect(rangeOfPreset('today', 'Asia/Manila', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeOfPreset('today', 'UTC', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('yesterday, past 7 and 30 days include today and reach back', () => {
    expect(rangeOfPreset('yesterday', 'Asia/Manila', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeOfPreset('past7Days', 'Asia/Manila', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lengthOf(rangeOfPreset('past30Days', 'Asia/Manila', now))).toBe(30);
  });

  it('this month and last month follow the calendar (February has 28 days in 2026)', () => {
    expect(rangeOfPreset('thisMonth', 'Asia/Manila', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeOfPreset('lastMonth', 'Asia/Manila', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOfPreset('lastMonth', 'UTC', new Date('2026-01-15T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('lists every day of a range', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
