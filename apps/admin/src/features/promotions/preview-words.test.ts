import { describe, expect, it } from 'vitest';
import {
  actionWords,
  badgeWords,
  cardButtonWords,
  datesWords,
  detailDatesWords,
  drawAtOf,
  drawTimeWords,
  firstStateOf,
  localizedFor,
  moneyWords,
  type PreviewPromotion,
  percentWords,
  prizeTableWords,
  rulesWords,
  stateLineWords,
  statesOfKind,
  termsWords,
  typeWords,
} from './preview-words.ts';

const base: PreviewPromotion = {
  type: 'DEPOSIT',
  kind: 'deposit_bonus',
  startsAt: '2025-06-01T04:00:00.000Z',
  endsAt: null,
  rules: { percent: '100.00', cap: '1000.00', minDeposit: '100.00', which: 'first' },
  terms: {
    multiplier: 5,
    includeDeposit: false,
    contributions: { INHOUSE: 10_000, LIVE: 1_000, SPORTS: 5_000 },
    maxStake: '50.00',
    expiryDays: 7,
    maxConversion: '5000.00',
    minSpinStake: null,
    minSpinLines: null,
  },
  grantsPerMember: 1,
  audience: 'all',
};

/** The demo's raffle: a ticket per ₱500 of valid bets, at most 100, three tiers paid as cash. */
const raffle: PreviewPromotion = {
  ...base,
  type: 'OTHERS',
  kind: 'raffle',
  endsAt: '2025-06-30T15:00:00.000Z',
  rules: {
    ticketBy: 'validBet',
    ticketEvery: '500.00',
    maxTickets: 100,
    prizes: [
      { amount: '5000.00', count: 1 },
      { amount: '1000.00', count: 3 },
      { amount: '100.00', count: 20 },
    ],
    payAs: 'cash',
    claimDays: 7,
    drawDelayMinutes: 60,
  },
  terms: null,
};

describe('where the member stands', () => {
  it('words the card’s badge in Tagalog and English, with none for details only', () => {
    expect(badgeWords('JOIN', 'TY')).toBe('Bukas');
    expect(badgeWords('JOIN', 'EN')).toBe('Open');
    expect(badgeWords('CLAIM', 'EN')).toBe('Ready to claim');
    expect(badgeWords('APPLYING', 'TY')).toBe('Sinusuri pa');
    expect(badgeWords('COMING_SOON', 'EN')).toBe('Coming soon');
    expect(badgeWords('NONE', 'EN')).toBeNull();
  });

  it('offers join, claim, apply and apply again on the detail, and nothing where there is nothing to do', () => {
    expect(actionWords('JOIN', 'TY')).toBe('Sumali');
    expect(actionWords('CLAIM', 'EN')).toBe('Claim');
    expect(actionWords('APPLY', 'TY')).toBe('Mag-apply');
    expect(actionWords('REJECTED', 'EN')).toBe('Apply again');
    for (const state of [
      'COMING_SOON',
      'CLOSE',
      'JOINED',
      'CLAIMED',
      'APPLYING',
      'ISSUED',
      'PROCESS',
      'NONE',
    ] as const) {
      expect(actionWords(state, 'EN')).toBeNull();
    }
    expect(cardButtonWords('JOIN', 'EN')).toBe('Join');
    expect(cardButtonWords('APPLY', 'TY')).toBe('Mag-apply');
    // A card does not know whether a rejected member may apply again: it leads to the details.
    expect(cardButtonWords('REJECTED', 'EN')).toBe('See details');
    expect(cardButtonWords('NONE', 'TY')).toBe('Tingnan ang detalye');
  });

  it('says under the action where the member stands, by kind, and nothing for an information-only promotion', () => {
    expect(stateLineWords('JOINED', 'deposit_bonus', 'EN')).toBe(
      'You have joined. Your bonus comes with your next deposit that qualifies.',
    );
    expect(stateLineWords('JOINED', 'cashback', 'TY')).toBe(
      'Kasali ka na. Kinukuwenta ang cashback mo sa pagtatapos ng bawat panahon.',
    );
    expect(stateLineWords('NONE', 'deposit_bonus', 'EN')).toBe('This promotion is for other members.');
    expect(stateLineWords('NONE', 'app_download', 'EN')).toBe(
      'Install the app and log in from it to claim this bonus.',
    );
    expect(stateLineWords('NONE', 'app_download', 'TY')).toBe(
      'I-install ang app at mag-log in mula rito para ma-claim ang bonus na ito.',
    );
    expect(stateLineWords('NONE', 'info', 'EN')).toBeNull();
    expect(stateLineWords('JOIN', 'deposit_bonus', 'EN')).toBeNull();
  });

  it('names the promotion tabs as the player’s tabs do', () => {
    expect(typeWords('NEWBIE', 'TY')).toBe('Baguhan');
    expect(typeWords('GAME', 'EN')).toBe('Game promotions');
  });
});

