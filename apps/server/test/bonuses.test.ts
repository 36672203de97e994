import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberType } from '../src/db/schema.ts';
import type { BonusTerms, GrantInput } from '../src/modules/bonus/bonus-api.ts';
import { isAppError } from '../src/platform/errors/errors.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { expectOneAuditRow } from './support/audit-log.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { ledgerProblems } from './support/contract-fixtures.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const START = Date.parse('2030-03-01T02:00:00Z');
const DAY_MS = 86_400_000;
let nowMs = START;
let testApp: TestApp;
let merchantId: string;

const TERMS: BonusTerms = {
  multiplier: 5,
  includeDeposit: false,
  contributions: { INHOUSE: 10_000, RNG: 10_000, LIVE: 1_000, SPORTS: 5_000 },
  maxStakeMinor: 5_000n,
  expiryDays: 7,
  maxConversionMinor: 500_000n,
  minSpinStakeMinor: null,
  minSpinLines: null,
};

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

let memberCount = 0;
/** A new ordinary member of the demo merchant (or of another type). */
async function newMember(type: MemberType = 0): Promise<string> {
  memberCount += 1;
  const member = await testApp.app.members.createMember({
    merchantId,
    account: `bonus${memberCount}x${Math.floor(Math.random() * 1e6)}`,
    password: 'Bonus12345',
    type,
  });
  return member.id;
}

function grantOf(memberId: string, overrides: Partial<GrantInput> = {}): GrantInput {
  return {
    merchantId,
    memberId,
    currency: 'PHP',
    source: 'manual',
    amountMinor: 10_000n,
    terms: TERMS,
    language: 'EN',
    ...overrides,
  };
}

async function balancesOf(memberId: string) {
  return testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
}

async function bonusRow(bonusId: string) {
  return testApp.database.db
    .selectFrom('member_bonuses')
    .selectAll()
    .where('id', '=', bonusId)
    .executeTakeFirstOrThrow();
}

/** The code and reason of what a promise was refused with. */
async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; reason: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, reason: error.value?.reason ?? error.value };
    throw error;
  }
  throw new Error('expected a refusal');
}

async function insertPromotion(budgetDayMinor: bigint | null): Promise<string> {
  const id = uuidv7();
  await testApp.database.db
    .insertInto('promotions')
    .values({
      id,
      merchant_id: merchantId,
      type: 'DEPOSIT',
      kind: 'deposit_bonus',
      title: JSON.stringify({ EN: 'Welcome bonus', TY: 'Bonus sa pagsali' }),
      content: JSON.stringify({ EN: '', TY: '' }),
      starts_at: new Date(START - DAY_MS),
      budget_day_minor: budgetDayMinor,
      status: 'published',
      created_by: null,
      created_at: new Date(START - DAY_MS),
      updated_at: new Date(START - DAY_MS),
    })
    .execute();
  return id;
}

