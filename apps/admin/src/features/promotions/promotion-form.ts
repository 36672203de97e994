import {
  type BonusTermsWire,
  basisPointsOfPercent,
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  MULTIPLIER_CEILING,
  newTermsDraft,
  percentOfBasisPoints,
  readTermsDraft,
  readWholeNumber,
  type StoredBonusTerms,
  type TermsDraft,
  termsDraftOf,
} from '../../lib/bonus-terms.ts';
import { parsePesoAmount } from '../../lib/format.ts';
import type { PreviewPromotion, PreviewTerms } from './preview-words.ts';
import type { Audience, PromotionKind, PromotionType } from './promotion-labels.ts';

/**
 * The promotion builder's form and what it sends (docs/promotions.md "A promotion", "Kinds and
 * their rules"): typed text in, the wire's body out. Amounts leave as wire strings ("1000.00"),
 * the rules' percents as rates ("100.00"), the terms' contributions in basis points.
 */

export type LocalizedText = Record<string, string>;

/** How a deposit bonus picks its deposit. */
export type DepositWhich = 'first' | 'nth' | 'any';
export type CashbackPeriod = 'day' | 'week';
export type PayAs = 'bonus' | 'cash';

/** A promotion as the builder sends it (POST /bo/promotions adds the merchant). */
export type PromotionBody = {
  type: PromotionType;
  kind: PromotionKind;
  title: LocalizedText;
  content: LocalizedText;
  coverImageUrls: LocalizedText;
  detailImageUrls: LocalizedText;
  startsAt: string;
  endsAt: string | null;
  audience: Audience;
  audienceAgentIds: string[];
  rules: Record<string, unknown>;
  bonusTerms: BonusTermsWire | null;
  grantsPerMember: number;
  budgetPerDay: string | null;
  sortOrder: number;
};

/** An agent picked for the `agent_teams` audience: its id goes to the server, its account is shown. */
export type PickedAgent = { id: string; account: string };

/** The builder's form: text as typed, every kind's rules kept while the kind changes. */
export type PromotionDraft = {
  type: PromotionType;
  kind: PromotionKind;
  title: LocalizedText;
  content: LocalizedText;
  coverImageUrls: LocalizedText;
  detailImageUrls: LocalizedText;
  /** `datetime-local` text in the operator's time zone. */
  startsAt: string;
  endsAt: string;
  audience: Audience;
  newMemberDays: string;
  agents: PickedAgent[];
  /** `methods`: the deposit methods' codes as typed, separated by commas or spaces. */
  deposit: {
    percent: string;
    cap: string;
    minDeposit: string;
    which: DepositWhich;
    nth: string;
    methods: string;
  };
  newbie: { amount: string; registeredWithinDays: string };
  application: { maxAmount: string };
  cashback: { percent: string; period: CashbackPeriod; minNetLoss: string; cap: string; payAs: PayAs };
  terms: TermsDraft;
  grantsPerMember: string;
  budgetPerDay: string;
  sortOrder: string;
};

/** The longest a title (per language) and a content (per language) may be. */
export const TITLE_LENGTH_MAX = 200;
export const CONTENT_LENGTH_MAX = 50_000;
/** The most agents whose teams one promotion may be offered to. */
export const AUDIENCE_AGENTS_MAX = 100;
export const GRANTS_PER_MEMBER_MAX = 1000;
export const NEW_MEMBER_DAYS_DEFAULT = 7;
export const NEW_MEMBER_DAYS_MAX = 365;
export const NTH_DEPOSIT_MAX = 100;
export const SORT_ORDER_MAX = 9999;

/** A new promotion's form: a draft of the "others" tab, for every player, starting now. */
export function newPromotionDraft(startsAt: string): PromotionDraft {
  return {
    type: 'OTHERS',
    kind: 'info',
    title: { TY: '', EN: '' },
    content: { TY: '', EN: '' },
    coverImageUrls: {},
    detailImageUrls: {},
    startsAt,
    endsAt: '',
    audience: 'all',
    newMemberDays: String(NEW_MEMBER_DAYS_DEFAULT),
    agents: [],
    deposit: { percent: '100', cap: '', minDeposit: '100', which: 'first', nth: '2', methods: '' },
    newbie: { amount: '', registeredWithinDays: String(NEW_MEMBER_DAYS_DEFAULT) },
    application: { maxAmount: '' },
    cashback: { percent: '5', period: 'week', minNetLoss: '100', cap: '', payAs: 'bonus' },
    terms: newTermsDraft(),
    grantsPerMember: '1',
    budgetPerDay: '',
    sortOrder: '0',
  };
}

