import { formatMoney, parseAmount } from '@panalo/money/amount.ts';
import { BONUS_GAME_TYPES, percentOfBasisPoints } from '../../lib/bonus-terms.ts';
import type { MemberState, PromotionKind, PromotionType } from './promotion-labels.ts';

/**
 * The words a player reads of a promotion, in Tagalog (TY, the default) and English, for the
 * builder's live preview: the card's badge, the dates, the detail's action and the line under it,
 * the rules and the bonus terms. They are the player app's own words (apps/web's `promotions`
 * locale block and its promotion-words.ts), written again here because the two apps share no
 * code but packages; a change of wording there is made here too. A field the operator has not
 * filled in right yet reads as an ellipsis, so that the preview never shows a made-up figure.
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
  /** The slot-spin rule: an amount and lines ('' while typed wrong), each null when not set. */
  minSpinStake: string | null;
  minSpinLines: number | '' | null;
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

/** One of two forms by count, as the player app's plural keys choose them (`_one`, `_other`). */
type Plural = (count: number | null) => string;

type Words = {
  types: Record<PromotionType, string>;
  games: Record<string, string>;
  badges: Record<MemberState, string>;
  actions: { join: string; claim: string; apply: string; applyAgain: string; details: string };
  dates: {
    range: (from: string, to: string) => string;
    open: (from: string) => string;
    startsAt: (date: string) => string;
    endsAt: (date: string) => string;
    noEnd: string;
  };
  detail: { rules: string; terms: string; contributions: string; otherGames: string; accept: string };
  stateLines: {
    comingSoon: string;
    closed: string;
    joinedDeposit: string;
    joinedCashback: string;
    joinedRaffle: string;
    wonRaffle: string;
    claimed: string;
    applying: string;
    rejected: string;
    issued: string;
    bonusActive: string;
    audience: string;
  };
  rules: {
    depositPercent: (percent: string, which: string, cap: string) => string;
    whichFirst: string;
    whichAny: string;
    whichNth: (nth: string) => string;
    minDeposit: (amount: string) => string;
    methods: (methods: string) => string;
    depositAfterJoin: string;
    newbieAmount: (amount: string) => string;
    newbieWithin: Plural;
    applyHow: string;
    applyMaxAmount: (amount: string) => string;
    paidAsCash: string;
    paidAsBonus: string;
    cashbackPercent: (percent: string, period: string, cap: string) => string;
    periodDay: string;
    periodWeek: string;
    minNetLoss: (amount: string) => string;
    netLoss: string;
    ticketsByBet: (every: string, max: number | null) => string;
    ticketsByDeposit: (every: string, max: number | null) => string;
    betsAfterJoin: string;
    depositsAfterJoin: string;
    ticketGames: (games: string) => string;
    spinStakeAndLines: (stake: string, lines: string) => string;
    spinStake: (stake: string) => string;
    spinLines: (lines: string) => string;
    drawAt: (date: string) => string;
    drawFair: string;
    claimWithin: Plural;
  };
  raffle: {
    prizes: string;
    place: string;
    prize: string;
    winners: string;
    rank: (rank: number) => string;
    ranks: (from: number, to: number) => string;
    total: (count: number, amount: string) => string;
    drawOnCard: (date: string) => string;
  };
  terms: {
    wagering: (multiplier: string) => string;
    wageringWithDeposit: (multiplier: string) => string;
    noWagering: string;
    wageringAmount: (amount: string) => string;
    depositExample: (deposit: string, bonus: string, wagering: string) => string;
    maxStake: (amount: string) => string;
    expiry: Plural;
    maxConversion: (amount: string) => string;
    noMaxConversion: string;
    withdrawalRule: string;
  };
};

const count = (value: number | null) => (value === null ? MISSING : String(value));

// The player app's plural keys follow the language's plural rules: in Filipino "one" covers 1, 2,
// 3, 5, 7, 8 … ("7 araw") and "other" 4, 6, 9 … ("4 na araw").
const filipinoPlurals = new Intl.PluralRules('fil');
const isFilipinoOne = (value: number | null) => value !== null && filipinoPlurals.select(value) === 'one';
const tickets = (value: number | null) =>
  isFilipinoOne(value) ? `${count(value)} tiket` : `${count(value)} na tiket`;