describe('amounts, percents and dates', () => {
  it('shows pesos grouped with two decimals, and an ellipsis for a field not filled in right', () => {
    expect(moneyWords('1000.00')).toBe('₱1,000.00');
    expect(moneyWords('88.50')).toBe('₱88.50');
    expect(moneyWords('')).toBe('…');
    expect(moneyWords(undefined)).toBe('…');
    expect(percentWords('12.50')).toBe('12.5%');
    expect(percentWords('500.00')).toBe('500%');
    expect(percentWords('')).toBe('…');
  });

  it('says on the card the days from and to, or from with no end, in Manila', () => {
    expect(datesWords(base, 'EN')).toMatch(/^From .*2025, no end date$/);
    // 16:30 UTC on 30 June is already 1 July in Manila.
    expect(datesWords({ ...base, endsAt: '2025-06-30T16:30:00.000Z' }, 'EN')).toMatch(/Jul.*2025$/);
    expect(datesWords({ ...base, endsAt: '2025-06-30T15:59:00.000Z' }, 'TY')).toMatch(
      /2025 hanggang .*2025$/,
    );
    expect(datesWords({ ...base, startsAt: null }, 'EN')).toBe('From …, no end date');
  });

  it('says in the details when it starts and ends, to the minute', () => {
    const [starts, ends] = detailDatesWords(base, 'EN');
    expect(starts).toMatch(/^Starts .*2025/);
    expect(starts).toContain('12:00'); // 04:00 UTC is noon in Manila.
    expect(ends).toBe('No end date');
    expect(detailDatesWords({ ...base, endsAt: '2025-06-30T15:59:00.000Z' }, 'TY')[1]).toMatch(
      /^Matatapos sa .*2025/,
    );
  });
});

describe('the rules in words', () => {
  it('words a deposit bonus: share, which deposit and cap, minimum, methods and joining first', () => {
    expect(rulesWords({ ...base, rules: { ...base.rules, methods: ['gcash', 'maya'] } }, 'EN')).toEqual([
      'Get 100% of your first deposit as a bonus, up to ₱1,000.00.',
      'Minimum deposit: ₱100.00.',
      'Counts for deposits through GCASH, MAYA.',
      'Join first: the bonus comes with your next deposit that qualifies.',
    ]);
    expect(rulesWords({ ...base, rules: { ...base.rules, which: 'nth', nth: 2 } }, 'TY')[0]).toBe(
      'Makakuha ng 100% ng iyong ika-2 na deposito bilang bonus, hanggang ₱1,000.00.',
    );
    expect(rulesWords({ ...base, rules: { ...base.rules, which: 'any', cap: '' } }, 'EN')[0]).toBe(
      'Get 100% of a deposit as a bonus, up to ….',
    );
  });

  it('words a newbie bonus with the language’s plural of days', () => {
    const newbie = (days: number) => ({
      ...base,
      kind: 'newbie_bonus' as const,
      rules: { amount: '88.00', registeredWithinDays: days },
    });
    expect(rulesWords(newbie(7), 'EN')).toEqual([
      'Claim a ₱88.00 bonus.',
      'For members who registered within the last 7 days.',
    ]);
    expect(rulesWords(newbie(1), 'EN')[1]).toBe('For members who registered within the last 1 day.');
    // Filipino counts 7 as "one" and 4 as "other".
    expect(rulesWords(newbie(7), 'TY')[1]).toBe(
      'Para sa mga miyembrong nag-rehistro sa loob ng huling 7 araw.',
    );
    expect(rulesWords(newbie(4), 'TY')[1]).toBe(
      'Para sa mga miyembrong nag-rehistro sa loob ng huling 4 na araw.',
    );
  });

  it('words an app-download bonus as its amount to claim after a login from the installed app', () => {
    const appDownload = { ...base, kind: 'app_download' as const, rules: { amount: '50.00' } };
    expect(rulesWords(appDownload, 'EN')).toEqual([
      'Claim a ₱50.00 bonus after you log in from the installed app.',
    ]);
    expect(rulesWords(appDownload, 'TY')).toEqual([
      'Mag-claim ng ₱50.00 na bonus pagkatapos mag-log in mula sa naka-install na app.',
    ]);
    expect(rulesWords({ ...appDownload, rules: { amount: '' } }, 'EN')).toEqual([
      'Claim a … bonus after you log in from the installed app.',
    ]);
  });

  it('words an application and cashback, each with how it is paid', () => {
    expect(rulesWords({ ...base, kind: 'application', rules: { maxAmount: '500.00' } }, 'EN')).toEqual([
      'Apply with a short note and up to 3 pictures. Our team reviews every application.',
      'Awards up to ₱500.00.',
      'Paid as a bonus, under the bonus terms below.',
    ]);
    expect(
      rulesWords(
        {
          ...base,
          kind: 'cashback',
          rules: { percent: '10.00', period: 'week', minNetLoss: '100.00', cap: '2000.00', payAs: 'cash' },
        },
        'EN',
      ),
    ).toEqual([
      'Get back 10% of your net loss every week, up to ₱2,000.00.',
      'Paid when your net loss for the period is at least ₱100.00.',
      'Net loss is what you staked on settled bets minus what you won.',
      'Paid as cash to your wallet, with nothing to wager.',
    ]);
  });

  it('has no rules to word for an information-only promotion', () => {
    expect(rulesWords({ ...base, kind: 'info', rules: {} }, 'EN')).toEqual([]);
  });
});

