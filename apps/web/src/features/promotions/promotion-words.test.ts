import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import type { BonusTermsView, PromotionKind, PromotionRules } from './api/promotions';
import {
  depositBonusMinor,
  formatPercent,
  percentToHundredths,
  rulesLinesOf,
  termsWordsOf,
  wageringRequiredMinor,
} from './promotion-words';

let english: TFunction;
let tagalog: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { translation: en }, fil: { translation: ty } },
    interpolation: { escapeValue: false },
  });
  english = instance.getFixedT('en');
  tagalog = instance.getFixedT('fil');
});

const terms: BonusTermsView = {
  multiplier: 5,
  includeDeposit: false,
  contributions: [
    { gameType: 'LIVE', percent: '10' },
    { gameType: 'RNG', percent: '100' },
    { gameType: 'SPORTS', percent: '50' },
  ],
  maxStake: '50.00',
  expiryDays: 7,
  maxConversion: '5000.00',
  minSpinStake: null,
  minSpinLines: null,
};

describe('percentages and sums', () => {
  it('writes wire percentages as people do', () => {
    expect(formatPercent('100.00')).toBe('100%');
    expect(formatPercent('12.50')).toBe('12.5%');
    expect(formatPercent('0.05')).toBe('0.05%');
    expect(formatPercent(10)).toBe('10%');
    expect(percentToHundredths('12.5')).toBe(1250n);
    expect(percentToHundredths('abc')).toBeNull();
  });

  it('works a deposit bonus out as a percent of the deposit, floored, within the cap', () => {
    expect(depositBonusMinor({ depositMinor: 10_000n, percent: '100.00', capMinor: 100_000n })).toBe(10_000n);
    expect(depositBonusMinor({ depositMinor: 10_001n, percent: '12.5', capMinor: null })).toBe(1_250n);
    expect(depositBonusMinor({ depositMinor: 500_000n, percent: '100', capMinor: 100_000n })).toBe(100_000n);
  });

  it('asks for the multiplier times the bonus, and the deposit too when the terms count it', () => {
    const base = { multiplier: 5, bonusMinor: 10_000n, depositMinor: 20_000n };
    expect(wageringRequiredMinor({ ...base, includeDeposit: false })).toBe(50_000n);
    expect(wageringRequiredMinor({ ...base, includeDeposit: true })).toBe(150_000n);
  });
});

