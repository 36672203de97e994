import type { LanguageCode } from '../api/system-types';

/** The merchant's zone when the permission has not said yet (API.md "Values"). */
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date (`day`) or a date and time (`moment`) in the member's language and the merchant's time
 * zone, made once per language, zone and style.
 */
export function dateFormatOf(
  language: LanguageCode,
  timeZone: string,
  style: 'day' | 'moment',
): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'TY' ? 'fil-PH' : 'en-PH', {
      dateStyle: 'medium',
      ...(style === 'moment' ? { timeStyle: 'short' } : {}),
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}