describe('granting a bonus', () => {
  it('activates the first bonus at once and credits the bonus wallet with its grant', async () => {
    const memberId = await newMember();
    const outcome = await testApp.app.bonuses.grant(grantOf(memberId, { depositMinor: 20_000n }));
    expect(outcome.status).toBe('active');
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 10_000n });
    const row = await bonusRow(outcome.bonusId);
    expect(row).toMatchObject({
      status: 'active',
      amount_minor: 10_000n,
      deposit_minor: 20_000n,
      wagering_required_minor: 50_000n,
      activated_at: new Date(nowMs),
      expires_at: new Date(nowMs + 7 * DAY_MS),
    });
    expect(row.terms).toMatchObject({
      language: 'EN',
      multiplier: 5,
      wageringRequired: '500.00',
      maxStake: '50.00',
      maxConversion: '5000.00',
      expiryDays: 7,
      contributions: [
        { gameType: 'INHOUSE', percent: '100.00' },
        { gameType: 'LIVE', percent: '10.00' },
        { gameType: 'RNG', percent: '100.00' },
        { gameType: 'SPORTS', percent: '50.00' },
      ],
    });
    expect(String((row.terms as { withdrawalRule: string }).withdrawalRule)).toContain('500.00');
    const grant = await testApp.app.wallet.findTransfer({
      merchantId,
      key: `bonus:${outcome.bonusId}:grant`,
    });
    expect(grant).toMatchObject({
      code: 'bonus',
      amountMinor: 10_000n,
      reference: `bonus:${outcome.bonusId}`,
    });
  });

  it('words the accepted terms in Tagalog for a Tagalog member', async () => {
    const memberId = await newMember();
    const outcome = await testApp.app.bonuses.grant(grantOf(memberId, { language: 'TY' }));
    const { terms } = await bonusRow(outcome.bonusId);
    expect(terms).toMatchObject({ language: 'TY' });
    expect(String((terms as { withdrawalRule: string }).withdrawalRule)).toContain('naitataya ang 500.00');
  });

  it('counts the deposit in the wagering when the terms include it', async () => {
    const memberId = await newMember();
    const outcome = await testApp.app.bonuses.grant(
      grantOf(memberId, { depositMinor: 20_000n, terms: { ...TERMS, includeDeposit: true } }),
    );
    expect((await bonusRow(outcome.bonusId)).wagering_required_minor).toBe(150_000n);
  });

  it('lets a second bonus wait, crediting nothing, while one is active', async () => {
    const memberId = await newMember();
    const first = await testApp.app.bonuses.grant(grantOf(memberId));
    const second = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 3_000n }));
    expect([first.status, second.status]).toEqual(['active', 'waiting']);
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 10_000n });
    expect(await bonusRow(second.bonusId)).toMatchObject({ activated_at: null, expires_at: null });
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const memberId = await newMember();
    let bonusId = '';
    await expect(
      testApp.database.db.transaction().execute(async (trx) => {
        bonusId = (await testApp.app.bonuses.grantIn(trx, grantOf(memberId))).bonusId;
        throw new Error('the promotion changed its mind');
      }),
    ).rejects.toThrow('the promotion changed its mind');
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
    expect(
      await testApp.database.db.selectFrom('member_bonuses').select('id').where('id', '=', bonusId).execute(),
    ).toEqual([]);
    // The accounts made inside the rolled-back transaction are not remembered: the next grant works.
    expect((await testApp.app.bonuses.grant(grantOf(memberId))).status).toBe('active');
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 10_000n });
  });

  it('refuses a multiplier above the merchant’s maximum, and terms out of range', async () => {
    const memberId = await newMember();
    expect(
      await refusalOf(testApp.app.bonuses.grant(grantOf(memberId, { terms: { ...TERMS, multiplier: 11 } }))),
    ).toEqual({ code: 'VALIDATION', reason: { fields: { 'terms.multiplier': 'range' } } });
    expect(
      await refusalOf(
        testApp.app.bonuses.grant(
          grantOf(memberId, { terms: { ...TERMS, contributions: { SLOTS: 100 }, expiryDays: 0 } }),
        ),
      ),
    ).toEqual({
      code: 'VALIDATION',
      reason: { fields: { 'terms.contributions.SLOTS': 'unknown', 'terms.expiryDays': 'range' } },
    });
    await patchDemoSettings(testApp, { promotions: { maxMultiplier: 20, budgetPerDay: null } });
    expect(
      (await testApp.app.bonuses.grant(grantOf(memberId, { terms: { ...TERMS, multiplier: 11 } }))).status,
    ).toBe('active');
    await patchDemoSettings(testApp, { promotions: { maxMultiplier: 10, budgetPerDay: null } });
  });
});

describe('who may have a bonus', () => {
  it('refuses a trial account', async () => {
    const memberId = await newMember(4);
    expect(await testApp.app.bonuses.isMarketable(memberId)).toEqual({ ok: false, reason: 'TRIAL_ACCOUNT' });
    expect(await refusalOf(testApp.app.bonuses.grant(grantOf(memberId)))).toEqual({
      code: 'TRIAL_ACCOUNT',
      reason: 'TRIAL_ACCOUNT',
    });
  });

  it('refuses a member who opted out, is locked, or is on a break, and no one else', async () => {
    const optedOut = await newMember();
    await testApp.app.bonuses.setOptOut(optedOut, true);
    const locked = await newMember();
    await testApp.database.db
      .updateTable('members')
      .set({ status: 'locked' })
      .where('id', '=', locked)
      .execute();
    const onBreak = await newMember();
    const breakEnded = await newMember();
    for (const [memberId, endsAt] of [
      [onBreak, nowMs + DAY_MS],
      [breakEnded, nowMs - 1],
    ] as const) {
      await testApp.database.db
        .insertInto('play_settings')
        .values({
          member_id: memberId,
          merchant_id: merchantId,
          reality_check_minutes: null,
          exclusion_kind: 'break',
          exclusion_ends_at: new Date(endsAt),
        })
        .execute();
    }
    for (const memberId of [optedOut, locked, onBreak]) {
      expect(await testApp.app.bonuses.isMarketable(memberId)).toEqual({
        ok: false,
        reason: 'NOT_MARKETABLE',
      });
      expect(await refusalOf(testApp.app.bonuses.grant(grantOf(memberId)))).toEqual({
        code: 'FORBIDDEN',
        reason: 'NOT_MARKETABLE',
      });
      expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
    }
    expect(await testApp.app.bonuses.isMarketable(breakEnded)).toEqual({ ok: true });
    // Read for many at once (promotional mail), the same rule answers the same.
    const among = await testApp.app.bonuses.marketableAmong([
      optedOut,
      locked,
      onBreak,
      breakEnded,
      'no-such-member',
    ]);
    expect([...among]).toEqual([breakEnded]);
    await testApp.app.bonuses.setOptOut(optedOut, false);
    expect(await testApp.app.bonuses.isMarketable(optedOut)).toEqual({ ok: true });
  });
});

