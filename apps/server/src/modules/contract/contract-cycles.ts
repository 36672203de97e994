import type { AgentContractKind, AgentContractPeriod } from '../../db/schema.ts';
import { wallClockIn } from '../../platform/time/zoned-day.ts';

/**
 * The cycles contracts are settled in (docs/contracts.md): a dividend's period (`D` a day, `W` a
 * week Monday–Sunday, `H` the 1st–15th or the 16th–end of a month, `M` a month), a day for daily
 * salary, an hour (`h`) for hourly salary and 5 minutes (`5m`) for real-time salary — all in the
 * merchant's time zone. A cycle is [startsAt, endsAt); its key names it once and for all:
 * `D:2026-11-25`, `W:2026-11-23` (the Monday), `H:2026-11-16`, `M:2026-11-01`, `h:2026-11-25T13`,
 * `5m:2026-11-25T13:05`.
 */
export type CyclePeriod = AgentContractPeriod;

export type Cycle = {
  period: CyclePeriod;
  key: string;
  startsAt: Date;
  endsAt: Date;
  /** The merchant days the cycle touches (yyyy-mm-dd): all of its days, or the one day of an hour. */
  firstDay: string;
  lastDay: string;
};

/** The periods a dividend may be paid by; daily, hourly and real-time salary have one each. */
export const DIVIDEND_PERIODS = ['D', 'W', 'H', 'M'] as const satisfies readonly CyclePeriod[];
export const CYCLE_PERIODS = ['D', 'W', 'H', 'M', 'h', '5m'] as const satisfies readonly CyclePeriod[];

/** A wall-clock moment in the merchant's zone; month 1–12. */
type Wall = { year: number; month: number; day: number; hour: number; minute: number };

const DAY_MS = 86_400_000;
const KEY_PATTERN = /^(D|W|H|M|h|5m):(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2}))?)?$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The period of a contract kind; a dividend's is its contract's own. */
export function periodOfKind(kind: AgentContractKind, dividendPeriod: CyclePeriod): CyclePeriod {
  switch (kind) {
    case 'daily':
      return 'D';
    case 'hourly':
      return 'h';
    case 'realtime':
      return '5m';
    case 'dividend':
      return dividendPeriod;
  }
}

/** Whether a period is made of whole merchant days (its figures come from the day rollups). */
export function isDayPeriod(period: CyclePeriod): boolean {
  return period !== 'h' && period !== '5m';
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, atMs: number): number {
  const wall = wallClockIn(timeZone, new Date(atMs));
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(atMs / 1000) * 1000;
}

function sameWall(timeZone: string, atMs: number, wall: Wall): boolean {
  const seen = wallClockIn(timeZone, new Date(atMs));
  return (
    seen.year === wall.year &&
    seen.month === wall.month &&
    seen.day === wall.day &&
    seen.hour === wall.hour &&
    seen.minute === wall.minute &&
    seen.second === 0
  );
}

/**
 * The first instant the zone's clock shows `wall`. A wall time shown twice (the hour repeated when
 * summer time ends) is its first showing, so that a cycle over it lasts both; a wall time never
 * shown (the hour skipped when summer time starts) is the instant the clock jumped past it.
 */
export function instantOfWall(timeZone: string, wall: Wall): Date {
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets a day either side cover any transition near the wall time.
  const before = wallAsUtc - offsetAt(timeZone, wallAsUtc - DAY_MS);
  const after = wallAsUtc - offsetAt(timeZone, wallAsUtc + DAY_MS);
  const shown = [before, after].filter((candidate) => sameWall(timeZone, candidate, wall));
  if (shown.length > 0) return new Date(Math.min(...shown));
  // Skipped: the clock jumped from before the wall time to after it; `before` (the old offset) is
  // the wall time read past the jump, which is where the jump landed.
  return new Date(Math.max(before, after));
}

/** A calendar date moved by whole days (pure calendar arithmetic, no zone). */
function addDays(wall: Wall, days: number): Wall {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: 0,
    minute: 0,
  };
}

function addMonths(wall: Wall, months: number, day: number): Wall {
  const date = new Date(Date.UTC(wall.year, wall.month - 1 + months, day));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: 0,
    minute: 0,
  };
}

const dayText = (wall: Wall) => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;

