import { parsePesoAmount } from '../../lib/format.ts';
import type { OperatorPrizeTable, PrizeTableBody } from './rewards-api.ts';

// The prize table form's pure part (docs/rewards.md "Prize tables"): the draft as typed, each
// prize's chance as the weights stand, and the body the server takes, or the fields to fix.

export const PRIZES_MAX = 24;
export const PRIZE_WEIGHT_MAX = 1_000_000;
export const PRIZE_POINTS_MAX = 1_000_000;
export const NAME_LENGTH_MAX = 60;
export const SORT_ORDER_MAX = 10_000;

export type PrizeKind = PrizeTableBody['prizes'][number]['kind'];
export const PRIZE_KINDS: readonly PrizeKind[] = ['cash', 'bonus', 'points', 'none'];
export const PRIZE_KIND_LABELS: Record<PrizeKind, string> = {
  cash: 'Cash',
  bonus: 'Bonus',
  points: 'Points',
  none: 'Try again',
};
export const TABLE_KIND_LABELS: Record<PrizeTableBody['kind'], string> = {
  wheel: 'Prize wheel',
  egg: 'Golden egg',
};

export type PrizeDraft = {
  names: { TY: string; EN: string };
  kind: PrizeKind;
  amount: string;
  points: string;
  multiplier: string;
  weight: string;
};

export type TableDraft = {
  kind: PrizeTableBody['kind'];
  names: { TY: string; EN: string };
  prizes: PrizeDraft[];
  dailyBudget: string;
  active: boolean;
  sort: string;
};

export const newPrizeDraft = (): PrizeDraft => ({
  names: { TY: '', EN: '' },
  kind: 'none',
  amount: '',
  points: '',
  multiplier: '',
  weight: '1',
});

export const newTableDraft = (): TableDraft => ({
  kind: 'wheel',
  names: { TY: '', EN: '' },
  prizes: [newPrizeDraft()],
  dailyBudget: '',
  active: true,
  sort: '0',
});

export function draftOfTable(table: OperatorPrizeTable): TableDraft {
  return {
    kind: table.kind,
    names: { TY: table.names.TY ?? '', EN: table.names.EN ?? '' },
    prizes: table.prizes.map((prize) => ({
      names: { TY: prize.names.TY ?? '', EN: prize.names.EN ?? '' },
      kind: prize.kind,
      amount: prize.amount ?? '',
      points: prize.points === null ? '' : String(prize.points),
      multiplier: prize.wageringMultiplier === null ? '' : String(prize.wageringMultiplier),
      weight: String(prize.weight),
    })),
    dailyBudget: table.dailyBudget ?? '',
    active: table.active,
    sort: String(table.sort),
  };
}

const wholeOf = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
};

/** Each prize's chance in percent with two decimals as the weights stand ("12.50"), as the server rounds it. */
export function chancesOf(weights: readonly string[]): string[] {
  const numbers = weights.map((weight) => wholeOf(weight, 0, PRIZE_WEIGHT_MAX) ?? 0);
  const total = numbers.reduce((sum, weight) => sum + weight, 0);
  return numbers.map((weight) => {
    if (total === 0) return '0.00';
    const hundredths = (BigInt(weight) * 20_000n + BigInt(total)) / (2n * BigInt(total));
    return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
  });
}

export type DraftReading = { ok: true; body: PrizeTableBody } | { ok: false; errors: Record<string, string> };

/** The body of a draft, or the fields to fix (named as the server names them). */
export function readTableDraft(draft: TableDraft): DraftReading {
  const errors: Record<string, string> = {};
  const nameErrors = (names: { TY: string; EN: string }, at: string) => {
    for (const language of ['TY', 'EN'] as const) {
      const name = names[language].trim();
      if (name === '') errors[`${at}.${language}`] = 'Write the name in both languages.';
      else if (name.length > NAME_LENGTH_MAX)
        errors[`${at}.${language}`] = `At most ${NAME_LENGTH_MAX} characters.`;
    }
  };
  nameErrors(draft.names, 'names');
  if (draft.prizes.length === 0 || draft.prizes.length > PRIZES_MAX) {
    errors.prizes = `A table has 1 to ${PRIZES_MAX} prizes.`;
  }
  const prizes = draft.prizes.map((prize, index) => {
    const at = `prizes.${index}`;
    nameErrors(prize.names, `${at}.names`);
    const weight = wholeOf(prize.weight, 0, PRIZE_WEIGHT_MAX);
    if (weight === null)
      errors[`${at}.weight`] = `A whole number from 0 to ${PRIZE_WEIGHT_MAX.toLocaleString('en')}.`;
    const money = prize.kind === 'cash' || prize.kind === 'bonus';
    const amount = money ? parsePesoAmount(prize.amount) : null;
    if (money && amount === null) errors[`${at}.amount`] = 'An amount above 0.00.';
    const points = prize.kind === 'points' ? wholeOf(prize.points, 1, PRIZE_POINTS_MAX) : null;
    if (prize.kind === 'points' && points === null) errors[`${at}.points`] = 'Whole points from 1.';
    const multiplier = prize.kind === 'bonus' ? wholeOf(prize.multiplier, 0, 1000) : null;
    if (prize.kind === 'bonus' && multiplier === null)
      errors[`${at}.wageringMultiplier`] = 'A whole multiplier from 0.';
    return {
      names: { TY: prize.names.TY.trim(), EN: prize.names.EN.trim() },
      kind: prize.kind,
      amount,
      points,
      wageringMultiplier: multiplier,
      weight: weight ?? 0,
    };
  });
  if (!errors.prizes && prizes.every((prize) => prize.weight === 0))
    errors.prizes = 'At least one prize weighs more than 0.';
  let dailyBudget: string | null = null;
  if (draft.dailyBudget.trim() !== '') {
    dailyBudget = parsePesoAmount(draft.dailyBudget);
    if (dailyBudget === null) errors.dailyBudget = 'An amount above 0.00, or empty for none.';
  }
  const sort = wholeOf(draft.sort, 0, SORT_ORDER_MAX);
  if (sort === null) errors.sort = `A whole number from 0 to ${SORT_ORDER_MAX.toLocaleString('en')}.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      kind: draft.kind,
      names: { TY: draft.names.TY.trim(), EN: draft.names.EN.trim() },
      prizes,
      dailyBudget,
      active: draft.active,
      sort: sort ?? 0,
    },
  };
}
