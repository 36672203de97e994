import { describe, expect, it } from 'vitest';
import { dayIn, isCalendarDay, startOfDayIn } from './zoned-day.ts';

describe('startOfDayIn', () => {
  it('is local midnight in Manila (UTC+8), also in the hours when UTC is still on the day before', () => {
    expect(startOfDayIn('Asia/Manila', new Date('2026-11-23T10:00:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    expect(startOfDayIn('Asia/Manila', new Date('2026-11-22T17:30:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    expect(startOfDayIn('Asia/Manila', new Date('2026-11-22T15:59:59Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
  });

  it('follows a zone with daylight saving time', () => {
    expect(startOfDayIn('America/New_York', new Date('2026-07-01T12:00:00Z')).toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(startOfDayIn('UTC', new Date('2026-07-01T12:34:56Z')).toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
  });
});

describe('calendar days', () => {
  it('tells real days from texts that only look like one, without throwing', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-40')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
  });

  it("names a moment's day in the zone", () => {
    expect(dayIn('Asia/Manila', new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
    expect(dayIn('Asia/Manila', new Date('2026-11-26T15:59:59Z'))).toBe('2026-11-26');
  });
});
