/** The short words of a countdown past a day, in the page's language ("araw"/"oras", "d"/"h"). */
export type CountdownUnits = { day: string; hour: string };

const DAY_SECONDS = 86_400;

/**
 * A countdown as missions, leaderboards, the reward centre and rebates show it: past a day in days
 * and hours ("2 araw 5 oras", "2 d 5 h", "3 d" on the hour), under a day as a clock reads it
 * ("4:05:09", "4:07" under an hour). Seconds round up, so "0:00" shows only once the time is up.
 */
export function formatCountdown(milliseconds: number, units: CountdownUnits): string {
  const whole = Number.isFinite(milliseconds) ? Math.max(0, Math.ceil(milliseconds / 1000)) : 0;
  if (whole >= DAY_SECONDS) {
    const days = Math.floor(whole / DAY_SECONDS);
    const hours = Math.floor((whole % DAY_SECONDS) / 3600);
    return hours === 0 ? `${days} ${units.day}` : `${days} ${units.day} ${hours} ${units.hour}`;
  }
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  if (hours === 0) return `${minutes}:${seconds}`;
  return `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`;
}

/** The milliseconds from `now` until an instant written as an ISO date. */
export function millisecondsUntil(until: string, now: Date): number {
  return Date.parse(until) - now.getTime();
}

/** The units in the page's language, from the translation function. */
export function countdownUnitsOf(
  t: (key: 'common.countdownDay' | 'common.countdownHour') => string,
): CountdownUnits {
  return { day: t('common.countdownDay'), hour: t('common.countdownHour') };
}