describe('a raffle in words', () => {
  it('words how tickets come and how many, that joining comes first, the draw, the claim and the payment', () => {
    expect(rulesWords(raffle, 'EN')).toEqual([
      'Earn 1 ticket for every ₱500.00 of valid bets.',
      'Up to 100 tickets per member.',
      'Only bets placed after you join count, until the raffle ends.',
      'Winners are drawn from every ticket after the raffle ends. Each ticket wins at most one prize.',
      'Claim your prize within 7 days of the draw, or it expires.',
      'Paid as cash to your wallet, with nothing to wager.',
    ]);
    expect(rulesWords(raffle, 'TY')).toEqual([
      'Makakuha ng 1 tiket sa bawat ₱500.00 na balidong taya.',
      'Hanggang 100 tiket bawat miyembro.',
      'Ang mga tayang inilagay lang pagkatapos mong sumali ang binibilang, hanggang matapos ang raffle.',
      'Bubunutin ang mga nanalo mula sa lahat ng tiket pagkatapos ng raffle. Isang premyo lang ang puwedeng mapanalunan ng bawat tiket.',
      'I-claim ang premyo mo sa loob ng 7 araw mula sa bunutan, kung hindi ay mag-e-expire ito.',
      'Ibinibigay bilang cash sa iyong wallet, walang kailangang itaya.',
    ]);
  });

  it('words the game types and the slot-spin rule of a raffle by valid bets, and none of a raffle by deposits', () => {
    const byBet = {
      ...raffle,
      rules: { ...raffle.rules, gameTypes: ['RNG', 'FISH'], minSpinStake: '1.00', minSpinLines: 25 },
    };
    expect(rulesWords(byBet, 'EN').slice(2, 4)).toEqual([
      'Only bets on Slots, Fishing count.',
      'Slot spins count only at ₱1.00 or more per spin and 25 lines or more.',
    ]);
    expect(rulesWords(byBet, 'TY').slice(2, 4)).toEqual([
      'Ang mga taya lang sa Mga slot, Pangingisda ang binibilang.',
      'Binibilang lang ang mga spin sa slot na ₱1.00 o higit pa ang taya bawat spin at may 25 linya o higit pa.',
    ]);
    const linesOnly = { ...raffle, rules: { ...raffle.rules, minSpinLines: 4 } };
    expect(rulesWords(linesOnly, 'EN')[2]).toBe('Slot spins count only at 4 lines or more.');
    // Filipino counts 4 as "other".
    expect(rulesWords(linesOnly, 'TY')[2]).toBe(
      'Binibilang lang ang mga spin sa slot na may 4 na linya o higit pa.',
    );
    const byDeposit = {
      ...raffle,
      rules: { ...raffle.rules, ticketBy: 'deposit', maxTickets: 4, gameTypes: ['RNG'], minSpinLines: 25 },
    };
    expect(rulesWords(byDeposit, 'EN').slice(0, 3)).toEqual([
      'Earn 1 ticket for every ₱500.00 you deposit.',
      'Up to 4 tickets per member.',
      'Only deposits made after you join count, until the raffle ends.',
    ]);
    expect(rulesWords(byDeposit, 'TY')[1]).toBe('Hanggang 4 na tiket bawat miyembro.');
  });

  it('draws the prize table by place, tier after tier, with the pool', () => {
    expect(prizeTableWords(raffle, 'EN')).toEqual({
      heading: 'Prizes',
      columns: ['Place', 'Prizes', 'Each'],
      rows: [
        { places: '1', count: '1', amount: '₱5,000.00' },
        { places: '2–4', count: '3', amount: '₱1,000.00' },
        { places: '5–24', count: '20', amount: '₱100.00' },
      ],
      pool: '24 prizes worth ₱10,000.00 in all',
    });
    const tagalog = prizeTableWords(raffle, 'TY');
    expect(tagalog?.columns).toEqual(['Puwesto', 'Bilang', 'Bawat isa']);
    expect(tagalog?.pool).toBe('24 na premyong nagkakahalaga ng ₱10,000.00 lahat-lahat');
    expect(prizeTableWords(base, 'EN')).toBeNull();
  });

  it('shows a tier not filled in right as missing, the places after it too, and no pool', () => {
    const unfilled = {
      ...raffle,
      rules: {
        ...raffle.rules,
        prizes: [
          { amount: '', count: 1 },
          { amount: '100.00', count: null },
          { amount: '50.00', count: 2 },
        ],
      },
    };
    expect(prizeTableWords(unfilled, 'EN')).toMatchObject({
      rows: [
        { places: '1', count: '1', amount: '…' },
        { places: '…', count: '…', amount: '₱100.00' },
        { places: '…', count: '2', amount: '₱50.00' },
      ],
      pool: null,
    });
  });

  it('draws at the end plus the delay, and counts down to it as the player’s detail does', () => {
    expect(drawAtOf(raffle)).toBe('2025-06-30T16:00:00.000Z');
    expect(drawAtOf({ ...raffle, rules: { ...raffle.rules, drawDelayMinutes: 0 } })).toBe(
      '2025-06-30T15:00:00.000Z',
    );
    expect(drawAtOf({ ...raffle, endsAt: null })).toBeNull();
    expect(drawAtOf({ ...raffle, rules: { ...raffle.rules, drawDelayMinutes: null } })).toBeNull();

    const drawMs = Date.parse('2025-06-30T16:00:00.000Z');
    const early = drawTimeWords(raffle, 'EN', drawMs - (3 * 24 * 60 + 2 * 60 + 30) * 60_000);
    expect(early?.line).toBe('Draw in 3 days 2 hours');
    // 16:00 UTC is midnight in Manila.
    expect(early?.moment).toMatch(/^On Jul 1, 2025.*12:00/);
    expect(drawTimeWords(raffle, 'TY', drawMs - 4 * 60 * 60_000 - 60_000)?.line).toBe(
      'Bunutan sa loob ng 4 na oras 1 minuto',
    );
    expect(drawTimeWords(raffle, 'EN', drawMs)).toEqual({
      line: 'The draw is being made. The winners show here shortly.',
      moment: null,
    });
    expect(drawTimeWords({ ...raffle, endsAt: null }, 'EN', drawMs)).toEqual({
      line: 'Draw in …',
      moment: 'On …',
    });
    expect(drawTimeWords(base, 'EN', drawMs)).toBeNull();
  });

  it('offers a raffle’s states, and words its prize to claim apart from a bonus to claim', () => {
    expect(statesOfKind('raffle')).toEqual([
      'JOIN',
      'JOINED',
      'CLAIM',
      'PROCESS',
      'ISSUED',
      'NONE',
      'COMING_SOON',
      'CLOSE',
    ]);
    expect(stateLineWords('JOINED', 'raffle', 'EN')).toBe(
      'You have joined. Your tickets show below as you earn them.',
    );
    expect(stateLineWords('CLAIM', 'raffle', 'TY')).toBe(
      'Nanalo ka! I-claim ang premyo mo sa ibaba bago ito mag-expire.',
    );
    expect(stateLineWords('CLAIM', 'newbie_bonus', 'EN')).toBeNull();
    expect(badgeWords('CLAIM', 'EN', 'raffle')).toBe('Prize to claim');
    expect(badgeWords('CLAIM', 'TY', 'raffle')).toBe('May premyong i-claim');
    expect(badgeWords('CLAIM', 'EN', 'newbie_bonus')).toBe('Ready to claim');
    expect(badgeWords('CLAIM', 'EN', 'app_download')).toBe('Ready to claim');
    expect(actionWords('CLAIM', 'TY', 'app_download')).toBe('I-claim');
    expect(cardButtonWords('CLAIM', 'EN', 'app_download')).toBe('Claim');
    expect(cardButtonWords('CLAIM', 'EN', 'raffle')).toBe('Claim prize');
    expect(cardButtonWords('CLAIM', 'TY', 'raffle')).toBe('I-claim ang premyo');
    // A raffle's prizes are claimed one by one in its list of prizes, not at the detail's foot.
    expect(actionWords('CLAIM', 'EN', 'raffle')).toBeNull();
    expect(actionWords('JOIN', 'TY', 'raffle')).toBe('Sumali');
  });
});

