/** A moment as a time zone's wall clock and calendar show it; weekday 0 is Monday. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** What a wall clock and calendar in `timeZone` show at `at`. */
export function wallClockIn(timeZone: string, at: Date): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(String(parts.weekday)),
  };
}

/**
 * The instant a calendar day began in a time zone: daily limits and daily reports count days as
 * the merchant's players live them (Asia/Manila by default), not in UTC.
 */
export function startOfDayIn(timeZone: string, at: Date): Date {
  const parts = wallClockIn(timeZone, at);
  // The zone's wall clock read as if it were UTC, minus the real instant, is the zone's offset.
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offsetMs = wallAsUtc - Math.floor(at.getTime() / 1000) * 1000;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) - offsetMs);
}

const DAY_MS = 86_400_000;

/** A calendar day written yyyy-MM-dd, moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a text is a real calendar day written yyyy-MM-dd (2025-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
    addDays(text, 0) === text
  );
}

/** The calendar day (yyyy-MM-dd) a moment falls on in a time zone: a merchant's day. */
export function dayIn(timeZone: string, at: Date): string {
  const clock = wallClockIn(timeZone, at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/**
 * The instant a calendar day (yyyy-MM-dd) begins in a time zone. The zone's offset is read at a
 * first guess and read again where that guess lands, so that a day starting next to a
 * daylight-saving change still begins at its own midnight.
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
