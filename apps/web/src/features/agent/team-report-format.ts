import type { LanguageCode } from '../../lib/api/system-types';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const localeOf = (language: LanguageCode) => (language === 'TY' ? 'fil-PH' : 'en-PH');

/** A report's day (yyyy-MM-dd, already the merchant's) as a short date in the language: "Nov 23". */
export function dayLabelOf(language: LanguageCode): (day: string) => string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { month: 'short', day: 'numeric', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  const made = format;
  return (day) => made.format(new Date(`${day}T00:00:00Z`));
}

/** The hour and minute of an instant in the merchant's time zone (Asia/Manila), for "as of 14:05". */
export function clockTimeOf(language: LanguageCode, at: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short', timeZone: 'Asia/Manila' });
    timeFormats.set(language, format);
  }
  return format.format(new Date(at));
}

export type ChartPoint = { day: string; amount: string };
export type ChartBar = {
  day: string;
  amount: string;
  x: number;
  y: number;
  width: number;
  height: number;
  isLoss: boolean;
};

/** A wire amount ("-12.50") as a number of minor units, for drawing only (never for sums shown). */
export function minorOf(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return 0;
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

/**
 * The bars of a day-by-day chart in a box of `width` × `height`: one a day, side by side with a
 * `gap`, up from the zero line for an amount above zero and down from it for one below (a loss);
 * the zero line sits where the highest and lowest amounts leave room for both. Also the days of
 * the highest and the lowest amount, for the chart's summary.
 */
export function layoutDailyBars(
  points: readonly ChartPoint[],
  box: { width: number; height: number; gap: number },
): { bars: ChartBar[]; zeroY: number; highest: ChartPoint | null; lowest: ChartPoint | null } {
  const values = points.map((point) => minorOf(point.amount));
  const top = Math.max(0, ...values);
  const span = top - Math.min(0, ...values) || 1;
  const zeroY = (top / span) * box.height;
  const slot = points.length > 0 ? box.width / points.length : box.width;
  let highest: ChartPoint | null = null;
  let lowest: ChartPoint | null = null;
  const bars = points.map((point, index) => {
    const value = values[index] ?? 0;
    if (highest === null || value > minorOf(highest.amount)) highest = point;
    if (lowest === null || value < minorOf(lowest.amount)) lowest = point;
    // A day with any amount shows at least a sliver; a day of nothing shows no bar.
    const height = value === 0 ? 0 : Math.max((Math.abs(value) / span) * box.height, 1);
    return {
      day: point.day,
      amount: point.amount,
      x: index * slot + box.gap / 2,
      y: value >= 0 ? zeroY - height : zeroY,
      width: Math.max(slot - box.gap, 1),
      height,
      isLoss: value < 0,
    };
  });
  return { bars, zeroY, highest, lowest };
}
