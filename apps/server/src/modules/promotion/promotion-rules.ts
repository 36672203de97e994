import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import { formatRate } from '@panalo/money/rate.ts';
import { Type } from 'typebox';
import {
  BONUS_EXPIRY_DAYS_MAX,
  BONUS_EXPIRY_DAYS_MIN,
  BONUS_GAME_TYPES,
  BONUS_MULTIPLIER_MAX,
  CONTRIBUTION_BP_MAX,
  SPIN_LINES_MAX,
} from '../../db/bonus-terms-bounds.ts';
import type { PromotionKind } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';

/**
 * A promotion's rules and bonus terms (docs/promotions.md "Kinds and their rules", "Bonus terms"):
 * their wire schemas, which are also how they are stored (amounts as wire strings, so that the
 * stored JSON reads as the document shows it), each kind's checks with field reasons, and their
 * reading into minor units and basis points for the code that grants.
 */

const AMOUNT_PATTERN = '^\\d{1,13}(\\.\\d{1,2})?$';
/** A percentage as the wire writes rates ("100.00" is 100 %), at most 1000 %. */
const PERCENT_PATTERN = '^\\d{1,4}(\\.\\d{1,2})?$';
const METHOD_CODE_PATTERN = '^[a-z][a-z0-9_]{1,31}$';

/** A deposit bonus may double a deposit five times over at most; more is a typing mistake. */
export const DEPOSIT_PERCENT_BP_MAX = 50_000n;
/** Cashback is a share of what was lost: never more than all of it. */
export const CASHBACK_PERCENT_BP_MAX = 10_000n;
export const NTH_DEPOSIT_MAX = 100;
export const METHODS_MAX = 20;
export const DAYS_MAX = 365;
/** The audience `new_members` counts members registered within this many days unless rules say. */
export const NEW_MEMBER_DAYS_DEFAULT = 7;
/** Raffles (docs/promotions.md "Raffles"): per member, per tier, in all, and the prize tiers. */
export const RAFFLE_TICKETS_PER_MEMBER_MAX = 10_000;
export const RAFFLE_PRIZE_TIERS_MAX = 20;
export const RAFFLE_PRIZES_MAX = 1000;
export const RAFFLE_CLAIM_DAYS_MAX = 90;
export const RAFFLE_DRAW_DELAY_MINUTES_MAX = 1440;
/** Late settlements and vendors' feeds land before the draw: an hour after the raffle ends. */
export const RAFFLE_DRAW_DELAY_MINUTES_DEFAULT = 60;

export const DEPOSIT_WHICH = ['first', 'nth', 'any'] as const;
export const CASHBACK_PERIODS = ['day', 'week'] as const;
export const PAY_AS = ['bonus', 'cash'] as const;
export const TICKET_BY = ['deposit', 'validBet'] as const;

const Amount = Type.String({ pattern: AMOUNT_PATTERN, maxLength: 16, examples: ['100.00'] });
const Percent = Type.String({ pattern: PERCENT_PATTERN, maxLength: 7, examples: ['100.00'] });
const Days = Type.Integer({ minimum: 1, maximum: DAYS_MAX });
const SpinLines = Type.Integer({ minimum: 1, maximum: SPIN_LINES_MAX });
const GameType = Type.Union(BONUS_GAME_TYPES.map((value) => Type.Literal(value)));
/** A raffle's prize tier: `count` prizes of `amount`, ranked after the tiers before it. */
const PrizeTier = Type.Object(
  { amount: Amount, count: Type.Integer({ minimum: 1, maximum: RAFFLE_PRIZES_MAX }) },
  { additionalProperties: false },
);

/**
 * Every kind's rule fields, each optional: which of them a kind needs is checked by readRules, so
 * that a missing one is named by its field (`rules.percent`: required) rather than by a schema's
 * union. The wire's and the stored form.
 */
