import { describe, expect, it } from 'vitest';
import { startOfDayIn } from './zoned-day.ts';

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
