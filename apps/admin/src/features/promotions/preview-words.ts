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
    prizeToClaim: string;
    claimed: string;
    applying: string;
    rejected: string;
    issued: string;
    bonusActive: string;
    audience: string;
    appRequired: string;
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
    appDownloadAmount: (amount: string) => string;
    applyHow: string;
    applyMaxAmount: (amount: string) => string;
    paidAsCash: string;
    paidAsBonus: string;
    cashbackPercent: (percent: string, period: string, cap: string) => string;
    periodDay: string;
    periodWeek: string;
    minNetLoss: (amount: string) => string;
    netLoss: string;
    ticketPerBet: (amount: string) => string;
    ticketPerDeposit: (amount: string) => string;
    maxTickets: Plural;
    ticketGames: (games: string) => string;
    afterJoinBet: string;
    afterJoinDeposit: string;
    draw: string;
    claimDays: Plural;
  };
  spinRule: {
    stakeAndLines: (stake: string, lines: number | null) => string;
    stake: (stake: string) => string;
    lines: Plural;
  };
  raffle: {
    stateClaim: string;
    claimPrize: string;
    drawIn: (time: string) => string;
    drawOn: (date: string) => string;
    drawDue: string;
    countdown: { days: Plural; hours: Plural; minutes: Plural };
    prizes: string;
    place: string;
    count: string;
    each: string;
    pool: (count: number, amount: string) => string;
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
      joinedRaffle: 'Kasali ka na. Makikita mo sa ibaba ang mga tiket mo habang kinikita mo ang mga ito.',
      prizeToClaim: 'Nanalo ka! I-claim ang premyo mo sa ibaba bago ito mag-expire.',
      claimed: 'Na-claim mo na ang bonus na ito.',
      applying: 'Sinusuri pa ang iyong aplikasyon. Makikita mo rito ang resulta.',
      rejected: 'Hindi inaprubahan ang iyong aplikasyon.',
      issued: 'Natanggap mo na ang gantimpalang ito.',
      bonusActive: 'Aktibo ang bonus mo. Itaya ito para maging cash.',
      audience: 'Para sa ibang miyembro ang promong ito.',
      appRequired: 'I-install ang app at mag-log in mula rito para ma-claim ang bonus na ito.',
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
      appDownloadAmount: (amount) =>
        `Mag-claim ng ${amount} na bonus pagkatapos mag-log in mula sa naka-install na app.`,
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
      ticketPerBet: (amount) => `Makakuha ng 1 tiket sa bawat ${amount} na balidong taya.`,
      ticketPerDeposit: (amount) => `Makakuha ng 1 tiket sa bawat ${amount} na idedeposito mo.`,
      maxTickets: (tickets) =>
        isFilipinoOne(tickets)
          ? `Hanggang ${count(tickets)} tiket bawat miyembro.`
          : `Hanggang ${count(tickets)} na tiket bawat miyembro.`,
      ticketGames: (games) => `Ang mga taya lang sa ${games} ang binibilang.`,
      afterJoinBet:
        'Ang mga tayang inilagay lang pagkatapos mong sumali ang binibilang, hanggang matapos ang raffle.',
      afterJoinDeposit:
        'Ang mga depositong ginawa lang pagkatapos mong sumali ang binibilang, hanggang matapos ang raffle.',
      draw: 'Bubunutin ang mga nanalo mula sa lahat ng tiket pagkatapos ng raffle. Isang premyo lang ang puwedeng mapanalunan ng bawat tiket.',
      claimDays: (days) =>
        isFilipinoOne(days)
          ? `I-claim ang premyo mo sa loob ng ${count(days)} araw mula sa bunutan, kung hindi ay mag-e-expire ito.`
          : `I-claim ang premyo mo sa loob ng ${count(days)} na araw mula sa bunutan, kung hindi ay mag-e-expire ito.`,
    },
    spinRule: {
      stakeAndLines: (stake, lines) =>
        isFilipinoOne(lines)
          ? `Binibilang lang ang mga spin sa slot na ${stake} o higit pa ang taya bawat spin at may ${count(lines)} linya o higit pa.`
          : `Binibilang lang ang mga spin sa slot na ${stake} o higit pa ang taya bawat spin at may ${count(lines)} na linya o higit pa.`,
      stake: (stake) => `Binibilang lang ang mga spin sa slot na ${stake} o higit pa ang taya bawat spin.`,
      lines: (lines) =>
        isFilipinoOne(lines)
          ? `Binibilang lang ang mga spin sa slot na may ${count(lines)} linya o higit pa.`
          : `Binibilang lang ang mga spin sa slot na may ${count(lines)} na linya o higit pa.`,
    },
    raffle: {
      stateClaim: 'May premyong i-claim',
      claimPrize: 'I-claim ang premyo',
      drawIn: (time) => `Bunutan sa loob ng ${time}`,
      drawOn: (date) => `Sa ${date}`,
      drawDue: 'Ginagawa na ang bunutan. Lalabas dito ang mga nanalo maya-maya.',
      countdown: {
        days: (days) => (isFilipinoOne(days) ? `${count(days)} araw` : `${count(days)} na araw`),
        hours: (hours) => (isFilipinoOne(hours) ? `${count(hours)} oras` : `${count(hours)} na oras`),
        minutes: (minutes) =>
          isFilipinoOne(minutes) ? `${count(minutes)} minuto` : `${count(minutes)} na minuto`,
      },
      prizes: 'Mga premyo',
      place: 'Puwesto',
      count: 'Bilang',
      each: 'Bawat isa',
      pool: (prizes, amount) =>
        isFilipinoOne(prizes)
          ? `${prizes} premyong nagkakahalaga ng ${amount} lahat-lahat`
          : `${prizes} na premyong nagkakahalaga ng ${amount} lahat-lahat`,
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
      joinedRaffle: 'You have joined. Your tickets show below as you earn them.',
      prizeToClaim: 'You won! Claim your prize below before it expires.',
      claimed: 'You have claimed this bonus.',
      applying: 'Your application is being reviewed. The result will show here.',
      rejected: 'Your application was not approved.',
      issued: 'You have received this reward.',
      bonusActive: 'Your bonus is active. Wager it to turn it into cash.',
      audience: 'This promotion is for other members.',
      appRequired: 'Install the app and log in from it to claim this bonus.',
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
      appDownloadAmount: (amount) => `Claim a ${amount} bonus after you log in from the installed app.`,
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
      ticketPerBet: (amount) => `Earn 1 ticket for every ${amount} of valid bets.`,
      ticketPerDeposit: (amount) => `Earn 1 ticket for every ${amount} you deposit.`,
      maxTickets: (tickets) => `Up to ${count(tickets)} ${tickets === 1 ? 'ticket' : 'tickets'} per member.`,
      ticketGames: (games) => `Only bets on ${games} count.`,
      afterJoinBet: 'Only bets placed after you join count, until the raffle ends.',
      afterJoinDeposit: 'Only deposits made after you join count, until the raffle ends.',
      draw: 'Winners are drawn from every ticket after the raffle ends. Each ticket wins at most one prize.',
      claimDays: (days) =>
        `Claim your prize within ${count(days)} ${days === 1 ? 'day' : 'days'} of the draw, or it expires.`,
    },
    spinRule: {
      stakeAndLines: (stake, lines) =>
        `Slot spins count only at ${stake} or more per spin and ${count(lines)} ${lines === 1 ? 'line' : 'lines'} or more.`,
      stake: (stake) => `Slot spins count only at ${stake} or more per spin.`,
      lines: (lines) => `Slot spins count only at ${count(lines)} ${lines === 1 ? 'line' : 'lines'} or more.`,
    },
    raffle: {
      stateClaim: 'Prize to claim',
      claimPrize: 'Claim prize',
      drawIn: (time) => `Draw in ${time}`,
      drawOn: (date) => `On ${date}`,
      drawDue: 'The draw is being made. The winners show here shortly.',
      countdown: {
        days: (days) => `${count(days)} ${days === 1 ? 'day' : 'days'}`,
        hours: (hours) => `${count(hours)} ${hours === 1 ? 'hour' : 'hours'}`,
        minutes: (minutes) => `${count(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}`,
      },
      prizes: 'Prizes',
      place: 'Place',
      count: 'Prizes',
      each: 'Each',
      pool: (prizes, amount) =>
        prizes === 1 ? `${prizes} prize worth ${amount}` : `${prizes} prizes worth ${amount} in all`,
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

/**
 * The card's badge of where the member stands; none for NONE (details only, or not for them). A
 * raffle's CLAIM is a prize won, not a bonus offered.
 */
export function badgeWords(
  state: MemberState,
  language: PreviewLanguage,
  kind?: PromotionKind,
): string | null {
  if (state === 'CLAIM' && kind === 'raffle') return WORDS[language].raffle.stateClaim;
  return state === 'NONE' ? null : WORDS[language].badges[state];
}

/**
 * The detail's button for a member: join, claim, apply, or apply again after a rejection; none
 * where there is nothing to do, and none for a raffle's prize, which is claimed in the raffle's own
 * list of prizes. The card's own button always opens the details.
 */
export function actionWords(
  state: MemberState,
  language: PreviewLanguage,
  kind?: PromotionKind,
): string | null {
  const actions = WORDS[language].actions;
  if (state === 'CLAIM' && kind === 'raffle') return null;
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
export function cardButtonWords(state: MemberState, language: PreviewLanguage, kind?: PromotionKind): string {
  const actions = WORDS[language].actions;
  if (state === 'CLAIM' && kind === 'raffle') return WORDS[language].raffle.claimPrize;
  if (state === 'JOIN') return actions.join;
  if (state === 'CLAIM') return actions.claim;
  if (state === 'APPLY') return actions.apply;
  return actions.details;
}

/**
 * The line under the detail's action saying where the member stands; none where the action speaks
 * for itself and for an information-only promotion. NONE on a promotion that offers something is
 * shown as a member the audience leaves out; on an app-download bonus, as a member who has not yet
 * logged in from the installed app (the player's site words it so).
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
      return kind === 'raffle' ? lines.prizeToClaim : null;
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
      if (kind === 'app_download') return lines.appRequired;
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
    case 'app_download':
      lines.push(words.appDownloadAmount(moneyWords(rules.amount)));
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

/**
 * A raffle's rules, in the player app's order: how tickets come and how many at most, which bets
 * count (a raffle by valid bets), that only what follows joining counts, the draw, the claim, and
 * how prizes are paid.
 */
function raffleRulesWords(promotion: PreviewPromotion, language: PreviewLanguage): string[] {
  const words = WORDS[language].rules;
  const { rules } = promotion;
  const isByDeposit = rules.ticketBy === 'deposit';
  const every = moneyWords(rules.ticketEvery);
  const lines = [
    isByDeposit ? words.ticketPerDeposit(every) : words.ticketPerBet(every),
    words.maxTickets(numberOrNull(rules.maxTickets)),
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
  lines.push(isByDeposit ? words.afterJoinDeposit : words.afterJoinBet);
  lines.push(words.draw);
  lines.push(words.claimDays(numberOrNull(rules.claimDays)));
  lines.push(rules.payAs === 'bonus' ? words.paidAsBonus : words.paidAsCash);
  return lines;
}

/**
 * A slot-spin rule in one sentence, the same in a bonus's terms and a raffle's rules: a slot spin
 * counts only at the stake per spin and on the lines set, either or both; null when neither is set.
 * Lines not typed right yet read as missing.
 */
export function spinRuleWords(
  rule: { minSpinStake: string | null; minSpinLines: number | '' | null },
  language: PreviewLanguage,
): string | null {
  const words = WORDS[language].spinRule;
  const stake = rule.minSpinStake === null ? null : moneyWords(rule.minSpinStake);
  if (rule.minSpinLines === null) return stake === null ? null : words.stake(stake);
  const lines = rule.minSpinLines === '' ? null : rule.minSpinLines;
  return stake === null ? words.lines(lines) : words.stakeAndLines(stake, lines);
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

/** One row of a raffle's prize table: the places it covers, how many prizes, the amount each. */
export type PrizeRowWords = { places: string; count: string; amount: string };

/** A raffle's prize table as the player's detail shows it: headings, a row a tier, the pool. */
export type PrizeTableWords = {
  heading: string;
  columns: [place: string, count: string, each: string];
  rows: PrizeRowWords[];
  pool: string | null;
};

/**
 * The prize table: each tier takes the places after the tier before it (ranks in order, as the
 * draw hands them out), written "1", "2–4". The pool is said only when every tier reads.
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
  let poolMinor: bigint | null = 0n;
  let prizes = 0;
  for (const tier of tiers) {
    const { amount, count: tierCount } = (tier ?? {}) as Record<string, unknown>;
    const winners = numberOrNull(tierCount);
    const amountMinor = minorOf(amount);
    const from: number | null = nextRank;
    const places =
      from === null || winners === null
        ? MISSING
        : winners === 1
          ? String(from)
          : `${from}–${from + winners - 1}`;
    nextRank = from === null || winners === null ? null : from + winners;
    rows.push({ places, count: count(winners), amount: moneyWords(amount) });
    if (winners === null || amountMinor === null || poolMinor === null) poolMinor = null;
    else {
      poolMinor += amountMinor * BigInt(winners);
      prizes += winners;
    }
  }
  return {
    heading: words.prizes,
    columns: [words.place, words.count, words.each],
    rows,
    pool: poolMinor === null || prizes === 0 ? null : words.pool(prizes, formatMoney(poolMinor)),
  };
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * When the draw is, as the player's detail says it: the time left in its two largest parts that
 * are not zero (as the player app counts down) and the moment, or that the draw is being made once
 * it is due. Both read "…" while the end or the delay is missing. Null for other kinds.
 */
export function drawTimeWords(
  promotion: PreviewPromotion,
  language: PreviewLanguage,
  nowMs: number,
): { line: string; moment: string | null } | null {
  if (promotion.kind !== 'raffle') return null;
  const words = WORDS[language].raffle;
  const drawAt = drawAtOf(promotion);
  if (drawAt === null) return { line: words.drawIn(MISSING), moment: words.drawOn(MISSING) };
  const leftMs = Date.parse(drawAt) - nowMs;
  if (leftMs <= 0) return { line: words.drawDue, moment: null };
  const totalMinutes = Math.ceil(leftMs / MINUTE_MS);
  const parts = [
    { count: Math.floor(totalMinutes / DAY_MINUTES), say: words.countdown.days },
    { count: Math.floor((totalMinutes % DAY_MINUTES) / 60), say: words.countdown.hours },
    { count: totalMinutes % 60, say: words.countdown.minutes },
  ];
  const first = parts.findIndex((part) => part.count > 0);
  const time = parts
    .slice(first, first + 2)
    .filter((part) => part.count > 0)
    .map((part) => part.say(part.count))
    .join(' ');
  return { line: words.drawIn(time), moment: words.drawOn(dateWords(drawAt, language)) };
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
  if (promotion.kind === 'newbie_bonus' || promotion.kind === 'app_download') {
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
    case 'app_download':
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
    case 'app_download':
      return 'CLAIM';
    case 'application':
      return 'APPLY';
  }
}
