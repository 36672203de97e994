import { describe, expect, it } from 'vitest';
import { BONUS_GAME_TYPES } from '../../lib/bonus-terms.ts';
import {
  draftOfPromotion,
  grantsBonus,
  newPromotionDraft,
  newRaffleDraft,
  PRIZE_TIERS_MAX,
  type PromotionDraft,
  previewOfDraft,
  prizePlacesOf,
  readPromotionDraft,
  type StoredPromotion,
  typedPrizeCountOf,
  withPrizeTierAdded,
  withPrizeTierRemoved,
} from './promotion-form.ts';

const NONE_COUNTED = Object.fromEntries(BONUS_GAME_TYPES.map((type) => [type, 0]));

/** The form's `datetime-local` text read as if the operator were in UTC, so that tests need no zone. */
const isoOf = (local: string) => (local ? new Date(`${local}:00Z`).toISOString() : null);
const toLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const options = { maxMultiplier: 10, isoOf };

function draftWith(change: Partial<PromotionDraft>): PromotionDraft {
  return {
    ...newPromotionDraft('2025-06-01T00:00'),
    title: { TY: 'Bonus sa unang deposito', EN: 'First deposit bonus' },
    ...change,
  };
}

describe('readPromotionDraft', () => {
  it('sends a deposit bonus with its percent as a rate, amounts as wire strings and terms in basis points', () => {
    const draft = draftWith({
      type: 'DEPOSIT',
      kind: 'deposit_bonus',
      content: { TY: ' <p>Sali na!</p> ', EN: '' },
      coverImageUrls: { TY: 'https://cdn.example/ty.png', EN: '' },
      endsAt: '2025-06-30T23:59',
      deposit: { percent: '50', cap: '1,000', minDeposit: '100', which: 'nth', nth: '2', methods: 'GCash ' },
      terms: {
        ...draftWith({}).terms,
        multiplier: '8',
        contributions: { ...draftWith({}).terms.contributions, LIVE: '12.5' },
      },
      grantsPerMember: '3',
      budgetPerDay: '50000',
    });
    const reading = readPromotionDraft(draft, options);
    expect(reading).toEqual({
      ok: true,
      body: {
        type: 'DEPOSIT',
        kind: 'deposit_bonus',
        title: { TY: 'Bonus sa unang deposito', EN: 'First deposit bonus' },
        content: { TY: '<p>Sali na!</p>' },
        coverImageUrls: { TY: 'https://cdn.example/ty.png' },
        detailImageUrls: {},
        startsAt: '2025-06-01T00:00:00.000Z',
        endsAt: '2025-06-30T23:59:00.000Z',
        audience: 'all',
        audienceAgentIds: [],
        rules: {
          percent: '50.00',
          cap: '1000.00',
          minDeposit: '100.00',
          which: 'nth',
          nth: 2,
          methods: ['gcash'],
        },
        bonusTerms: {
          multiplier: 8,
          includeDeposit: false,
          contributions: {
            ...NONE_COUNTED,
            INHOUSE: 10_000,
            RNG: 10_000,
            FISH: 10_000,
            SPORTS: 5_000,
            LIVE: 1_250,
          },
          maxStake: null,
          expiryDays: 7,
          maxConversion: null,
          minSpinStake: null,
          minSpinLines: null,
        },
        grantsPerMember: 3,
        budgetPerDay: '50000.00',
        sortOrder: 0,
      },
    });
  });

  it('sends only the chosen kind’s rules, and no terms for a kind that grants no bonus', () => {
    const info = readPromotionDraft(draftWith({ kind: 'info' }), options);
    expect(info.ok && info.body.rules).toEqual({});
    expect(info.ok && info.body.bonusTerms).toBeNull();

    const application = readPromotionDraft(
      draftWith({ kind: 'application', application: { maxAmount: '500' } }),
      options,
    );
    expect(application.ok && application.body.rules).toEqual({ maxAmount: '500.00' });
    expect(application.ok && application.body.bonusTerms?.multiplier).toBe(5);

    const cashCashback = readPromotionDraft(
      draftWith({
        kind: 'cashback',
        cashback: { percent: '10', period: 'day', minNetLoss: '100', cap: '2000', payAs: 'cash' },
      }),
      options,
    );
    expect(cashCashback.ok && cashCashback.body.bonusTerms).toBeNull();

    const cashback = readPromotionDraft(
      draftWith({
        kind: 'cashback',
        cashback: { percent: '10', period: 'day', minNetLoss: '100', cap: '2000', payAs: 'bonus' },
      }),
      options,
    );
    expect(cashback.ok && cashback.body.rules).toEqual({
      percent: '10.00',
      period: 'day',
      minNetLoss: '100.00',
      cap: '2000.00',
      payAs: 'bonus',
    });
    expect(cashback.ok && cashback.body.bonusTerms?.multiplier).toBe(5);
  });

  it('sends the agents’ ids for agents’ teams and the new members’ days with the rules', () => {
    const teams = readPromotionDraft(
      draftWith({ audience: 'agent_teams', agents: [{ id: 'm-1', account: 'leader' }] }),
      options,
    );
    expect(teams.ok && teams.body.audienceAgentIds).toEqual(['m-1']);

    const newcomers = readPromotionDraft(
      draftWith({
        kind: 'newbie_bonus',
        audience: 'new_members',
        newMemberDays: '14',
        newbie: { amount: '88', registeredWithinDays: '7' },
        // Agents picked before the audience changed are not sent.
        agents: [{ id: 'm-1', account: 'leader' }],
      }),
      options,
    );
    expect(newcomers.ok && newcomers.body.rules).toEqual({
      amount: '88.00',
      registeredWithinDays: 7,
      newMemberDays: 14,
    });
    expect(newcomers.ok && newcomers.body.audienceAgentIds).toEqual([]);
  });

  it('sends an app-download bonus with its amount alone as its rules, and the terms of the bonus it grants', () => {
    const reading = readPromotionDraft(
      draftWith({
        type: 'APP_DOWNLOAD',
        kind: 'app_download',
        appDownload: { amount: '50' },
        // Another kind's rules typed before the kind changed are not sent.
        newbie: { amount: '88', registeredWithinDays: '7' },
        terms: { ...draftWith({}).terms, multiplier: '3' },
      }),
      options,
    );
    expect(reading.ok && reading.body.type).toBe('APP_DOWNLOAD');
    expect(reading.ok && reading.body.kind).toBe('app_download');
    expect(reading.ok && reading.body.rules).toEqual({ amount: '50.00' });
    expect(reading.ok && reading.body.bonusTerms?.multiplier).toBe(3);
    expect(reading.ok && reading.body.grantsPerMember).toBe(1);

    const newcomers = readPromotionDraft(
      draftWith({
        kind: 'app_download',
        audience: 'new_members',
        newMemberDays: '30',
        appDownload: { amount: '50.00' },
      }),
      options,
    );
    expect(newcomers.ok && newcomers.body.rules).toEqual({ amount: '50.00', newMemberDays: 30 });
  });

  it('reports an app-download bonus’s missing or wrong amount at rules.amount', () => {
    for (const amount of ['', ' ', '0', 'fifty']) {
      const reading = readPromotionDraft(
        draftWith({ kind: 'app_download', appDownload: { amount } }),
        options,
      );
      expect(reading.ok ? [] : Object.keys(reading.errors)).toEqual(['rules.amount']);
    }
  });

  it('names every problem by the field path the server uses, so both show beside the same field', () => {
    const reading = readPromotionDraft(
      draftWith({
        kind: 'deposit_bonus',
        title: { TY: ' ', EN: '' },
        startsAt: '2025-06-10T00:00',
        endsAt: '2025-06-01T00:00',
        audience: 'agent_teams',
        deposit: { percent: '0', cap: '', minDeposit: 'abc', which: 'nth', nth: '1', methods: 'g-cash' },
        terms: { ...draftWith({}).terms, multiplier: '12' },
        grantsPerMember: '-1',
        budgetPerDay: '0',
      }),
      options,
    );
    expect(reading.ok).toBe(false);
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'audienceAgentIds',
      'bonusTerms.multiplier',
      'budgetPerDay',
      'endsAt',
      'grantsPerMember',
      'rules.cap',
      'rules.methods',
      'rules.minDeposit',
      'rules.nth',
      'rules.percent',
      'title.TY',
    ]);
  });

  it('lets a deposit bonus give up to five times the deposit, and cashback at most all of the loss', () => {
    const deposit = (percent: string) =>
      readPromotionDraft(
        draftWith({ kind: 'deposit_bonus', deposit: { ...draftWith({}).deposit, percent, cap: '1000' } }),
        options,
      );
    const depositRules = deposit('500');
    expect(depositRules.ok && depositRules.body.rules.percent).toBe('500.00');
    expect(deposit('500.01').ok).toBe(false);
    const cashback = readPromotionDraft(
      draftWith({ kind: 'cashback', cashback: { ...draftWith({}).cashback, percent: '101', cap: '10' } }),
      options,
    );
    expect(cashback.ok ? {} : cashback.errors).toHaveProperty('rules.percent');
  });

  it('refuses a promotion without a start', () => {
    const reading = readPromotionDraft(draftWith({ startsAt: '' }), options);
    expect(reading.ok ? {} : reading.errors).toHaveProperty('startsAt');
  });
});

