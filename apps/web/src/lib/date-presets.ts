/**
 * The date presets of records pages (spec §9): today, yesterday, the past 7 and past 30 days,
 * each a range of calendar days in the merchant's time zone (Asia/Manila by default), both ends
 * included, as yyyy-MM-dd strings the server reads in the same zone.
 */
export const DATE_PRESETS = ['today', 'yesterday', 'last7', 'last30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;
const presetStartOffsets: Record<DatePreset, { fromDaysAgo: number; toDaysAgo: number }> = {
  today: { fromDaysAgo: 0, toDaysAgo: 0 },
  yesterday: { fromDaysAgo: 1, toDaysAgo: 1 },
  last7: { fromDaysAgo: 6, toDaysAgo: 0 },
  last30: { fromDaysAgo: 29, toDaysAgo: 0 },
};

/** The calendar day of an instant in a time zone, yyyy-MM-dd. */
export function dayIn(timeZone: string, at: Date): string {
  // en-CA writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A yyyy-MM-dd day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const noon = new Date(`${day}T12:00:00Z`);
  return new Date(noon.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export function datePresetRange(preset: DatePreset, now: Date, timeZone = 'Asia/Manila'): DayRange {
  const today = dayIn(timeZone, now);
  const offsets = presetStartOffsets[preset];
  return { from: addDays(today, -offsets.fromDaysAgo), to: addDays(today, -offsets.toDaysAgo) };
}
