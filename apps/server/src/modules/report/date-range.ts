import { addDays, dayIn } from '../../platform/time/zoned-day.ts';

/**
 * The date presets of spec §9 and the day arithmetic of reports. Days are calendar days in a time
 * zone (the merchant's), written yyyy-MM-dd, so that "today" in Manila is Manila's today.
 */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'past7Days',
  'past30Days',
  'thisMonth',
  'lastMonth',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export type DayRange = { from: string; to: string };

/** The longest range a report answers, so that one request cannot scan years of rows. */
export const REPORT_DAYS_MAX = 366;
const DAY_MS = 86_400_000;

// The calendar-day helpers live in platform/time; reports' callers read them from here too.
export { addDays, dayIn } from '../../platform/time/zoned-day.ts';

/** The range a preset names, seen from `now` in the time zone. Ranges include both ends. */
export function rangeOfPreset(preset: DatePreset, timeZone: string, now: Date): DayRange {
  const today = dayIn(timeZone, now);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'past7Days':
      return { from: addDays(today, -6), to: today };
    case 'past30Days':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: firstOfMonth, to: today };
    case 'lastMonth': {
      const lastDayOfLastMonth = addDays(firstOfMonth, -1);
      return { from: `${lastDayOfLastMonth.slice(0, 7)}-01`, to: lastDayOfLastMonth };
    }
  }
}

/** Every day from `from` to `to`, both included. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The number of days of a range, both ends included (0 when `to` is before `from`). */
export function lengthOf(range: DayRange): number {
  return Math.max(0, Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1);
}
