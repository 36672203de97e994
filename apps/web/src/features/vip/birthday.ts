/** A birthday as the date field and the wire write it. */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The oldest birthday taken: no member was born before this. */
const EARLIEST_BIRTHDAY = '1900-01-01';

export type BirthdayProblem = 'invalid' | 'future' | 'tooYoung';

/** Whether a yyyy-MM-dd text names a day of the calendar (no 31 April, 29 February only in leap years). */
function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * The latest birthday of someone `age` years old on `today` (yyyy-MM-dd): the same day `age` years
 * before; one born on 29 February comes of age on 1 March in a year without one.
 */
export function latestBirthdayOf(today: string, age: number): string {
  const year = Number(today.slice(0, 4)) - age;
  const monthDay = today.slice(5);
  const candidate = `${String(year).padStart(4, '0')}-${monthDay}`;
  return isCalendarDay(candidate) ? candidate : `${String(year).padStart(4, '0')}-02-28`;
}

/**
 * What is wrong with a birthday the member typed, checked as the server checks it: a real day, not
 * after today (the merchant's day), and at least the merchant's minimum age ago. Null when it may
 * be sent.
 */
export function birthdayProblemOf(
  value: string,
  input: { today: string; minimumAge: number },
): BirthdayProblem | null {
  if (!isCalendarDay(value) || value < EARLIEST_BIRTHDAY) return 'invalid';
  if (value > input.today) return 'future';
  if (value > latestBirthdayOf(input.today, input.minimumAge)) return 'tooYoung';
  return null;
}
