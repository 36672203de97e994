import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { insertOperatorWithSession, insertOtherMerchant } from './support/bo-client.ts';
import { ledgerProblems } from './support/contract-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The promotions report reads the ledger: each figure is a transfer of its code, found by the
// references the bonus engine and the cashback job write, on the Manila day it was made.

const NOW_MS = Date.parse('2026-11-25T04:00:00Z');

let testApp: TestApp;
let db: Kysely<Database>;
let merchantId: string;
let otherMerchantId: string;
let financeToken: string;
let supportToken: string;
let ownerToken: string;
let otherToken: string;
let welcomeId: string;
let cashbackId: string;

/** A ledger account of the merchant (created once): the house's bonus funding or a member's wallet. */
async function accountOf(
  owner: { house: 'bonus_funding' } | { memberId: string; kind: 'player_cash' | 'player_bonus' },
  forMerchant = merchantId,
): Promise<string> {
  const kind = 'house' in owner ? 'house' : owner.kind;
  const ownerId = 'house' in owner ? null : owner.memberId;
  const purpose = 'house' in owner ? owner.house : null;
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, owner_id, purpose, shard, currency)
    values (${uuidv7()}, ${forMerchant}, ${kind}, ${ownerId}, ${purpose}, 0, 'PHP')
    on conflict do nothing`.execute(db);
  const row = await sql<{ id: string }>`
    select id from ledger_accounts where merchant_id = ${forMerchant} and kind = ${kind}
      and owner_id is not distinct from ${ownerId} and purpose is not distinct from ${purpose} and shard = 0`.execute(
    db,
  );
  const id = row.rows[0]?.id;
  if (!id) throw new Error('the account was made');
  return id;
}

/**
 * A transfer made at a chosen time, written as the ledger's function writes one (both balances
 * and the row), since the log takes no later edit of its time.
 */
async function moveAt(input: {
  code: 'bonus' | 'cashback' | 'bonus_convert' | 'bonus_forfeit' | 'raffle_prize';
  key: string;
  reference: string | null;
  from: string;
  to: string;
  amountMinor: bigint;
  at: string;
  forMerchant?: string;
}): Promise<void> {
  await sql`
    with debit as (
      update ledger_accounts set balance_minor = balance_minor - ${input.amountMinor} where id = ${input.from}
      returning balance_minor
    ), credit as (
      update ledger_accounts set balance_minor = balance_minor + ${input.amountMinor} where id = ${input.to}
      returning balance_minor
    )
    insert into ledger_transfers (id, merchant_id, idempotency_key, code, reference, debit_account_id,
      credit_account_id, currency, amount_minor, debit_balance_after_minor, credit_balance_after_minor, created_at)
    select ${uuidv7()}, ${input.forMerchant ?? merchantId}, ${input.key}, ${input.code}, ${input.reference},
      ${input.from}, ${input.to}, 'PHP', ${input.amountMinor}, debit.balance_minor, credit.balance_minor,
      ${new Date(input.at)}
    from debit, credit`.execute(db);
}

async function insertPromotion(input: {
  kind: 'deposit_bonus' | 'cashback' | 'raffle';
  title: string;
}): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('promotions')
    .values({
      id,
      merchant_id: merchantId,
      type: input.kind === 'cashback' ? 'REBATE' : input.kind === 'raffle' ? 'OTHERS' : 'DEPOSIT',
      kind: input.kind,
      title: JSON.stringify({ TY: `${input.title} (TY)`, EN: input.title }),
      content: JSON.stringify({ TY: '<p>—</p>', EN: '<p>—</p>' }),
      starts_at: new Date('2026-11-01T00:00:00Z'),
      status: 'published',
      created_at: new Date('2026-11-01T00:00:00Z'),
      updated_at: new Date('2026-11-01T00:00:00Z'),
    })
    .execute();
  return id;
}

/** A bonus of a member as the engine records it (its money moves are written apart). */
async function insertBonus(input: {
  memberId: string;
  promotionId: string | null;
  amountMinor: bigint;
  status: 'active' | 'converted';
  activatedAt: string;
  endedAt?: string;
}): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('member_bonuses')
    .values({
      id,
      merchant_id: merchantId,
      member_id: input.memberId,
      currency: 'PHP',
      source: input.promotionId ? 'promotion' : 'manual',
      promotion_id: input.promotionId,
      amount_minor: input.amountMinor,
      wagering_required_minor: 0n,
      contributions: JSON.stringify({ INHOUSE: 10_000 }),
      max_stake_minor: null,
      max_conversion_minor: null,
      expiry_days: 7,
      terms: JSON.stringify({ language: 'EN' }),
      status: input.status,
      granted_at: new Date(input.activatedAt),
      activated_at: new Date(input.activatedAt),
      expires_at: new Date(Date.parse(input.activatedAt) + 7 * 86_400_000),
      ended_at: input.endedAt ? new Date(input.endedAt) : null,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(NOW_MS) });
  db = testApp.database.db;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  otherMerchantId = await insertOtherMerchant(db, 'otherpromo');
  const operator = (username: string, roleId: string, forMerchant: string | null) =>
    insertOperatorWithSession(db, { username, merchantId: forMerchant, roleId, nowMs: NOW_MS });
  financeToken = (await operator('promofinance', 'finance', merchantId)).token;
  supportToken = (await operator('promosupport', 'support', merchantId)).token;
  ownerToken = (await operator('promoowner', 'owner', null)).token;
  otherToken = (await operator('promoother', 'finance', otherMerchantId)).token;

  welcomeId = await insertPromotion({ kind: 'deposit_bonus', title: 'Welcome bonus' });
  cashbackId = await insertPromotion({ kind: 'cashback', title: 'Weekly cashback' });
  const ana = await insertTeamMember(db, merchantId, { account: 'promoana' });
  const ben = await insertTeamMember(db, merchantId, { account: 'promoben' });
  const house = await accountOf({ house: 'bonus_funding' });
  const anaBonus = await accountOf({ memberId: ana, kind: 'player_bonus' });
  const anaCash = await accountOf({ memberId: ana, kind: 'player_cash' });
  const benBonus = await accountOf({ memberId: ben, kind: 'player_bonus' });
  const benCash = await accountOf({ memberId: ben, kind: 'player_cash' });

  // 21 November (Manila): Ana's welcome bonus of ₱1,000 starts; Ben gets ₱50 by hand; Ana is paid
  // ₱30 of cashback in cash.
  const welcome = await insertBonus({
    memberId: ana,
    promotionId: welcomeId,
    amountMinor: 100_000n,
    status: 'converted',
    activatedAt: '2026-11-21T02:00:00Z',
    endedAt: '2026-11-22T03:00:00Z',
  });
  await moveAt({
    code: 'bonus',
    key: `bonus:${welcome}:grant`,
    reference: `bonus:${welcome}`,
    from: house,
    to: anaBonus,
    amountMinor: 100_000n,
    at: '2026-11-21T02:00:00Z',
  });
  const manual = await insertBonus({
    memberId: ben,
    promotionId: null,
    amountMinor: 5_000n,
    status: 'active',
    activatedAt: '2026-11-21T05:00:00Z',
  });
  await moveAt({
    code: 'bonus',
    key: `bonus:${manual}:grant`,
    reference: `bonus:${manual}`,
    from: house,
    to: benBonus,
    amountMinor: 5_000n,
    at: '2026-11-21T05:00:00Z',
  });
  await moveAt({
    code: 'cashback',
    key: `cashback:${cashbackId}:${ana}:2026-11-16`,
    reference: `promotion:${cashbackId}`,
    from: house,
    to: anaCash,
    amountMinor: 3_000n,
    at: '2026-11-21T06:00:00Z',
  });
  // 22 November (Manila; 16:30 UTC on the 21st is already the 22nd): Ana's bonus converts ₱800 and
  // forfeits the ₱200 above its cap; Ben's leftover winnings of ₱5 are swept.
  await moveAt({
    code: 'bonus_convert',
    key: `bonus:${welcome}:convert`,
    reference: `bonus:${welcome}`,
    from: anaBonus,
    to: anaCash,
    amountMinor: 80_000n,
    at: '2026-11-21T16:30:00Z',
  });
  await moveAt({
    code: 'bonus_forfeit',
    key: `bonus:${welcome}:forfeit`,
    reference: `bonus:${welcome}`,
    from: anaBonus,
    to: house,
    amountMinor: 20_000n,
    at: '2026-11-22T03:00:00Z',
  });
  await moveAt({
    code: 'bonus_forfeit',
    key: `bonus-sweep:${ben}:${uuidv7()}`,
    reference: `bonus-sweep:${ben}`,
    from: benBonus,
    to: house,
    amountMinor: 500n,
    at: '2026-11-22T04:00:00Z',
  });
  // Outside the range asked for: the 23rd.
  await moveAt({
    code: 'cashback',
    key: `cashback:${cashbackId}:${ben}:2026-11-16`,
    reference: `promotion:${cashbackId}`,
    from: house,
    to: benCash,
    amountMinor: 700n,
    at: '2026-11-23T01:00:00Z',
  });
  // Another merchant's bonus, never in the demo merchant's report.
  const otherMember = await insertTeamMember(db, otherMerchantId, { account: 'promoothermember' });
  await moveAt({
    code: 'bonus',
    key: 'other-bonus',
    reference: null,
    from: await accountOf({ house: 'bonus_funding' }, otherMerchantId),
    to: await accountOf({ memberId: otherMember, kind: 'player_bonus' }, otherMerchantId),
    amountMinor: 999n,
    at: '2026-11-21T02:00:00Z',
    forMerchant: otherMerchantId,
  });
  expect(await ledgerProblems(db, merchantId)).toEqual([]);
});

afterAll(async () => {
  await testApp?.close();
});

async function read(url: string, token: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const ZERO = { granted: '0.00', cash: '0.00', converted: '0.00', forfeited: '0.00' };

describe('the promotions report', () => {
  it('sums each promotion and the money of no promotion per Manila day, with totals', async () => {
    const { status, body } = await read('/bo/reports/promotions?from=2026-11-21&to=2026-11-22', financeToken);
    expect(status).toBe(200);
    const { list, ...rest } = body.value;
    expect(rest).toEqual({
      range: { from: '2026-11-21', to: '2026-11-22' },
      total: 5,
      totalPages: 1,
      totals: {
        granted: '1050.00',
        cash: '30.00',
        converted: '800.00',
        forfeited: '205.00',
        ngrEffect: '875.00',
        grants: 3,
      },
    });
    const lines = list.map((row: Record<string, unknown>) => ({
      day: row.day,
      promotionId: row.promotionId,
      kind: row.kind,
      title: row.title,
      granted: row.granted,
      cash: row.cash,
      converted: row.converted,
      forfeited: row.forfeited,
      ngrEffect: row.ngrEffect,
      grants: row.grants,
    }));
    expect(lines).toEqual([
      {
        day: '2026-11-21',
        promotionId: welcomeId,
        kind: 'deposit_bonus',
        title: { TY: 'Welcome bonus (TY)', EN: 'Welcome bonus' },
        ...ZERO,
        granted: '1000.00',
        ngrEffect: '1000.00',
        grants: 1,
      },
      {
        day: '2026-11-21',
        promotionId: cashbackId,
        kind: 'cashback',
        title: { TY: 'Weekly cashback (TY)', EN: 'Weekly cashback' },
        ...ZERO,
        cash: '30.00',
        ngrEffect: '30.00',
        grants: 1,
      },
      {
        day: '2026-11-21',
        promotionId: null,
        kind: null,
        title: null,
        ...ZERO,
        granted: '50.00',
        ngrEffect: '50.00',
        grants: 1,
      },
      {
        day: '2026-11-22',
        promotionId: welcomeId,
        kind: 'deposit_bonus',
        title: { TY: 'Welcome bonus (TY)', EN: 'Welcome bonus' },
        ...ZERO,
        converted: '800.00',
        forfeited: '200.00',
        ngrEffect: '-200.00',
        grants: 0,
      },
      {
        day: '2026-11-22',
        promotionId: null,
        kind: null,
        title: null,
        ...ZERO,
        forfeited: '5.00',
        ngrEffect: '-5.00',
        grants: 0,
      },
    ]);
    const pageOf = (page: number) =>
      read(`/bo/reports/promotions?from=2026-11-21&to=2026-11-22&page=${page}&pageSize=2`, financeToken);
    const pageTwo = (await pageOf(2)).body.value;
    expect(pageTwo.total).toBe(5);
    expect(pageTwo.totalPages).toBe(3);
    expect(pageTwo.totals.ngrEffect).toBe('875.00');
    expect(pageTwo.list.map((row: { promotionId: string | null }) => row.promotionId)).toEqual([
      null,
      welcomeId,
    ]);
    expect((await pageOf(3)).body.value.list.map((row: { day: string }) => row.day)).toEqual(['2026-11-22']);
    expect((await pageOf(4)).body.value.list).toEqual([]);
  });

  it("counts a raffle's cash prizes as its promotion's cash", async () => {
    const raffleId = await insertPromotion({ kind: 'raffle', title: 'Grand raffle' });
    const cara = await insertTeamMember(db, merchantId, { account: 'promocara' });
    await moveAt({
      code: 'raffle_prize',
      key: `raffle:${uuidv7()}`,
      reference: `promotion:${raffleId}`,
      from: await accountOf({ house: 'bonus_funding' }),
      to: await accountOf({ memberId: cara, kind: 'player_cash' }),
      amountMinor: 500_000n,
      at: '2026-11-25T03:00:00Z',
    });
    const { status, body } = await read('/bo/reports/promotions?from=2026-11-25&to=2026-11-25', financeToken);
    expect(status).toBe(200);
    expect(body.value.list).toEqual([
      expect.objectContaining({
        day: '2026-11-25',
        promotionId: raffleId,
        kind: 'raffle',
        ...ZERO,
        cash: '5000.00',
        ngrEffect: '5000.00',
        grants: 1,
      }),
    ]);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('writes the same rows to a CSV file', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/bo/reports/promotions.csv?from=2026-11-22&to=2026-11-23',
      headers: { authorization: `Bearer ${financeToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="promotions-${merchantId}-2026-11-22-2026-11-23.csv"`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Day,Merchant,Promotion ID,Promotion (TY),Promotion (EN),Kind,Grants,Bonuses granted,Cash paid,Converted,Forfeited,NGR effect',
      `2026-11-22,panalo,${welcomeId},Welcome bonus (TY),Welcome bonus,deposit_bonus,0,0.00,0.00,800.00,200.00,-200.00`,
      '2026-11-22,panalo,,Manual grants and swept winnings,Manual grants and swept winnings,,0,0.00,0.00,0.00,5.00,-5.00',
      `2026-11-23,panalo,${cashbackId},Weekly cashback (TY),Weekly cashback,cashback,1,0.00,7.00,0.00,0.00,7.00`,
    ]);
  });

  it('needs reports.read', async () => {
    const { status, body } = await read('/bo/reports/promotions?from=2026-11-21&to=2026-11-22', supportToken);
    expect(status).toBe(403);
    expect(body.code).toBe('FORBIDDEN');
    const file = await read('/bo/reports/promotions.csv?from=2026-11-21&to=2026-11-22', supportToken);
    expect(file.status).toBe(403);
  });

  it("shows a merchant's staff their own merchant only, and a platform owner the one named", async () => {
    const other = await read('/bo/reports/promotions?from=2026-11-21&to=2026-11-22', otherToken);
    expect(other.status).toBe(200);
    expect(other.body.value.list.map((row: { merchantId: string }) => row.merchantId)).toEqual([
      otherMerchantId,
    ]);
    expect(other.body.value.totals.granted).toBe('9.99');
    const named = await read(
      `/bo/reports/promotions?from=2026-11-21&to=2026-11-22&merchantId=${merchantId}`,
      otherToken,
    );
    expect(named.status).toBe(403);
    const owner = await read(
      `/bo/reports/promotions?from=2026-11-21&to=2026-11-22&merchantId=${otherMerchantId}`,
      ownerToken,
    );
    expect(owner.body.value.total).toBe(1);
    const everyone = await read('/bo/reports/promotions?from=2026-11-21&to=2026-11-22', ownerToken);
    expect(everyone.body.value.total).toBe(6);
  });

  it('refuses a range of more than 366 days and pages beyond its bounds', async () => {
    const long = await read('/bo/reports/promotions?from=2025-01-01&to=2026-11-22', financeToken);
    expect(long.status).toBe(422);
    const tooLarge = await read('/bo/reports/promotions?pageSize=201', financeToken);
    expect(tooLarge.status).toBe(422);
  });
});