describe('grantsBonus', () => {
  it('asks for terms where a bonus is granted: every kind but information and cashback paid as cash', () => {
    const draft = draftWith({});
    expect(grantsBonus({ ...draft, kind: 'info' })).toBe(false);
    expect(grantsBonus({ ...draft, kind: 'deposit_bonus' })).toBe(true);
    expect(grantsBonus({ ...draft, kind: 'newbie_bonus' })).toBe(true);
    expect(grantsBonus({ ...draft, kind: 'app_download' })).toBe(true);
    expect(grantsBonus({ ...draft, kind: 'application' })).toBe(true);
    expect(grantsBonus({ ...draft, kind: 'cashback' })).toBe(true);
    expect(
      grantsBonus({
        ...draft,
        kind: 'cashback',
        cashback: { ...draft.cashback, payAs: 'cash' },
      }),
    ).toBe(false);
    expect(grantsBonus({ ...draft, kind: 'raffle' })).toBe(false);
    expect(grantsBonus({ ...draft, kind: 'raffle', raffle: { ...draft.raffle, payAs: 'bonus' } })).toBe(true);
  });
});

describe('a raffle’s rules', () => {
  /** A raffle ending on 30 June, its prize tiers typed as an operator would. */
  const raffleDraft = (change: Partial<PromotionDraft['raffle']> = {}, draft: Partial<PromotionDraft> = {}) =>
    draftWith({
      kind: 'raffle',
      endsAt: '2025-06-30T23:59',
      raffle: {
        ...newRaffleDraft(),
        prizes: [
          { amount: '5,000', count: '1' },
          { amount: '1000', count: '3' },
          { amount: '100', count: '20' },
        ],
        ...change,
      },
      ...draft,
    });

  it('sends tickets by valid bet with the prize tiers in rank order, as cash with no terms', () => {
    const reading = readPromotionDraft(
      raffleDraft({ gameTypes: ['FISH', 'RNG'], minSpinStake: '1', minSpinLines: '25' }),
      options,
    );
    expect(reading.ok && reading.body.rules).toEqual({
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
      // In the catalogue's order, whatever order they were ticked in.
      gameTypes: ['RNG', 'FISH'],
      minSpinStake: '1.00',
      minSpinLines: 25,
    });
    expect(reading.ok && reading.body.bonusTerms).toBeNull();
    expect(reading.ok && reading.body.endsAt).toBe('2025-06-30T23:59:00.000Z');
  });

  it('sends neither game types nor a spin rule for tickets by deposit, and terms for prizes paid as a bonus', () => {
    const reading = readPromotionDraft(
      raffleDraft({
        ticketBy: 'deposit',
        payAs: 'bonus',
        gameTypes: ['RNG'],
        minSpinStake: '1',
        minSpinLines: 'many',
      }),
      options,
    );
    expect(reading.ok && reading.body.rules).toEqual({
      ticketBy: 'deposit',
      ticketEvery: '500.00',
      maxTickets: 100,
      prizes: [
        { amount: '5000.00', count: 1 },
        { amount: '1000.00', count: 3 },
        { amount: '100.00', count: 20 },
      ],
      payAs: 'bonus',
      claimDays: 7,
      drawDelayMinutes: 60,
    });
    expect(reading.ok && reading.body.bonusTerms?.multiplier).toBe(5);
  });

  it('needs an end, since the draw comes after it', () => {
    const reading = readPromotionDraft(raffleDraft({}, { endsAt: '' }), options);
    expect(reading.ok ? {} : reading.errors).toEqual({
      endsAt: 'A raffle needs an end: its draw comes after it.',
    });
    // Other kinds may run with no end.
    expect(readPromotionDraft(draftWith({ kind: 'info', endsAt: '' }), options).ok).toBe(true);
  });

  it('names each prize tier’s problems by its row, and the table’s by rules.prizes, as the server does', () => {
    const reading = readPromotionDraft(
      raffleDraft({
        ticketEvery: '0',
        maxTickets: '10001',
        prizes: [
          { amount: '5000', count: '0' },
          { amount: 'lots', count: '1' },
        ],
        claimDays: '91',
        drawDelayMinutes: '1441',
        minSpinStake: '-1',
        minSpinLines: '1025',
      }),
      options,
    );
    expect(reading.ok ? [] : Object.keys(reading.errors).sort()).toEqual([
      'rules.claimDays',
      'rules.drawDelayMinutes',
      'rules.maxTickets',
      'rules.minSpinLines',
      'rules.minSpinStake',
      'rules.prizes.0.count',
      'rules.prizes.1.amount',
      'rules.ticketEvery',
    ]);
  });

  it('holds the prizes to at most 1000 in all and the tiers to at most 20, with none left out', () => {
    const tooMany = readPromotionDraft(
      raffleDraft({
        prizes: [
          { amount: '100', count: '600' },
          { amount: '50', count: '401' },
        ],
      }),
      options,
    );
    expect(tooMany.ok ? {} : tooMany.errors).toEqual({ 'rules.prizes': 'At most 1000 prizes in all.' });
    const exactly = readPromotionDraft(
      raffleDraft({
        prizes: [
          { amount: '100', count: '600' },
          { amount: '50', count: '400' },
        ],
      }),
      options,
    );
    expect(exactly.ok).toBe(true);
    const tiers = Array.from({ length: PRIZE_TIERS_MAX + 1 }, () => ({ amount: '10', count: '1' }));
    const tooManyTiers = readPromotionDraft(raffleDraft({ prizes: tiers }), options);
    expect(tooManyTiers.ok ? {} : tooManyTiers.errors).toEqual({ 'rules.prizes': 'At most 20 tiers.' });
    const none = readPromotionDraft(raffleDraft({ prizes: [] }), options);
    expect(none.ok ? {} : none.errors).toEqual({ 'rules.prizes': 'At least one prize.' });
  });

  it('adds tiers up to 20 and removes any but the last one', () => {
    let prizes = newRaffleDraft().prizes;
    expect(withPrizeTierRemoved(prizes, 0)).toEqual(prizes);
    for (let tier = 1; tier < PRIZE_TIERS_MAX + 5; tier += 1) prizes = withPrizeTierAdded(prizes);
    expect(prizes).toHaveLength(PRIZE_TIERS_MAX);
    expect(prizes.at(-1)).toEqual({ amount: '', count: '1' });
    const three = [
      { amount: '5000', count: '1' },
      { amount: '1000', count: '3' },
      { amount: '100', count: '20' },
    ];
    expect(withPrizeTierRemoved(three, 1)).toEqual([three[0], three[2]]);
  });

  it('says the places each tier covers and the prizes in all as typed, "…" below a count that does not read', () => {
    const first = { amount: '5000', count: '1' };
    const last = { amount: '100', count: '20' };
    const three = [first, { amount: '1000', count: '3' }, last];
    expect(three.map((_, index) => prizePlacesOf(three, index))).toEqual(['1', '2–4', '5–24']);
    expect(typedPrizeCountOf(three)).toBe(24);
    const unread = [first, { amount: '1000', count: 'x' }, last];
    expect(unread.map((_, index) => prizePlacesOf(unread, index))).toEqual(['1', '…', '…']);
    expect(typedPrizeCountOf(unread)).toBe(21);
  });

  it('fills the form from a stored raffle and sends it back as it was', () => {
    const rules = {
      ticketBy: 'validBet',
      ticketEvery: '500.00',
      maxTickets: 100,
      prizes: [
        { amount: '5000.00', count: 1 },
        { amount: '100.00', count: 20 },
      ],
      payAs: 'cash',
      claimDays: 14,
      drawDelayMinutes: 0,
      gameTypes: ['RNG'],
      minSpinLines: 25,
    };
    const draft = draftOfPromotion(
      {
        type: 'OTHERS',
        kind: 'raffle',
        title: { TY: 'Raffle', EN: 'Raffle' },
        content: {},
        coverImageUrls: {},
        detailImageUrls: {},
        startsAt: '2025-06-01T00:00:00.000Z',
        endsAt: '2025-06-30T00:00:00.000Z',
        audience: 'all',
        audienceAgents: [],
        rules,
        bonusTerms: null,
        grantsPerMember: 1,
        budgetPerDay: null,
        sortOrder: 0,
      },
      toLocalInput,
    );
    expect(draft.raffle).toEqual({
      ticketBy: 'validBet',
      ticketEvery: '500.00',
      maxTickets: '100',
      prizes: [
        { amount: '5000.00', count: '1' },
        { amount: '100.00', count: '20' },
      ],
      payAs: 'cash',
      claimDays: '14',
      drawDelayMinutes: '0',
      gameTypes: ['RNG'],
      minSpinStake: '',
      minSpinLines: '25',
    });
    const reading = readPromotionDraft(draft, options);
    expect(reading.ok && reading.body.rules).toEqual(rules);
  });

  it('previews the tiers as far as they read, and the spin rule’s lines not typed right as missing', () => {
    const preview = previewOfDraft(
      raffleDraft({ prizes: [{ amount: 'x', count: '2' }], minSpinLines: 'many' }),
      isoOf,
    );
    expect(preview.rules.prizes).toEqual([{ amount: '', count: 2 }]);
    expect(preview.rules.minSpinLines).toBe('');
    expect(preview.endsAt).toBe('2025-06-30T23:59:00.000Z');
  });
});

