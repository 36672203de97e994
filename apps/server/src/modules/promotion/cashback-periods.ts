import { addDays, dayIn, startOfDay } from '../../platform/time/zoned-day.ts';

/** How often a cashback promotion pays: each merchant day, or each week from Monday. */
export type CashbackPeriod = 'day' | 'week';

/** One period of a cashback promotion: its first and last merchant days and the instants around them. */
export type CashbackWindow = {
  /** yyyy-MM-dd, the period's first merchant day: the cycle of the entries it pays. */
  start: string;
  /** yyyy-MM-dd, its last merchant day (the start itself for a day, the Sunday for a week). */
  end: string;
  startsAt: Date;
  /** When the period ends: the merchant's midnight after its last day. */
  endsAt: Date;
};

/** The weekday of a calendar day, 0 for Monday to 6 for Sunday. */
function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The period of a kind holding a merchant day, with its instants in the merchant's time zone. */
export function periodHolding(period: CashbackPeriod, timeZone: string, day: string): CashbackWindow {
  const start = period === 'day' ? day : addDays(day, -weekdayOf(day));
  const end = period === 'day' ? start : addDays(start, 6);
  return {
    start,
    end,
    startsAt: startOfDay(timeZone, start),
    endsAt: startOfDay(timeZone, addDays(end, 1)),
  };
}

/** When the job pays a promotion's periods, and for how long it keeps trying. */
export type CashbackTiming = {
  /**
   * How long after a period ends it is paid: bets settled late into its days (a transfer vendor's
   * feed) land first.
   */
  settleDelayMs: number;
  /**
   * How long after a period ends the job still pays it (a job stopped for a while, a budget used up
   * that day, a vendor's feed behind); older periods are never paid by the job.
   */
  catchUpMs: number;
};

/**
 * The periods of a promotion the job pays at `now`, oldest first: ended at least `settleDelayMs`
 * ago and at most `catchUpMs` ago, and overlapping the promotion's schedule (a promotion that ends
 * in the middle of a period pays that period once it ends, over the days it ran).
 */
export function duePeriods(input: {
  period: CashbackPeriod;
  timeZone: string;
  now: Date;
  startsAt: Date;
  endsAt: Date | null;
  timing: CashbackTiming;
}): CashbackWindow[] {
  const { period, timeZone, timing } = input;
  const paidUntil = input.now.getTime() - timing.settleDelayMs;
  const oldestEnd = input.now.getTime() - timing.catchUpMs;
  const due: CashbackWindow[] = [];
  // The period holding the moment `paidUntil` has not ended by then; the one before it is the latest due.
  let window = periodHolding(period, timeZone, dayIn(timeZone, new Date(paidUntil)));
  for (;;) {
    window = periodHolding(period, timeZone, addDays(window.start, -1));
    if (window.endsAt.getTime() < oldestEnd || window.endsAt <= input.startsAt) break;
    if (input.endsAt === null || window.startsAt < input.endsAt) due.push(window);
  }
  return due.reverse();
}

/**
 * The merchant days of a period whose bets count for a promotion: the period's days within the
 * promotion's schedule (its first day to the day it ends). Null when none is left.
 */
export function countedDays(
  window: CashbackWindow,
  schedule: { timeZone: string; startsAt: Date; endsAt: Date | null },
): { from: string; to: string } | null {
  const firstDay = dayIn(schedule.timeZone, schedule.startsAt);
  const lastDay = schedule.endsAt ? dayIn(schedule.timeZone, new Date(schedule.endsAt.getTime() - 1)) : null;
  // yyyy-MM-dd days compare as text.
  const from = [window.start, firstDay].sort()[1] ?? window.start;
  const to = lastDay === null ? window.end : ([window.end, lastDay].sort()[0] ?? window.end);
  return from <= to ? { from, to } : null;
}