/** The wall-clock start of the period holding `wall`, and the start of the next one. */
function boundsOf(period: CyclePeriod, wall: Wall): { start: Wall; next: Wall } {
  const midnight: Wall = { ...wall, hour: 0, minute: 0 };
  switch (period) {
    case 'D':
      return { start: midnight, next: addDays(midnight, 1) };
    case 'W': {
      // getUTCDay: Sunday 0 … Saturday 6; a week starts on Monday.
      const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
      const start = addDays(midnight, -((weekday + 6) % 7));
      return { start, next: addDays(start, 7) };
    }
    case 'H':
      return wall.day <= 15
        ? { start: { ...midnight, day: 1 }, next: { ...midnight, day: 16 } }
        : { start: { ...midnight, day: 16 }, next: addMonths(midnight, 1, 1) };
    case 'M':
      return { start: { ...midnight, day: 1 }, next: addMonths(midnight, 1, 1) };
    case 'h': {
      const start = { ...wall, minute: 0 };
      const next = wall.hour === 23 ? addDays(midnight, 1) : { ...start, hour: wall.hour + 1 };
      return { start, next };
    }
    case '5m': {
      const start = { ...wall, minute: wall.minute - (wall.minute % 5) };
      const minutes = start.hour * 60 + start.minute + 5;
      const next =
        minutes === 24 * 60
          ? addDays(midnight, 1)
          : { ...start, hour: Math.floor(minutes / 60), minute: minutes % 60 };
      return { start, next };
    }
  }
}

function keyOf(period: CyclePeriod, start: Wall): string {
  if (period === 'h') return `h:${dayText(start)}T${pad(start.hour)}`;
  if (period === '5m') return `5m:${dayText(start)}T${pad(start.hour)}:${pad(start.minute)}`;
  return `${period}:${dayText(start)}`;
}

function cycleFrom(period: CyclePeriod, timeZone: string, wall: Wall): Cycle {
  const { start, next } = boundsOf(period, wall);
  const lastDay = isDayPeriod(period) ? dayText(addDays(next, -1)) : dayText(start);
  return {
    period,
    key: keyOf(period, start),
    startsAt: instantOfWall(timeZone, start),
    endsAt: instantOfWall(timeZone, next),
    firstDay: dayText(start),
    lastDay,
  };
}

/** The cycle of a period that holds the instant `at`, in the merchant's zone. */
export function cycleAt(period: CyclePeriod, timeZone: string, at: Date): Cycle {
  const clock = wallClockIn(timeZone, at);
  return cycleFrom(period, timeZone, {
    year: clock.year,
    month: clock.month,
    day: clock.day,
    hour: clock.hour,
    minute: clock.minute,
  });
}

/** The cycle just before `cycle` (a skipped hour of a summer-time start is no cycle). */
export function previousCycle(cycle: Cycle, timeZone: string): Cycle {
  return cycleAt(cycle.period, timeZone, new Date(cycle.startsAt.getTime() - 1));
}

/** The cycle just after `cycle`. */
export function nextCycle(cycle: Cycle, timeZone: string): Cycle {
  return cycleAt(cycle.period, timeZone, cycle.endsAt);
}

/** The newest cycle of a period that has ended by `now`. */
export function lastClosedCycle(period: CyclePeriod, timeZone: string, now: Date): Cycle {
  return previousCycle(cycleAt(period, timeZone, now), timeZone);
}

/** Whether a cycle has ended by `now`. */
export function isClosed(cycle: Cycle, now: Date): boolean {
  return cycle.endsAt.getTime() <= now.getTime();
}

/**
 * The cycle a key names, or null when the key is not one: a wrong shape, a date that does not
 * exist, or a date that does not start a cycle of its period (`W:` a Tuesday, `h:` with minutes).
 */
export function parseCycleKey(key: string, timeZone: string): Cycle | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, prefix, yearText, monthText, dayOfMonthText, hourText, minuteText] = match;
  const period = periodOfKey(`${prefix}:`);
  if (period === null) return null;
  const wall: Wall = {
    year: Number(yearText),
    month: Number(monthText),
    day: Number(dayOfMonthText),
    hour: hourText === undefined ? 0 : Number(hourText),
    minute: minuteText === undefined ? 0 : Number(minuteText),
  };
  const calendar = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (calendar.getUTCMonth() !== wall.month - 1 || calendar.getUTCDate() !== wall.day) return null;
  if (wall.hour > 23 || wall.minute > 59) return null;
  const cycle = cycleFrom(period, timeZone, wall);
  return cycle.key === key ? cycle : null;
}

/** The period a cycle key starts with, or null. */
export function periodOfKey(key: string): CyclePeriod | null {
  const prefix = key.slice(0, key.indexOf(':'));
  return CYCLE_PERIODS.find((period) => period === prefix) ?? null;
}

/** Every merchant day of a day period's cycle, in order (yyyy-mm-dd). */
export function daysOfCycle(cycle: Cycle): string[] {
  const days: string[] = [];
  const [year, month, day] = cycle.firstDay.split('-').map(Number) as [number, number, number];
  for (let index = 0; ; index += 1) {
    const text = dayText(addDays({ year, month, day, hour: 0, minute: 0 }, index));
    days.push(text);
    if (text === cycle.lastDay) return days;
  }
}