describe('draftOfPromotion', () => {
  const stored: StoredPromotion = {
    type: 'DEPOSIT',
    kind: 'deposit_bonus',
    title: { TY: 'Bonus', EN: 'Bonus' },
    content: { TY: '<p>x</p>' },
    coverImageUrls: { TY: 'https://cdn.example/c.png' },
    detailImageUrls: {},
    startsAt: '2025-06-01T00:00:00.000Z',
    endsAt: null,
    audience: 'agent_teams',
    audienceAgents: [{ id: 'm-1', account: 'leader' }],
    rules: {
      percent: '12.50',
      cap: '1000.00',
      minDeposit: '100.00',
      which: 'any',
      methods: ['gcash', 'maya'],
    },
    bonusTerms: {
      multiplier: 5,
      includeDeposit: true,
      contributions: { RNG: 10_000, LIVE: 1_000 },
      maxStake: '50.00',
      expiryDays: 7,
      maxConversion: '5000.00',
    },
    grantsPerMember: 0,
    budgetPerDay: null,
    sortOrder: 3,
  };

  it('fills the form from a stored promotion, and sends it back as it was', () => {
    const draft = draftOfPromotion(stored, toLocalInput);
    expect(draft.deposit).toEqual({
      percent: '12.5',
      cap: '1000.00',
      minDeposit: '100.00',
      which: 'any',
      nth: '2',
      methods: 'gcash, maya',
    });
    expect(draft.title).toEqual({ TY: 'Bonus', EN: 'Bonus' });
    expect(draft.terms.contributions.LIVE).toBe('10');
    const reading = readPromotionDraft(draft, options);
    const { audienceAgents: _agents, ...rest } = stored;
    expect(reading).toEqual({
      ok: true,
      body: {
        ...rest,
        audienceAgentIds: ['m-1'],
        // Every game type is sent, 0 where it does not count.
        // Terms stored before the slot-spin rule are sent with none.
        bonusTerms: {
          ...stored.bonusTerms,
          contributions: { ...NONE_COUNTED, RNG: 10_000, LIVE: 1_000 },
          minSpinStake: null,
          minSpinLines: null,
        },
      },
    });
  });
});