export const RulesSchema = Type.Object(
  {
    /** deposit_bonus, cashback: a percentage of the deposit or of the net loss. */
    percent: Type.Optional(Percent),
    /** deposit_bonus, cashback: the most one grant pays. */
    cap: Type.Optional(Amount),
    /** deposit_bonus: the smallest deposit that qualifies. */
    minDeposit: Type.Optional(Amount),
    /** deposit_bonus: the member's first succeeded deposit, their nth, or any. */
    which: Type.Optional(Type.Union(DEPOSIT_WHICH.map((value) => Type.Literal(value)))),
    nth: Type.Optional(Type.Integer({ minimum: 2, maximum: NTH_DEPOSIT_MAX })),
    /** deposit_bonus: the payment methods (their codes) that qualify; none named: every one. */
    methods: Type.Optional(
      Type.Array(Type.String({ pattern: METHOD_CODE_PATTERN, maxLength: 32 }), { maxItems: METHODS_MAX }),
    ),
    /** newbie_bonus, app_download: the amount granted. */
    amount: Type.Optional(Amount),
    /** newbie_bonus: claimable by members registered within this many days. */
    registeredWithinDays: Type.Optional(Days),
    /** application: the most an operator may approve. */
    maxAmount: Type.Optional(Amount),
    /** cashback: the period whose net loss is paid back. */
    period: Type.Optional(Type.Union(CASHBACK_PERIODS.map((value) => Type.Literal(value)))),
    /** cashback: the smallest net loss that pays. */
    minNetLoss: Type.Optional(Amount),
    /** cashback, raffle: as a bonus (with terms) or as cash. */
    payAs: Type.Optional(Type.Union(PAY_AS.map((value) => Type.Literal(value)))),
    /** raffle: tickets are earned by the member's credited deposits or by their valid bets. */
    ticketBy: Type.Optional(Type.Union(TICKET_BY.map((value) => Type.Literal(value)))),
    /** raffle: each full amount counted earns one ticket. */
    ticketEvery: Type.Optional(Amount),
    /** raffle: the most tickets one member earns. */
    maxTickets: Type.Optional(Type.Integer({ minimum: 1, maximum: RAFFLE_TICKETS_PER_MEMBER_MAX })),
    /** raffle: the prize tiers in rank order (the first tier's prizes are ranks 1 …). */
    prizes: Type.Optional(Type.Array(PrizeTier, { minItems: 1, maxItems: RAFFLE_PRIZE_TIERS_MAX })),
    /** raffle: days a winner has to claim a prize after the draw. */
    claimDays: Type.Optional(Type.Integer({ minimum: 1, maximum: RAFFLE_CLAIM_DAYS_MAX })),
    /** raffle: minutes after the end the draw waits (60 when left out). */
    drawDelayMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: RAFFLE_DRAW_DELAY_MINUTES_MAX })),
    /** raffle by valid bet: the game types whose bets count; none named: every type. */
    gameTypes: Type.Optional(Type.Array(GameType, { maxItems: BONUS_GAME_TYPES.length })),
    /** raffle by valid bet: a slot spin counts only with at least this stake. */
    minSpinStake: Type.Optional(Amount),
    /** raffle by valid bet: a slot spin counts only with at least this many lines. */
    minSpinLines: Type.Optional(SpinLines),
    /** The audience new_members: registered within this many days (7 when left out). */
    newMemberDays: Type.Optional(Days),
  },
  { additionalProperties: false },
);

/** A bonus's terms as operators write them and as promotions store them. */
export const BonusTermsSchema = Type.Object(
  {
    multiplier: Type.Integer({ minimum: 0, maximum: BONUS_MULTIPLIER_MAX }),
    includeDeposit: Type.Boolean(),
    /** Basis points of valid bet counted per game type (10,000: all of it); types left out count 0. */
    contributions: Type.Record(
      Type.String({ pattern: `^(${BONUS_GAME_TYPES.join('|')})$` }),
      Type.Integer({ minimum: 0, maximum: CONTRIBUTION_BP_MAX }),
      { additionalProperties: false, examples: [{ INHOUSE: 10_000, RNG: 10_000, LIVE: 1000 }] },
    ),
    maxStake: Type.Union([Amount, Type.Null()]),
    expiryDays: Type.Integer({ minimum: BONUS_EXPIRY_DAYS_MIN, maximum: BONUS_EXPIRY_DAYS_MAX }),
    maxConversion: Type.Union([Amount, Type.Null()]),
    /** A slot spin counts toward wagering only with at least this stake; null or left out: any. */
    minSpinStake: Type.Optional(Type.Union([Amount, Type.Null()])),
    /** A slot spin counts toward wagering only with at least this many lines; null or left out: any. */
    minSpinLines: Type.Optional(Type.Union([SpinLines, Type.Null()])),
  },
  { additionalProperties: false },
);

