import { describe, expect, it } from 'vitest';
import {
  moneyWords,
  type PreviewPromotion,
  percentWords,
  rulesWords,
  scheduleWords,
  stateNoteWords,
  stateWords,
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
    contributions: { INHOUSE: 10_000, RNG: 10_000, LIVE: 1_000, SPORTS: 5_000 },
    maxStake: '50.00',
    expiryDays: 7,
    maxConversion: '5000.00',
  },
  grantsPerMember: 1,
  audience: 'all',
};

describe('the card’s button', () => {
  it('words each state in Tagalog and English, and marks only join, claim and apply as actions', () => {
    expect(stateWords('JOIN', 'deposit_bonus', 'TY')).toEqual({ label: 'Sumali', isAction: true });
    expect(stateWords('JOIN', 'deposit_bonus', 'EN')).toEqual({ label: 'Join', isAction: true });
    expect(stateWords('CLAIM', 'newbie_bonus', 'EN')).toEqual({ label: 'Claim', isAction: true });
    expect(stateWords('APPLY', 'application', 'TY')).toEqual({ label: 'Mag-apply', isAction: true });
    expect(stateWords('APPLYING', 'application', 'TY')).toEqual({ label: 'Sinusuri pa', isAction: false });
    expect(stateWords('COMING_SOON', 'cashback', 'EN')).toEqual({ label: 'Coming soon', isAction: false });
    expect(stateWords('CLOSE', 'cashback', 'TY')).toEqual({ label: 'Tapos na', isAction: false });
  });

  it('offers the details of an information-only promotion, with no note under it', () => {
    expect(stateWords('NONE', 'info', 'EN')).toEqual({ label: 'View details', isAction: false });
    expect(stateWords('NONE', 'info', 'TY')).toEqual({ label: 'Tingnan ang detalye', isAction: false });
    expect(stateNoteWords('NONE', 'info', 'EN')).toBeNull();
    expect(stateNoteWords('NONE', 'deposit_bonus', 'EN')).toBe('This promotion is not open to you.');
    expect(stateNoteWords('JOINED', 'deposit_bonus', 'TY')).toContain('susunod mong deposito');
  });

  it('names the promotion tabs as the player’s tabs do', () => {
    expect(typeWords('NEWBIE', 'TY')).toBe('Baguhan');
    expect(typeWords('GAME', 'EN')).toBe('Game promotions');
  });
});

describe('amounts and percents', () => {
  it('shows pesos grouped with two decimals, and an ellipsis for a field not filled in right', () => {
    expect(moneyWords('1000.00')).toBe('₱1,000.00');
    expect(moneyWords('88.50')).toBe('₱88.50');
    expect(moneyWords('')).toBe('…');
    expect(moneyWords(undefined)).toBe('…');
    expect(percentWords('12.50')).toBe('12.5');
    expect(percentWords('100.00')).toBe('100');
    expect(percentWords('')).toBe('…');
  });
});

describe('the schedule', () => {
  it('says from when, to when or with no end, and when a promotion not yet started starts', () => {
    const open = scheduleWords(base, 'JOIN', 'EN');
    expect(open).toMatch(/^From .*2025.*, no end date$/);
    expect(open).toContain('12:00'); // 04:00 UTC is noon in Manila.
    expect(scheduleWords({ ...base, endsAt: '2025-06-30T15:59:00.000Z' }, 'JOIN', 'TY')).toMatch(
      /^.*2025.* hanggang .*2025.*$/,
    );
    expect(scheduleWords(base, 'COMING_SOON', 'TY')).toMatch(/^Magsisimula sa .*2025/);
    expect(scheduleWords({ ...base, startsAt: null }, 'JOIN', 'EN')).toBe('From …, no end date');
  });
});

