const dateTimeFormat = new Intl.DateTimeFormat('en-PH', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Manila',
});

/** What a date cell says when there is no moment to show. */
export const NOT_SET = 'Not set';

/**
 * Whether a moment from the wire names a real time. Empty, null and 0 do not, and neither does the
 * epoch itself: the server stores a schedule without a start as 1970-01-01, which means "always".
 */
export function isSetMoment(moment: string | number | null | undefined): moment is string | number {
  if (moment === null || moment === undefined || moment === '' || moment === 0) return false;
  return new Date(moment).getTime() !== 0;
}

/**
 * A moment as operators read it: the platform's time zone (Asia/Manila), to the minute; `emptyText`
 * ("Not set" unless the column says better, as "Never") when there is none.
 */
export function formatDateTime(moment: string | number | null | undefined, emptyText = NOT_SET): string {
  if (!isSetMoment(moment)) return emptyText;
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? String(moment) : dateTimeFormat.format(date);
}

/** Money from the wire ("1250.00") for a table cell, grouped, never through floating point. */
export function formatPesos(amount: string, currency: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `${currency === 'PHP' ? '₱' : `${currency} `}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** The most a typed amount may have: 13 digits of pesos, as the server takes them. */
const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * A typed peso amount ("1,250.5", " 100 ") as the wire writes it ("1250.50"), or null when it is
 * not a positive amount with at most two decimals. Only text is handled, never floating point.
 */
export function parsePesoAmount(text: string): string | null {
  const match = AMOUNT_PATTERN.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return whole === '0' && fraction === '00' ? null : `${whole}.${fraction}`;
}