const englishOrdinals = new Intl.PluralRules('en', { type: 'ordinal' });
const ORDINAL_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
const ordinal = (rank: number) => `${rank}${ORDINAL_SUFFIXES[englishOrdinals.select(rank)] ?? 'th'}`;

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
    games: {
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
    badges: {
      COMING_SOON: 'Malapit na',
      CLOSE: 'Sarado na',
      JOIN: 'Bukas',
      JOINED: 'Kasali ka na',
      CLAIM: 'Puwede nang i-claim',
      CLAIMED: 'Na-claim na',
      APPLY: 'Tumatanggap ng aplikasyon',
      APPLYING: 'Sinusuri pa',
      REJECTED: 'Hindi inaprubahan',
      ISSUED: 'Natanggap na',
      PROCESS: 'Kasalukuyan',
      NONE: 'Detalye',
    },
    actions: {
      join: 'Sumali',
      claim: 'I-claim',
      apply: 'Mag-apply',
      applyAgain: 'Mag-apply muli',
      details: 'Tingnan ang detalye',
    },
    dates: {
      range: (from, to) => `${from} hanggang ${to}`,
      open: (from) => `Mula ${from}, walang petsa ng pagtatapos`,
      startsAt: (date) => `Magsisimula sa ${date}`,
      endsAt: (date) => `Matatapos sa ${date}`,
      noEnd: 'Walang petsa ng pagtatapos',
    },
    detail: {
      rules: 'Paano ito gumagana',
      terms: 'Mga kondisyon ng bonus',
      contributions: 'Gaano kalaki ng bawat taya ang binibilang sa kailangang taya',
      otherGames: 'Hindi binibilang ang mga larong wala sa listahan.',
      accept: 'Nabasa ko at tinatanggap ko ang mga patakaran at kondisyon ng bonus sa itaas.',
    },
    stateLines: {
      comingSoon: 'Hindi pa nagsisimula ang promong ito. Bumalik ka pagbukas nito.',
      closed: 'Tapos na ang promong ito.',
      joinedDeposit:
        'Kasali ka na. Darating ang bonus mo kasama ng susunod mong depositong pasok sa mga patakaran.',
      joinedCashback: 'Kasali ka na. Kinukuwenta ang cashback mo sa pagtatapos ng bawat panahon.',
      joinedRaffle:
        'Kasali ka na. Makakakuha ka ng tiket hanggang matapos ang promo; bubunutin ang mga mananalo pagkatapos nito.',
      wonRaffle: 'Nanalo ka! I-claim ang premyo mo bago ito mag-expire.',
      claimed: 'Na-claim mo na ang bonus na ito.',
      applying: 'Sinusuri pa ang iyong aplikasyon. Makikita mo rito ang resulta.',
      rejected: 'Hindi inaprubahan ang iyong aplikasyon.',
      issued: 'Natanggap mo na ang gantimpalang ito.',
      bonusActive: 'Aktibo ang bonus mo. Itaya ito para maging cash.',
      audience: 'Para sa ibang miyembro ang promong ito.',
    },
    rules: {
      depositPercent: (percent, which, cap) =>
        `Makakuha ng ${percent} ng ${which} bilang bonus, hanggang ${cap}.`,
      whichFirst: 'iyong unang deposito',
      whichAny: 'isang deposito',
      whichNth: (nth) => `iyong ika-${nth} na deposito`,
      minDeposit: (amount) => `Pinakamababang deposito: ${amount}.`,
      methods: (methods) => `Para sa mga depositong dumaan sa ${methods}.`,
      depositAfterJoin:
        'Sumali muna: darating ang bonus kasama ng susunod mong depositong pasok sa mga patakaran.',
      newbieAmount: (amount) => `Mag-claim ng ${amount} na bonus.`,
      newbieWithin: (days) =>
        isFilipinoOne(days)
          ? `Para sa mga miyembrong nag-rehistro sa loob ng huling ${count(days)} araw.`
          : `Para sa mga miyembrong nag-rehistro sa loob ng huling ${count(days)} na araw.`,
      applyHow:
        'Mag-apply gamit ang maikling tala at hanggang 3 larawan. Sinusuri ng aming team ang bawat aplikasyon.',
      applyMaxAmount: (amount) => `Hanggang ${amount} ang maaaring igawad.`,
      paidAsCash: 'Ibinibigay bilang cash sa iyong wallet, walang kailangang itaya.',
      paidAsBonus: 'Ibinibigay bilang bonus, sa ilalim ng mga kondisyon ng bonus sa ibaba.',
      cashbackPercent: (percent, period, cap) =>
        `Maibalik ang ${percent} ng iyong net loss bawat ${period}, hanggang ${cap}.`,
      periodDay: 'araw',
      periodWeek: 'linggo',
      minNetLoss: (amount) => `Ibinibigay kapag umabot sa ${amount} ang net loss mo sa panahong iyon.`,
      netLoss: 'Ang net loss ay ang itinaya mo sa mga tapos nang taya bawas ang napanalunan mo.',
      ticketsByBet: (every, max) =>
        `Makakuha ng 1 tiket sa bawat ${every} na balidong taya, hanggang ${tickets(max)} bawat miyembro.`,
      ticketsByDeposit: (every, max) =>
        `Makakuha ng 1 tiket sa bawat ${every} na ideposito mo, hanggang ${tickets(max)} bawat miyembro.`,
      betsAfterJoin: 'Sumali muna: binibilang ang mga taya mula nang sumali ka hanggang matapos ang promo.',
      depositsAfterJoin:
        'Sumali muna: binibilang ang mga deposito mula nang sumali ka hanggang matapos ang promo.',
      ticketGames: (games) => `Ang mga taya lang sa ${games} ang binibilang.`,
      spinStakeAndLines: (stake, lines) =>
        `Binibilang lang ang spin sa slot kung ${stake} o higit pa ang taya at ${lines} linya o higit pa.`,
      spinStake: (stake) => `Binibilang lang ang spin sa slot kung ${stake} o higit pa ang taya.`,
      spinLines: (lines) => `Binibilang lang ang spin sa slot kung ${lines} linya o higit pa ang nilalaro.`,
      drawAt: (date) => `Ang bunutan ay sa ${date}.`,
      drawFair:
        'Patas at mapapatunayan ang bunutan: ipinapakita ang hash ng seed bago ang bunutan, at ang mismong seed pagkatapos nito.',
      claimWithin: (days) =>
        isFilipinoOne(days)
          ? `I-claim ng mga nanalo ang premyo sa loob ng ${count(days)} araw matapos ang bunutan; mawawala ang premyong hindi na-claim.`
          : `I-claim ng mga nanalo ang premyo sa loob ng ${count(days)} na araw matapos ang bunutan; mawawala ang premyong hindi na-claim.`,
    },
    raffle: {
      prizes: 'Mga premyo',
      place: 'Puwesto',
      prize: 'Premyo',
      winners: 'Mananalo',
      rank: (rank) => `Ika-${rank}`,
      ranks: (from, to) => `Ika-${from} hanggang ika-${to}`,
      total: (prizes, amount) =>
        isFilipinoOne(prizes)
          ? `Kabuuang ${amount} sa ${prizes} premyo.`
          : `Kabuuang ${amount} sa ${prizes} na premyo.`,
      drawOnCard: (date) => `Bunutan: ${date}`,
    },
    terms: {
      wagering: (multiplier) => `Itaya ang ${multiplier}× ng bonus bago ito maging cash.`,
      wageringWithDeposit: (multiplier) =>
        `Itaya ang ${multiplier}× ng bonus at ng iyong deposito bago ito maging cash.`,
      noWagering: 'Walang kailangang itaya: agad na nagiging cash ang bonus.',
      wageringAmount: (amount) => `Kailangang itaya: ${amount}.`,
      depositExample: (deposit, bonus, wagering) =>
        `Halimbawa, ang depositong ${deposit} ay may bonus na ${bonus} at ${wagering} na kailangang itaya.`,
      maxStake: (amount) => `Pinakamalaking taya habang aktibo ang bonus: ${amount}.`,
      expiry: (days) =>
        isFilipinoOne(days)
          ? `Mag-e-expire ang bonus ${count(days)} araw matapos itong magsimula.`
          : `Mag-e-expire ang bonus ${count(days)} na araw matapos itong magsimula.`,
      maxConversion: (amount) => `Hanggang ${amount} lang ang magiging cash; ibabalik ang sobra.`,
      noMaxConversion: 'Magiging cash ang lahat ng nasa wallet ng bonus kapag tapos na ang kailangang taya.',
      withdrawalRule:
        'Maaari mong i-withdraw ang sarili mong pera anumang oras. Kapag kinansela mo ang bonus, o nag-withdraw ka habang aktibo ito, mawawala ang bonus at ang mga panalo nito.',
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
    games: {
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
    badges: {
      COMING_SOON: 'Coming soon',
      CLOSE: 'Closed',
      JOIN: 'Open',
      JOINED: 'Joined',
      CLAIM: 'Ready to claim',
      CLAIMED: 'Claimed',
      APPLY: 'Open for applications',
      APPLYING: 'Under review',
      REJECTED: 'Not approved',
      ISSUED: 'Received',
      PROCESS: 'In progress',
      NONE: 'Details',
    },
    actions: {
      join: 'Join',
      claim: 'Claim',
      apply: 'Apply',
      applyAgain: 'Apply again',
      details: 'See details',
    },
    dates: {
      range: (from, to) => `${from} – ${to}`,
      open: (from) => `From ${from}, no end date`,
      startsAt: (date) => `Starts ${date}`,
      endsAt: (date) => `Ends ${date}`,
      noEnd: 'No end date',
    },
    detail: {
      rules: 'How it works',
      terms: 'Bonus terms',
      contributions: 'How much of each bet counts toward wagering',
      otherGames: 'Games not listed do not count.',
      accept: 'I have read the rules and bonus terms above and accept them.',
    },
    stateLines: {
      comingSoon: 'This promotion has not started yet. Come back when it opens.',
      closed: 'This promotion has ended.',
      joinedDeposit: 'You have joined. Your bonus comes with your next deposit that qualifies.',
      joinedCashback: 'You are taking part. Your cashback is worked out at the end of each period.',
      joinedRaffle:
        'You have joined. You earn tickets until the promotion ends; the winners are drawn after it.',
      wonRaffle: 'You won! Claim your prize before it expires.',
      claimed: 'You have claimed this bonus.',
      applying: 'Your application is being reviewed. The result will show here.',
      rejected: 'Your application was not approved.',
      issued: 'You have received this reward.',
      bonusActive: 'Your bonus is active. Wager it to turn it into cash.',
      audience: 'This promotion is for other members.',
    },
    rules: {
      depositPercent: (percent, which, cap) => `Get ${percent} of ${which} as a bonus, up to ${cap}.`,
      whichFirst: 'your first deposit',
      whichAny: 'a deposit',
      whichNth: (nth) => `your deposit number ${nth}`,
      minDeposit: (amount) => `Minimum deposit: ${amount}.`,
      methods: (methods) => `Counts for deposits through ${methods}.`,
      depositAfterJoin: 'Join first: the bonus comes with your next deposit that qualifies.',
      newbieAmount: (amount) => `Claim a ${amount} bonus.`,
      newbieWithin: (days) =>
        `For members who registered within the last ${count(days)} ${days === 1 ? 'day' : 'days'}.`,
      applyHow: 'Apply with a short note and up to 3 pictures. Our team reviews every application.',
      applyMaxAmount: (amount) => `Awards up to ${amount}.`,
      paidAsCash: 'Paid as cash to your wallet, with nothing to wager.',
      paidAsBonus: 'Paid as a bonus, under the bonus terms below.',
      cashbackPercent: (percent, period, cap) =>
        `Get back ${percent} of your net loss every ${period}, up to ${cap}.`,
      periodDay: 'day',
      periodWeek: 'week',
      minNetLoss: (amount) => `Paid when your net loss for the period is at least ${amount}.`,
      netLoss: 'Net loss is what you staked on settled bets minus what you won.',
      ticketsByBet: (every, max) =>
        `Earn 1 ticket for every ${every} of valid bets, up to ${count(max)} ${max === 1 ? 'ticket' : 'tickets'} a member.`,
      ticketsByDeposit: (every, max) =>
        `Earn 1 ticket for every ${every} you deposit, up to ${count(max)} ${max === 1 ? 'ticket' : 'tickets'} a member.`,
      betsAfterJoin: 'Join first: bets count from when you join until the promotion ends.',
      depositsAfterJoin: 'Join first: deposits count from when you join until the promotion ends.',
      ticketGames: (games) => `Only bets in ${games} count.`,
      spinStakeAndLines: (stake, lines) =>
        `A slot spin counts only with a stake of ${stake} or more on ${lines} lines or more.`,
      spinStake: (stake) => `A slot spin counts only with a stake of ${stake} or more.`,
      spinLines: (lines) => `A slot spin counts only when played on ${lines} lines or more.`,
      drawAt: (date) => `The draw is on ${date}.`,
      drawFair:
        'The draw is provably fair: the hash of its seed is shown before the draw, and the seed itself after it.',
      claimWithin: (days) =>
        `Winners claim their prize within ${count(days)} ${days === 1 ? 'day' : 'days'} of the draw; a prize not claimed by then expires.`,
    },
    raffle: {
      prizes: 'Prizes',
      place: 'Place',
      prize: 'Prize',
      winners: 'Winners',
      rank: (rank) => ordinal(rank),
      ranks: (from, to) => `${ordinal(from)} – ${ordinal(to)}`,
      total: (prizes, amount) => `${prizes} ${prizes === 1 ? 'prize' : 'prizes'}, ${amount} in all.`,
      drawOnCard: (date) => `Draw: ${date}`,
    },
    terms: {
      wagering: (multiplier) => `Wager ${multiplier}× the bonus before it turns into cash.`,
      wageringWithDeposit: (multiplier) =>
        `Wager ${multiplier}× the bonus plus your deposit before it turns into cash.`,
      noWagering: 'Nothing to wager: the bonus turns into cash right away.',
      wageringAmount: (amount) => `Wagering required: ${amount}.`,
      depositExample: (deposit, bonus, wagering) =>
        `For example, a ${deposit} deposit brings a ${bonus} bonus and ${wagering} to wager.`,
      maxStake: (amount) => `Largest bet while the bonus is active: ${amount}.`,
      expiry: (days) => `The bonus expires ${count(days)} ${days === 1 ? 'day' : 'days'} after it starts.`,
      maxConversion: (amount) => `At most ${amount} turns into cash; anything above that goes back.`,
      noMaxConversion: 'Everything in your bonus wallet turns into cash once wagering is done.',
      withdrawalRule:
        'Your own money can always be withdrawn. Canceling the bonus, or withdrawing while it is active, forfeits the bonus and its winnings.',
    },
  },
};

/** The minor units of a wire amount, or null when the field does not hold one. */
function minorOf(amount: unknown): bigint | null {
  if (typeof amount !== 'string') return null;
  const parsed = parseAmount(amount);
  return parsed.ok ? parsed.minor : null;
}

/** A wire amount as players read it ("₱1,000.00"); an ellipsis while the field is empty or wrong. */
export function moneyWords(amount: unknown): string {
  const minor = minorOf(amount);
  return minor === null ? MISSING : formatMoney(minor);
}

/** Basis points of a wire rate ("12.50" is 1,250), or null when the field does not hold one. */
function basisPointsOfRate(rate: unknown): number | null {
  if (typeof rate !== 'string') return null;
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(rate);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** A wire rate ("12.50") as players read a percent ("12.5%"). */
export function percentWords(rate: unknown): string {
  const basisPoints = basisPointsOfRate(rate);
  return basisPoints === null ? MISSING : `${percentOfBasisPoints(basisPoints)}%`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as players read it, in their language and Manila's time: the day (`day`, on a card) or
 * the day and time (`moment`, in the details).
 */
export function dateWords(
  iso: string,
  language: PreviewLanguage,
  style: 'day' | 'moment' = 'moment',
): string {
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'TY' ? 'fil-PH' : 'en-PH', {
      dateStyle: 'medium',
      ...(style === 'moment' ? { timeStyle: 'short' } : {}),
      timeZone: PLAYER_TIME_ZONE,
    });
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

export function typeWords(type: PromotionType, language: PreviewLanguage): string {
  return WORDS[language].types[type];
}

/** The detail's headings and the terms' acceptance box. */
export function detailWords(language: PreviewLanguage) {
  return WORDS[language].detail;
}

/** The card's badge of where the member stands; none for NONE (details only, or not for them). */
export function badgeWords(state: MemberState, language: PreviewLanguage): string | null {
  return state === 'NONE' ? null : WORDS[language].badges[state];
}

/**
 * The detail's button for a member: join, claim, apply, or apply again after a rejection; none
 * where there is nothing to do. The card's own button always opens the details.
 */
export function actionWords(state: MemberState, language: PreviewLanguage): string | null {
  const actions = WORDS[language].actions;
  switch (state) {
    case 'JOIN':
      return actions.join;
    case 'CLAIM':
      return actions.claim;
    case 'APPLY':
      return actions.apply;
    case 'REJECTED':
      return actions.applyAgain;
    default:
      return null;
  }
}

/**
 * The card's button: the offer a member may take (join, claim, apply), which opens the details
 * where the terms are accepted; otherwise "see details".
 */
export function cardButtonWords(state: MemberState, language: PreviewLanguage): string {
  const actions = WORDS[language].actions;
  if (state === 'JOIN') return actions.join;
  if (state === 'CLAIM') return actions.claim;
  if (state === 'APPLY') return actions.apply;
  return actions.details;
}

/**
 * The line under the detail's action saying where the member stands; none where the action speaks
 * for itself and for an information-only promotion. NONE on a promotion that offers something is
 * shown as a member the audience leaves out.
 */
export function stateLineWords(
  state: MemberState,
  kind: PromotionKind,
  language: PreviewLanguage,
): string | null {
  const lines = WORDS[language].stateLines;
  switch (state) {
    case 'COMING_SOON':
      return lines.comingSoon;
    case 'CLOSE':
      return lines.closed;
    case 'JOINED':
      if (kind === 'raffle') return lines.joinedRaffle;
      return kind === 'cashback' ? lines.joinedCashback : lines.joinedDeposit;
    case 'CLAIM':
      return kind === 'raffle' ? lines.wonRaffle : null;
    case 'CLAIMED':
      return lines.claimed;
    case 'APPLYING':
      return lines.applying;
    case 'REJECTED':
      return lines.rejected;
    case 'ISSUED':
      return lines.issued;
    case 'PROCESS':
      return lines.bonusActive;
    case 'NONE':
      return kind === 'info' ? null : lines.audience;
    default:
      return null;
  }
}

/** The days on the card: from, to, or from with no end. */
export function datesWords(
  promotion: Pick<PreviewPromotion, 'startsAt' | 'endsAt'>,
  language: PreviewLanguage,
): string {
  const words = WORDS[language].dates;
  const from = promotion.startsAt ? dateWords(promotion.startsAt, language, 'day') : MISSING;
  return promotion.endsAt
    ? words.range(from, dateWords(promotion.endsAt, language, 'day'))
    : words.open(from);
}

/** The moments in the details: when it starts, and when it ends or that it does not. */
export function detailDatesWords(
  promotion: Pick<PreviewPromotion, 'startsAt' | 'endsAt'>,
  language: PreviewLanguage,
): [starts: string, ends: string] {
  const words = WORDS[language].dates;
  return [
    words.startsAt(promotion.startsAt ? dateWords(promotion.startsAt, language) : MISSING),
    promotion.endsAt ? words.endsAt(dateWords(promotion.endsAt, language)) : words.noEnd,
  ];
}

/** The rules of the promotion's kind, a sentence each, as the detail lists them. */
export function rulesWords(promotion: PreviewPromotion, language: PreviewLanguage): string[] {
  const words = WORDS[language].rules;
  const { rules } = promotion;
  const lines: string[] = [];
  switch (promotion.kind) {
    case 'info':
      break;
    case 'deposit_bonus': {
      const which =
        rules.which === 'nth'
          ? words.whichNth(typeof rules.nth === 'number' ? String(rules.nth) : MISSING)
          : rules.which === 'any'
            ? words.whichAny
            : words.whichFirst;
      lines.push(words.depositPercent(percentWords(rules.percent), which, moneyWords(rules.cap)));
      lines.push(words.minDeposit(moneyWords(rules.minDeposit)));
      if (Array.isArray(rules.methods) && rules.methods.length > 0) {
        lines.push(words.methods(rules.methods.map((code) => String(code).toUpperCase()).join(', ')));
      }
      lines.push(words.depositAfterJoin);
      break;
    }
    case 'newbie_bonus':
      lines.push(words.newbieAmount(moneyWords(rules.amount)));
      lines.push(
        words.newbieWithin(
          typeof rules.registeredWithinDays === 'number' ? rules.registeredWithinDays : null,
        ),
      );
      break;
    case 'application':
      lines.push(words.applyHow);
      if (typeof rules.maxAmount === 'string') lines.push(words.applyMaxAmount(moneyWords(rules.maxAmount)));
      lines.push(words.paidAsBonus);
      break;
    case 'cashback': {
      const period = rules.period === 'week' ? words.periodWeek : words.periodDay;
      lines.push(words.cashbackPercent(percentWords(rules.percent), period, moneyWords(rules.cap)));
      lines.push(words.minNetLoss(moneyWords(rules.minNetLoss)));
      lines.push(words.netLoss);
      lines.push(rules.payAs === 'cash' ? words.paidAsCash : words.paidAsBonus);
      break;
    }
    case 'raffle':
      lines.push(...raffleRulesWords(promotion, language));
      break;
  }
  return lines;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** A raffle's rules: how tickets come, what counts, when the draw is, and how prizes are claimed. */
function raffleRulesWords(promotion: PreviewPromotion, language: PreviewLanguage): string[] {
  const words = WORDS[language].rules;
  const { rules } = promotion;
  const isByDeposit = rules.ticketBy === 'deposit';
  const every = moneyWords(rules.ticketEvery);
  const maxTickets = numberOrNull(rules.maxTickets);
  const lines = [
    isByDeposit ? words.ticketsByDeposit(every, maxTickets) : words.ticketsByBet(every, maxTickets),
    isByDeposit ? words.depositsAfterJoin : words.betsAfterJoin,
  ];
  if (!isByDeposit) {
    if (Array.isArray(rules.gameTypes) && rules.gameTypes.length > 0) {
      const games = WORDS[language].games;
      lines.push(
        words.ticketGames(rules.gameTypes.map((type) => games[String(type)] ?? String(type)).join(', ')),
      );
    }
    const spinRule = spinRuleWords(
      {
        minSpinStake: typeof rules.minSpinStake === 'string' ? rules.minSpinStake : null,
        minSpinLines: rules.minSpinLines === '' ? '' : numberOrNull(rules.minSpinLines),
      },
      language,
    );
    if (spinRule) lines.push(spinRule);
  }
  const drawAt = drawAtOf(promotion);
  lines.push(words.drawAt(drawAt ? dateWords(drawAt, language) : MISSING));
  lines.push(words.drawFair);
  lines.push(words.claimWithin(numberOrNull(rules.claimDays)));
  lines.push(rules.payAs === 'bonus' ? words.paidAsBonus : words.paidAsCash);
  return lines;
}

/**
 * A slot-spin rule in one sentence, the same in a bonus's terms and a raffle's rules: a slot spin
 * counts only at the stake and on the lines set, either or both; null when neither is set.
 */
export function spinRuleWords(
  rule: { minSpinStake: string | null; minSpinLines: number | '' | null },
  language: PreviewLanguage,
): string | null {
  const words = WORDS[language].rules;
  const stake = rule.minSpinStake === null ? null : moneyWords(rule.minSpinStake);
  const lines =
    rule.minSpinLines === null ? null : rule.minSpinLines === '' ? MISSING : String(rule.minSpinLines);
  if (stake !== null && lines !== null) return words.spinStakeAndLines(stake, lines);
  if (stake !== null) return words.spinStake(stake);
  if (lines !== null) return words.spinLines(lines);
  return null;
}

/**
 * When a raffle is drawn: its end and the draw's delay after it (late settlements land first);
 * null while either is missing.
 */
export function drawAtOf(promotion: Pick<PreviewPromotion, 'endsAt' | 'rules'>): string | null {
  const delayMinutes = numberOrNull(promotion.rules.drawDelayMinutes);
  if (promotion.endsAt === null || delayMinutes === null) return null;
  return new Date(Date.parse(promotion.endsAt) + delayMinutes * 60_000).toISOString();
}

/** One row of a raffle's prize table: the places it covers, the amount each, and how many. */
export type PrizeRowWords = { places: string; amount: string; winners: string };

/** A raffle's prize table as the player's detail shows it: headings, a row a tier, the sum. */
export type PrizeTableWords = {
  heading: string;
  columns: [place: string, prize: string, winners: string];
  rows: PrizeRowWords[];
  total: string | null;
};

/**
 * The prize table: each tier takes the places after the tier before it (ranks in order, as the
 * draw hands them out). Its sum is said only when every tier reads.
 */
export function prizeTableWords(
  promotion: PreviewPromotion,
  language: PreviewLanguage,
): PrizeTableWords | null {
  if (promotion.kind !== 'raffle') return null;
  const words = WORDS[language].raffle;
  const tiers = Array.isArray(promotion.rules.prizes) ? promotion.rules.prizes : [];
  const rows: PrizeRowWords[] = [];
  let nextRank: number | null = 1;
  let totalMinor: bigint | null = 0n;
  let prizes = 0;
  for (const tier of tiers) {
    const { amount, count: winners } = (tier ?? {}) as Record<string, unknown>;
    const winnerCount = numberOrNull(winners);
    const amountMinor = minorOf(amount);
    const from: number | null = nextRank;
    const places =
      from === null || winnerCount === null
        ? MISSING
        : winnerCount === 1
          ? words.rank(from)
          : words.ranks(from, from + winnerCount - 1);
    nextRank = from === null || winnerCount === null ? null : from + winnerCount;
    rows.push({ places, amount: moneyWords(amount), winners: count(winnerCount) });
    if (winnerCount === null || amountMinor === null || totalMinor === null) totalMinor = null;
    else {
      totalMinor += amountMinor * BigInt(winnerCount);
      prizes += winnerCount;
    }
  }
  return {
    heading: words.prizes,
    columns: [words.place, words.prize, words.winners],
    rows,
    total: totalMinor === null || prizes === 0 ? null : words.total(prizes, formatMoney(totalMinor)),
  };
}

/** The draw's moment on a raffle's card; null for other kinds. */
export function drawOnCardWords(promotion: PreviewPromotion, language: PreviewLanguage): string | null {
  if (promotion.kind !== 'raffle') return null;
  const drawAt = drawAtOf(promotion);
  return WORDS[language].raffle.drawOnCard(drawAt ? dateWords(drawAt, language) : MISSING);
}

/** The wagering a bonus asks for: multiplier × (bonus + the deposit when the terms count it). */
export function wageringRequiredMinor(input: {
  multiplier: number;
  includeDeposit: boolean;
  bonusMinor: bigint;
  depositMinor: bigint;
}): bigint {
  return BigInt(input.multiplier) * (input.bonusMinor + (input.includeDeposit ? input.depositMinor : 0n));
}

/** The wagering lines: the multiplier, and the sum where the rules fix the bonus or show an example. */
function wageringLines(promotion: PreviewPromotion, terms: PreviewTerms, words: Words['terms']): string[] {
  if (terms.multiplier === 0) return [words.noWagering];
  const multiplier = count(terms.multiplier);
  const lines = [terms.includeDeposit ? words.wageringWithDeposit(multiplier) : words.wagering(multiplier)];
  if (terms.multiplier === null) return lines;
  const { rules } = promotion;
  if (promotion.kind === 'newbie_bonus') {
    const bonusMinor = minorOf(rules.amount);
    if (bonusMinor !== null) {
      const required = wageringRequiredMinor({
        multiplier: terms.multiplier,
        includeDeposit: false,
        bonusMinor,
        depositMinor: 0n,
      });
      lines.push(words.wageringAmount(formatMoney(required)));
    }
  } else if (promotion.kind === 'deposit_bonus') {
    // A deposit bonus worked through at its minimum deposit, so that the member sees the sums once.
    const depositMinor = minorOf(rules.minDeposit);
    const basisPoints = basisPointsOfRate(rules.percent);
    const capMinor = minorOf(rules.cap);
    if (depositMinor !== null && depositMinor > 0n && basisPoints !== null) {
      const earned = (depositMinor * BigInt(basisPoints)) / 10_000n;
      const bonusMinor = capMinor !== null && earned > capMinor ? capMinor : earned;
      const required = wageringRequiredMinor({
        multiplier: terms.multiplier,
        includeDeposit: terms.includeDeposit,
        bonusMinor,
        depositMinor,
      });
      lines.push(
        words.depositExample(formatMoney(depositMinor), formatMoney(bonusMinor), formatMoney(required)),
      );
    }
  }
  return lines;
}

/** The bonus terms in words, as the detail shows them under their heading. */
export type TermsWords = {
  wagering: string[];
  /** Each counted game type's share of a bet, largest first. */
  contributions: { gameType: string; game: string; percent: string }[];
  /** The largest stake, the expiry and the most that turns into cash. */
  limits: string[];
  withdrawalRule: string;
};

export function termsWords(promotion: PreviewPromotion, language: PreviewLanguage): TermsWords | null {
  const { terms } = promotion;
  if (!terms) return null;
  const words = WORDS[language].terms;
  const contributions = BONUS_GAME_TYPES.filter((type) => (terms.contributions[type] ?? 0) > 0)
    .map((type) => ({ type, basisPoints: terms.contributions[type] ?? 0 }))
    .sort((left, right) => right.basisPoints - left.basisPoints)
    .map(({ type, basisPoints }) => ({
      gameType: type,
      game: WORDS[language].games[type] ?? type,
      percent: `${percentOfBasisPoints(basisPoints)}%`,
    }));
  const limits: string[] = [];
  if (terms.maxStake !== null) limits.push(words.maxStake(moneyWords(terms.maxStake)));
  const spinRule = spinRuleWords(terms, language);
  if (spinRule) limits.push(spinRule);
  limits.push(words.expiry(terms.expiryDays));
  limits.push(
    terms.maxConversion === null
      ? words.noMaxConversion
      : words.maxConversion(moneyWords(terms.maxConversion)),
  );
  return {
    wagering: wageringLines(promotion, terms, words),
    contributions,
    limits,
    withdrawalRule: words.withdrawalRule,
  };
}

/**
 * A text or image of the promotion in the player's language: the language's own, else the other
 * language's (players of a language left blank read the other one), else empty.
 */
export function localizedFor(value: Record<string, string>, language: PreviewLanguage): string {
  const other: PreviewLanguage = language === 'TY' ? 'EN' : 'TY';
  return value[language]?.trim() || value[other]?.trim() || '';
}

/** The states a member may see a promotion of this kind in, for the preview's state picker. */
export function statesOfKind(kind: PromotionKind): MemberState[] {
  const around: MemberState[] = ['NONE', 'COMING_SOON', 'CLOSE'];
  switch (kind) {
    case 'info':
      return around;
    case 'deposit_bonus':
      return ['JOIN', 'JOINED', 'PROCESS', 'ISSUED', ...around];
    case 'newbie_bonus':
      return ['CLAIM', 'CLAIMED', 'PROCESS', 'ISSUED', ...around];
    case 'application':
      return ['APPLY', 'APPLYING', 'REJECTED', 'PROCESS', 'ISSUED', ...around];
    case 'cashback':
      return ['JOIN', 'JOINED', 'PROCESS', ...around];
    case 'raffle':
      return ['JOIN', 'JOINED', 'CLAIM', 'PROCESS', 'ISSUED', ...around];
  }
}

/**
 * What a member the audience lets in sees now: coming soon before the start, closed after the end,
 * else the kind's offer (information only has none).
 */
export function firstStateOf(
  promotion: Pick<PreviewPromotion, 'kind' | 'startsAt' | 'endsAt'>,
  nowMs: number,
): MemberState {
  if (promotion.startsAt && Date.parse(promotion.startsAt) > nowMs) return 'COMING_SOON';
  if (promotion.endsAt && Date.parse(promotion.endsAt) <= nowMs) return 'CLOSE';
  switch (promotion.kind) {
    case 'info':
      return 'NONE';
    case 'deposit_bonus':
    case 'cashback':
    case 'raffle':
      return 'JOIN';
    case 'newbie_bonus':
      return 'CLAIM';
    case 'application':
      return 'APPLY';
  }
}
