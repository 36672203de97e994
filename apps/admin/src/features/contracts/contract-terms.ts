import { parsePesoAmount } from '../../lib/format.ts';

/**
 * The pure rules of the contracts screens: rates between percent and basis points, a tier editor's
 * drafts checked before they are sent, and the cycle a date names for each kind (docs/contracts.md).
 */

export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** A dividend's period: daily, weekly (Monday to Sunday), semi-monthly (1st–15th, 16th–end), monthly. */
export const DIVIDEND_PERIODS = ['D', 'W', 'H', 'M'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];

/** A dividend period from the wire (a template's default), or weekly when it names none. */
export function dividendPeriodOf(text: string | null): DividendPeriod {
  return DIVIDEND_PERIODS.find((period) => period === text) ?? 'W';
}

/** The most tiers a contract has, whatever a template allows (the server's limit). */
export const TIERS_MAX = 10;
/** The most active members a tier may ask for; more than any team this platform will hold. */
export const ACTIVE_MEMBERS_MAX = 1_000_000;
/** 100% in basis points: no rate goes above it. */
export const BASIS_POINTS_MAX = 10_000;

const BASIS_POINTS_PER_PERCENT = 100;

/** A rate in basis points as a percent without trailing zeros: 1250 → "12.5", 5 → "0.05". */
export function percentOfBasisPoints(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / BASIS_POINTS_PER_PERCENT);
  const fraction = String(basisPoints % BASIS_POINTS_PER_PERCENT)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A rate as operators read it: "12.5%". */
export const formatRate = (basisPoints: number) => `${percentOfBasisPoints(basisPoints)}%`;

/**
 * A typed percent ("12.5", " 0.05 ", "7%") in basis points, or null when it is not a number from 0 to
 * 100 with at most two decimals (a basis point is a hundredth of a percent). Read as text, so that
 * 0.29 is 29 basis points and never 28.999….
 */
export function basisPointsOfPercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * BASIS_POINTS_PER_PERCENT + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= BASIS_POINTS_MAX ? basisPoints : null;
}

/** A tier as the wire carries it: the base's minimum in pesos as a decimal string. */
export type Tier = { activeMembers: number; minBase: string; rateBp: number };

/** A tier as the editor holds it while the operator types: every field as typed. */
export type TierDraft = { activeMembers: string; minBase: string; ratePercent: string };

export const EMPTY_TIER_DRAFT: TierDraft = { activeMembers: '0', minBase: '0', ratePercent: '' };

export function tierDraftOf(tier: Tier): TierDraft {
  return {
    activeMembers: String(tier.activeMembers),
    minBase: tier.minBase,
    ratePercent: percentOfBasisPoints(tier.rateBp),
  };
}

/** A typed minimum base in pesos as the wire writes it ("0.00", "1250.50"), or null. Zero is a minimum too. */
export function parseMinimumBase(text: string): string | null {
  if (/^0*(\.0{0,2})?$/.test(text.trim()) && text.trim() !== '') return '0.00';
  return parsePesoAmount(text);
}

/**
 * What bounds a contract's tiers: the template's number of tiers and the highest rate allowed; a
 * template's default terms may be empty (`minTiers` 0), a contract's never.
 */
export type TierLimits = { maxTiers: number; maxRateBp: number; minTiers?: 0 | 1 };

/** Drafts read as tiers, or the message of each field that is wrong, keyed as the server keys them. */
export type TierCheck = { tiers: Tier[]; errors: Record<string, string> };

/**
 * Reads a tier editor's drafts: each field typed right, 1 (or `minTiers`) to `maxTiers` tiers, no rate above
 * `maxRateBp`, and no two tiers asking for the same conditions (one of them could never apply).
 * Errors are keyed `tiers.<index>.<field>` (and `tiers` for the list), as the server's own are, so
 * that both show next to the same field.
 */
export function checkTiers(drafts: readonly TierDraft[], limits: TierLimits): TierCheck {
  const errors: Record<string, string> = {};
  const tiers: Tier[] = [];
  const maxTiers = Math.min(limits.maxTiers, TIERS_MAX);
  if (drafts.length < (limits.minTiers ?? 1)) errors.tiers = 'Add at least one tier.';
  if (drafts.length > maxTiers) errors.tiers = `At most ${maxTiers} tiers.`;
  const seen = new Map<string, number>();
  drafts.forEach((draft, index) => {
    const at = (field: keyof Tier) => `tiers.${index}.${field}`;
    const activeMembers = /^\d{1,7}$/.test(draft.activeMembers.trim()) ? Number(draft.activeMembers) : null;
    if (activeMembers === null || activeMembers > ACTIVE_MEMBERS_MAX) {
      errors[at('activeMembers')] = `A whole number from 0 to ${ACTIVE_MEMBERS_MAX.toLocaleString('en-PH')}.`;
    }
    const minBase = parseMinimumBase(draft.minBase);
    if (minBase === null) errors[at('minBase')] = 'An amount in pesos, at most two decimals.';
    const rateBp = basisPointsOfPercent(draft.ratePercent);
    if (rateBp === null || rateBp === 0) {
      errors[at('rateBp')] = 'A percent above 0, at most two decimals.';
    } else if (rateBp > limits.maxRateBp) {
      errors[at('rateBp')] = `At most ${formatRate(limits.maxRateBp)}.`;
    }
    if (activeMembers === null || minBase === null || rateBp === null) return;
    const conditions = `${activeMembers}/${minBase}`;
    const first = seen.get(conditions);
    if (first !== undefined) {
      errors[at('minBase')] = `Same conditions as tier ${first + 1}: only the higher rate could apply.`;
    } else {
      seen.set(conditions, index);
    }
    tiers.push({ activeMembers, minBase, rateBp });
  });
  return { tiers: Object.keys(errors).length === 0 ? tiers : [], errors };
}