describe('the bonus terms in words', () => {
  it('words wagering with a worked example, each game’s share largest first, the limits and the withdrawal rule', () => {
    const words = termsWords(base, 'EN');
    expect(words?.wagering).toEqual([
      'Wager 5× the bonus before it turns into cash.',
      'For example, a ₱100.00 deposit brings a ₱100.00 bonus and ₱500.00 to wager.',
    ]);
    expect(words?.contributions).toEqual([
      { gameType: 'INHOUSE', game: 'In-house', percent: '100%' },
      { gameType: 'SPORTS', game: 'Sports', percent: '50%' },
      { gameType: 'LIVE', game: 'Live casino', percent: '10%' },
    ]);
    expect(words?.limits).toEqual([
      'Largest bet while the bonus is active: ₱50.00.',
      'The bonus expires 7 days after it starts.',
      'At most ₱5,000.00 turns into cash; anything above that goes back.',
    ]);
    expect(words?.withdrawalRule).toBe(
      'Your own money can always be withdrawn. Canceling the bonus, or withdrawing while it is active, forfeits the bonus and its winnings.',
    );
  });

  it('counts the deposit in the example when the terms do, and caps the example’s bonus', () => {
    const words = termsWords(
      {
        ...base,
        rules: { percent: '50.00', cap: '80.00', minDeposit: '200.00', which: 'any' },
        terms: { ...base.terms!, includeDeposit: true },
      },
      'EN',
    );
    expect(words?.wagering).toEqual([
      'Wager 5× the bonus plus your deposit before it turns into cash.',
      'For example, a ₱200.00 deposit brings a ₱80.00 bonus and ₱1,400.00 to wager.',
    ]);
  });

  it('says how much must be wagered for a newbie bonus, in Tagalog with the same sums', () => {
    const newbie = {
      ...base,
      kind: 'newbie_bonus' as const,
      rules: { amount: '88.00', registeredWithinDays: 7 },
    };
    const words = termsWords(newbie, 'TY');
    expect(words?.wagering).toEqual([
      'Itaya ang 5× ng bonus bago ito maging cash.',
      'Kailangang itaya: ₱440.00.',
    ]);
    expect(words?.limits[1]).toBe('Mag-e-expire ang bonus 7 araw matapos itong magsimula.');
    expect(words?.contributions[0]).toEqual({ gameType: 'INHOUSE', game: 'Sariling laro', percent: '100%' });
  });

  it('says how much must be wagered for an app-download bonus, as for a newbie bonus', () => {
    const appDownload = { ...base, kind: 'app_download' as const, rules: { amount: '50.00' } };
    expect(termsWords(appDownload, 'EN')?.wagering).toEqual([
      'Wager 5× the bonus before it turns into cash.',
      'Wagering required: ₱250.00.',
    ]);
  });

  it('says there is nothing to wager at 0×, leaves out a stake limit not set, and shows the unfilled as missing', () => {
    const words = termsWords(
      {
        ...base,
        terms: { ...base.terms!, multiplier: 0, maxStake: null, maxConversion: null, expiryDays: 1 },
      },
      'EN',
    );
    expect(words?.wagering).toEqual(['Nothing to wager: the bonus turns into cash right away.']);
    expect(words?.limits).toEqual([
      'The bonus expires 1 day after it starts.',
      'Everything in your bonus wallet turns into cash once wagering is done.',
    ]);
    const unfilled = termsWords(
      { ...base, terms: { ...base.terms!, multiplier: null, maxStake: '', expiryDays: null } },
      'EN',
    );
    expect(unfilled?.wagering).toEqual(['Wager …× the bonus before it turns into cash.']);
    expect(unfilled?.limits.slice(0, 2)).toEqual([
      'Largest bet while the bonus is active: ….',
      'The bonus expires … days after it starts.',
    ]);
  });

  it('words the slot-spin rule among the limits, after the largest bet', () => {
    const words = termsWords(
      { ...base, terms: { ...base.terms!, minSpinStake: '1.00', minSpinLines: 25 } },
      'EN',
    );
    expect(words?.limits.slice(0, 2)).toEqual([
      'Largest bet while the bonus is active: ₱50.00.',
      'Slot spins count only at ₱1.00 or more per spin and 25 lines or more.',
    ]);
    const stakeOnly = termsWords({ ...base, terms: { ...base.terms!, minSpinStake: '2.00' } }, 'TY');
    expect(stakeOnly?.limits[1]).toBe(
      'Binibilang lang ang mga spin sa slot na ₱2.00 o higit pa ang taya bawat spin.',
    );
    const wrongLines = termsWords({ ...base, terms: { ...base.terms!, minSpinLines: '' } }, 'EN');
    expect(wrongLines?.limits[1]).toBe('Slot spins count only at … lines or more.');
  });

  it('has no terms for a promotion that grants no bonus', () => {
    expect(termsWords({ ...base, terms: null }, 'EN')).toBeNull();
  });
});