export type StoredRules = {
  percent?: string;
  cap?: string;
  minDeposit?: string;
  which?: (typeof DEPOSIT_WHICH)[number];
  nth?: number;
  methods?: string[];
  amount?: string;
  registeredWithinDays?: number;
  maxAmount?: string;
  period?: (typeof CASHBACK_PERIODS)[number];
  minNetLoss?: string;
  payAs?: (typeof PAY_AS)[number];
  newMemberDays?: number;
  ticketBy?: (typeof TICKET_BY)[number];
  ticketEvery?: string;
  maxTickets?: number;
  prizes?: { amount: string; count: number }[];
  claimDays?: number;
  drawDelayMinutes?: number;
  gameTypes?: (typeof BONUS_GAME_TYPES)[number][];
  minSpinStake?: string;
  minSpinLines?: number;
};

export type StoredBonusTerms = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Partial<Record<(typeof BONUS_GAME_TYPES)[number], number>>;
  maxStake: string | null;
  expiryDays: number;
  maxConversion: string | null;
  minSpinStake?: string | null;
  minSpinLines?: number | null;
};

/** Terms in the bonus engine's units: amounts in minor units. */
export type BonusTermsMinor = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Record<string, number>;
  maxStakeMinor: bigint | null;
  expiryDays: number;
  maxConversionMinor: bigint | null;
  /** A slot spin below this stake counts nothing toward wagering; null: any stake counts. */
  minSpinStakeMinor: bigint | null;
  /** A slot spin with fewer lines (or lines unknown) counts nothing; null: any spin counts. */
  minSpinLines: number | null;
};

type FieldProblems = Record<string, string>;

/** A wire amount above zero in minor units, or null with the problem written down. */
function readPositiveAmount(text: string | undefined, field: string, problems: FieldProblems): bigint | null {
  if (text === undefined) {
    problems[field] = 'required';
    return null;
  }
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.minor <= 0n) {
    problems[field] = 'amount';
    return null;
  }
  return parsed.minor;
}

/**
 * A percentage in basis points: "100.00" is 10,000. Read as an amount, whose minor units are
 * hundredths exactly as basis points are hundredths of a percent.
 */
function readPercent(
  text: string | undefined,
  field: string,
  maxBp: bigint,
  problems: FieldProblems,
): bigint | null {
  if (text === undefined) {
    problems[field] = 'required';
    return null;
  }
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.minor <= 0n || parsed.minor > maxBp) {
    problems[field] = 'range';
    return null;
  }
  return parsed.minor;
}

const normalAmount = (minor: bigint) => formatAmount(minor);
const normalPercent = (basisPoints: bigint) =>
  `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`;

/** Which kinds grant a bonus (and so need terms): all but info, and cashback or raffle paid as cash. */
export function grantsBonus(kind: PromotionKind, rules: StoredRules): boolean {
  if (kind === 'info') return false;
  if (kind === 'cashback' || kind === 'raffle') return rules.payAs !== 'cash';
  return true;
}

/**
 * A kind's rules checked and normalised for storing: the fields the kind needs, in their canonical
 * wire form, and nothing of another kind's. Problems answer VALIDATION with `rules.<field>`
 * reasons.
 */
