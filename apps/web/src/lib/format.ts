/** Formats a wire money string ("1250.00") for display with the currency symbol, never through floats. */
export function formatMoney(amount: string, currencySymbol = '₱'): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return `${currencySymbol}${amount}`;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${currencySymbol}${grouped}.${fraction.padEnd(2, '0')}`;
}

/** The merchant's time zone for dates shown to players (API.md "Values": shown in Asia/Manila). */
const DISPLAY_TIME_ZONE = 'Asia/Manila';
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time of a record (medium date, short time) in the player's language; made once per language. */
export function dateTimeFormatOf(language: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'TY' ? 'fil-PH' : 'en-PH', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: DISPLAY_TIME_ZONE,
    });
    dateTimeFormats.set(language, format);
  }
  return format;
}
