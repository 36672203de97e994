import {
  BONUS_GAME_TYPES,
  type BonusGameType,
  type BonusTermsWire,
  basisPointsOfPercent,
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  MULTIPLIER_CEILING,
  newTermsDraft,
  percentOfBasisPoints,
  readOptionalLines,
  readTermsDraft,
  readWholeNumber,
  SPIN_LINES_MAX,
  type StoredBonusTerms,
  type TermsDraft,
  termsDraftOf,
} from '../../lib/bonus-terms.ts';
import { parsePesoAmount } from '../../lib/format.ts';
import type { PreviewPromotion, PreviewTerms } from './preview-words.ts';
import type { Audience, PromotionKind, PromotionType, TicketBy } from './promotion-labels.ts';

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

/** One tier of a raffle's prizes as typed: its amount and how many winners take it. */
export type PrizeTierDraft = { amount: string; count: string };

/** A raffle's rules as typed (docs/promotions.md "Raffles"). */
export type RaffleDraft = {
  ticketBy: TicketBy;
  /** Each full amount counted earns one ticket. */
  ticketEvery: string;
  maxTickets: string;
  /** In rank order: the first tier's winners take ranks 1…count, the next the ranks after. */
  prizes: PrizeTierDraft[];
  payAs: PayAs;
  claimDays: string;
  drawDelayMinutes: string;
  /** Valid bets only: the game types whose bets count; none picked counts every type. */
  gameTypes: BonusGameType[];
  /** Valid bets only: the smallest slot spin that counts (blank: no rule). */
  minSpinStake: string;
  minSpinLines: string;
};

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
  /** The app-download bonus: the fixed amount a member claims once, after a login from the installed app. */
  appDownload: { amount: string };
  application: { maxAmount: string };
  cashback: { percent: string; period: CashbackPeriod; minNetLoss: string; cap: string; payAs: PayAs };
  raffle: RaffleDraft;
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
/** A raffle's bounds, as the server's rules check them. */
export const PRIZE_TIERS_MAX = 20;
export const PRIZES_MAX = 1000;
export const MAX_TICKETS_MAX = 10_000;
export const CLAIM_DAYS_MAX = 90;
export const DRAW_DELAY_MINUTES_MAX = 1440;
/** Late settlements and vendors' feeds land within the hour after the end, before the draw. */
export const DRAW_DELAY_MINUTES_DEFAULT = 60;

/**
 * A new raffle's rules: a ticket per ₱500 of valid bets, at most 100 a member, paid as cash,
 * claimable for a week, drawn an hour after the end. The prize tier waits for its amount.
 */
export function newRaffleDraft(): RaffleDraft {
  return {
    ticketBy: 'validBet',
    ticketEvery: '500',
    maxTickets: '100',
    prizes: [{ amount: '', count: '1' }],
    payAs: 'cash',
    claimDays: '7',
    drawDelayMinutes: String(DRAW_DELAY_MINUTES_DEFAULT),
    gameTypes: [],
    minSpinStake: '',
    minSpinLines: '',
  };
}

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
    appDownload: { amount: '' },
    application: { maxAmount: '' },
    cashback: { percent: '5', period: 'week', minNetLoss: '100', cap: '', payAs: 'bonus' },
    raffle: newRaffleDraft(),
    terms: newTermsDraft(),
    grantsPerMember: '1',
    budgetPerDay: '',
    sortOrder: '0',
  };
}

/**
 * Whether a promotion of this kind, with these rules, grants a bonus (and so needs terms): every
 * kind but information, and cashback or a raffle paid as cash. An application's prize is always a
 * bonus; one without wagering is a bonus whose terms ask a multiplier of 0.
 */
export function grantsBonus(draft: Pick<PromotionDraft, 'kind' | 'cashback' | 'raffle'>): boolean {
  if (draft.kind === 'info') return false;
  if (draft.kind === 'cashback') return draft.cashback.payAs === 'bonus';
  if (draft.kind === 'raffle') return draft.raffle.payAs === 'bonus';
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
    appDownload: promotion.kind === 'app_download' ? { amount: textOr(rules.amount, '') } : draft.appDownload,
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
    raffle: promotion.kind === 'raffle' ? raffleDraftOf(rules, draft.raffle) : draft.raffle,
    terms: promotion.bonusTerms ? termsDraftOf(promotion.bonusTerms) : draft.terms,
    grantsPerMember: String(promotion.grantsPerMember),
    budgetPerDay: promotion.budgetPerDay ?? '',
    sortOrder: String(promotion.sortOrder),
  };
}

/** A stored raffle's rules as the form shows them; what is missing keeps the starting value. */
function raffleDraftOf(rules: Record<string, unknown>, fallback: RaffleDraft): RaffleDraft {
  const prizes = Array.isArray(rules.prizes)
    ? rules.prizes.flatMap((tier: unknown) => {
        if (typeof tier !== 'object' || tier === null) return [];
        const { amount, count } = tier as Record<string, unknown>;
        return [{ amount: textOr(amount, ''), count: numberTextOr(count, '') }];
      })
    : [];
  const gameTypes = Array.isArray(rules.gameTypes) ? rules.gameTypes : [];
  return {
    ticketBy: rules.ticketBy === 'deposit' ? 'deposit' : 'validBet',
    ticketEvery: textOr(rules.ticketEvery, ''),
    maxTickets: numberTextOr(rules.maxTickets, fallback.maxTickets),
    prizes: prizes.length > 0 ? prizes : fallback.prizes,
    payAs: rules.payAs === 'bonus' ? 'bonus' : 'cash',
    claimDays: numberTextOr(rules.claimDays, fallback.claimDays),
    drawDelayMinutes: numberTextOr(rules.drawDelayMinutes, fallback.drawDelayMinutes),
    gameTypes: BONUS_GAME_TYPES.filter((type) => gameTypes.includes(type)),
    minSpinStake: textOr(rules.minSpinStake, ''),
    minSpinLines: numberTextOr(rules.minSpinLines, ''),
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
    case 'app_download':
      return { amount: requiredAmount(problems, 'rules.amount', draft.appDownload.amount), ...audience };
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
    case 'raffle':
      return { ...raffleRulesOf(draft.raffle, problems), ...audience };
  }
}