export function readRules(kind: PromotionKind, input: StoredRules): StoredRules {
  const problems: FieldProblems = {};
  const rules: StoredRules = {};
  const path = (field: string) => `rules.${field}`;
  if (input.newMemberDays !== undefined) rules.newMemberDays = input.newMemberDays;
  switch (kind) {
    case 'info':
      break;
    case 'deposit_bonus': {
      const percent = readPercent(input.percent, path('percent'), DEPOSIT_PERCENT_BP_MAX, problems);
      const cap = readPositiveAmount(input.cap, path('cap'), problems);
      const minDeposit = readPositiveAmount(input.minDeposit, path('minDeposit'), problems);
      if (percent !== null) rules.percent = normalPercent(percent);
      if (cap !== null) rules.cap = normalAmount(cap);
      if (minDeposit !== null) rules.minDeposit = normalAmount(minDeposit);
      if (input.which === undefined) problems[path('which')] = 'required';
      else rules.which = input.which;
      if (input.which === 'nth') {
        if (input.nth === undefined) problems[path('nth')] = 'required';
        else rules.nth = input.nth;
      }
      if (input.methods !== undefined && input.methods.length > 0) {
        if (new Set(input.methods).size !== input.methods.length) problems[path('methods')] = 'duplicate';
        else rules.methods = [...input.methods];
      }
      break;
    }
    case 'newbie_bonus': {
      const amount = readPositiveAmount(input.amount, path('amount'), problems);
      if (amount !== null) rules.amount = normalAmount(amount);
      if (input.registeredWithinDays === undefined) problems[path('registeredWithinDays')] = 'required';
      else rules.registeredWithinDays = input.registeredWithinDays;
      break;
    }
    case 'app_download': {
      const amount = readPositiveAmount(input.amount, path('amount'), problems);
      if (amount !== null) rules.amount = normalAmount(amount);
      break;
    }
    case 'application': {
      if (input.maxAmount !== undefined) {
        const maxAmount = readPositiveAmount(input.maxAmount, path('maxAmount'), problems);
        if (maxAmount !== null) rules.maxAmount = normalAmount(maxAmount);
      }
      // An application's prize is paid as a bonus only: the ledger has no code for a prize in cash.
      // One without wagering is a bonus whose terms ask a multiplier of 0.
      if (input.payAs === 'cash') problems[path('payAs')] = 'invalid';
      break;
    }
    case 'cashback': {
      const percent = readPercent(input.percent, path('percent'), CASHBACK_PERCENT_BP_MAX, problems);
      const cap = readPositiveAmount(input.cap, path('cap'), problems);
      const minNetLoss = readPositiveAmount(input.minNetLoss, path('minNetLoss'), problems);
      if (percent !== null) rules.percent = normalPercent(percent);
      if (cap !== null) rules.cap = normalAmount(cap);
      if (minNetLoss !== null) rules.minNetLoss = normalAmount(minNetLoss);
      if (input.period === undefined) problems[path('period')] = 'required';
      else rules.period = input.period;
      if (input.payAs === undefined) problems[path('payAs')] = 'required';
      else rules.payAs = input.payAs;
      break;
    }
    case 'raffle':
      readRaffleRules(input, rules, problems);
      break;
  }
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { value: { fields: problems } });
  return rules;
}

/** A raffle's rules (docs/promotions.md "Raffles"), written into `rules` with their problems. */
function readRaffleRules(input: StoredRules, rules: StoredRules, problems: FieldProblems): void {
  const path = (field: string) => `rules.${field}`;
  if (input.ticketBy === undefined) problems[path('ticketBy')] = 'required';
  else rules.ticketBy = input.ticketBy;
  const ticketEvery = readPositiveAmount(input.ticketEvery, path('ticketEvery'), problems);
  if (ticketEvery !== null) rules.ticketEvery = normalAmount(ticketEvery);
  if (input.maxTickets === undefined) problems[path('maxTickets')] = 'required';
  else rules.maxTickets = input.maxTickets;
  if (input.prizes === undefined || input.prizes.length === 0) problems[path('prizes')] = 'required';
  else {
    const prizes: { amount: string; count: number }[] = [];
    input.prizes.forEach((tier, index) => {
      const amount = readPositiveAmount(tier.amount, path(`prizes.${index}.amount`), problems);
      if (amount !== null) prizes.push({ amount: normalAmount(amount), count: tier.count });
    });
    const total = input.prizes.reduce((sum, tier) => sum + tier.count, 0);
    if (input.prizes.length > RAFFLE_PRIZE_TIERS_MAX || total > RAFFLE_PRIZES_MAX) {
      problems[path('prizes')] = 'range';
    }
    rules.prizes = prizes;
  }
  if (input.payAs === undefined) problems[path('payAs')] = 'required';
  else rules.payAs = input.payAs;
  if (input.claimDays === undefined) problems[path('claimDays')] = 'required';
  else rules.claimDays = input.claimDays;
  rules.drawDelayMinutes = input.drawDelayMinutes ?? RAFFLE_DRAW_DELAY_MINUTES_DEFAULT;
  // Which bets count is a rule of valid bets: a deposit has no game type and no spin.
  const byBet = input.ticketBy === 'validBet';
  if (input.gameTypes !== undefined && input.gameTypes.length > 0) {
    if (!byBet) problems[path('gameTypes')] = 'invalid';
    else if (new Set(input.gameTypes).size !== input.gameTypes.length)
      problems[path('gameTypes')] = 'duplicate';
    else rules.gameTypes = BONUS_GAME_TYPES.filter((gameType) => input.gameTypes?.includes(gameType));
  }
  if (input.minSpinStake !== undefined) {
    const minSpinStake = readPositiveAmount(input.minSpinStake, path('minSpinStake'), problems);
    if (!byBet) problems[path('minSpinStake')] = 'invalid';
    else if (minSpinStake !== null) rules.minSpinStake = normalAmount(minSpinStake);
  }
  if (input.minSpinLines !== undefined) {
    if (!byBet) problems[path('minSpinLines')] = 'invalid';
    else rules.minSpinLines = input.minSpinLines;
  }
}

