import { formatMoney, parseAmount } from '@panalo/money/amount.ts';
import { BONUS_GAME_TYPES, percentOfBasisPoints } from '../../lib/bonus-terms.ts';
import type { MemberState, PromotionKind, PromotionType } from './promotion-labels.ts';

/**
 * The words a player reads of a promotion, in Tagalog (TY, the default) and English, for the
 * builder's live preview: the card's button, the schedule, the rules and the bonus terms. Amounts
 * a field does not hold yet read as an ellipsis, so that the preview never shows a made-up figure.
 */

export type PreviewLanguage = 'TY' | 'EN';

/** The merchant's time zone, in which players read dates (API.md "Values"). */
const PLAYER_TIME_ZONE = 'Asia/Manila';
const MISSING = '…';

/**
 * Bonus terms as far as the form reads: a number the operator has not typed right is null, an
 * amount typed wrong is '' (both read as an ellipsis), an amount left blank (no limit) is null.
 */
export type PreviewTerms = {
  multiplier: number | null;
  includeDeposit: boolean;
  contributions: Partial<Record<string, number>>;
  maxStake: string | null;
  expiryDays: number | null;
  maxConversion: string | null;
};

/** What the player's pages show of a promotion while it is being built: the form, read leniently. */
export type PreviewPromotion = {
  type: PromotionType;
  kind: PromotionKind;
  startsAt: string | null;
  endsAt: string | null;
  /** The kind's rules as far as they read: amounts as wire strings, percents as rates ("100.00"). */
  rules: Record<string, unknown>;
  terms: PreviewTerms | null;
  grantsPerMember: number | null;
  audience: 'all' | 'new_members' | 'agent_teams';
};

type Words = {
  types: Record<PromotionType, string>;
  gameTypes: Record<string, string>;
  states: Record<MemberState, string>;
  infoAction: string;
  schedule: {
    from: (start: string) => string;
    range: (start: string, end: string) => string;
    startsOn: (start: string) => string;
  };
  sections: { rules: string; terms: string; contributions: string; accept: string };
  deposit: {
    bonus: (percent: string, cap: string) => string;
    minimum: (amount: string) => string;
    which: { first: string; any: string; nth: (nth: number | null) => string };
    methods: (names: string) => string;
  };
  newbie: { bonus: (amount: string) => string; within: (days: string) => string };
  application: { how: string; maxAmount: (amount: string) => string };
  cashback: {
    share: (percent: string, period: 'day' | 'week', cap: string) => string;
    minimum: (amount: string, period: 'day' | 'week') => string;
    netLoss: string;
  };
  payAs: { bonus: string; cash: string };
  grants: (count: number) => string;
  audience: { new_members: (days: string) => string; agent_teams: string };
  terms: {
    wagering: (multiplier: string, includeDeposit: boolean) => string;
    wageringAmount: (amount: string) => string;
    noWagering: string;
    otherGames: string;
    maxStake: (amount: string) => string;
    expiry: (days: number | null) => string;
    maxConversion: (amount: string) => string;
    withdrawalRule: string;
  };
  stateNotes: Partial<Record<MemberState, string>>;
};

const ENGLISH_ORDINAL_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const englishOrdinals = new Intl.PluralRules('en', { type: 'ordinal' });
const ordinalEnglish = (n: number) => `${n}${ENGLISH_ORDINAL_SUFFIXES[englishOrdinals.select(n)] ?? 'th'}`;