/**
 * A raffle's rules as the wire carries them. The prize tiers' problems are named by row
 * (`rules.prizes.2.amount`), and those of the table as a whole (none, too many) by `rules.prizes`.
 * The game types and the slot-spin rule count valid bets only, so a raffle by deposit sends none.
 */
function raffleRulesOf(raffle: RaffleDraft, problems: Problems): Record<string, unknown> {
  const prizes = raffle.prizes.map((tier, index) => ({
    amount: requiredAmount(problems, `rules.prizes.${index}.amount`, tier.amount),
    count: wholeNumber(problems, `rules.prizes.${index}.count`, tier.count, 1, PRIZES_MAX),
  }));
  if (prizes.length === 0) problems['rules.prizes'] = 'At least one prize.';
  else if (prizes.length > PRIZE_TIERS_MAX) problems['rules.prizes'] = `At most ${PRIZE_TIERS_MAX} tiers.`;
  else if (prizeCountOf(prizes) > PRIZES_MAX) {
    problems['rules.prizes'] = `At most ${PRIZES_MAX} prizes in all.`;
  }
  const byValidBet: Record<string, unknown> = {};
  if (raffle.ticketBy === 'validBet') {
    if (raffle.gameTypes.length > 0) {
      byValidBet.gameTypes = BONUS_GAME_TYPES.filter((type) => raffle.gameTypes.includes(type));
    }
    const minSpinStake = optionalAmount(problems, 'rules.minSpinStake', raffle.minSpinStake);
    if (minSpinStake !== undefined) byValidBet.minSpinStake = minSpinStake;
    const minSpinLines = readOptionalLines(raffle.minSpinLines);
    if ('error' in minSpinLines) {
      problems['rules.minSpinLines'] = minSpinLines.error;
      // Never sent (the problem stops it); the preview reads it as lines not typed right yet.
      byValidBet.minSpinLines = '';
    } else if (minSpinLines.lines !== null) byValidBet.minSpinLines = minSpinLines.lines;
  }
  return {
    ticketBy: raffle.ticketBy,
    ticketEvery: requiredAmount(problems, 'rules.ticketEvery', raffle.ticketEvery),
    maxTickets: wholeNumber(problems, 'rules.maxTickets', raffle.maxTickets, 1, MAX_TICKETS_MAX),
    prizes,
    payAs: raffle.payAs,
    claimDays: wholeNumber(problems, 'rules.claimDays', raffle.claimDays, 1, CLAIM_DAYS_MAX),
    drawDelayMinutes: wholeNumber(
      problems,
      'rules.drawDelayMinutes',
      raffle.drawDelayMinutes,
      0,
      DRAW_DELAY_MINUTES_MAX,
    ),
    ...byValidBet,
  };
}

/** The tiers with one more at the end (a single prize, its amount to type), up to the most allowed. */
export function withPrizeTierAdded(prizes: readonly PrizeTierDraft[]): PrizeTierDraft[] {
  return prizes.length >= PRIZE_TIERS_MAX ? [...prizes] : [...prizes, { amount: '', count: '1' }];
}

/** The tiers without the one at `index`; the last tier stays, since a raffle has at least one. */
export function withPrizeTierRemoved(prizes: readonly PrizeTierDraft[], index: number): PrizeTierDraft[] {
  return prizes.length <= 1 ? [...prizes] : prizes.filter((_, at) => at !== index);
}

/** How many prizes the tiers give in all; a count not yet typed right counts none. */
export function prizeCountOf(prizes: readonly { count: number | null }[]): number {
  return prizes.reduce((total, tier) => total + (tier.count ?? 0), 0);
}

/** A tier's winners as typed, or null while the field holds no count from 1 to the most prizes. */
const tierCountOf = (tier: PrizeTierDraft) => readWholeNumber(tier.count, 1, PRIZES_MAX);

/** How many prizes the typed tiers give in all, for the line under the table. */
export function typedPrizeCountOf(prizes: readonly PrizeTierDraft[]): number {
  return prizeCountOf(prizes.map((tier) => ({ count: tierCountOf(tier) })));
}

/**
 * The places a tier covers ("1", "2–4"): winners are ranked in draw order and tier by tier, so a
 * tier starts after every winner of the tiers above it. "…" while a count above it does not read.
 */
export function prizePlacesOf(prizes: readonly PrizeTierDraft[], index: number): string {
  const counts = prizes.slice(0, index + 1).map(tierCountOf);
  if (counts.length !== index + 1 || counts.some((count) => count === null)) return '…';
  const from = 1 + prizeCountOf(counts.slice(0, index).map((count) => ({ count })));
  const count = counts[index] ?? 1;
  return count === 1 ? String(from) : `${from}–${from + count - 1}`;
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
  if (draft.kind === 'raffle' && endsAt === null) {
    problems.endsAt = 'A raffle needs an end: its draw comes after it.';
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

/** A lines field for the preview: null when blank (no rule), '' when not lines yet. */
const previewLines = (text: string): number | '' | null =>
  text.trim() === '' ? null : (readWholeNumber(text, 1, SPIN_LINES_MAX) ?? '');

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
    minSpinStake: previewAmount(terms.minSpinStake),
    minSpinLines: previewLines(terms.minSpinLines),
  };
}