describe('the preview’s choices', () => {
  it('reads a blank language in the other one, as players of it do', () => {
    expect(localizedFor({ TY: '', EN: 'Welcome bonus' }, 'TY')).toBe('Welcome bonus');
    expect(localizedFor({ TY: 'Bonus sa pagsali', EN: 'Welcome bonus' }, 'TY')).toBe('Bonus sa pagsali');
    expect(localizedFor({}, 'EN')).toBe('');
  });

  it('shows a promotion coming soon before its start, closed after its end, else its kind’s offer', () => {
    const now = Date.parse('2025-06-10T00:00:00.000Z');
    const schedule = { startsAt: '2025-06-01T00:00:00.000Z', endsAt: '2025-06-30T00:00:00.000Z' };
    expect(firstStateOf({ ...schedule, kind: 'deposit_bonus' }, now)).toBe('JOIN');
    expect(firstStateOf({ ...schedule, kind: 'newbie_bonus' }, now)).toBe('CLAIM');
    expect(firstStateOf({ ...schedule, kind: 'app_download' }, now)).toBe('CLAIM');
    expect(firstStateOf({ ...schedule, kind: 'application' }, now)).toBe('APPLY');
    expect(firstStateOf({ ...schedule, kind: 'info' }, now)).toBe('NONE');
    expect(firstStateOf({ ...schedule, kind: 'raffle' }, now)).toBe('JOIN');
    expect(firstStateOf({ ...schedule, startsAt: '2025-06-11T00:00:00.000Z', kind: 'cashback' }, now)).toBe(
      'COMING_SOON',
    );
    expect(firstStateOf({ ...schedule, endsAt: '2025-06-10T00:00:00.000Z', kind: 'cashback' }, now)).toBe(
      'CLOSE',
    );
  });

  it('offers only the states a kind can be in', () => {
    expect(statesOfKind('info')).toEqual(['NONE', 'COMING_SOON', 'CLOSE']);
    expect(statesOfKind('application')).toContain('REJECTED');
    expect(statesOfKind('deposit_bonus')).not.toContain('CLAIM');
    expect(statesOfKind('app_download')).toEqual(statesOfKind('newbie_bonus'));
  });
});