const WORDS: Record<PreviewLanguage, Words> = {
  TY: {
    types: {
      OTHERS: 'Iba pa',
      SPORTS: 'Palakasan',
      LIVE: 'Live na casino',
      SLOTS: 'Mga slot',
      CARD: 'Baraha',
      FISH: 'Pangingisda',
      LOTTO: 'Lotto',
      REBATE: 'Balik-taya',
      POINTS_MALL: 'Tindahan ng puntos',
      RANKING: 'Ranggo',
      DEPOSIT: 'Deposito',
      APP_DOWNLOAD: 'Pag-download ng app',
      NEWBIE: 'Baguhan',
      GAME: 'Promo ng laro',
    },
    gameTypes: {
      INHOUSE: 'Sariling laro',
      LIVE: 'Live na casino',
      RNG: 'Mga slot',
      FISH: 'Pangingisda',
      SPORTS: 'Palakasan',
      PVP: 'Baraha',
      ESPORTS: 'E-sports',
      COCKFIGHT: 'Sabong',
      LOTT: 'Lotto',
      ELOTT: 'E-lotto',
    },
    states: {
      COMING_SOON: 'Malapit na',
      CLOSE: 'Tapos na',
      JOIN: 'Sumali',
      JOINED: 'Nakasali ka na',
      CLAIM: 'I-claim',
      CLAIMED: 'Na-claim na',
      APPLY: 'Mag-apply',
      APPLYING: 'Sinusuri pa',
      REJECTED: 'Hindi naaprubahan',
      ISSUED: 'Natanggap na',
      PROCESS: 'Tumatakbo ang bonus',
      NONE: 'Hindi ka kasali',
    },
    infoAction: 'Tingnan ang detalye',
    schedule: {
      from: (start) => `Mula ${start}, walang takdang pagtatapos`,
      range: (start, end) => `${start} hanggang ${end}`,
      startsOn: (start) => `Magsisimula sa ${start}`,
    },
    sections: {
      rules: 'Mga patakaran',
      terms: 'Mga tuntunin ng bonus',
      contributions: 'Gaano binibilang ang bawat laro sa taya',
      accept: 'Nabasa ko at tinatanggap ko ang mga tuntunin',
    },
    deposit: {
      bonus: (percent, cap) => `Bonus na ${percent}% ng iyong deposito, hanggang ${cap}`,
      minimum: (amount) => `Pinakamababang deposito: ${amount}`,
      which: {
        first: 'Para sa iyong unang deposito',
        any: 'Para sa alinmang deposito matapos kang sumali',
        nth: (nth) => `Para sa iyong ika-${nth ?? MISSING} na deposito`,
      },
      methods: (names) => `Sa mga paraang ito lang: ${names}`,
    },
    newbie: {
      bonus: (amount) => `Bonus na ${amount}, matatanggap agad kapag na-claim mo`,
      within: (days) => `Para sa mga nagparehistro sa nakalipas na ${days} araw`,
    },
    application: {
      how: 'Mag-apply gamit ang maikling komento at hanggang 3 larawan; sinusuri namin ang bawat aplikasyon.',
      maxAmount: (amount) => `Gantimpala na hanggang ${amount}`,
    },
    cashback: {
      share: (percent, period, cap) =>
        `${percent}% ng iyong netong talo bawat ${period === 'day' ? 'araw' : 'linggo'}, hanggang ${cap}`,
      minimum: (amount, period) =>
        `Ibinibigay kapag ang netong talo mo sa ${period === 'day' ? 'araw' : 'linggo'} ay hindi bababa sa ${amount}`,
      netLoss: 'Ang netong talo ay ang kabuuan ng iyong mga natapos na taya bawas ang iyong mga panalo.',
    },
    payAs: {
      bonus: 'Ibibigay bilang bonus, ayon sa mga tuntunin sa ibaba',
      cash: 'Ibibigay bilang cash, walang kailangang tayaan',
    },
    grants: (count) =>
      count === 0
        ? 'Walang limitasyon kung ilang beses bawat manlalaro'
        : count === 1
          ? 'Isang beses lang bawat manlalaro'
          : `Hanggang ${count} beses bawat manlalaro`,
    audience: {
      new_members: (days) => `Para lang sa mga bagong miyembro (nagparehistro sa nakalipas na ${days} araw)`,
      agent_teams: 'Para lang sa mga miyembro ng piling team',
    },
    terms: {
      wagering: (multiplier, includeDeposit) =>
        `Tayaan nang ${multiplier}× ang bonus${includeDeposit ? ' at ang deposito' : ''} bago ito maging cash`,
      wageringAmount: (amount) => `Kabuuang valid na taya na kailangan: ${amount}`,
      noWagering: 'Walang kailangang tayaan: magiging cash agad ang bonus',
      otherGames: 'Ibang laro',
      maxStake: (amount) => `Pinakamalaking taya habang aktibo ang bonus: ${amount}`,
      expiry: (days) =>
        `Mawawala ${days ?? MISSING} araw matapos itong magsimula kung hindi natapos ang taya`,
      maxConversion: (amount) => `Hanggang ${amount} lang ang magiging cash; mawawala ang sobra`,
      withdrawalRule:
        'Maaari mong i-withdraw ang sarili mong pera anumang oras. Kapag kinansela mo ang bonus o nag-withdraw habang aktibo ito, mawawala ang bonus at ang mga panalo nito.',
    },
    stateNotes: {
      COMING_SOON: 'Hindi pa nagsisimula ang promo na ito.',
      CLOSE: 'Tapos na ang promo na ito.',
      JOINED: 'Nakasali ka na. Matatanggap mo ang bonus sa susunod mong deposito na pasok sa patakaran.',
      APPLYING: 'Natanggap namin ang iyong aplikasyon at sinusuri pa ito.',
      REJECTED: 'Hindi naaprubahan ang iyong aplikasyon. Maaari kang mag-apply muli nang isang beses.',
      ISSUED: 'Natanggap mo na ang gantimpala ng promo na ito.',
      PROCESS: 'Aktibo ang iyong bonus. Ituloy ang pagtaya para maging cash ito.',
      NONE: 'Hindi ka kasali sa promo na ito.',
    },
  },
  EN: {
    types: {
      OTHERS: 'Others',
      SPORTS: 'Sports',
      LIVE: 'Live',
      SLOTS: 'Slots',
      CARD: 'Cards',
      FISH: 'Fishing',
      LOTTO: 'Lotto',
      REBATE: 'Rebate',
      POINTS_MALL: 'Points mall',
      RANKING: 'Ranking',
      DEPOSIT: 'Deposit',
      APP_DOWNLOAD: 'App download',
      NEWBIE: 'Newbie',
      GAME: 'Game promotions',
    },
    gameTypes: {
      INHOUSE: 'In-house',
      LIVE: 'Live casino',
      RNG: 'Slots',
      FISH: 'Fishing',
      SPORTS: 'Sports',
      PVP: 'Cards',
      ESPORTS: 'E-sports',
      COCKFIGHT: 'Cockfight',
      LOTT: 'Lottery',
      ELOTT: 'E-lottery',
    },
    states: {
      COMING_SOON: 'Coming soon',
      CLOSE: 'Closed',
      JOIN: 'Join',
      JOINED: 'Joined',
      CLAIM: 'Claim',
      CLAIMED: 'Claimed',
      APPLY: 'Apply',
      APPLYING: 'Under review',
      REJECTED: 'Not approved',
      ISSUED: 'Received',
      PROCESS: 'Bonus in play',
      NONE: 'Not eligible',
    },
    infoAction: 'View details',
    schedule: {
      from: (start) => `From ${start}, no end date`,
      range: (start, end) => `${start} to ${end}`,
      startsOn: (start) => `Starts ${start}`,
    },
    sections: {
      rules: 'Rules',
      terms: 'Bonus terms',
      contributions: 'How each game counts toward wagering',
      accept: 'I have read and accept the terms',
    },
    deposit: {
      bonus: (percent, cap) => `A bonus of ${percent}% of your deposit, up to ${cap}`,
      minimum: (amount) => `Minimum deposit: ${amount}`,
      which: {
        first: 'On your first deposit',
        any: 'On any deposit after you join',
        nth: (nth) => `On your ${nth === null ? MISSING : ordinalEnglish(nth)} deposit`,
      },
      methods: (names) => `Only through: ${names}`,
    },
    newbie: {
      bonus: (amount) => `A bonus of ${amount}, credited as soon as you claim it`,
      within: (days) => `For players who registered in the last ${days} days`,
    },
    application: {
      how: 'Apply with a short comment and up to 3 images; we review every application.',
      maxAmount: (amount) => `A reward of up to ${amount}`,
    },
    cashback: {
      share: (percent, period, cap) => `${percent}% of your net loss each ${period}, up to ${cap}`,
      minimum: (amount, period) => `Paid when your net loss for the ${period} is at least ${amount}`,
      netLoss: 'Net loss is your settled bets less your wins.',
    },
    payAs: {
      bonus: 'Paid as a bonus, under the terms below',
      cash: 'Paid as cash, with no wagering',
    },
    grants: (count) =>
      count === 0
        ? 'No limit on how often a player takes part'
        : count === 1
          ? 'Once per player'
          : `Up to ${count} times per player`,
    audience: {
      new_members: (days) => `For new members only (registered in the last ${days} days)`,
      agent_teams: 'For members of selected teams only',
    },
    terms: {
      wagering: (multiplier, includeDeposit) =>
        `Wager ${multiplier}× the bonus${includeDeposit ? ' and the deposit' : ''} before it turns into cash`,
      wageringAmount: (amount) => `Valid bets needed in all: ${amount}`,
      noWagering: 'No wagering: the bonus turns into cash at once',
      otherGames: 'Other games',
      maxStake: (amount) => `Largest bet while the bonus is active: ${amount}`,
      expiry: (days) =>
        `Expires ${days ?? MISSING} ${days === 1 ? 'day' : 'days'} after it starts if the wagering is not done`,
      maxConversion: (amount) => `At most ${amount} turns into cash; the rest is forfeited`,
      withdrawalRule:
        'Your own money can always be withdrawn. Cancelling the bonus, or withdrawing while it is active, forfeits the bonus and its winnings.',
    },
    stateNotes: {
      COMING_SOON: 'This promotion has not started yet.',
      CLOSE: 'This promotion has ended.',
      JOINED: 'You have joined. Your next deposit that meets the rules earns the bonus.',
      APPLYING: 'We have your application and are reviewing it.',
      REJECTED: 'Your application was not approved. You may apply once more.',
      ISSUED: 'You have received this promotion’s reward.',
      PROCESS: 'Your bonus is active. Keep playing to turn it into cash.',
      NONE: 'This promotion is not open to you.',
    },
  },
};

