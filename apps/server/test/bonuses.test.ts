import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberType } from '../src/db/schema.ts';
import type { BonusTerms, GrantInput } from '../src/modules/bonus/bonus-api.ts';
import { isAppError } from '../src/platform/errors/errors.ts';
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
