import { parsePesoAmount } from '../../lib/format.ts';
import type { GoodsKind, GoodsStatus, RequirementKind } from './points-labels.ts';

/**
 * The goods form and what it sends (docs/loyalty.md "Points"): typed text in, the wire's body out.
 * Amounts leave as wire strings ("50.00"), points, stock and limits as whole numbers.
 */

export type LocalizedText = Record<string, string>;

export type GoodsRequirement = { kind: RequirementKind; amount: string; days: number };

/** One goods as the back office saves it (POST /bo/points/goods adds the merchant). */
export type GoodsBody = {
  names: LocalizedText;
  descriptions: LocalizedText;
  imageUrls: string[];
  kind: GoodsKind;
  /** Points per unit. */
  points: number;
  /** Pesos per unit for cash and bonus goods; null for an item. */
  amount: string | null;
  requirement: GoodsRequirement | null;
  /** Null: unlimited. */
  stock: number | null;
  /** Null: no limit per member. */
  perMemberLimit: number | null;
  status: GoodsStatus;
  sort: number;
};

/** The form: text as typed, the amount kept while the kind changes to an item and back. */
export type GoodsDraft = {
  name: LocalizedText;
  description: LocalizedText;
  imageUrls: string[];
  kind: GoodsKind;
  points: string;
  amount: string;
  requirementKind: RequirementKind | 'none';
  requirementAmount: string;
  requirementDays: string;
  isUnlimited: boolean;
  stock: string;
  /** Blank: no limit per member. */
  perMemberLimit: string;
  status: GoodsStatus;
  sortOrder: string;
};

/** The longest a name and a description (per language) may be. */
export const NAME_LENGTH_MAX = 100;
export const DESCRIPTION_LENGTH_MAX = 2000;
/** The most pictures one goods shows (the first is its card's). */
export const IMAGES_MAX = 5;
/** The most points one unit may cost. */
export const POINTS_MAX = 1_000_000_000;
/** The most units a stock may hold, and the most a member may redeem. */
export const STOCK_MAX = 1_000_000_000;
export const PER_MEMBER_LIMIT_MAX = 1_000_000;
/** The longest window a requirement may look back over. */
export const REQUIREMENT_DAYS_MAX = 365;
export const SORT_ORDER_MAX = 10_000;

/** New goods: a hidden cash reward of 100 points, unlimited, no requirement, the amount to type. */
export function newGoodsDraft(): GoodsDraft {
  return {
    name: { TY: '', EN: '' },
    description: { TY: '', EN: '' },
    imageUrls: [],
    kind: 'cash',
    points: '100',
    amount: '',
    requirementKind: 'none',
    requirementAmount: '',
    requirementDays: '30',
    isUnlimited: true,
    stock: '',
    perMemberLimit: '',
    status: 'hidden',
    sortOrder: '0',
  };
}

/** A stored goods as the form reads it back. */
export function draftOfGoods(goods: GoodsBody): GoodsDraft {
  return {
    name: { TY: '', EN: '', ...goods.names },
    description: { TY: '', EN: '', ...goods.descriptions },
    imageUrls: [...goods.imageUrls],
    kind: goods.kind,
    points: String(goods.points),
    amount: goods.amount ?? '',
    requirementKind: goods.requirement?.kind ?? 'none',
    requirementAmount: goods.requirement?.amount ?? '',
    requirementDays: goods.requirement ? String(goods.requirement.days) : '30',
    isUnlimited: goods.stock === null,
    stock: goods.stock === null ? '' : String(goods.stock),
    perMemberLimit: goods.perMemberLimit === null ? '' : String(goods.perMemberLimit),
    status: goods.status,
    sortOrder: String(goods.sort),
  };
}

/** Problems by the field path the server names in a VALIDATION answer (`names.TY`, `requirement.days`). */
type Problems = Record<string, string>;

