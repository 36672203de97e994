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