describe('budgets', () => {
  it('grants exactly up to a promotion’s daily cap under a burst of simultaneous grants', async () => {
    const promotionId = await insertPromotion(50_000n);
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember()));
    const outcomes = await Promise.allSettled(
      members.map((memberId) =>
        testApp.app.bonuses.grant(
          grantOf(memberId, { source: 'promotion', promotionId, promotionBudgetDayMinor: 50_000n }),
        ),
      ),
    );
    const granted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(granted).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(isAppError(error) && error.code === 'CONFLICT' && error.value?.reason).toBe('BUDGET_EXHAUSTED');
    }
    const day = await testApp.database.db
      .selectFrom('promotion_budget_days')
      .select('granted_minor')
      .where('scope', '=', promotionId)
      .executeTakeFirstOrThrow();
    expect(day.granted_minor).toBe(50_000n);
    const bonuses = await testApp.database.db
      .selectFrom('member_bonuses')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('promotion_id', '=', promotionId)
      .executeTakeFirstOrThrow();
    expect(Number(bonuses.count)).toBe(5);
  });

  it('holds the merchant’s daily cap across promotions and manual grants, and a new day starts afresh', async () => {
    const used = await testApp.database.db
      .selectFrom('promotion_budget_days')
      .select('granted_minor')
      .where('merchant_id', '=', merchantId)
      .where('scope', '=', '')
      .where(sql<boolean>`day = (${new Date(nowMs)} at time zone 'Asia/Manila')::date`)
      .executeTakeFirst();
    const usedMinor = used ? BigInt(used.granted_minor) : 0n;
    const cap = usedMinor + 25_000n;
    await patchDemoSettings(testApp, {
      promotions: { maxMultiplier: 10, budgetPerDay: `${cap / 100n}.${String(cap % 100n).padStart(2, '0')}` },
    });
    const memberId = await newMember();
    const other = await newMember();
    expect((await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 20_000n }))).status).toBe(
      'active',
    );
    expect(await refusalOf(testApp.app.bonuses.grant(grantOf(other, { amountMinor: 10_000n })))).toEqual({
      code: 'CONFLICT',
      reason: 'BUDGET_EXHAUSTED',
    });
    // A refused grant writes nothing: not the promotion's reservation either.
    const promotionId = await insertPromotion(null);
    expect(
      await refusalOf(
        testApp.app.bonuses.grant(grantOf(other, { source: 'promotion', promotionId, amountMinor: 10_000n })),
      ),
    ).toEqual({ code: 'CONFLICT', reason: 'BUDGET_EXHAUSTED' });
    expect(
      await testApp.database.db
        .selectFrom('promotion_budget_days')
        .selectAll()
        .where('scope', '=', promotionId)
        .execute(),
    ).toEqual([]);
    expect(await balancesOf(other)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
    nowMs += DAY_MS;
    expect((await testApp.app.bonuses.grant(grantOf(other, { amountMinor: 10_000n }))).status).toBe('active');
    await patchDemoSettings(testApp, { promotions: { maxMultiplier: 10, budgetPerDay: null } });
  });
});

/** A vendor of the demo merchant with a game of each type the tests bet on. */
type BetGameType = 'RNG' | 'LIVE' | 'SPORTS' | 'FISH';
type BetGames = Record<BetGameType, { vendorId: string; gameId: string }>;
let games: BetGames | undefined;
async function ensureGames(): Promise<BetGames> {
  if (games) return games;
  const vendorId = uuidv7();
  const code = `BV${vendorId.slice(-6).toUpperCase()}`;
  await testApp.database.db
    .insertInto('game_vendors')
    .values({
      id: vendorId,
      merchant_id: merchantId,
      vassalage: code,
      name: code,
      launch_url: null,
      catalogue_url: null,
      secret_sealed: null,
    })
    .execute();
  const made: Partial<BetGames> = {};
  for (const gameType of ['RNG', 'LIVE', 'SPORTS', 'FISH'] as const) {
    const gameId = uuidv7();
    await testApp.database.db
      .insertInto('games')
      .values({
        id: gameId,
        merchant_id: merchantId,
        vendor_id: vendorId,
        node_id: `${code}-${gameType}`,
        vassalage: code,
        game_type: gameType,
        game_code: gameType.toLowerCase(),
        names: JSON.stringify({ EN: gameType, TY: gameType }),
        icon_url: null,
      })
      .execute();
    made[gameType] = { vendorId, gameId };
  }
  games = made as BetGames;
  return games;
}

/** A bet of the member placed and settled at the test clock: the bet record counts it. */
async function settleBet(
  memberId: string,
  gameType: BetGameType,
  stakeMinor: bigint,
  options: { winMinor?: bigint; status?: 'settled' | 'open'; bonusStakeMinor?: bigint } = {},
): Promise<string> {
  const game = (await ensureGames())[gameType];
  const id = uuidv7();
  const isOpen = options.status === 'open';
  await testApp.database.db
    .insertInto('game_rounds')
    .values({
      id,
      merchant_id: merchantId,
      member_id: memberId,
      game_id: game.gameId,
      vendor_id: game.vendorId,
      vendor_round_id: id,
      currency: 'PHP',
      stake_minor: stakeMinor,
      win_minor: options.winMinor ?? 0n,
      bonus_stake_minor: options.bonusStakeMinor ?? 0n,
      status: options.status ?? 'settled',
      server_seed_hash: null,
      client_seed: null,
      nonce: null,
      outcome: null,
      opened_at: new Date(nowMs),
      settled_at: isOpen ? null : new Date(nowMs),
    })
    .execute();
  return id;
}