describe('the rules in words', () => {
  const deposit: PromotionRules = {
    percent: '100.00',
    cap: '1000.00',
    minDeposit: '100.00',
    which: 'first',
    methods: ['gcash', 'maya'],
  };

  const linesOf = (
    kind: PromotionKind,
    rules: PromotionRules,
    options: { hasTerms?: boolean; t?: TFunction; methodNames?: ReadonlyMap<string, string> } = {},
  ) =>
    rulesLinesOf(
      { kind, rules, hasTerms: options.hasTerms ?? true },
      { t: options.t ?? english, symbol: '₱', methodNames: options.methodNames },
    );

  it('say what a deposit bonus gives, on which deposit, from how much and through which methods', () => {
    expect(linesOf('deposit_bonus', deposit, { methodNames: new Map([['gcash', 'GCash']]) })).toEqual([
      'Get 100% of your first deposit as a bonus, up to ₱1,000.00.',
      'Minimum deposit: ₱100.00.',
      'Counts for deposits through GCash, MAYA.',
      'Join first: the bonus comes with your next deposit that qualifies.',
    ]);
  });

  it('name the deposit a bonus is for when it is not the first', () => {
    expect(linesOf('deposit_bonus', { ...deposit, which: 'nth', nth: 2, cap: undefined })[0]).toBe(
      'Get 100% of your deposit number 2 as a bonus.',
    );
    expect(linesOf('deposit_bonus', { ...deposit, which: 'nth', nth: 2 }, { t: tagalog })[0]).toBe(
      'Makakuha ng 100% ng iyong ika-2 na deposito bilang bonus, hanggang ₱1,000.00.',
    );
  });

  it('say how much a newbie bonus is and for whom', () => {
    expect(linesOf('newbie_bonus', { amount: '88.00', registeredWithinDays: 7 })).toEqual([
      'Claim a ₱88.00 bonus.',
      'For members who registered within the last 7 days.',
    ]);
  });

  it('say how much an app-download bonus is and that it comes with a login from the installed app', () => {
    expect(linesOf('app_download', { amount: '50.00' })).toEqual([
      'Claim a ₱50.00 bonus after you log in from the installed app.',
    ]);
    expect(linesOf('app_download', { amount: '50.00' }, { t: tagalog })).toEqual([
      'Mag-claim ng ₱50.00 na bonus pagkatapos mag-log in mula sa naka-install na app.',
    ]);
  });

  it('say how cashback is worked out, and that it is paid as cash when it has no bonus terms', () => {
    const rules: PromotionRules = {
      percent: '10.00',
      period: 'week',
      minNetLoss: '100.00',
      cap: '2000.00',
      payAs: 'cash',
    };
    expect(linesOf('cashback', rules, { hasTerms: false })).toEqual([
      'Get back 10% of your net loss every week, up to ₱2,000.00.',
      'Paid when your net loss for the period is at least ₱100.00.',
      'Net loss is what you staked on settled bets minus what you won.',
      'Paid as cash to your wallet, with nothing to wager.',
    ]);
    expect(linesOf('cashback', { ...rules, payAs: 'bonus', period: 'day' }).at(-1)).toBe(
      'Paid as a bonus, under the bonus terms below.',
    );
  });

  it('say how an application works, its most and how it is paid', () => {
    expect(linesOf('application', { maxAmount: '500.00' })).toEqual([
      'Apply with a short note and up to 3 pictures. Our team reviews every application.',
      'Awards up to ₱500.00.',
      'Paid as a bonus, under the bonus terms below.',
    ]);
  });

  it('have nothing to say for an information-only promotion', () => {
    expect(linesOf('info', {})).toEqual([]);
  });

  const raffle: PromotionRules = {
    ticketBy: 'validBet',
    ticketEvery: '500.00',
    maxTickets: 100,
    prizes: [
      { amount: '5000.00', count: 1 },
      { amount: '1000.00', count: 3 },
    ],
    payAs: 'cash',
    claimDays: 7,
    drawDelayMinutes: 60,
    gameTypes: ['RNG', 'FISH'],
    minSpinStake: '1.00',
    minSpinLines: 25,
  };

  it('say how a raffle’s tickets come from valid bets, on which games and spins, and how its prizes are claimed', () => {
    expect(linesOf('raffle', raffle, { hasTerms: false })).toEqual([
      'Earn 1 ticket for every ₱500.00 of valid bets.',
      'Up to 100 tickets per member.',
      'Only bets on Slots, Fishing count.',
      'Slot spins count only at ₱1.00 or more per spin and 25 lines or more.',
      'Only bets placed after you join count, until the raffle ends.',
      'Winners are drawn from every ticket after the raffle ends. Each ticket wins at most one prize.',
      'Claim your prize within 7 days of the draw, or it expires.',
      'Paid as cash to your wallet, with nothing to wager.',
    ]);
  });

  it('say how a raffle’s tickets come from deposits, paid as a bonus, in Tagalog too', () => {
    const byDeposit: PromotionRules = {
      ticketBy: 'deposit',
      ticketEvery: '100.00',
      maxTickets: 1,
      payAs: 'bonus',
      claimDays: 1,
    };
    expect(linesOf('raffle', byDeposit)).toEqual([
      'Earn 1 ticket for every ₱100.00 you deposit.',
      'Up to 1 ticket per member.',
      'Only deposits made after you join count, until the raffle ends.',
      'Winners are drawn from every ticket after the raffle ends. Each ticket wins at most one prize.',
      'Claim your prize within 1 day of the draw, or it expires.',
      'Paid as a bonus, under the bonus terms below.',
    ]);
    expect(linesOf('raffle', raffle, { t: tagalog, hasTerms: false }).slice(0, 4)).toEqual([
      'Makakuha ng 1 tiket sa bawat ₱500.00 na balidong taya.',
      'Hanggang 100 tiket bawat miyembro.',
      'Ang mga taya lang sa Mga slot, Pangingisda ang binibilang.',
      'Binibilang lang ang mga spin sa slot na ₱1.00 o higit pa ang taya bawat spin at may 25 linya o higit pa.',
    ]);
  });
});