/** A contract's rate: its highest tier's, which the caps compare (0 with no tier). */
export function highestRateBp(tiers: readonly { rateBp: number }[]): number {
  return tiers.reduce((highest, tier) => Math.max(highest, tier.rateBp), 0);
}

/** The period a contract of a kind runs on: a dividend's is chosen, the salaries' are fixed. */
export function periodOfKind(kind: ContractKind, dividendPeriod: DividendPeriod): string {
  switch (kind) {
    case 'dividend':
      return dividendPeriod;
    case 'daily':
      return 'D';
    case 'hourly':
      return 'h';
    case 'realtime':
      return '5m';
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A day and a time of day as the operator picked them: `yyyy-mm-dd` and `hh:mm` (the time may be empty). */
export type CyclePick = { day: string; time: string };

/**
 * The cycle key (docs/contracts.md, merchant time) of the cycle a picked day and time fall in, or
 * null when the pick is incomplete: daily `D:2026-11-25`; dividend `W:` the Monday, `H:` the 1st or
 * 16th, `M:` the 1st, `D:` the day; hourly `h:2026-11-25T13`; real-time `5m:2026-11-25T13:05`.
 */
export function cycleKeyOf(
  kind: ContractKind,
  dividendPeriod: DividendPeriod,
  pick: CyclePick,
): string | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(pick.day);
  if (!dayMatch) return null;
  const [year, month, day] = [Number(dayMatch[1]), Number(dayMatch[2]), Number(dayMatch[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  if (kind === 'daily') return `D:${pick.day}`;
  if (kind === 'dividend') {
    switch (dividendPeriod) {
      case 'D':
        return `D:${pick.day}`;
      case 'W': {
        // getUTCDay: Sunday 0 … Saturday 6; a week starts on Monday.
        const sinceMonday = (date.getUTCDay() + 6) % 7;
        const monday = new Date(date.getTime() - sinceMonday * 86_400_000);
        return `W:${monday.toISOString().slice(0, 10)}`;
      }
      case 'H':
        return `H:${year}-${pad(month)}-${day <= 15 ? '01' : '16'}`;
      case 'M':
        return `M:${year}-${pad(month)}-01`;
    }
  }
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(pick.time);
  if (!timeMatch) return null;
  const [hour, minute] = [Number(timeMatch[1]), Number(timeMatch[2])];
  if (hour > 23 || minute > 59) return null;
  if (kind === 'hourly') return `h:${pick.day}T${pad(hour)}`;
  return `5m:${pick.day}T${pad(hour)}:${pad(minute - (minute % 5))}`;
}

const CYCLE_KEY_PATTERN =
  /^(?:(?:D|W|H|M):\d{4}-\d{2}-\d{2}|h:\d{4}-\d{2}-\d{2}T\d{2}|5m:\d{4}-\d{2}-\d{2}T\d{2}:\d{2})$/;

/** Whether a typed text is a whole cycle key (a list is filtered by it only then, not while it is typed). */
export const isCycleKey = (text: string) => CYCLE_KEY_PATTERN.test(text);

/** Whether a kind's cycle is picked by time of day as well as by day. */
export const isPickedByTime = (kind: ContractKind) => kind === 'hourly' || kind === 'realtime';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayWords(text: string): string {
  const [year, month, day] = text.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1] ?? ''} ${year}`;
}

/**
 * A cycle key as operators read it: "Week from 23 Nov 2026", "25 Nov 2026, 13:00–14:00"; a key of
 * another shape is shown as it came, so that nothing the server sends is hidden.
 */
export function describeCycleKey(key: string): string {
  const match = /^(D|W|H|M|h|5m):(\d{4}-\d{2}-\d{2})(?:T(\d{2})(?::(\d{2}))?)?$/.exec(key);
  if (!match) return key;
  const [, prefix, day = '', hour, minute] = match;
  switch (prefix) {
    case 'D':
      return dayWords(day);
    case 'W':
      return `Week from ${dayWords(day)}`;
    case 'H':
      return `${day.endsWith('-01') ? 'First' : 'Second'} half of ${dayWords(day).replace(/^\d+ /, '')}`;
    case 'M':
      return dayWords(day).replace(/^\d+ /, '');
    case 'h':
      return hour === undefined ? key : `${dayWords(day)}, ${hour}:00–${pad((Number(hour) + 1) % 24)}:00`;
    default: {
      if (hour === undefined || minute === undefined) return key;
      const end = Number(hour) * 60 + Number(minute) + 5;
      return `${dayWords(day)}, ${hour}:${minute}–${pad(Math.floor(end / 60) % 24)}:${pad(end % 60)}`;
    }
  }
}

/** The day before `now` in a time zone (the last closed day, the preview's first guess), `yyyy-mm-dd`. */
export function previousDayIn(timeZone: string, now: Date): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) - 1)).toISOString().slice(0, 10);
}