/**
 * Bonus terms checked against the merchant's highest multiplier and normalised for storing:
 * contributions of 0 are dropped (a type not named counts 0), amounts in their canonical form.
 */
export function readBonusTerms(input: StoredBonusTerms, maxMultiplier: number): StoredBonusTerms {
  const problems: FieldProblems = {};
  if (input.multiplier > maxMultiplier) problems['bonusTerms.multiplier'] = 'range';
  const amountOrNull = (text: string | null, field: string) => {
    if (text === null) return null;
    const minor = readPositiveAmount(text, `bonusTerms.${field}`, problems);
    return minor === null ? null : normalAmount(minor);
  };
  const maxStake = amountOrNull(input.maxStake, 'maxStake');
  const maxConversion = amountOrNull(input.maxConversion, 'maxConversion');
  const minSpinStake =
    input.minSpinStake === undefined ? undefined : amountOrNull(input.minSpinStake, 'minSpinStake');
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { value: { fields: problems } });
  const contributions: StoredBonusTerms['contributions'] = {};
  for (const gameType of BONUS_GAME_TYPES) {
    const basisPoints = input.contributions[gameType];
    if (basisPoints !== undefined && basisPoints > 0) contributions[gameType] = basisPoints;
  }
  return {
    multiplier: input.multiplier,
    includeDeposit: input.includeDeposit,
    contributions,
    maxStake,
    expiryDays: input.expiryDays,
    maxConversion,
    // The spin rule is stored as given (left out: none), so terms written before it read the same.
    ...(minSpinStake === undefined ? {} : { minSpinStake }),
    ...(input.minSpinLines === undefined ? {} : { minSpinLines: input.minSpinLines }),
  };
}

/** Stored amounts were checked when written; one that does not read is a broken row. */
function storedMinor(text: string | undefined | null, what: string): bigint {
  const parsed = text === undefined || text === null ? null : parseAmount(text);
  assertInvariant(parsed?.ok, `promotion rules: the stored ${what} is an amount`);
  return parsed.minor;
}

/** Stored rules as JSON (the jsonb column), typed: they were checked by readRules when written. */
export function rulesOf(stored: unknown): StoredRules {
  return (stored ?? {}) as StoredRules;
}

/** Stored terms, or null for a promotion that grants no bonus. */
export function bonusTermsOf(stored: unknown): StoredBonusTerms | null {
  return (stored ?? null) as StoredBonusTerms | null;
}

/** Terms in the bonus engine's units. */
export function termsInMinor(terms: StoredBonusTerms): BonusTermsMinor {
  return {
    multiplier: terms.multiplier,
    includeDeposit: terms.includeDeposit,
    contributions: { ...terms.contributions },
    maxStakeMinor: terms.maxStake === null ? null : storedMinor(terms.maxStake, 'maxStake'),
    expiryDays: terms.expiryDays,
    maxConversionMinor:
      terms.maxConversion === null ? null : storedMinor(terms.maxConversion, 'maxConversion'),
    minSpinStakeMinor:
      terms.minSpinStake === undefined || terms.minSpinStake === null
        ? null
        : storedMinor(terms.minSpinStake, 'minSpinStake'),
    minSpinLines: terms.minSpinLines ?? null,
  };
}

/** A raffle's rules in minor units, the prizes as one amount per rank (rank 1 first). */
export type RaffleRules = {
  ticketBy: (typeof TICKET_BY)[number];
  ticketEveryMinor: bigint;
  maxTickets: number;
  tiers: readonly { amountMinor: bigint; count: number }[];
  payAs: (typeof PAY_AS)[number];
  claimDays: number;
  drawDelayMinutes: number;
  gameTypes: readonly string[] | null;
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
};

export function raffleRulesOf(rules: StoredRules): RaffleRules {
  assertInvariant(
    rules.ticketBy !== undefined && rules.maxTickets !== undefined && rules.claimDays !== undefined,
    'raffle rules: stored as readRules wrote them',
  );
  return {
    ticketBy: rules.ticketBy,
    ticketEveryMinor: storedMinor(rules.ticketEvery, 'ticketEvery'),
    maxTickets: rules.maxTickets,
    tiers: (rules.prizes ?? []).map((tier) => ({
      amountMinor: storedMinor(tier.amount, 'prize'),
      count: tier.count,
    })),
    payAs: rules.payAs ?? 'cash',
    claimDays: rules.claimDays,
    drawDelayMinutes: rules.drawDelayMinutes ?? RAFFLE_DRAW_DELAY_MINUTES_DEFAULT,
    gameTypes: rules.gameTypes && rules.gameTypes.length > 0 ? rules.gameTypes : null,
    minSpinStakeMinor:
      rules.minSpinStake === undefined ? null : storedMinor(rules.minSpinStake, 'minSpinStake'),
    minSpinLines: rules.minSpinLines ?? null,
  };
}

