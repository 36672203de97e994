import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { createCashbackService } from '../src/modules/promotion/cashback.service.ts';
import type { JobDefinition } from '../src/platform/jobs/job-runner.ts';
import { cashOf, insertBetGame, ledgerProblems, settleBetAt } from './support/contract-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// The cashback job against the real bonus engine and bet record: bets settle into Manila days,
// the job pays each due period once, as cash or as a bonus, to members who joined.

const PESO = 100n;

let nowMs = Date.parse('2026-11-23T16:30:00Z');
let testApp: TestApp;
let db: Kysely<Database>;
let merchantId: string;
let game: { merchantId: string; vendorId: string; gameId: string };
let job: JobDefinition<object>;

/** Runs the scheduled job once, as the runner would. */
async function runJob(): Promise<void> {
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

async function insertCashback(input: {
  period: 'day' | 'week';
  payAs: 'cash' | 'bonus';
  minNetLoss: string;
  cap: string;
  budgetDayMinor?: bigint;
}): Promise<string> {
  const id = uuidv7();
  const at = new Date('2026-11-01T00:00:00Z');
  await db
    .insertInto('promotions')
    .values({
      id,
      merchant_id: merchantId,
      type: 'REBATE',
      kind: 'cashback',
      title: JSON.stringify({ TY: 'Cashback', EN: 'Cashback' }),
      content: JSON.stringify({ TY: '<p>Cashback</p>', EN: '<p>Cashback</p>' }),
      starts_at: at,
      rules: JSON.stringify({
        percent: '10.00',
        period: input.period,
        minNetLoss: input.minNetLoss,
        cap: input.cap,
        payAs: input.payAs,
      }),
      bonus_terms:
        input.payAs === 'bonus'
          ? JSON.stringify({
              multiplier: 1,
              includeDeposit: false,
              contributions: { INHOUSE: 10_000, RNG: 10_000 },
              maxStake: null,
              expiryDays: 7,
              maxConversion: null,
            })
          : null,
      budget_day_minor: input.budgetDayMinor ?? null,
      status: 'published',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

async function join(promotionId: string, memberId: string, at: string): Promise<void> {
  await db
    .insertInto('promotion_entries')
    .values({
      id: uuidv7(),
      merchant_id: merchantId,
      promotion_id: promotionId,
      member_id: memberId,
      cycle: '',
      status: 'joined',
      terms_accepted_at: new Date(at),
      created_at: new Date(at),
      updated_at: new Date(at),
    })
    .execute();
}

/** A settled bet: what was staked and won back, in pesos, settled at `at`. */
async function bet(memberId: string, stake: bigint, win: bigint, at: string): Promise<void> {
  await settleBetAt(db, game, {
    memberId,
    stakeMinor: stake * PESO,
    winMinor: win * PESO,
    settledAt: new Date(at),
  });
}

async function member(account: string): Promise<string> {
  return insertTeamMember(db, merchantId, { account });
}

/** A member's entries of the periods of a promotion: cycle, status, amount, reason, bonus. */
async function cyclesOf(promotionId: string, memberId: string) {
  return db
    .selectFrom('promotion_entries')
    .select(['cycle', 'status', 'amount_minor as amount', 'reject_reason as reason', 'bonus_id as bonusId'])
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('cycle', '<>', '')
    .orderBy('cycle')
    .execute();
}

async function cashbackTransfersOf(memberId: string) {
  return db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.credit_account_id')
    .select(['ledger_transfers.idempotency_key as key', 'ledger_transfers.amount_minor as amount'])
    .where('ledger_accounts.owner_id', '=', memberId)
    .where('ledger_transfers.code', '=', 'cashback')
    .orderBy('ledger_transfers.idempotency_key')
    .execute();
}

let daily: string;
let weekly: string;
let budgeted: string;
const NAMES = ['ana', 'ben', 'carl', 'dana', 'ivy', 'eve', 'fay', 'gil', 'hana'] as const;
/** The test's members by name, made once. */
const members = {} as Record<(typeof NAMES)[number], string>;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  db = testApp.database.db;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  game = { merchantId, ...(await insertBetGame(db, merchantId)) };
  const found = testApp.app.jobs.definitions.find((definition) => definition.name === 'promotions.cashback');
  if (!found) throw new Error('the cashback job is registered');
  job = found;

  // Daily, 10 % in cash from a net loss of ₱100, at most ₱50 a day.
  daily = await insertCashback({ period: 'day', payAs: 'cash', minNetLoss: '100.00', cap: '50.00' });
  // Weekly from Monday, 10 % as a bonus from a net loss of ₱500, at most ₱5,000.
  weekly = await insertCashback({ period: 'week', payAs: 'bonus', minNetLoss: '500.00', cap: '5000.00' });
  // Daily in cash with a budget of ₱50 a merchant day.
  budgeted = await insertCashback({
    period: 'day',
    payAs: 'cash',
    minNetLoss: '10.00',
    cap: '1000.00',
    budgetDayMinor: 50n * PESO,
  });
  for (const name of NAMES) {
    members[name] = await member(`cb${name}`);
  }
  const { ana, ben, carl, dana, ivy, eve, fay, gil, hana } = members;
  await join(daily, ana, '2026-11-20T01:00:00Z');
  await join(daily, ben, '2026-11-20T01:00:00Z');
  await join(daily, dana, '2026-11-20T01:00:00Z');
  // Joined on Manila's 23rd, after the 22nd ended.
  await join(daily, ivy, '2026-11-23T01:00:00Z');
  await join(weekly, eve, '2026-11-10T00:00:00Z');
  // Joined on Manila's 20th, a Friday: the week's bets count from that day.
  await join(weekly, fay, '2026-11-20T00:00:00Z');
  await join(budgeted, gil, '2026-11-20T01:00:00Z');
  await join(budgeted, hana, '2026-11-20T01:00:00Z');
  await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', dana).execute();

  // Manila's 22nd (UTC+8): Ana loses ₱800 (10 % is ₱80, capped at ₱50).
  await bet(ana, 800n, 0n, '2026-11-22T10:00:00Z');
  // 00:30 on Manila's 23rd, and 23:00 the same day: ₱200 and ₱50 lost, ₱25 back.
  await bet(ana, 300n, 100n, '2026-11-22T16:30:00Z');
  await bet(ana, 50n, 0n, '2026-11-23T15:00:00Z');
  // Below the minimum: ₱90.
  await bet(ben, 90n, 0n, '2026-11-22T10:00:00Z');
  // Never joined.
  await bet(carl, 1000n, 0n, '2026-11-22T10:00:00Z');
  await bet(dana, 500n, 0n, '2026-11-22T10:00:00Z');
  await bet(ivy, 500n, 0n, '2026-11-22T10:00:00Z');
  await bet(ivy, 400n, 100n, '2026-11-23T04:00:00Z');
  // Eve: ₱3,000 on Monday the 16th and ₱2,000 late on Sunday the 22nd; Monday the 23rd (00:30
  // in Manila) belongs to the next week.
  await bet(eve, 3000n, 0n, '2026-11-16T02:00:00Z');
  await bet(eve, 2500n, 500n, '2026-11-22T15:30:00Z');
  await bet(eve, 10_000n, 0n, '2026-11-22T16:30:00Z');
  // Fay: ₱5,000 on the 18th, before she joined, and ₱600 on the 21st.
  await bet(fay, 5000n, 0n, '2026-11-18T02:00:00Z');
  await bet(fay, 600n, 0n, '2026-11-21T02:00:00Z');
  await bet(gil, 400n, 0n, '2026-11-22T10:00:00Z');
  await bet(hana, 400n, 0n, '2026-11-22T10:00:00Z');
});

afterAll(async () => {
  await testApp?.close();
});

describe('the cashback job', () => {
  it("pays a day's net loss in Manila time as cash, at most the cap, once the day is due", async () => {
    const { ana } = members;
    // 00:30 on Manila's 24th: the 22nd is due, the 23rd only from 01:00.
    nowMs = Date.parse('2026-11-23T16:30:00Z');
    await runJob();
    expect(await cyclesOf(daily, ana)).toEqual([
      { cycle: '2026-11-22', status: 'issued', amount: 50n * PESO, reason: null, bonusId: null },
    ]);
    expect(await cashOf(db, ana)).toBe(50n * PESO);
    expect(await cashbackTransfersOf(ana)).toEqual([
      { key: `cashback:${daily}:${ana}:2026-11-22`, amount: 50n * PESO },
    ]);
  });

  it('pays nothing below the minimum net loss, nor to a member who did not join', async () => {
    const { ben, carl } = members;
    expect(await cyclesOf(daily, ben)).toEqual([]);
    expect(await cyclesOf(daily, carl)).toEqual([]);
    expect(await cashOf(db, ben)).toBe(0n);
    expect(await cashOf(db, carl)).toBe(0n);
  });

  it('records a member who is not marketable at payment time and never pays them that period', async () => {
    const { dana } = members;
    expect(await cyclesOf(daily, dana)).toEqual([
      { cycle: '2026-11-22', status: 'rejected', amount: null, reason: 'NOT_MARKETABLE', bonusId: null },
    ]);
    await db.updateTable('members').set({ promotions_opt_out: false }).where('id', '=', dana).execute();
    await runJob();
    expect(await cyclesOf(daily, dana)).toHaveLength(1);
    expect(await cashOf(db, dana)).toBe(0n);
  });

  it('counts the days from the one a member joined on, and no period that ended before', async () => {
    const { ivy, fay } = members;
    expect(await cyclesOf(daily, ivy)).toEqual([]);
    // Fay's week: only the ₱600 of the 21st counts, ₱60 as a bonus.
    const [entry] = await cyclesOf(weekly, fay);
    expect(entry).toMatchObject({ cycle: '2026-11-16', status: 'issued', amount: 60n * PESO });
  });

  it('pays a week from Monday as a bonus, granted through the engine with the promotion’s terms', async () => {
    const { eve } = members;
    const entries = await cyclesOf(weekly, eve);
    expect(entries).toHaveLength(1);
    const entry = entries[0];
    expect(entry).toMatchObject({ cycle: '2026-11-16', status: 'issued', amount: 500n * PESO });
    const bonus = await db
      .selectFrom('member_bonuses')
      .selectAll()
      .where('id', '=', entry?.bonusId ?? '')
      .executeTakeFirstOrThrow();
    expect(bonus).toMatchObject({
      member_id: eve,
      source: 'cashback',
      promotion_id: weekly,
      amount_minor: 500n * PESO,
      wagering_required_minor: 500n * PESO,
      status: 'active',
    });
    const balances = await testApp.app.wallet.getBalances({ merchantId, memberId: eve, currency: 'PHP' });
    expect(balances.bonusMinor).toBe(500n * PESO);
    expect(balances.cashMinor).toBe(0n);
  });

  it('pays a period once when runs overlap, and again later', async () => {
    const { ana, ivy } = members;
    // 01:00 on Manila's 24th: the 23rd is due.
    nowMs = Date.parse('2026-11-23T17:00:00Z');
    // Four runs at once, as the job's own service: between them they pay Ana and Ivy once each.
    const cashback = createCashbackService({ db, now: () => new Date(nowMs), engine: testApp.app.bonuses });
    const runs = await Promise.all([
      cashback.payDue(),
      cashback.payDue(),
      cashback.payDue(),
      cashback.payDue(),
    ]);
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.paidMinor, 0n)).toBe(55n * PESO);
    await runJob();
    expect((await cyclesOf(daily, ana)).map((entry) => [entry.cycle, entry.amount])).toEqual([
      ['2026-11-22', 50n * PESO],
      ['2026-11-23', 25n * PESO],
    ]);
    expect(await cashbackTransfersOf(ana)).toHaveLength(2);
    expect(await cashOf(db, ana)).toBe(75n * PESO);
    // Ivy joined on the 23rd: that day's ₱300 pays ₱30.
    expect((await cyclesOf(daily, ivy)).map((entry) => [entry.cycle, entry.amount])).toEqual([
      ['2026-11-23', 30n * PESO],
    ]);
    nowMs = Date.parse('2026-11-24T05:00:00Z');
    await runJob();
    expect(await cashOf(db, ana)).toBe(75n * PESO);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it("stops at the promotion's budget and pays the rest on a later merchant day", async () => {
    const { gil, hana } = members;
    // The first run (Manila's 24th) paid Gil ₱40 of the ₱50 budget; Hana's ₱40 did not fit.
    expect(await cyclesOf(budgeted, gil)).toMatchObject([{ cycle: '2026-11-22', amount: 40n * PESO }]);
    expect(await cyclesOf(budgeted, hana)).toEqual([]);
    const budget = await db
      .selectFrom('promotion_budget_days')
      .select(['day', 'granted_minor as granted'])
      .where('scope', '=', budgeted)
      .execute();
    expect(budget).toEqual([{ day: '2026-11-24', granted: 40n * PESO }]);
    // 00:30 on Manila's 25th: a new budget day.
    nowMs = Date.parse('2026-11-24T16:30:00Z');
    await runJob();
    expect(await cyclesOf(budgeted, hana)).toMatchObject([{ cycle: '2026-11-22', amount: 40n * PESO }]);
    expect(await cashOf(db, hana)).toBe(40n * PESO);
  });

  it("holds a day while a transfer vendor's feed has not imported past its end", async () => {
    const { ana } = members;
    await bet(ana, 300n, 0n, '2026-11-25T02:00:00Z');
    const vendor = await insertBetGame(db, merchantId);
    await db
      .updateTable('game_vendors')
      .set({ wallet_mode: 'transfer', api_url: 'https://feed.vendor.test/api' })
      .where('id', '=', vendor.vendorId)
      .execute();
    // Manila's 25th ended at 16:00 UTC; the feed last reached its end at 10:00.
    await db
      .insertInto('transfer_bet_feeds')
      .values({
        vendor_id: vendor.vendorId,
        merchant_id: merchantId,
        caught_up_at: new Date('2026-11-25T10:00:00Z'),
        imported_count: 0n,
        skipped_count: 0n,
      })
      .execute();
    nowMs = Date.parse('2026-11-25T17:00:00Z');
    await runJob();
    expect((await cyclesOf(daily, ana)).map((entry) => entry.cycle)).toEqual(['2026-11-22', '2026-11-23']);
    await db
      .updateTable('transfer_bet_feeds')
      .set({ caught_up_at: new Date('2026-11-25T16:58:00Z') })
      .where('vendor_id', '=', vendor.vendorId)
      .execute();
    await runJob();
    expect((await cyclesOf(daily, ana)).at(-1)).toMatchObject({ cycle: '2026-11-25', amount: 30n * PESO });
  });
});
