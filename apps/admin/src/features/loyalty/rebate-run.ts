/**
 * The rebates screen's dates (docs/loyalty.md "Rebates"): which merchant days are closed and may be
 * run now, and the payouts list's period. Days are the merchant's calendar days, yyyy-MM-dd.
 */

/** The platform's time zone, which the back office shows every moment in. */
export const MERCHANT_TIME_ZONE = 'Asia/Manila';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of a zone at a moment, yyyy-MM-dd. */
export function dayIn(timeZone: string, at: Date): string {
  // Canada's English writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Whether a text names a real calendar day (2025-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The day before a calendar day. */
export function dayBefore(day: string): string {
  return daysBefore(day, 1);
}

/** How far back an operator may run a day, as the server bounds it. */
export const RUN_DAYS_BACK_MAX = 366;

/** The day `days` days before a calendar day. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * A day to run picked in the form: a real day before `today` (the merchant's today is still open:
 * bets may settle on it) and at most a year back, or the words shown beside the field.
 */
export function readClosedDay(text: string, today: string): { day: string } | { error: string } {
  const day = text.trim();
  if (!isCalendarDay(day)) return { error: 'Pick a day.' };
  if (day >= today) return { error: `Only a closed day: ${dayBefore(today)} or before.` };
  if (day < daysBefore(today, RUN_DAYS_BACK_MAX)) {
    return {
      error: `At most ${RUN_DAYS_BACK_MAX} days back: ${daysBefore(today, RUN_DAYS_BACK_MAX)} or after.`,
    };
  }
  return { day };
}

/** The days the payouts list opens on, as the server lists them by default: the past 30 days, today included. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: daysBefore(today, 29), to: today };
}

/** The most days the payouts list spans at once, as the server bounds it. */
export const PERIOD_DAYS_MAX = 366;

const DAY_MS = 86_400_000;

/**
 * The payouts list's period: either end may be open (the server lists the past 30 days when both
 * are); both set, the first may not follow the second, and they span at most a year.
 */
export function readPeriod(from: string, to: string): { from: string; to: string } | { error: string } {
  for (const day of [from, to]) {
    if (day !== '' && !isCalendarDay(day)) return { error: 'Pick days from the calendar.' };
  }
  if (from !== '' && to !== '') {
    if (from > to) return { error: 'The first day comes after the last.' };
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (days > PERIOD_DAYS_MAX) return { error: `At most ${PERIOD_DAYS_MAX} days at once.` };
  }
  return { from, to };
}

/**
 * What a run of a closed day did, in a sentence; `money` writes a wire amount as the page does.
 * A member who may not receive promotions is recorded unpaid, and a budget that ran out leaves
 * the rest to a later run.
 */
export function runResultText(
  result: { day: string; paid: number; paidAmount: string; skipped: number; budgetExhausted: boolean },
  money: (amount: string) => string,
): string {
  const membersText = (count: number) =>
    count === 1 ? '1 member' : `${count.toLocaleString('en-PH')} members`;
  const parts = [
    result.paid === 0
      ? `${result.day} ran: nobody was paid (no member was owed a rebate, or the day had been paid already).`
      : `${result.day} ran: ${money(result.paidAmount)} paid to ${membersText(result.paid)} as rebate bonuses.`,
    ...(result.skipped > 0
      ? [`${membersText(result.skipped)} not paid: they may not receive promotions.`]
      : []),
    ...(result.budgetExhausted
      ? ["The merchant's daily budget ran out: the members left are paid by a later run."]
      : []),
  ];
  return parts.join(' ');
}