/** A wire amount as players read it ("₱1,000.00"); an ellipsis while the field is empty or wrong. */
export function moneyWords(amount: unknown): string {
  if (typeof amount !== 'string') return MISSING;
  const parsed = parseAmount(amount);
  return parsed.ok ? formatMoney(parsed.minor) : MISSING;
}

/** A wire rate ("12.50") as players read a percent ("12.5"). */
export function percentWords(rate: unknown): string {
  if (typeof rate !== 'string') return MISSING;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rate);
  if (!match) return MISSING;
  return percentOfBasisPoints(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

const dateFormats = new Map<PreviewLanguage, Intl.DateTimeFormat>();

/** A moment as players read it: their language's medium date and short time, in Manila. */
export function dateWords(iso: string, language: PreviewLanguage): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'TY' ? 'fil-PH' : 'en-PH', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: PLAYER_TIME_ZONE,
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

export function typeWords(type: PromotionType, language: PreviewLanguage): string {
  return WORDS[language].types[type];
}

export function sectionWords(language: PreviewLanguage) {
  return WORDS[language].sections;
}

/**
 * The card's and detail's button or badge: an action the player may take (join, claim, apply),
 * where they stand (joined, under review …), or for an information-only promotion "view details".
 */
export function stateWords(
  state: MemberState,
  kind: PromotionKind,
  language: PreviewLanguage,
): { label: string; isAction: boolean } {
  if (kind === 'info' && state === 'NONE') return { label: WORDS[language].infoAction, isAction: false };
  return {
    label: WORDS[language].states[state],
    isAction: state === 'JOIN' || state === 'CLAIM' || state === 'APPLY',
  };
}

/** What the detail says under the button in this state, if anything. */
export function stateNoteWords(
  state: MemberState,
  kind: PromotionKind,
  language: PreviewLanguage,
): string | null {
  if (kind === 'info' && state === 'NONE') return null;
  return WORDS[language].stateNotes[state] ?? null;
}

/** The dates on the card: from, to (or none), or when it starts for one that has not. */
export function scheduleWords(
  promotion: Pick<PreviewPromotion, 'startsAt' | 'endsAt'>,
  state: MemberState,
  language: PreviewLanguage,
): string {
  const words = WORDS[language].schedule;
  const start = promotion.startsAt ? dateWords(promotion.startsAt, language) : MISSING;
  if (state === 'COMING_SOON') return words.startsOn(start);
  if (!promotion.endsAt) return words.from(start);
  return words.range(start, dateWords(promotion.endsAt, language));
}

const numberOr = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const daysText = (value: unknown) => (typeof value === 'number' ? String(value) : MISSING);

/** The rules of the promotion's kind, one line each, as the detail lists them. */
export function rulesWords(promotion: PreviewPromotion, language: PreviewLanguage): string[] {
  const words = WORDS[language];
  const { rules } = promotion;
  const lines: string[] = [];
  switch (promotion.kind) {
    case 'info':
      break;
    case 'deposit_bonus': {
      lines.push(words.deposit.bonus(percentWords(rules.percent), moneyWords(rules.cap)));
      lines.push(words.deposit.minimum(moneyWords(rules.minDeposit)));
      const which = rules.which === 'nth' || rules.which === 'any' ? rules.which : 'first';
      lines.push(which === 'nth' ? words.deposit.which.nth(numberOr(rules.nth)) : words.deposit.which[which]);
      if (Array.isArray(rules.methods) && rules.methods.length > 0) {
        lines.push(words.deposit.methods(rules.methods.join(', ')));
      }
      break;
    }
    case 'newbie_bonus':
      lines.push(words.newbie.bonus(moneyWords(rules.amount)));
      lines.push(words.newbie.within(daysText(rules.registeredWithinDays)));
      break;
    case 'application':
      lines.push(words.application.how);
      if (typeof rules.maxAmount === 'string')
        lines.push(words.application.maxAmount(moneyWords(rules.maxAmount)));
      lines.push(rules.payAs === 'cash' ? words.payAs.cash : words.payAs.bonus);
      break;
    case 'cashback': {
      const period = rules.period === 'day' ? 'day' : 'week';
      lines.push(words.cashback.share(percentWords(rules.percent), period, moneyWords(rules.cap)));
      lines.push(words.cashback.minimum(moneyWords(rules.minNetLoss), period));
      lines.push(words.cashback.netLoss);
      lines.push(rules.payAs === 'cash' ? words.payAs.cash : words.payAs.bonus);
      break;
    }
  }
  if (promotion.audience === 'new_members')
    lines.push(words.audience.new_members(daysText(rules.newMemberDays)));
  if (promotion.audience === 'agent_teams') lines.push(words.audience.agent_teams);
  if (promotion.kind !== 'info' && promotion.grantsPerMember !== null) {
    lines.push(words.grants(promotion.grantsPerMember));
  }
  return lines;
}

/**
 * The bonus a player would get whatever they do, where the rules fix it (a newbie bonus's amount),
 * so that the terms can say how much wagering that is; null where it depends on a deposit or a
 * loss.
 */
function fixedBonusMinorOf(promotion: PreviewPromotion): bigint | null {
  if (promotion.kind !== 'newbie_bonus' || typeof promotion.rules.amount !== 'string') return null;
  const amount = parseAmount(promotion.rules.amount);
  return amount.ok ? amount.minor : null;
}

/** The bonus terms in words: wagering, what each game counts, limits, expiry and the withdrawal rule. */
export function termsWords(
  promotion: PreviewPromotion,
  language: PreviewLanguage,
): {
  lines: string[];
  contributions: { gameType: string; percent: string }[];
  withdrawalRule: string;
} | null {
  const { terms } = promotion;
  if (!terms) return null;
  const words = WORDS[language].terms;
  const lines: string[] = [];
  if (terms.multiplier === 0) {
    lines.push(words.noWagering);
  } else {
    lines.push(
      words.wagering(terms.multiplier === null ? MISSING : String(terms.multiplier), terms.includeDeposit),
    );
    const bonusMinor = fixedBonusMinorOf(promotion);
    if (bonusMinor !== null && terms.multiplier !== null) {
      lines.push(words.wageringAmount(formatMoney(bonusMinor * BigInt(terms.multiplier))));
    }
  }
  if (terms.maxStake !== null) lines.push(words.maxStake(moneyWords(terms.maxStake)));
  lines.push(words.expiry(terms.expiryDays));
  if (terms.maxConversion !== null) lines.push(words.maxConversion(moneyWords(terms.maxConversion)));

  const counted = BONUS_GAME_TYPES.filter((type) => (terms.contributions[type] ?? 0) > 0).map((type) => ({
    gameType: WORDS[language].gameTypes[type] ?? type,
    percent: `${percentOfBasisPoints(terms.contributions[type] ?? 0)}%`,
  }));
  const contributions =
    counted.length < BONUS_GAME_TYPES.length
      ? [...counted, { gameType: words.otherGames, percent: '0%' }]
      : counted;
  return { lines, contributions, withdrawalRule: words.withdrawalRule };
}