describe('the rules in words', () => {
  it('words a deposit bonus: share and cap, minimum, which deposit, methods and how often', () => {
    expect(rulesWords({ ...base, rules: { ...base.rules, methods: ['gcash', 'maya'] } }, 'EN')).toEqual([
      'A bonus of 100% of your deposit, up to ₱1,000.00',
      'Minimum deposit: ₱100.00',
      'On your first deposit',
      'Only through: gcash, maya',
      'Once per player',
    ]);
    expect(rulesWords({ ...base, rules: { ...base.rules, which: 'nth', nth: 3 } }, 'EN')[2]).toBe(
      'On your 3rd deposit',
    );
    expect(rulesWords({ ...base, rules: { ...base.rules, which: 'nth', nth: 2 } }, 'TY')[2]).toBe(
      'Para sa iyong ika-2 na deposito',
    );
    expect(rulesWords({ ...base, grantsPerMember: 0 }, 'TY').at(-1)).toBe(
      'Walang limitasyon kung ilang beses bawat manlalaro',
    );
  });

  it('words a newbie bonus, an application, cashback and the audience', () => {
    expect(
      rulesWords(
        {
          ...base,
          kind: 'newbie_bonus',
          rules: { amount: '88.00', registeredWithinDays: 7, newMemberDays: 7 },
          audience: 'new_members',
        },
        'TY',
      ),
    ).toEqual([
      'Bonus na ₱88.00, matatanggap agad kapag na-claim mo',
      'Para sa mga nagparehistro sa nakalipas na 7 araw',
      'Para lang sa mga bagong miyembro (nagparehistro sa nakalipas na 7 araw)',
      'Isang beses lang bawat manlalaro',
    ]);
    expect(
      rulesWords({ ...base, kind: 'application', rules: { maxAmount: '500.00', payAs: 'cash' } }, 'EN'),
    ).toEqual([
      'Apply with a short comment and up to 3 images; we review every application.',
      'A reward of up to ₱500.00',
      'Paid as cash, with no wagering',
      'Once per player',
    ]);
    expect(
      rulesWords(
        {
          ...base,
          kind: 'cashback',
          rules: { percent: '10.00', period: 'week', minNetLoss: '100.00', cap: '2000.00', payAs: 'bonus' },
          audience: 'agent_teams',
        },
        'EN',
      ),
    ).toEqual([
      '10% of your net loss each week, up to ₱2,000.00',
      'Paid when your net loss for the week is at least ₱100.00',
      'Net loss is your settled bets less your wins.',
      'Paid as a bonus, under the terms below',
      'For members of selected teams only',
      'Once per player',
    ]);
  });

  it('has no rules to word for an information-only promotion', () => {
    expect(rulesWords({ ...base, kind: 'info', rules: {} }, 'EN')).toEqual([]);
  });
});

describe('the bonus terms in words', () => {
  it('words wagering, limits, expiry, each game’s share and the withdrawal rule', () => {
    const words = termsWords(base, 'EN');
    expect(words?.lines).toEqual([
      'Wager 5× the bonus before it turns into cash',
      'Largest bet while the bonus is active: ₱50.00',
      'Expires 7 days after it starts if the wagering is not done',
      'At most ₱5,000.00 turns into cash; the rest is forfeited',
    ]);
    expect(words?.contributions).toEqual([
      { gameType: 'In-house', percent: '100%' },
      { gameType: 'Live casino', percent: '10%' },
      { gameType: 'Slots', percent: '100%' },
      { gameType: 'Sports', percent: '50%' },
      { gameType: 'Other games', percent: '0%' },
    ]);
    expect(words?.withdrawalRule).toContain('Your own money can always be withdrawn');
    expect(termsWords(base, 'TY')?.withdrawalRule).toContain('sarili mong pera anumang oras');
  });

  it('says how much must be wagered when the bonus is a fixed amount, and counts the deposit when the terms do', () => {
    const newbie = {
      ...base,
      kind: 'newbie_bonus' as const,
      rules: { amount: '88.00', registeredWithinDays: 7 },
    };
    expect(termsWords(newbie, 'EN')?.lines.slice(0, 2)).toEqual([
      'Wager 5× the bonus before it turns into cash',
      'Valid bets needed in all: ₱440.00',
    ]);
    expect(termsWords({ ...base, terms: { ...base.terms!, includeDeposit: true } }, 'TY')?.lines[0]).toBe(
      'Tayaan nang 5× ang bonus at ang deposito bago ito maging cash',
    );
  });

  it('says there is no wagering at 0×, leaves out limits not set, and shows the unfilled as missing', () => {
    const words = termsWords(
      {
        ...base,
        terms: { ...base.terms!, multiplier: 0, maxStake: null, maxConversion: null, expiryDays: 1 },
      },
      'EN',
    );
    expect(words?.lines).toEqual([
      'No wagering: the bonus turns into cash at once',
      'Expires 1 day after it starts if the wagering is not done',
    ]);
    expect(
      termsWords(
        { ...base, terms: { ...base.terms!, multiplier: null, maxStake: '', expiryDays: null } },
        'EN',
      )?.lines,
    ).toEqual([
      'Wager …× the bonus before it turns into cash',
      'Largest bet while the bonus is active: …',
      'Expires … days after it starts if the wagering is not done',
      'At most ₱5,000.00 turns into cash; the rest is forfeited',
    ]);
  });

  it('has no terms for a promotion that grants no bonus', () => {
    expect(termsWords({ ...base, terms: null }, 'EN')).toBeNull();
  });
});