/** Money into or out of the member's bonus wallet as the game's house would move it. */
async function moveBonusMoney(memberId: string, code: 'win' | 'bet', amountMinor: bigint): Promise<void> {
  const member = { memberId, wallet: 'bonus' as const };
  const house = { house: 'game' as const, shardKey: memberId };
  await testApp.app.wallet.transfer({
    merchantId,
    currency: 'PHP',
    key: `test-${code}:${uuidv7()}`,
    code,
    from: code === 'win' ? house : member,
    to: code === 'win' ? member : house,
    amountMinor,
  });
}

const settleAll = () => testApp.app.bonuses.settleDue(new Date(nowMs));

describe('wagering and the end of a bonus', () => {
  it('counts settled bets by their game type’s contribution and converts once the wagering is done', async () => {
    const memberId = await newMember();
    const { bonusId } = await testApp.app.bonuses.grant(grantOf(memberId));
    await settleBet(memberId, 'RNG', 20_000n); // 100 % → 200.00
    await settleBet(memberId, 'LIVE', 30_000n); // 10 % → 30.00
    await settleBet(memberId, 'SPORTS', 10_001n); // 50 % → 50.00 (floor of 50.005)
    await settleBet(memberId, 'FISH', 50_000n); // not named: 0
    expect((await bonusRow(bonusId)).wagered_minor).toBe(28_000n);
    await settleAll();
    expect((await bonusRow(bonusId)).status).toBe('active');
    await moveBonusMoney(memberId, 'win', 2_500n);
    await settleBet(memberId, 'RNG', 22_000n);
    expect((await bonusRow(bonusId)).wagered_minor).toBe(50_000n);
    await settleAll();
    expect(await bonusRow(bonusId)).toMatchObject({
      status: 'converted',
      converted_minor: 12_500n,
      forfeited_minor: 0n,
      ended_at: new Date(nowMs),
    });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 12_500n, bonusMinor: 0n });
    // A bet settled after the bonus ended counts toward nothing.
    const late = await settleBet(memberId, 'RNG', 10_000n);
    const row = await testApp.database.db
      .selectFrom('game_rounds')
      .select('bonus_id')
      .where('id', '=', late)
      .executeTakeFirstOrThrow();
    expect(row.bonus_id).toBeNull();
  });

  it('caps the conversion and gives the rest back to the house', async () => {
    const memberId = await newMember();
    const { bonusId } = await testApp.app.bonuses.grant(
      grantOf(memberId, { terms: { ...TERMS, multiplier: 1, maxConversionMinor: 15_000n } }),
    );
    await moveBonusMoney(memberId, 'win', 30_000n);
    await settleBet(memberId, 'RNG', 10_000n);
    await settleAll();
    expect(await bonusRow(bonusId)).toMatchObject({
      status: 'converted',
      converted_minor: 15_000n,
      forfeited_minor: 25_000n,
    });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 15_000n, bonusMinor: 0n });
    const forfeit = await testApp.app.wallet.findTransfer({ merchantId, key: `bonus:${bonusId}:forfeit` });
    expect(forfeit).toMatchObject({ code: 'bonus_forfeit', amountMinor: 25_000n });
  });

  it('waits for a round still open on bonus money before converting or ending a used-up bonus', async () => {
    const memberId = await newMember();
    const { bonusId } = await testApp.app.bonuses.grant(
      grantOf(memberId, { terms: { ...TERMS, multiplier: 0 } }),
    );
    const open = await settleBet(memberId, 'RNG', 10_000n, { status: 'open', bonusStakeMinor: 10_000n });
    await moveBonusMoney(memberId, 'bet', 10_000n);
    await settleAll();
    expect((await bonusRow(bonusId)).status).toBe('active');
    await testApp.database.db
      .updateTable('game_rounds')
      .set({ status: 'settled', win_minor: 20_000n, bonus_win_minor: 20_000n, settled_at: new Date(nowMs) })
      .where('id', '=', open)
      .execute();
    await moveBonusMoney(memberId, 'win', 20_000n);
    await settleAll();
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'converted', converted_minor: 20_000n });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 20_000n, bonusMinor: 0n });
  });

  it('ends a used-up bonus and starts the next waiting one, oldest first', async () => {
    const memberId = await newMember();
    const first = await testApp.app.bonuses.grant(grantOf(memberId));
    nowMs += 1_000;
    const second = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 4_000n }));
    nowMs += 1_000;
    const third = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 6_000n }));
    await moveBonusMoney(memberId, 'bet', 10_000n);
    await settleAll();
    expect(await bonusRow(first.bonusId)).toMatchObject({ status: 'forfeited', forfeited_minor: 0n });
    expect(await bonusRow(second.bonusId)).toMatchObject({ status: 'active', activated_at: new Date(nowMs) });
    expect((await bonusRow(third.bonusId)).status).toBe('waiting');
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 4_000n });
  });

  it('expires a bonus at its time, forfeiting what the bonus wallet holds', async () => {
    const memberId = await newMember();
    const { bonusId } = await testApp.app.bonuses.grant(grantOf(memberId));
    await moveBonusMoney(memberId, 'win', 1_234n);
    nowMs += 7 * DAY_MS - 1;
    await settleAll();
    expect((await bonusRow(bonusId)).status).toBe('active');
    nowMs += 1;
    await settleAll();
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'expired', forfeited_minor: 11_234n });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
  });

  it('sweeps late bonus winnings that arrive after the bonus ended, before the next bonus starts', async () => {
    const memberId = await newMember();
    const first = await testApp.app.bonuses.grant(grantOf(memberId));
    const second = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 2_000n }));
    const open = await settleBet(memberId, 'RNG', 10_000n, { status: 'open', bonusStakeMinor: 10_000n });
    await moveBonusMoney(memberId, 'bet', 10_000n);
    // The second bonus starts after the round was placed: its late settlement counts toward neither
    // (had it met the second's wagering, that bonus would convert at once).
    nowMs += 1_000;
    await testApp.app.bonuses.cancel({
      merchantId,
      memberId,
      bonusId: first.bonusId,
      canceller: { by: 'member' },
    });
    expect(await bonusRow(second.bonusId)).toMatchObject({ status: 'active' });
    // The open round's win comes in later: its bonus part lands in the bonus wallet.
    await testApp.database.db
      .updateTable('game_rounds')
      .set({ status: 'settled', settled_at: new Date(nowMs) })
      .where('id', '=', open)
      .execute();
    await moveBonusMoney(memberId, 'win', 7_000n);
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 9_000n });
    // While a bonus is active the wallet is its own; the late part goes once that one ends.
    await moveBonusMoney(memberId, 'bet', 9_000n);
    await moveBonusMoney(memberId, 'win', 7_000n);
    await testApp.app.bonuses.cancel({
      merchantId,
      memberId,
      bonusId: second.bonusId,
      canceller: { by: 'member' },
    });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
    await moveBonusMoney(memberId, 'win', 3_000n);
    const third = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 5_000n }));
    expect(third.status).toBe('active');
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 5_000n });
    const sweeps = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount_minor'])
      .where('reference', '=', `bonus-sweep:${memberId}`)
      .execute();
    expect(sweeps).toEqual([{ code: 'bonus_forfeit', amount_minor: 3_000n }]);
    // The job sweeps as well, with no grant to set it off.
    await moveBonusMoney(memberId, 'bet', 5_000n);
    await settleAll();
    await moveBonusMoney(memberId, 'win', 1_500n);
    await settleAll();
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
  });

  it('cancels at the member’s word: an active bonus forfeits its balance, a waiting one just ends', async () => {
    const memberId = await newMember();
    const first = await testApp.app.bonuses.grant(grantOf(memberId));
    const second = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 3_000n }));
    const third = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 4_000n }));
    const cancelled = await testApp.app.bonuses.cancel({
      merchantId,
      memberId,
      bonusId: second.bonusId,
      canceller: { by: 'member' },
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      expires_at: null,
      forfeited_minor: 0n,
      end_reason: 'member',
    });
    await moveBonusMoney(memberId, 'win', 500n);
    await testApp.app.bonuses.cancel({
      merchantId,
      memberId,
      bonusId: first.bonusId,
      canceller: { by: 'member' },
    });
    expect(await bonusRow(first.bonusId)).toMatchObject({ status: 'cancelled', forfeited_minor: 10_500n });
    expect(await bonusRow(third.bonusId)).toMatchObject({ status: 'active' });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 4_000n });
    expect(
      await refusalOf(
        testApp.app.bonuses.cancel({
          merchantId,
          memberId,
          bonusId: first.bonusId,
          canceller: { by: 'member' },
        }),
      ),
    ).toEqual({ code: 'CONFLICT', reason: 'BONUS_ENDED' });
    const stranger = await newMember();
    expect(
      await refusalOf(
        testApp.app.bonuses.cancel({
          merchantId,
          memberId: stranger,
          bonusId: third.bonusId,
          canceller: { by: 'member' },
        }),
      ),
    ).toEqual({ code: 'NOT_FOUND', reason: undefined });
  });

  it('converts once when two settle passes run at once', async () => {
    const memberId = await newMember();
    const { bonusId } = await testApp.app.bonuses.grant(
      grantOf(memberId, { terms: { ...TERMS, multiplier: 1 } }),
    );
    await settleBet(memberId, 'RNG', 10_000n);
    // The job's two schedules (each minute's start and its half) and a pass of its own, at once.
    const jobs = testApp.app.jobs.definitions.filter((definition) =>
      definition.name.startsWith('bonuses.settle'),
    );
    expect(jobs.map((job) => job.name).sort()).toEqual(['bonuses.settle', 'bonuses.settle-half-minute']);
    const context = { jobId: 'test', retryCount: 0, signal: new AbortController().signal };
    await Promise.all([...jobs.map((job) => job.handle({}, context)), settleAll()]);
    expect((await bonusRow(bonusId)).status).toBe('converted');
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 10_000n, bonusMinor: 0n });
    const converts = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('reference', '=', `bonus:${bonusId}`)
      .where('code', '=', 'bonus_convert')
      .execute();
    expect(converts).toHaveLength(1);
  });

  it('grants one entry of a promotion once, however often it is asked', async () => {
    const memberId = await newMember();
    const promotionId = await insertPromotion(null);
    const entryId = uuidv7();
    await testApp.database.db
      .insertInto('promotion_entries')
      .values({
        id: entryId,
        merchant_id: merchantId,
        promotion_id: promotionId,
        member_id: memberId,
        status: 'claimed',
        created_at: new Date(nowMs),
        updated_at: new Date(nowMs),
      })
      .execute();
    const input = grantOf(memberId, { source: 'promotion', promotionId, entryId });
    const outcomes = await Promise.all([testApp.app.bonuses.grant(input), testApp.app.bonuses.grant(input)]);
    expect(new Set(outcomes.map((outcome) => outcome.bonusId)).size).toBe(1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['active', 'active']);
    expect(outcomes.filter((outcome) => outcome.duplicate)).toHaveLength(1);
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 10_000n });
  });
});