/**
 * Whether a promotion of this kind, with these rules, grants a bonus (and so needs terms): every
 * kind but information and cashback paid as cash. An application's prize is always a bonus; one
 * without wagering is a bonus whose terms ask a multiplier of 0.
 */
export function grantsBonus(draft: Pick<PromotionDraft, 'kind' | 'cashback'>): boolean {
  if (draft.kind === 'info') return false;
  if (draft.kind === 'cashback') return draft.cashback.payAs === 'bonus';
  return true;
}

/** A wire rate ("100.00", up to "500.00" for a deposit bonus) as the form shows it ("100"). */
function percentOfRate(rate: unknown, fallback: string): string {
  if (typeof rate !== 'string') return fallback;
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(rate);
  if (!match) return rate;
  return percentOfBasisPoints(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

const textOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const numberTextOr = (value: unknown, fallback: string) =>
  typeof value === 'number' ? String(value) : fallback;

/** The stored promotion's fields the form reads back (GET /bo/promotions/{id}). */
export type StoredPromotion = Omit<PromotionBody, 'audienceAgentIds' | 'rules' | 'bonusTerms'> & {
  rules: Record<string, unknown>;
  bonusTerms: StoredBonusTerms | null;
  audienceAgents: PickedAgent[];
};

/**
 * The form for a stored promotion. Its kind's rules fill that kind's fields; the other kinds keep
 * their starting values, so that changing the kind of a draft offers sensible ones.
 * `toLocalInput` turns the stored moments into the operator's `datetime-local` text.
 */
export function draftOfPromotion(
  promotion: StoredPromotion,
  toLocalInput: (iso: string | null) => string,
): PromotionDraft {
  const draft = newPromotionDraft(toLocalInput(promotion.startsAt));
  const rules = promotion.rules;
  const payAs = (value: unknown): PayAs => (value === 'cash' ? 'cash' : 'bonus');
  return {
    ...draft,
    type: promotion.type,
    kind: promotion.kind,
    title: { ...draft.title, ...promotion.title },
    content: { ...draft.content, ...promotion.content },
    coverImageUrls: { ...promotion.coverImageUrls },
    detailImageUrls: { ...promotion.detailImageUrls },
    endsAt: toLocalInput(promotion.endsAt),
    audience: promotion.audience,
    newMemberDays: numberTextOr(rules.newMemberDays, draft.newMemberDays),
    agents: promotion.audienceAgents.map((agent) => ({ ...agent })),
    deposit:
      promotion.kind === 'deposit_bonus'
        ? {
            percent: percentOfRate(rules.percent, draft.deposit.percent),
            cap: textOr(rules.cap, ''),
            minDeposit: textOr(rules.minDeposit, ''),
            which: rules.which === 'nth' || rules.which === 'any' ? rules.which : 'first',
            nth: numberTextOr(rules.nth, draft.deposit.nth),
            methods: Array.isArray(rules.methods)
              ? rules.methods.filter((code) => typeof code === 'string').join(', ')
              : '',
          }
        : draft.deposit,
    newbie:
      promotion.kind === 'newbie_bonus'
        ? {
            amount: textOr(rules.amount, ''),
            registeredWithinDays: numberTextOr(rules.registeredWithinDays, draft.newbie.registeredWithinDays),
          }
        : draft.newbie,
    application:
      promotion.kind === 'application' ? { maxAmount: textOr(rules.maxAmount, '') } : draft.application,
    cashback:
      promotion.kind === 'cashback'
        ? {
            percent: percentOfRate(rules.percent, draft.cashback.percent),
            period: rules.period === 'day' ? 'day' : 'week',
            minNetLoss: textOr(rules.minNetLoss, ''),
            cap: textOr(rules.cap, ''),
            payAs: payAs(rules.payAs),
          }
        : draft.cashback,
    terms: promotion.bonusTerms ? termsDraftOf(promotion.bonusTerms) : draft.terms,
    grantsPerMember: String(promotion.grantsPerMember),
    budgetPerDay: promotion.budgetPerDay ?? '',
    sortOrder: String(promotion.sortOrder),
  };
}

const AMOUNT_WORDS = 'A positive amount in pesos, at most two decimals.';
/** A deposit bonus may give at most five times the deposit; cashback at most all of the loss. */
export const DEPOSIT_PERCENT_MAX = 500;
export const CASHBACK_PERCENT_MAX = 100;

/** Problems found while reading the form, by the field paths the server names. */
type Problems = Record<string, string>;

function requiredAmount(problems: Problems, path: string, text: string): string {
  const amount = parsePesoAmount(text);
  if (amount === null) problems[path] = AMOUNT_WORDS;
  return amount ?? '';
}

function optionalAmount(problems: Problems, path: string, text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return requiredAmount(problems, path, text);
}

/** A rule's percent as the wire's rate ("12.50"); above zero, at most `max` percent. */
function requiredRate(problems: Problems, path: string, text: string, max: number): string {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (basisPoints === 0 || basisPoints > max * 100) {
    problems[path] = `A percent above 0, at most ${max}, with at most two decimals.`;
    return '';
  }
  return `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** A whole number within bounds; null (and its problem noted) when the field holds none. */
function wholeNumber(
  problems: Problems,
  path: string,
  text: string,
  min: number,
  max: number,
): number | null {
  const value = readWholeNumber(text, min, max);
  if (value === null) problems[path] = `A whole number from ${min} to ${max}.`;
  return value;
}

/** The kind's rules as the wire carries them; the audience's own rule rides along. */
function rulesOf(draft: PromotionDraft, problems: Problems): Record<string, unknown> {
  const audience =
    draft.audience === 'new_members'
      ? {
          newMemberDays: wholeNumber(
            problems,
            'rules.newMemberDays',
            draft.newMemberDays,
            1,
            NEW_MEMBER_DAYS_MAX,
          ),
        }
      : {};
  switch (draft.kind) {
    case 'info':
      return audience;
    case 'deposit_bonus': {
      const { deposit } = draft;
      return {
        percent: requiredRate(problems, 'rules.percent', deposit.percent, DEPOSIT_PERCENT_MAX),
        cap: requiredAmount(problems, 'rules.cap', deposit.cap),
        minDeposit: requiredAmount(problems, 'rules.minDeposit', deposit.minDeposit),
        which: deposit.which,
        ...(deposit.which === 'nth'
          ? { nth: wholeNumber(problems, 'rules.nth', deposit.nth, 2, NTH_DEPOSIT_MAX) }
          : {}),
        ...methodsOf(problems, deposit.methods),
        ...audience,
      };
    }
    case 'newbie_bonus':
      return {
        amount: requiredAmount(problems, 'rules.amount', draft.newbie.amount),
        registeredWithinDays: wholeNumber(
          problems,
          'rules.registeredWithinDays',
          draft.newbie.registeredWithinDays,
          1,
          NEW_MEMBER_DAYS_MAX,
        ),
        ...audience,
      };
    case 'application': {
      const maxAmount = optionalAmount(problems, 'rules.maxAmount', draft.application.maxAmount);
      return { ...(maxAmount === undefined ? {} : { maxAmount }), ...audience };
    }
    case 'cashback': {
      const { cashback } = draft;
      return {
        percent: requiredRate(problems, 'rules.percent', cashback.percent, CASHBACK_PERCENT_MAX),
        period: cashback.period,
        minNetLoss: requiredAmount(problems, 'rules.minNetLoss', cashback.minNetLoss),
        cap: requiredAmount(problems, 'rules.cap', cashback.cap),
        payAs: cashback.payAs,
        ...audience,
      };
    }
  }
}

/** A deposit method's code as payment methods name them (gcash, maya, bank). */
const METHOD_CODE_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;
export const METHODS_MAX = 20;

/** Method codes typed with commas or spaces, lower case, each once. */
export function methodCodesOf(text: string): string[] {
  const codes = text
    .split(/[\s,]+/)
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(codes)];
}

/** The deposit methods that qualify, or none named (every method qualifies). */
function methodsOf(problems: Problems, text: string): { methods?: string[] } {
  const codes = methodCodesOf(text);
  if (codes.length === 0) return {};
  if (codes.length > METHODS_MAX || !codes.every((code) => METHOD_CODE_PATTERN.test(code))) {
    problems['rules.methods'] = `Up to ${METHODS_MAX} method codes (letters, digits, _), such as gcash.`;
  }
  return { methods: codes };
}

export type DraftReading = { ok: true; body: PromotionBody } | { ok: false; errors: Problems };

/**
 * The body to send for the form, or every problem found, by field path. `isoOf` turns the
 * `datetime-local` text into an ISO moment (null when empty); `maxMultiplier` is the merchant's.
 */
export function readPromotionDraft(
  draft: PromotionDraft,
  options: { maxMultiplier: number; isoOf: (local: string) => string | null },
): DraftReading {
  const problems: Problems = {};
  if (!draft.title.TY?.trim() && !draft.title.EN?.trim()) {
    problems['title.TY'] = 'A title in at least one language (Tagalog first: most players read it).';
  }
  const startsAt = options.isoOf(draft.startsAt);
  if (startsAt === null) problems.startsAt = 'When the promotion starts.';
  const endsAt = options.isoOf(draft.endsAt);
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    problems.endsAt = 'The end comes after the start.';
  }
  if (draft.audience === 'agent_teams' && draft.agents.length === 0) {
    problems.audienceAgentIds = 'Pick at least one agent whose team may take part.';
  }
  if (draft.agents.length > AUDIENCE_AGENTS_MAX) {
    problems.audienceAgentIds = `At most ${AUDIENCE_AGENTS_MAX} agents.`;
  }
  const rules = rulesOf(draft, problems);
  let bonusTerms: BonusTermsWire | null = null;
  if (grantsBonus(draft)) {
    const terms = readTermsDraft(draft.terms, { maxMultiplier: options.maxMultiplier });
    if (terms.ok) bonusTerms = terms.terms;
    else Object.assign(problems, terms.errors);
  }
  const grantsPerMember = wholeNumber(
    problems,
    'grantsPerMember',
    draft.grantsPerMember,
    0,
    GRANTS_PER_MEMBER_MAX,
  );
  const budgetPerDay =
    draft.kind === 'info' ? undefined : optionalAmount(problems, 'budgetPerDay', draft.budgetPerDay);
  const sortOrder = wholeNumber(problems, 'sortOrder', draft.sortOrder, 0, SORT_ORDER_MAX);

  if (
    Object.keys(problems).length > 0 ||
    startsAt === null ||
    grantsPerMember === null ||
    sortOrder === null
  ) {
    return { ok: false, errors: problems };
  }
  return {
    ok: true,
    body: {
      type: draft.type,
      kind: draft.kind,
      title: trimmedLocalized(draft.title),
      content: trimmedLocalized(draft.content),
      coverImageUrls: filledLocalized(draft.coverImageUrls),
      detailImageUrls: filledLocalized(draft.detailImageUrls),
      startsAt,
      endsAt,
      audience: draft.audience,
      audienceAgentIds: draft.audience === 'agent_teams' ? draft.agents.map((agent) => agent.id) : [],
      rules,
      bonusTerms,
      grantsPerMember,
      budgetPerDay: budgetPerDay ?? null,
      sortOrder,
    },
  };
}

/** Text per language with the blank languages left out (players of those read the other one). */
function trimmedLocalized(value: LocalizedText): LocalizedText {
  return Object.fromEntries(
    Object.entries(value)
      .map(([language, text]) => [language, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );
}

const filledLocalized = (value: LocalizedText): LocalizedText =>
  Object.fromEntries(Object.entries(value).filter(([, url]) => url !== ''));

/**
 * The promotion as the preview shows it while the form is being filled: whatever reads, with what
 * does not yet read left for the preview to show as missing rather than guessed.
 */
export function previewOfDraft(
  draft: PromotionDraft,
  isoOf: (local: string) => string | null,
): PreviewPromotion {
  const ignored: Problems = {};
  return {
    type: draft.type,
    kind: draft.kind,
    startsAt: isoOf(draft.startsAt),
    endsAt: isoOf(draft.endsAt),
    rules: rulesOf(draft, ignored),
    terms: grantsBonus(draft) ? previewTermsOf(draft.terms) : null,
    grantsPerMember: readWholeNumber(draft.grantsPerMember, 0, GRANTS_PER_MEMBER_MAX),
    audience: draft.audience,
  };
}

/** An amount field for the preview: null when blank (no limit), '' when not an amount yet. */
const previewAmount = (text: string): string | null =>
  text.trim() === '' ? null : (parsePesoAmount(text) ?? '');

function previewTermsOf(terms: TermsDraft): PreviewTerms {
  const contributions: Record<string, number> = {};
  for (const [type, text] of Object.entries(terms.contributions)) {
    const basisPoints = basisPointsOfPercent(text);
    if (basisPoints !== null && basisPoints > 0) contributions[type] = basisPoints;
  }
  return {
    multiplier: readWholeNumber(terms.multiplier, 0, MULTIPLIER_CEILING),
    includeDeposit: terms.includeDeposit,
    contributions,
    maxStake: previewAmount(terms.maxStake),
    expiryDays: readWholeNumber(terms.expiryDays, EXPIRY_DAYS_MIN, EXPIRY_DAYS_MAX),
    maxConversion: previewAmount(terms.maxConversion),
  };
}
