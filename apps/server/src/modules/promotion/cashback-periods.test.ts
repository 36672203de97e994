import { describe, expect, it } from 'vitest';
import { startOfDay } from '../../platform/time/zoned-day.ts';
import { countedDays, duePeriods, periodHolding } from './cashback-periods.ts';

const MANILA = 'Asia/Manila';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const timing = { settleDelayMs: HOUR_MS, catchUpMs: 7 * DAY_MS };

const startsOf = (windows: { start: string }[]) => windows.map((window) => window.start);

describe('cashback periods', () => {
  it("begin at the merchant's midnight, in Manila eight hours before UTC's", () => {
    expect(startOfDay(MANILA, '2026-11-25').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(startOfDay('America/New_York', '2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('America/New_York', '2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('run a week from Monday to Sunday', () => {
    const week = periodHolding('week', MANILA, '2026-11-28');
    expect(week).toEqual({
      start: '2026-11-23',
      end: '2026-11-29',
      startsAt: new Date('2026-11-22T16:00:00Z'),
      endsAt: new Date('2026-11-29T16:00:00Z'),
    });
    expect(periodHolding('week', MANILA, '2026-11-23').start).toBe('2026-11-23');
    expect(periodHolding('week', MANILA, '2026-11-29').start).toBe('2026-11-23');
  });

  it('are due an hour after they end, and for a week after that', () => {
    const schedule = { startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: null };
    const due = (now: string) =>
      startsOf(duePeriods({ period: 'day', timeZone: MANILA, now: new Date(now), timing, ...schedule }));
    // Manila's 25 November began at 16:00 UTC on the 24th: the 24th is due from 17:00 UTC.
    expect(due('2026-11-24T16:59:59Z').at(-1)).toBe('2026-11-23');
    expect(due('2026-11-24T17:00:00Z').at(-1)).toBe('2026-11-24');
    expect(due('2026-11-25T02:00:00Z')).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
  });

  it('start with the first period the promotion ran in and end with the one it closed in', () => {
    const periods = duePeriods({
      period: 'day',
      timeZone: MANILA,
      now: new Date('2026-11-25T02:00:00Z'),
      timing,
      startsAt: new Date('2026-11-22T00:00:00Z'),
      endsAt: new Date('2026-11-23T10:00:00Z'),
    });
    expect(startsOf(periods)).toEqual(['2026-11-22', '2026-11-23']);
    const weeks = duePeriods({
      period: 'week',
      timeZone: MANILA,
      now: new Date('2026-12-01T02:00:00Z'),
      timing,
      startsAt: new Date('2026-11-25T00:00:00Z'),
      endsAt: null,
    });
    expect(startsOf(weeks)).toEqual(['2026-11-23']);
  });

  it("count a period's days within the promotion's schedule only", () => {
    const week = periodHolding('week', MANILA, '2026-11-23');
    expect(
      countedDays(week, {
        timeZone: MANILA,
        startsAt: new Date('2026-11-24T17:00:00Z'),
        endsAt: new Date('2026-11-27T16:00:00Z'),
      }),
    ).toEqual({ from: '2026-11-25', to: '2026-11-27' });
    expect(
      countedDays(week, { timeZone: MANILA, startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: null }),
    ).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});