describe('draftOfPromotion for an app-download bonus', () => {
  const stored: StoredPromotion = {
    type: 'APP_DOWNLOAD',
    kind: 'app_download',
    title: { TY: 'Bonus sa app', EN: 'App bonus' },
    content: { EN: '<p>Install the app</p>' },
    coverImageUrls: {},
    detailImageUrls: {},
    startsAt: '2025-06-01T00:00:00.000Z',
    endsAt: '2025-12-31T00:00:00.000Z',
    audience: 'all',
    audienceAgents: [],
    rules: { amount: '50.00' },
    bonusTerms: {
      multiplier: 3,
      includeDeposit: false,
      contributions: { RNG: 10_000 },
      maxStake: null,
      expiryDays: 7,
      maxConversion: null,
      minSpinStake: null,
      minSpinLines: null,
    },
    grantsPerMember: 1,
    budgetPerDay: '10000.00',
    sortOrder: 0,
  };

  it('fills its amount from the stored rules, leaves the newbie amount alone, and sends it back as it was', () => {
    const draft = draftOfPromotion(stored, toLocalInput);
    expect(draft.appDownload).toEqual({ amount: '50.00' });
    expect(draft.newbie.amount).toBe('');
    const reading = readPromotionDraft(draft, options);
    const { audienceAgents: _agents, ...rest } = stored;
    expect(reading).toEqual({
      ok: true,
      body: {
        ...rest,
        audienceAgentIds: [],
        bonusTerms: { ...stored.bonusTerms, contributions: { ...NONE_COUNTED, RNG: 10_000 } },
      },
    });
  });

  it('starts other kinds with a blank app-download amount', () => {
    const draft = draftOfPromotion({ ...stored, kind: 'newbie_bonus' }, toLocalInput);
    expect(draft.appDownload).toEqual({ amount: '' });
    expect(draft.newbie.amount).toBe('50.00');
  });
});

describe('previewOfDraft', () => {
  it('shows what reads and leaves out what does not, rather than guessing', () => {
    const preview = previewOfDraft(
      draftWith({
        kind: 'newbie_bonus',
        newbie: { amount: 'eighty', registeredWithinDays: '' },
        terms: { ...draftWith({}).terms, multiplier: 'x', maxStake: '50', maxConversion: '' },
      }),
      isoOf,
    );
    expect(preview.rules).toEqual({ amount: '', registeredWithinDays: null });
    expect(preview.terms?.multiplier).toBeNull();
    expect(preview.terms?.maxStake).toBe('50.00');
    expect(preview.terms?.maxConversion).toBeNull();
    expect(preview.startsAt).toBe('2025-06-01T00:00:00.000Z');
  });
});