/** A whole number typed with optional thousands commas, within bounds; null otherwise. */
export function readCount(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

function count(problems: Problems, path: string, text: string, min: number, max: number): number | null {
  const value = readCount(text, min, max);
  if (value === null) problems[path] = `A whole number from ${min} to ${max.toLocaleString('en-PH')}.`;
  return value;
}

function amount(problems: Problems, path: string, text: string): string | null {
  const value = parsePesoAmount(text);
  if (value === null) problems[path] = 'A positive amount in pesos, at most two decimals.';
  return value;
}

/** Text per language, trimmed, with blank languages left out (players of those read the other one). */
function trimmedLocalized(value: LocalizedText): LocalizedText {
  return Object.fromEntries(
    Object.entries(value)
      .map(([language, text]) => [language, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );
}

function checkLengths(problems: Problems, path: string, value: LocalizedText, max: number) {
  for (const [language, text] of Object.entries(value)) {
    if (text.length > max) problems[`${path}.${language}`] = `At most ${max} characters.`;
  }
}

export type GoodsReading = { ok: true; body: GoodsBody } | { ok: false; errors: Problems };

/** The body to send for the form, or every problem found, by field path. */
export function readGoodsDraft(draft: GoodsDraft): GoodsReading {
  const problems: Problems = {};
  const names = trimmedLocalized(draft.name);
  if (Object.keys(names).length === 0) {
    problems['names.TY'] = 'A name in at least one language (Tagalog first: most members read it).';
  }
  checkLengths(problems, 'names', names, NAME_LENGTH_MAX);
  const descriptions = trimmedLocalized(draft.description);
  checkLengths(problems, 'descriptions', descriptions, DESCRIPTION_LENGTH_MAX);
  if (draft.imageUrls.length > IMAGES_MAX) problems.imageUrls = `At most ${IMAGES_MAX} pictures.`;

  const points = count(problems, 'points', draft.points, 1, POINTS_MAX);
  // An item pays nothing: its amount is not sent, whatever the field still holds.
  const paid = draft.kind === 'item' ? null : amount(problems, 'amount', draft.amount);

  let requirement: GoodsRequirement | null = null;
  if (draft.requirementKind !== 'none') {
    const atLeast = amount(problems, 'requirement.amount', draft.requirementAmount);
    const days = count(problems, 'requirement.days', draft.requirementDays, 1, REQUIREMENT_DAYS_MAX);
    if (atLeast !== null && days !== null) {
      requirement = { kind: draft.requirementKind, amount: atLeast, days };
    }
  }
  const stock = draft.isUnlimited ? null : count(problems, 'stock', draft.stock, 0, STOCK_MAX);
  const perMemberLimit =
    draft.perMemberLimit.trim() === ''
      ? null
      : count(problems, 'perMemberLimit', draft.perMemberLimit, 1, PER_MEMBER_LIMIT_MAX);
  const sort = count(problems, 'sort', draft.sortOrder, 0, SORT_ORDER_MAX);

  if (Object.keys(problems).length > 0 || points === null || sort === null) {
    return { ok: false, errors: problems };
  }
  return {
    ok: true,
    body: {
      names,
      descriptions,
      imageUrls: [...draft.imageUrls],
      kind: draft.kind,
      points,
      amount: paid,
      requirement,
      stock,
      perMemberLimit,
      status: draft.status,
      sort,
    },
  };
}

/** The pictures with one more at the end, up to the most allowed. */
export function withImageAdded(urls: readonly string[], url: string): string[] {
  return urls.length >= IMAGES_MAX || urls.includes(url) ? [...urls] : [...urls, url];
}

/** The pictures with the one at `index` moved one place earlier (−1) or later (+1). */
export function withImageMoved(urls: readonly string[], index: number, offset: -1 | 1): string[] {
  const target = index + offset;
  if (target < 0 || target >= urls.length) return [...urls];
  const moved = [...urls];
  [moved[index], moved[target]] = [moved[target] as string, moved[index] as string];
  return moved;
}

/**
 * What one unit gives, in the list's words: the amount for cash and bonus goods ("₱50.00 cash"),
 * "Item" for a physical one. `money` writes a wire amount as the page shows money.
 */
export function rewardWordsOf(goods: Pick<GoodsBody, 'kind' | 'amount'>, money: (amount: string) => string) {
  if (goods.kind === 'item' || goods.amount === null) return 'Item';
  return `${money(goods.amount)} ${goods.kind === 'cash' ? 'cash' : 'bonus'}`;
}

/** A requirement in the list's words: "₱1,000.00 deposits in 30 days", or "None". */
export function requirementWordsOf(
  requirement: GoodsRequirement | null,
  money: (amount: string) => string,
): string {
  if (requirement === null) return 'None';
  const what = requirement.kind === 'deposit' ? 'deposits' : 'valid bet';
  return `${money(requirement.amount)} ${what} in ${requirement.days} ${requirement.days === 1 ? 'day' : 'days'}`;
}
