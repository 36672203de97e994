import type { DropBody, DropRow } from './red-envelopes-api.ts';

/** A drop's form as the operator types it: every field text until it is read. */
export type DropForm = {
  titleTY: string;
  titleEN: string;
  totalAmount: string;
  count: string;
  minimumAmount: string;
  audience: DropBody['audience'];
  vipRank: string;
  depositDays: string;
  /** `datetime-local` values, in the operator's own time zone. */
  startsAt: string;
  endsAt: string;
};

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
const COUNT_MAX = 10_000;

/** A moment as a `datetime-local` input shows it, in the browser's time zone. */
export function localInputOf(moment: Date): string {
  const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A new drop: tomorrow from this hour, for an hour, 100 envelopes of at least ₱1.00. */
export function emptyDropForm(now: Date): DropForm {
  const start = new Date(now.getTime() + 86_400_000);
  start.setMinutes(0, 0, 0);
  return {
    titleTY: '',
    titleEN: '',
    totalAmount: '',
    count: '100',
    minimumAmount: '1.00',
    audience: 'all',
    vipRank: '1',
    depositDays: '7',
    startsAt: localInputOf(start),
    endsAt: localInputOf(new Date(start.getTime() + 3_600_000)),
  };
}

export function formOfDrop(drop: DropRow): DropForm {
  return {
    titleTY: drop.titles.TY ?? '',
    titleEN: drop.titles.EN ?? '',
    totalAmount: drop.totalAmount,
    count: String(drop.count),
    minimumAmount: drop.minimumAmount,
    audience: drop.audience,
    vipRank: String(drop.vipRank ?? 1),
    depositDays: String(drop.depositDays ?? 7),
    startsAt: localInputOf(new Date(drop.startsAt)),
    endsAt: localInputOf(new Date(drop.endsAt)),
  };
}

function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** Pesos with at most two decimals as centavos, or null. */
function centavosOf(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Reads the form into the body the server takes, or the fields' problems: both titles, a total in
 * pesos at least the count times the minimum, 1 to 10,000 envelopes, a minimum from ₱0.01, the
 * audience's figure, and a window that ends after it starts. The server checks them again.
 */
export function readDropForm(
  form: DropForm,
): { body: DropBody } | { errors: Partial<Record<keyof DropForm, string>> } {
  const errors: Partial<Record<keyof DropForm, string>> = {};
  if (form.titleTY.trim() === '') errors.titleTY = 'Write the Tagalog title.';
  if (form.titleEN.trim() === '') errors.titleEN = 'Write the English title.';
  const total = centavosOf(form.totalAmount);
  if (total === null || total <= 0) errors.totalAmount = 'An amount above 0, in pesos.';
  const count = wholeIn(form.count, 1, COUNT_MAX);
  if (count === null) errors.count = `A whole number from 1 to ${COUNT_MAX.toLocaleString('en-PH')}.`;
  const minimum = centavosOf(form.minimumAmount);
  if (minimum === null || minimum <= 0) errors.minimumAmount = 'At least ₱0.01.';
  if (total !== null && count !== null && minimum !== null && total < count * minimum) {
    errors.totalAmount = 'At least the number of envelopes times the minimum.';
  }
  const vipRank = form.audience === 'vip' ? wholeIn(form.vipRank, 1, 1000) : null;
  if (form.audience === 'vip' && vipRank === null) errors.vipRank = 'A VIP rank from 1.';
  const depositDays = form.audience === 'depositors' ? wholeIn(form.depositDays, 1, 365) : null;
  if (form.audience === 'depositors' && depositDays === null) errors.depositDays = 'Whole days, 1 to 365.';
  const startsAt = new Date(form.startsAt);
  const endsAt = new Date(form.endsAt);
  if (Number.isNaN(startsAt.getTime())) errors.startsAt = 'Choose when it opens.';
  if (Number.isNaN(endsAt.getTime())) errors.endsAt = 'Choose when it ends.';
  else if (!Number.isNaN(startsAt.getTime()) && endsAt <= startsAt) errors.endsAt = 'After it opens.';
  if (Object.keys(errors).length > 0 || count === null) return { errors };
  return {
    body: {
      titles: { TY: form.titleTY.trim(), EN: form.titleEN.trim() },
      totalAmount: form.totalAmount.trim(),
      count,
      minimumAmount: form.minimumAmount.trim(),
      audience: form.audience,
      vipRank,
      depositDays,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    },
  };
}