describe('on the wire', () => {
  /** A member logged in, with a payment password, and their client. */
  async function loggedInMember() {
    memberCount += 1;
    const account = `wire${memberCount}x${Math.floor(Math.random() * 1e6)}`;
    const member = await testApp.app.members.createMember({
      merchantId,
      account,
      password: 'Bonus12345',
      paymentPassword: '246810',
    });
    const player = createAccountsClient(testApp.app);
    const login = await player.logIn(account, 'Bonus12345');
    expect(login.success).toBe(true);
    return { memberId: member.id, player };
  }

  it('lists the member’s bonuses with their progress and cancels one at the member’s word', async () => {
    const { memberId, player } = await loggedInMember();
    const first = await testApp.app.bonuses.grant(grantOf(memberId, { depositMinor: 20_000n }));
    const second = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 3_000n }));
    await settleBet(memberId, 'SPORTS', 20_000n);
    const open = await player.call('GET', '/wps/member/bonuses?status=open');
    expect(open.status).toBe(200);
    expect(open.body.value).toMatchObject({ totalPages: 1, bonusBalance: '100.00' });
    expect(open.body.value.list).toEqual([
      expect.objectContaining({
        id: second.bonusId,
        status: 'waiting',
        amount: '30.00',
        forfeitIfCancelled: '0.00',
      }),
      expect.objectContaining({
        id: first.bonusId,
        source: 'manual',
        status: 'active',
        amount: '100.00',
        depositAmount: '200.00',
        wageringRequired: '500.00',
        wagered: '100.00',
        progressPercent: 20,
        maxStake: '50.00',
        maxConversion: '5000.00',
        forfeitIfCancelled: '100.00',
        activatedAt: new Date(nowMs).toISOString(),
        expiresAt: new Date(nowMs + 7 * DAY_MS).toISOString(),
      }),
    ]);
    const details = await player.call('GET', '/wps/member/bonus/details');
    expect(details.body.value).toMatchObject({
      balance: '100.00',
      activeBonus: { id: first.bonusId, progressPercent: 20 },
    });
    const cancelled = await player.call('POST', `/wps/member/bonuses/${first.bonusId}/cancel`);
    expect(cancelled.body.value).toMatchObject({
      id: first.bonusId,
      status: 'cancelled',
      forfeited: '100.00',
    });
    const after = await player.call('GET', '/wps/member/bonuses?status=open');
    expect(after.body.value.list).toEqual([
      expect.objectContaining({ id: second.bonusId, status: 'active' }),
    ]);
    expect(after.body.value.bonusBalance).toBe('30.00');
    const ended = await player.call('GET', '/wps/member/bonuses?status=ended');
    expect(ended.body.value.list).toEqual([expect.objectContaining({ id: first.bonusId })]);
    // A waiting bonus cancelled before it started shows as never started.
    const third = await testApp.app.bonuses.grant(grantOf(memberId, { amountMinor: 1_000n }));
    const dropped = await player.call('POST', `/wps/member/bonuses/${third.bonusId}/cancel`);
    expect(dropped.body.value).toMatchObject({ status: 'cancelled', activatedAt: null, expiresAt: null });
    expect((await player.call('POST', `/wps/member/bonuses/${first.bonusId}/cancel`)).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'BONUS_ENDED' },
    });
  });

  it('shows a conversion at once when the member looks, without waiting for the job', async () => {
    const { memberId, player } = await loggedInMember();
    const { bonusId } = await testApp.app.bonuses.grant(
      grantOf(memberId, { terms: { ...TERMS, multiplier: 1 } }),
    );
    await settleBet(memberId, 'RNG', 10_000n);
    const ended = await player.call('GET', '/wps/member/bonuses?status=ended');
    expect(ended.body.value.list).toEqual([
      expect.objectContaining({ id: bonusId, status: 'converted', converted: '100.00' }),
    ]);
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 10_000n, bonusMinor: 0n });
  });

  it('opts a member out of promotions and back in', async () => {
    const { memberId, player } = await loggedInMember();
    expect((await player.call('GET', '/wps/member/promotions/optOut')).body.value).toEqual({ optOut: false });
    expect((await player.call('PUT', '/wps/member/promotions/optOut', { optOut: true })).body.value).toEqual({
      optOut: true,
    });
    expect(await testApp.app.bonuses.isMarketable(memberId)).toEqual({ ok: false, reason: 'NOT_MARKETABLE' });
    expect((await player.call('GET', '/wps/member/promotions/optOut')).body.value).toEqual({ optOut: true });
    await player.call('PUT', '/wps/member/promotions/optOut', { optOut: false });
    expect(await testApp.app.bonuses.isMarketable(memberId)).toEqual({ ok: true });
    expect((await player.call('GET', '/wps/member/promotions/optOut')).body.value).toEqual({ optOut: false });
  });

  it('lets an operator grant and cancel a player’s bonus with a reason, audited, within their merchant', async () => {
    const memberId = await newMember();
    const { token } = await insertOperatorWithSession(testApp.database.db, {
      username: `bonuses${memberCount}`,
      merchantId,
      roleId: 'finance',
      nowMs,
    });
    const operator = createBackOfficeClient(testApp.app);
    operator.token = token;
    const terms = {
      multiplier: 3,
      includeDeposit: false,
      contributions: { RNG: 10_000, LIVE: 2_500 },
      maxStake: null,
      expiryDays: 3,
      maxConversion: '200.00',
    };
    const { reply, row } = await expectOneAuditRow(
      testApp.database.db,
      () =>
        operator.call('POST', `/bo/players/${memberId}/bonuses`, {
          amount: '75.50',
          terms,
          reason: 'Goodwill',
        }),
      { action: 'bonus.grant' },
    );
    expect(reply.body.value).toMatchObject({
      source: 'manual',
      status: 'active',
      amount: '75.50',
      wageringRequired: '226.50',
      maxConversion: '200.00',
    });
    expect(row.target_id).toBe(reply.body.value.id);
    const bonus = await bonusRow(reply.body.value.id);
    expect(bonus).toMatchObject({ granted_by: `op-bonuses${memberCount}`, reason: 'Goodwill' });
    // The merchant's default language words the terms when the operator names none.
    expect((bonus.terms as { language: string }).language).toBe('TY');
    expect(
      (
        await operator.call('POST', `/bo/players/${memberId}/bonuses`, {
          amount: '10.00',
          terms: { ...terms, multiplier: 11 },
          reason: 'x',
        })
      ).body,
    ).toMatchObject({ code: 'VALIDATION' });
    const list = await operator.call('GET', `/bo/players/${memberId}/bonuses`);
    expect(list.body.value).toMatchObject({ total: 1, totalPages: 1, bonusBalance: '75.50' });
    const cancel = await expectOneAuditRow(
      testApp.database.db,
      () =>
        operator.call('POST', `/bo/players/${memberId}/bonuses/${reply.body.value.id}/cancel`, {
          reason: 'Granted in error',
        }),
      { action: 'bonus.cancel' },
    );
    expect(cancel.reply.body.value).toMatchObject({ status: 'cancelled', forfeited: '75.50' });
    expect(await bonusRow(reply.body.value.id)).toMatchObject({
      ended_by: `op-bonuses${memberCount}`,
      end_reason: 'Granted in error',
    });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
    // Another merchant's operator learns nothing of this player.
    const otherMerchant = await testApp.database.db
      .insertInto('merchants')
      .values({
        id: `merchant-bonus-${memberCount}`,
        code: `bonus${memberCount}`,
        name: 'Other',
        currency: 'PHP',
        currency_symbol: '₱',
        time_zone: 'Asia/Manila',
        default_language: 'EN',
        languages: ['EN'],
        maintenance_title: null,
        maintenance_message: null,
        settings: JSON.stringify({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stranger = createBackOfficeClient(testApp.app);
    stranger.token = (
      await insertOperatorWithSession(testApp.database.db, {
        username: `stranger${memberCount}`,
        merchantId: otherMerchant.id,
        roleId: 'finance',
        nowMs,
      })
    ).token;
    expect((await stranger.call('GET', `/bo/players/${memberId}/bonuses`)).status).toBe(404);
    expect(
      (await stranger.call('POST', `/bo/players/${memberId}/bonuses`, { amount: '1.00', terms, reason: 'x' }))
        .status,
    ).toBe(404);
  });

  describe('withdrawing with bonus money', () => {
    async function withdrawer() {
      await patchDemoSettings(testApp, {
        withdrawal: {
          minAmount: '100.00',
          maxAmount: '50000.00',
          turnoverMultiplier: 0,
          confirmTimeoutMinutes: 1440,
        },
      });
      const member = await loggedInMember();
      await testApp.app.wallet.transfer({
        merchantId,
        currency: 'PHP',
        key: `test-deposit:${member.memberId}`,
        code: 'deposit',
        from: { house: 'deposit:test', shardKey: member.memberId },
        to: { memberId: member.memberId, wallet: 'cash' },
        amountMinor: 50_000n,
      });
      const bound = await member.player.call('POST', '/wps/member/payoutAccounts', {
        kind: 'ewallet',
        provider: 'gcash',
        accountName: 'Juan Dela Cruz',
        accountNumber: '0917 123 4567',
      });
      expect(bound.body.success).toBe(true);
      const withdraw = (amount: string, forfeitBonus?: boolean) =>
        member.player.sealed('POST', '/wps/payment/withdrawals', {
          payoutAccountId: bound.body.value.id,
          amount,
          paymentPassword: '246810',
          ...(forfeitBonus === undefined ? {} : { forfeitBonus }),
        });
      return { ...member, withdraw };
    }

    it('asks the member to give the bonus up, then cancels it with the withdrawal', async () => {
      const { memberId, player, withdraw } = await withdrawer();
      const { bonusId } = await testApp.app.bonuses.grant(grantOf(memberId));
      await moveBonusMoney(memberId, 'win', 2_345n);
      const overview = await player.call('GET', '/wps/payment/withdrawals/overview');
      expect(overview.body.value).toMatchObject({ bonusToForfeit: '123.45', balance: '500.00' });
      const asked = await withdraw('200.00');
      expect([asked.status, asked.body.code, asked.body.value]).toEqual([
        409,
        'CONFLICT',
        { reason: 'BONUS_ACTIVE', bonusAmount: '123.45' },
      ]);
      expect((await withdraw('200.00', false)).body.value).toEqual({
        reason: 'BONUS_ACTIVE',
        bonusAmount: '123.45',
      });
      expect(await balancesOf(memberId)).toEqual({ cashMinor: 50_000n, bonusMinor: 12_345n });
      const done = await withdraw('200.00', true);
      expect(done.body).toMatchObject({ success: true, value: { amount: '200.00', status: 'review' } });
      expect(await bonusRow(bonusId)).toMatchObject({
        status: 'cancelled',
        forfeited_minor: 12_345n,
        end_reason: 'withdrawal',
      });
      expect(await balancesOf(memberId)).toEqual({ cashMinor: 30_000n, bonusMinor: 0n });
    });

    it('forfeits nothing when the withdrawal itself fails, and asks nothing of an empty bonus wallet', async () => {
      const { memberId, withdraw } = await withdrawer();
      const { bonusId } = await testApp.app.bonuses.grant(grantOf(memberId));
      const short = await withdraw('600.00', true);
      expect(short.body.code).toBe('INSUFFICIENT_FUNDS');
      expect((await bonusRow(bonusId)).status).toBe('active');
      expect(await balancesOf(memberId)).toEqual({ cashMinor: 50_000n, bonusMinor: 10_000n });
      // A used-up bonus leaves nothing to give up: the withdrawal goes through and the bonus plays on.
      await moveBonusMoney(memberId, 'bet', 10_000n);
      expect((await withdraw('150.00')).body.success).toBe(true);
      expect((await bonusRow(bonusId)).status).toBe('active');
    });
  });
});

describe('cash rewards', () => {
  it('pays cashback as cash once per key, against the budgets', async () => {
    const memberId = await newMember();
    const promotionId = await insertPromotion(10_000n);
    const pay = (key: string, amountMinor: bigint) =>
      testApp.database.db.transaction().execute((trx) =>
        testApp.app.bonuses.payCashIn(trx, {
          merchantId,
          memberId,
          currency: 'PHP',
          code: 'cashback',
          key,
          reference: `promotion:${promotionId}`,
          amountMinor,
          promotionId,
          promotionBudgetDayMinor: 10_000n,
        }),
      );
    const key = `cashback:${promotionId}:${memberId}:2030-03-01`;
    await pay(key, 6_000n);
    await pay(key, 6_000n);
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 6_000n, bonusMinor: 0n });
    expect(await refusalOf(pay(`${key}:second`, 6_000n))).toEqual({
      code: 'CONFLICT',
      reason: 'BUDGET_EXHAUSTED',
    });
    expect(await refusalOf(pay(key, 5_000n))).toEqual({ code: 'CONFLICT', reason: 'KEY_REUSED' });
    expect(await balancesOf(memberId)).toEqual({ cashMinor: 6_000n, bonusMinor: 0n });
    const transfer = await testApp.app.wallet.findTransfer({ merchantId, key });
    expect(transfer).toMatchObject({ code: 'cashback', amountMinor: 6_000n });
  });

  it('keeps the ledger sound', async () => {
    expect(await ledgerProblems(testApp.database.db, merchantId)).toEqual([]);
  });
});