describe('the bonus terms in words', () => {
  it('state the wagering, the contributions as a list, the limits and the withdrawal rule', () => {
    const words = termsWordsOf(
      { kind: 'newbie_bonus', rules: { amount: '88.00' }, terms, bonus: null },
      { t: english, symbol: '₱' },
    );
    expect(words.wagering).toEqual([
      'Wager 5× the bonus before it turns into cash.',
      'Wagering required: ₱440.00.',
    ]);
    expect(words.contributions).toEqual([
      { gameType: 'RNG', game: 'Slots', percent: '100%' },
      { gameType: 'SPORTS', game: 'Sports', percent: '50%' },
      { gameType: 'LIVE', game: 'Live casino', percent: '10%' },
    ]);
    expect(words.limits).toEqual([
      'Largest bet while the bonus is active: ₱50.00.',
      'The bonus expires 7 days after it starts.',
      'At most ₱5,000.00 turns into cash; anything above that goes back.',
    ]);
    expect(words.withdrawalRule).toBe(
      'Your own money can always be withdrawn. Canceling the bonus, or withdrawing while it is active, forfeits the bonus and its winnings.',
    );
  });

  it('know the wagering of an app-download bonus from its amount, as of a newbie bonus', () => {
    const words = termsWordsOf(
      { kind: 'app_download', rules: { amount: '50.00' }, terms, bonus: null },
      { t: english, symbol: '₱' },
    );
    expect(words.wagering).toEqual([
      'Wager 5× the bonus before it turns into cash.',
      'Wagering required: ₱250.00.',
    ]);
  });

  it('work a deposit bonus through at its minimum deposit, with the deposit when the terms count it', () => {
    const words = termsWordsOf(
      {
        kind: 'deposit_bonus',
        rules: { percent: '50.00', cap: '1000.00', minDeposit: '200.00', which: 'any' },
        terms: { ...terms, includeDeposit: true },
        bonus: null,
      },
      { t: english, symbol: '₱' },
    );
    expect(words.wagering).toEqual([
      'Wager 5× the bonus plus your deposit before it turns into cash.',
      'For example, a ₱200.00 deposit brings a ₱100.00 bonus and ₱1,500.00 to wager.',
    ]);
  });

  it('take the wagering of a bonus already granted from the bonus itself', () => {
    const words = termsWordsOf(
      {
        kind: 'deposit_bonus',
        rules: { minDeposit: '100.00', percent: '100' },
        terms,
        bonus: { wageringRequired: '2500.00' },
      },
      { t: english, symbol: '₱' },
    );
    expect(words.wagering[1]).toBe('Wagering required: ₱2,500.00.');
  });

  it('say there is nothing to wager and no cap where there is none, and leave out a missing stake limit', () => {
    const words = termsWordsOf(
      {
        kind: 'newbie_bonus',
        rules: { amount: '88.00' },
        terms: { ...terms, multiplier: 0, maxStake: null, maxConversion: null, expiryDays: 1 },
        bonus: null,
      },
      { t: english, symbol: '₱' },
    );
    expect(words.wagering).toEqual(['Nothing to wager: the bonus turns into cash right away.']);
    expect(words.limits).toEqual([
      'The bonus expires 1 day after it starts.',
      'Everything in your bonus wallet turns into cash once wagering is done.',
    ]);
  });

  it('read in Tagalog with the same sums', () => {
    const words = termsWordsOf(
      { kind: 'newbie_bonus', rules: { amount: '88.00' }, terms, bonus: null },
      { t: tagalog, symbol: '₱' },
    );
    expect(words.wagering).toEqual([
      'Itaya ang 5× ng bonus bago ito maging cash.',
      'Kailangang itaya: ₱440.00.',
    ]);
    expect(words.limits[1]).toBe('Mag-e-expire ang bonus 7 araw matapos itong magsimula.');
    expect(words.contributions[0]).toEqual({ gameType: 'RNG', game: 'Mga slot', percent: '100%' });
    expect(words.withdrawalRule).toContain('sarili mong pera');
  });

  it('state a slot-spin rule among the limits, with the stake, the lines, or both', () => {
    const limitsOf = (rule: Pick<BonusTermsView, 'minSpinStake' | 'minSpinLines'>, t = english) =>
      termsWordsOf(
        { kind: 'newbie_bonus', rules: { amount: '88.00' }, terms: { ...terms, ...rule }, bonus: null },
        { t, symbol: '₱' },
      ).limits;
    expect(limitsOf({ minSpinStake: '1.00', minSpinLines: 25 })[1]).toBe(
      'Slot spins count only at ₱1.00 or more per spin and 25 lines or more.',
    );
    expect(limitsOf({ minSpinStake: '2.50', minSpinLines: null })[1]).toBe(
      'Slot spins count only at ₱2.50 or more per spin.',
    );
    expect(limitsOf({ minSpinStake: null, minSpinLines: 1 })[1]).toBe(
      'Slot spins count only at 1 line or more.',
    );
    // Tagalog puts "na" after the numbers that end in 4, 6 or 9 (the locale's "other").
    expect(limitsOf({ minSpinStake: null, minSpinLines: 24 }, tagalog)[1]).toBe(
      'Binibilang lang ang mga spin sa slot na may 24 na linya o higit pa.',
    );
    expect(limitsOf({ minSpinStake: null, minSpinLines: null })).toHaveLength(3);
  });

  it('names a game type it has no words for by its code rather than by a missing key', () => {
    const words = termsWordsOf(
      {
        kind: 'newbie_bonus',
        rules: {},
        terms: { ...terms, contributions: [{ gameType: 'NEWTYPE', percent: '20' }] },
        bonus: null,
      },
      { t: english, symbol: '₱' },
    );
    expect(words.contributions).toEqual([{ gameType: 'NEWTYPE', game: 'NEWTYPE', percent: '20%' }]);
  });
});
