import { addDays, dayIn, startOfDay } from '../../platform/time/zoned-day.ts';

// The calendar-day helpers live in platform/time; missions' callers read them from here too.
export { addDays, dayIn, isCalendarDay, startOfDay } from '../../platform/time/zoned-day.ts';

/**
 * Missions' and leaderboards' periods in the merchant's time zone (docs/missions.md "Periods"): a
 * day, a week from Monday, a calendar month, or a leaderboard's own fixed window.
 */

export type PeriodKind = 'daily' | 'weekly' | 'monthly';

/** One period: its first and last merchant days and the instants around them. */
export type PeriodWindow = {
  /** yyyy-MM-dd: the period's first merchant day, which keys its claims and its close. */
  start: string;
  /** yyyy-MM-dd: its last merchant day. */
  end: string;
  startsAt: Date;
  /** The merchant's midnight after its last day. */
  endsAt: Date;
};

/** The weekday of a calendar day, 0 for Monday to 6 for Sunday. */
function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The last day of a day's calendar month. */
function lastDayOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The period of a kind holding a merchant day. */
export function periodHolding(kind: PeriodKind, timeZone: string, day: string): PeriodWindow {
  const start =
    kind === 'daily' ? day : kind === 'weekly' ? addDays(day, -weekdayOf(day)) : `${day.slice(0, 8)}01`;
  const end = kind === 'daily' ? start : kind === 'weekly' ? addDays(start, 6) : lastDayOfMonth(start);
  return { start, end, startsAt: startOfDay(timeZone, start), endsAt: startOfDay(timeZone, addDays(end, 1)) };
}

/** The period of a kind running at a moment. */
export function periodAt(kind: PeriodKind, timeZone: string, at: Date): PeriodWindow {
  return periodHolding(kind, timeZone, dayIn(timeZone, at));
}

/** The period just before one. */
export function periodBefore(kind: PeriodKind, timeZone: string, window: PeriodWindow): PeriodWindow {
  return periodHolding(kind, timeZone, addDays(window.start, -1));
}

/** A fixed window (a leaderboard's own start and end) as a period: keyed by its first merchant day. */
export function fixedWindow(timeZone: string, startsAt: Date, endsAt: Date): PeriodWindow {
  return {
    start: dayIn(timeZone, startsAt),
    end: dayIn(timeZone, new Date(endsAt.getTime() - 1)),
    startsAt,
    endsAt,
  };
}

/** The earlier of two calendar days yyyy-MM-dd. */
export function earlierDay(left: string, right: string): string {
  return left.localeCompare(right) <= 0 ? left : right;
}
