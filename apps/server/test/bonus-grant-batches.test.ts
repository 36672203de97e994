import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { BonusTerms, GrantManyInput } from '../src/modules/bonus/bonus-api.ts';
import { ledgerProblems } from './support/contract-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The bonus engine's batch of grants (grantManyIn), which a day's rebates pay through: each
// member granted as grantIn grants them, most of them in a few statements.

const TERMS: BonusTerms = {
  multiplier: 1,
  includeDeposit: false,
  contributions: { LIVE: 10_000, RNG: 10_000 },
  maxStakeMinor: null,
  expiryDays: 7,
  maxConversionMinor: null,
  minSpinStakeMinor: null,
  minSpinLines: null,
};

let testApp: TestApp;
let db: Kysely<Database>;
let merchantId: string;

beforeAll(async () => {
  testApp = await createSeededApp();
  db = testApp.database.db;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await testApp?.close();
});

/** A batch of rebate grants in a transaction of its own, told once it has committed. */
async function grantMany(grants: GrantManyInput['grants']) {
  const outcome = await db.transaction().execute((trx) =>
    testApp.app.bonuses.grantManyIn(trx, {
      merchantId,
      currency: 'PHP',
      source: 'rebate',
      terms: TERMS,
      language: 'EN',
      grants,
    }),
  );
  outcome.announce();
  return outcome;
}

const members = (prefix: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      insertTeamMember(db, merchantId, { account: `${prefix}${index}` }),
    ),
  );

function balancesOf(memberId: string) {
  return testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
}

describe('a batch of grants', () => {
  it('starts each bonus at once for members with nothing open, credited under the source’s code', async () => {
    const ids = await members('batchfresh', 3);
    const outcome = await grantMany(
      ids.map((memberId, index) => ({ memberId, amountMinor: BigInt(100 * (index + 1)) })),
    );
    expect(outcome.refused).toEqual([]);
    expect(outcome.granted.map((granted) => granted.status)).toEqual(['active', 'active', 'active']);
    for (const [index, memberId] of ids.entries()) {
      const granted = outcome.granted.find((candidate) => candidate.memberId === memberId);
      const bonus = await db
        .selectFrom('member_bonuses')
        .selectAll()
        .where('id', '=', granted?.bonusId ?? '')
        .executeTakeFirstOrThrow();
      expect(bonus).toMatchObject({
        source: 'rebate',
        status: 'active',
        amount_minor: BigInt(100 * (index + 1)),
        wagering_required_minor: BigInt(100 * (index + 1)),
      });
      expect(bonus.activated_at).toEqual(bonus.granted_at);
      expect(await balancesOf(memberId)).toEqual({ cashMinor: 0n, bonusMinor: BigInt(100 * (index + 1)) });
      const transfer = await db
        .selectFrom('ledger_transfers')
        .select(['code', 'amount_minor'])
        .where('idempotency_key', '=', `bonus:${bonus.id}:grant`)
        .executeTakeFirstOrThrow();
      expect(transfer).toEqual({ code: 'rebate', amount_minor: BigInt(100 * (index + 1)) });
    }
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('makes a member with a bonus playing wait, as a single grant would', async () => {
    const [playing, fresh] = await members('batchbusy', 2);
    if (!playing || !fresh) throw new Error('two members');
    await testApp.app.bonuses.grant({
      merchantId,
      memberId: playing,
      currency: 'PHP',
      source: 'manual',
      amountMinor: 5_000n,
      terms: { ...TERMS, multiplier: 5 },
      language: 'EN',
    });
    const outcome = await grantMany([
      { memberId: playing, amountMinor: 300n },
      { memberId: fresh, amountMinor: 300n },
    ]);
    expect(outcome.granted).toEqual([
      { memberId: playing, bonusId: expect.any(String), status: 'waiting' },
      { memberId: fresh, bonusId: expect.any(String), status: 'active' },
    ]);
    expect(await balancesOf(playing)).toEqual({ cashMinor: 0n, bonusMinor: 5_000n });
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('answers the members promotions may not reach and grants the others', async () => {
    const [optedOut, reachable] = await members('batchreach', 2);
    const trial = await insertTeamMember(db, merchantId, { account: 'batchtrial', type: 4 });
    if (!optedOut || !reachable) throw new Error('two members');
    await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', optedOut).execute();
    const outcome = await grantMany([
      { memberId: optedOut, amountMinor: 100n },
      { memberId: reachable, amountMinor: 100n },
      { memberId: trial, amountMinor: 100n },
    ]);
    expect(outcome.granted.map((granted) => granted.memberId)).toEqual([reachable]);
    expect(outcome.refused).toEqual([
      { memberId: optedOut, reason: 'NOT_MARKETABLE' },
      { memberId: trial, reason: 'TRIAL_ACCOUNT' },
    ]);
    expect(await balancesOf(optedOut)).toEqual({ cashMinor: 0n, bonusMinor: 0n });
  });

  it('grants exactly what the merchant’s daily budget leaves', async () => {
    const ids = await members('batchbudget', 3);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const used = await db
      .selectFrom('promotion_budget_days')
      .select('granted_minor')
      .where('merchant_id', '=', merchantId)
      .where('scope', '=', '')
      .where('day', '=', day)
      .executeTakeFirst();
    const cap = BigInt(used?.granted_minor ?? 0n) + 2_500n;
    await db
      .updateTable('merchants')
      .set({
        settings: sql`jsonb_set(settings, '{promotions}', ${JSON.stringify({ maxMultiplier: 10, budgetPerDay: `${cap / 100n}.${String(cap % 100n).padStart(2, '0')}` })}::jsonb)`,
      })
      .where('id', '=', merchantId)
      .execute();
    try {
      const outcome = await grantMany(ids.map((memberId) => ({ memberId, amountMinor: 1_000n })));
      expect(outcome.granted).toHaveLength(2);
      expect(outcome.refused).toEqual([{ memberId: ids[2], reason: 'BUDGET_EXHAUSTED' }]);
      const after = await db
        .selectFrom('promotion_budget_days')
        .select('granted_minor')
        .where('merchant_id', '=', merchantId)
        .where('scope', '=', '')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      expect(BigInt(after.granted_minor)).toBe(cap - 500n);
    } finally {
      await db
        .updateTable('merchants')
        .set({
          settings: sql`jsonb_set(settings, '{promotions}', '{"maxMultiplier":10,"budgetPerDay":null}'::jsonb)`,
        })
        .where('id', '=', merchantId)
        .execute();
    }
  });

  it('takes turns with single grants of the same members at once: each grants once, the ledger stays sound', async () => {
    const ids = await members('batchburst', 5);
    const single = (memberId: string) =>
      testApp.app.bonuses.grant({
        merchantId,
        memberId,
        currency: 'PHP',
        source: 'manual',
        amountMinor: 200n,
        terms: TERMS,
        language: 'EN',
      });
    const [batch] = await Promise.all([
      grantMany(ids.map((memberId) => ({ memberId, amountMinor: 100n }))),
      ...ids.map(single),
      ...[...ids].reverse().map(single),
    ]);
    expect(batch.granted).toHaveLength(5);
    for (const memberId of ids) {
      const bonuses = await db
        .selectFrom('member_bonuses')
        .select(['source', 'status'])
        .where('member_id', '=', memberId)
        .execute();
      expect(bonuses).toHaveLength(3);
      expect(bonuses.filter((bonus) => bonus.status === 'active')).toHaveLength(1);
      expect(bonuses.filter((bonus) => bonus.source === 'rebate')).toHaveLength(1);
    }
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });
});