/** How many prizes a raffle's tiers hold: the draw picks this many tickets at most. */
export function prizeCountOf(rules: RaffleRules): number {
  return rules.tiers.reduce((sum, tier) => sum + tier.count, 0);
}

/** The prize of a rank (1 …): the tiers in order, each covering its count of ranks. */
export function prizeOfRank(rules: RaffleRules, rank: number): bigint {
  let last = 0;
  const tier = rules.tiers.find((candidate) => {
    last += candidate.count;
    return rank <= last;
  });
  return present(tier, `raffle rules: rank ${rank} has a prize`).amountMinor;
}

/** A deposit bonus's rules in minor units and basis points. */
export type DepositBonusRules = {
  percentBp: bigint;
  capMinor: bigint;
  minDepositMinor: bigint;
  which: (typeof DEPOSIT_WHICH)[number];
  nth: number | null;
  methods: readonly string[] | null;
};

export function depositBonusRulesOf(rules: StoredRules): DepositBonusRules {
  return {
    percentBp: storedMinor(rules.percent, 'percent'),
    capMinor: storedMinor(rules.cap, 'cap'),
    minDepositMinor: storedMinor(rules.minDeposit, 'minDeposit'),
    which: rules.which ?? 'any',
    nth: rules.nth ?? null,
    methods: rules.methods && rules.methods.length > 0 ? rules.methods : null,
  };
}

/**
 * What a deposit earns under a deposit bonus's rules, or 0 when it does not qualify: at least the
 * minimum, by a listed method, the member's first, nth or any succeeded deposit (`ordinal` counts
 * this one), then percent × deposit rounded down, at most the cap.
 */
export function depositBonusOf(
  rules: DepositBonusRules,
  deposit: { amountMinor: bigint; methodCode: string; ordinal: number },
): bigint {
  if (deposit.amountMinor < rules.minDepositMinor) return 0n;
  if (rules.methods !== null && !rules.methods.includes(deposit.methodCode)) return 0n;
  if (rules.which === 'first' && deposit.ordinal !== 1) return 0n;
  if (rules.which === 'nth' && deposit.ordinal !== rules.nth) return 0n;
  const earned = (deposit.amountMinor * rules.percentBp) / 10_000n;
  return earned < rules.capMinor ? earned : rules.capMinor;
}

/** The fixed amount a claim grants (a newbie or app-download bonus), in minor units. */
export function claimAmountOf(rules: StoredRules): bigint {
  return storedMinor(rules.amount, 'amount');
}

/** An application's highest approvable amount, or null for no limit. */
export function maxApplicationAmountOf(rules: StoredRules): bigint | null {
  return rules.maxAmount === undefined ? null : storedMinor(rules.maxAmount, 'maxAmount');
}

/** How many days after registering a member still counts as new for a promotion. */
export function newMemberDaysOf(rules: StoredRules): number {
  return rules.newMemberDays ?? NEW_MEMBER_DAYS_DEFAULT;
}

/** Whose texts are read: the language asked for, then the merchant's default. */
export type Reader = { language: string; fallbackLanguage: string };

/** A text (or an image's address) in the reader's language, else the default's, else any; null: none. */
export function pickIn(texts: Record<string, string>, reader: Reader): string | null {
  return texts[reader.language] ?? texts[reader.fallbackLanguage] ?? Object.values(texts)[0] ?? null;
}

/** Terms as the player reads them: contributions as percentages of valid bet, per game type. */
export function termsView(terms: StoredBonusTerms) {
  return {
    multiplier: terms.multiplier,
    includeDeposit: terms.includeDeposit,
    contributions: BONUS_GAME_TYPES.flatMap((gameType) => {
      const basisPoints = terms.contributions[gameType];
      return basisPoints ? [{ gameType, percent: formatRate(BigInt(basisPoints)) }] : [];
    }),
    maxStake: terms.maxStake,
    expiryDays: terms.expiryDays,
    maxConversion: terms.maxConversion,
    minSpinStake: terms.minSpinStake ?? null,
    minSpinLines: terms.minSpinLines ?? null,
  };
}
