import type { TFunction } from 'i18next';
import { spinRuleLineOf } from '../../lib/bonus/spin-rule';
import { formatMoney } from '../../lib/format';
import { centavosToWire, toCentavos } from '../../lib/money';
import type { BonusTermsView, Contribution, PromotionKind, PromotionRules } from './api/promotions';
import { raffleRulesLinesOf } from './raffle-words';

// A promotion's rules and its bonus terms in the member's words (docs/promotions.md "Kinds and their
// rules", "Bonus terms"): what the member accepts is what they read here.

type Words = { t: TFunction; symbol: string };

/** A wire percentage ("100.00", "12.50", or a whole number) as people write it: "100%", "12.5%". */
export function formatPercent(value: string | number): string {
  const text = String(value).trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return `${text}%`;
  const [, whole = '0', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  return `${BigInt(whole).toString()}${kept ? `.${kept}` : ''}%`;
}

/** Hundredths of a percent of a wire percentage ("12.5" → 1250), or null when it is none. */
export function percentToHundredths(value: string): bigint | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** A deposit bonus on a deposit: percent of it, floored to the centavo, at most the cap. */
export function depositBonusMinor(input: {
  depositMinor: bigint;
  percent: string;
  capMinor: bigint | null;
}): bigint | null {
  const hundredths = percentToHundredths(input.percent);
  if (hundredths === null) return null;
  const bonus = (input.depositMinor * hundredths) / 10_000n;
  return input.capMinor !== null && bonus > input.capMinor ? input.capMinor : bonus;
}

/** The wagering a bonus asks for: multiplier × (bonus + the deposit when the terms count it). */
export function wageringRequiredMinor(input: {
  multiplier: number;
  includeDeposit: boolean;
  bonusMinor: bigint;
  depositMinor: bigint;
}): bigint {
  const base = input.bonusMinor + (input.includeDeposit ? input.depositMinor : 0n);
  return BigInt(input.multiplier) * base;
}

function money(amountMinor: bigint, symbol: string): string {
  return formatMoney(centavosToWire(amountMinor), symbol);
}

function minorOf(amount: string | null | undefined): bigint | null {
  return amount ? toCentavos(amount) : null;
}

function whichDepositOf(rules: PromotionRules, t: TFunction): string {
  if (rules.which === 'first') return t('promotions.rules.whichFirst');
  if (rules.which === 'nth' && rules.nth) return t('promotions.rules.whichNth', { nth: rules.nth });
  return t('promotions.rules.whichAny');
}

/**
 * The rules of a promotion's kind, a sentence each. `methodNames` names a deposit method's code
 * (gcash → GCash) where the member's deposit methods are known; otherwise the code is shown. A
 * reward with bonus terms is paid as a bonus; one without (cashback paid as cash) as cash.
 */
export function rulesLinesOf(
  input: { kind: PromotionKind; rules: PromotionRules; hasTerms: boolean },
  words: Words & { methodNames?: ReadonlyMap<string, string> },
): string[] {
  const { kind, rules } = input;
  const { t, symbol } = words;
  const paidAs = t(
    input.hasTerms && rules.payAs !== 'cash' ? 'promotions.rules.paidAsBonus' : 'promotions.rules.paidAsCash',
  );
  const lines: string[] = [];
  const amount = (wire: string) => formatMoney(wire, symbol);
  switch (kind) {
    case 'deposit_bonus': {
      const values = { percent: formatPercent(rules.percent ?? '0'), which: whichDepositOf(rules, t) };
      lines.push(
        rules.cap
          ? t('promotions.rules.depositPercent', { ...values, cap: amount(rules.cap) })
          : t('promotions.rules.depositPercentNoCap', values),
      );
      if (rules.minDeposit)
        lines.push(t('promotions.rules.minDeposit', { amount: amount(rules.minDeposit) }));
      if (rules.methods && rules.methods.length > 0) {
        const names = rules.methods.map((code) => words.methodNames?.get(code) ?? code.toUpperCase());
        lines.push(t('promotions.rules.methods', { methods: names.join(', ') }));
      }
      lines.push(t('promotions.rules.depositAfterJoin'));
      break;
    }
    case 'newbie_bonus':
      if (rules.amount) lines.push(t('promotions.rules.newbieAmount', { amount: amount(rules.amount) }));
      if (rules.registeredWithinDays) {
        lines.push(t('promotions.rules.newbieWithin', { count: rules.registeredWithinDays }));
      }
      break;
    case 'app_download':
      if (rules.amount) lines.push(t('promotions.rules.appDownloadAmount', { amount: amount(rules.amount) }));
      break;
    case 'application':
      lines.push(t('promotions.rules.applyHow'));
      if (rules.maxAmount)
        lines.push(t('promotions.rules.applyMaxAmount', { amount: amount(rules.maxAmount) }));
      lines.push(paidAs);
      break;
    case 'cashback': {
      const values = {
        percent: formatPercent(rules.percent ?? '0'),
        period: t(rules.period === 'week' ? 'promotions.rules.periodWeek' : 'promotions.rules.periodDay'),
      };
      lines.push(
        rules.cap
          ? t('promotions.rules.cashbackPercent', { ...values, cap: amount(rules.cap) })
          : t('promotions.rules.cashbackPercentNoCap', values),
      );
      if (rules.minNetLoss)
        lines.push(t('promotions.rules.minNetLoss', { amount: amount(rules.minNetLoss) }));
      lines.push(t('promotions.rules.netLoss'));
      lines.push(paidAs);
      break;
    }
    case 'raffle':
      lines.push(...raffleRulesLinesOf(rules, words), paidAs);
      break;
    case 'info':
      break;
  }
  return lines;
}

/** A contribution in words: the game type's name and its share. */
export type ContributionLine = { gameType: string; game: string; percent: string };

export type TermsWords = {
  /** How much must be wagered, and for which amounts. */
  wagering: string[];
  /** How much of each game type's valid bet counts, largest share first. */
  contributions: ContributionLine[];
  /** Maximum stake, the slot-spin rule, expiry and maximum conversion. */
  limits: string[];
  /** What the member may always do with their own money, and what gives the bonus up. */
  withdrawalRule: string;
};

/** The kinds that grant the amount their rules name, so that its wagering is known beforehand. */
const FIXED_AMOUNT_KINDS: readonly PromotionKind[] = ['newbie_bonus', 'app_download'];

/**
 * What the bonus is known to be: granted already, or fixed by the rules (a newbie bonus, an
 * app-download bonus).
 */
function knownWagering(
  kind: PromotionKind,
  rules: PromotionRules,
  terms: BonusTermsView,
  bonus: { wageringRequired: string } | null,
): bigint | null {
  if (bonus) return minorOf(bonus.wageringRequired);
  if (!FIXED_AMOUNT_KINDS.includes(kind)) return null;
  const bonusMinor = minorOf(rules.amount);
  if (bonusMinor === null) return null;
  return wageringRequiredMinor({
    multiplier: terms.multiplier,
    includeDeposit: false,
    bonusMinor,
    depositMinor: 0n,
  });
}

/** A deposit bonus worked through at its minimum deposit, so the member sees the sums once. */
function depositExample(rules: PromotionRules, terms: BonusTermsView, words: Words): string | null {
  const depositMinor = minorOf(rules.minDeposit);
  if (depositMinor === null || depositMinor <= 0n || !rules.percent) return null;
  const bonusMinor = depositBonusMinor({
    depositMinor,
    percent: rules.percent,
    capMinor: minorOf(rules.cap),
  });
  if (bonusMinor === null) return null;
  const wageringMinor = wageringRequiredMinor({
    multiplier: terms.multiplier,
    includeDeposit: terms.includeDeposit,
    bonusMinor,
    depositMinor,
  });
  return words.t('promotions.terms.depositExample', {
    deposit: money(depositMinor, words.symbol),
    bonus: money(bonusMinor, words.symbol),
    wagering: money(wageringMinor, words.symbol),
  });
}

function contributionPercentOf(contribution: Contribution): number {
  const value = Number.parseFloat(String(contribution.percent));
  return Number.isFinite(value) ? value : 0;
}

/** The bonus terms in words, with the sums the member can know before taking part. */
export function termsWordsOf(
  input: {
    kind: PromotionKind;
    rules: PromotionRules;
    terms: BonusTermsView;
    bonus: { wageringRequired: string } | null;
  },
  words: Words,
): TermsWords {
  const { t, symbol } = words;
  const { kind, rules, terms } = input;
  const wagering: string[] = [];
  if (terms.multiplier === 0) wagering.push(t('promotions.terms.noWagering'));
  else {
    wagering.push(
      t(terms.includeDeposit ? 'promotions.terms.wageringWithDeposit' : 'promotions.terms.wagering', {
        multiplier: terms.multiplier,
      }),
    );
    const known = knownWagering(kind, rules, terms, input.bonus);
    if (known !== null) wagering.push(t('promotions.terms.wageringAmount', { amount: money(known, symbol) }));
    else if (kind === 'deposit_bonus') {
      const example = depositExample(rules, terms, words);
      if (example) wagering.push(example);
    }
  }
  const contributions = [...terms.contributions]
    .sort((left, right) => contributionPercentOf(right) - contributionPercentOf(left))
    .map((contribution) => ({
      gameType: contribution.gameType,
      game: t(`games.${contribution.gameType}`, { defaultValue: contribution.gameType }),
      percent: formatPercent(contribution.percent),
    }));
  const limits: string[] = [];
  if (terms.maxStake)
    limits.push(t('promotions.terms.maxStake', { amount: formatMoney(terms.maxStake, symbol) }));
  const spinRule = spinRuleLineOf(terms, words);
  if (spinRule) limits.push(spinRule);
  limits.push(t('promotions.terms.expiry', { count: terms.expiryDays }));
  limits.push(
    terms.maxConversion
      ? t('promotions.terms.maxConversion', { amount: formatMoney(terms.maxConversion, symbol) })
      : t('promotions.terms.noMaxConversion'),
  );
  return { wagering, contributions, limits, withdrawalRule: t('promotions.terms.withdrawalRule') };
}
