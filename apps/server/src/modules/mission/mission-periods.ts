import { wallClockIn } from '../../platform/time/zoned-day.ts';

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

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day written yyyy-MM-dd, moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a text is a real calendar day yyyy-MM-dd. */
export function isCalendarDay(value: string): boolean {
  return (
    CALENDAR_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value
  );
}

/** The merchant day (yyyy-MM-dd) a moment falls on in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const clock = wallClockIn(timeZone, at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/**
 * The instant a calendar day begins in a time zone, read at a first guess of the zone's offset and
 * again where that guess lands, so that a day next to a daylight-saving change begins at its midnight.
 */
export function startOfDay(timeZone: string, day: string): Date {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (at: number) => {
    const clock = wallClockIn(timeZone, new Date(at));
    const wallAsUtc = Date.UTC(
      clock.year,
      clock.month - 1,
      clock.day,
      clock.hour,
      clock.minute,
      clock.second,
    );
    return wallAsUtc - Math.floor(at / 1000) * 1000;
  };
  const guess = midnightAsUtc - offsetAt(midnightAsUtc);
  return new Date(midnightAsUtc - offsetAt(guess));
}

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
