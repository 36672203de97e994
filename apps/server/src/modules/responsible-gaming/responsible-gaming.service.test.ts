import { describe, expect, it } from 'vitest';
import { exclusionEndOf, startOfPeriodIn } from './responsible-gaming.service.ts';

// Wednesday 2026-11-25 01:30 in Manila is still Tuesday 2026-11-24 17:30 in UTC.
const earlyWednesdayInManila = new Date('2026-11-24T17:30:00Z');

describe('limit periods in the merchant’s time zone', () => {
  it('a day starts at Manila midnight', () => {
    expect(startOfPeriodIn('Asia/Manila', 'day', earlyWednesdayInManila).toISOString()).toBe(
      '2026-11-24T16:00:00.000Z',
    );
  });

  it('a week starts on Monday', () => {
    expect(startOfPeriodIn('Asia/Manila', 'week', earlyWednesdayInManila).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    // A Monday is its own week's first day; a Sunday belongs to the week that began six days before.
    expect(startOfPeriodIn('Asia/Manila', 'week', new Date('2026-11-23T01:00:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    expect(startOfPeriodIn('Asia/Manila', 'week', new Date('2026-11-29T12:00:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
  });

  it('a month starts on its first day, also across a year end', () => {
    expect(startOfPeriodIn('Asia/Manila', 'month', earlyWednesdayInManila).toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
    expect(startOfPeriodIn('Asia/Manila', 'month', new Date('2026-12-31T17:00:00Z')).toISOString()).toBe(
      '2026-12-31T16:00:00.000Z',
    );
  });
});

describe('breaks and exclusions', () => {
  it('last whole days or calendar months from the moment they are taken', () => {
    const from = new Date('2026-01-31T10:00:00Z');
    expect(exclusionEndOf('break_1d', from).toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(exclusionEndOf('break_1w', from).toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(exclusionEndOf('exclusion_6m', from).toISOString()).toBe('2026-07-31T10:00:00.000Z');
    expect(exclusionEndOf('exclusion_5y', from).toISOString()).toBe('2031-01-31T10:00:00.000Z');
  });
});
