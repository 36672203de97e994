import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { JobDefinition } from '../src/platform/jobs/job-runner.ts';
import { DEMO_SETTINGS } from '../src/seed/demo-merchant.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import type { AccountsClient } from './support/accounts-client.ts';
import {
  createBackOfficeClient,
  insertOperatorWithSession,
  insertOtherMerchant,
} from './support/bo-client.ts';
import { insertBetGame, ledgerProblems, settleBetAt } from './support/contract-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// Rebates against the real bonus engine, bet record and job (docs/loyalty.md "Rebates"): bets
// settle into Manila days (UTC+8), the daily job pays each closed day once, members claim in
// manual mode, and neither mode pays a bet the other paid.

const PESO = 100n;

let nowMs = Date.parse('2026-11-22T12:00:00Z');
let testApp: TestApp;
let db: Kysely<Database>;
let demoId: string;
let job: JobDefinition<object>;

/** Moves the app's clock. */
function at(iso: string): void {
  nowMs = Date.parse(iso);
}

/** Runs the scheduled job once, as the runner would. */
async function runJob(): Promise<void> {
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

type RebateSection = {
  basis?: 'validBet' | 'theoreticalLoss';
  rates?: Record<string, string>;
  houseEdges?: Record<string, string>;
  multiplier?: number;
  expiryDays?: number;
  claimIntervalMinutes?: number;
  minimumAmount?: string;
};

/** The settings' rebate section with the test's choices over the defaults. */
function rebateOf(section: RebateSection) {
  return {
    basis: 'validBet',
    rates: {},
    houseEdges: {},
    multiplier: 1,
    expiryDays: 7,
    claimIntervalMinutes: 60,
    minimumAmount: '1.00',
    ...section,
  };
}

/** The demo's switches with MANPLAYREB3 (manual rebates) on or off. */
function switchesWith(manual: boolean) {
  return DEMO_SETTINGS.whitelabel.map((node) =>
    node.modId === 'MANPLAYREB3' ? { ...node, enabled: manual } : node,
  );
}

/** Sets a merchant's rebate section and mode. */
async function configure(merchantId: string, input: { manual: boolean; rebate?: RebateSection }) {
  const patch: Record<string, unknown> = { whitelabel: switchesWith(input.manual) };
  if (input.rebate) patch.rebate = rebateOf(input.rebate);
  await db
    .updateTable('merchants')
    .set({ settings: sql`settings || ${JSON.stringify(patch)}::jsonb` })
    .where('id', '=', merchantId)
    .execute();
  testApp.app.merchantService.invalidate();
}

/** A merchant of its own for a scenario, in Manila, with its rebate settings. */
async function merchantWith(
  code: string,
  input: { manual: boolean; rebate: RebateSection },
): Promise<string> {
  const id = await insertOtherMerchant(db, code);
  await configure(id, input);
  return id;
}

type Game = { merchantId: string; vendorId: string; gameId: string };

/** A vendor's game of one type, with its own house edge (basis points) or none. */
const gameOf = async (
  merchantId: string,
  gameType: string,
  houseEdgeBp: number | null = null,
): Promise<Game> => ({
  merchantId,
  ...(await insertBetGame(db, merchantId, { gameType, houseEdgeBp })),
});

/** A settled bet of `stake` pesos, lost, settled at `iso`. */
async function bet(game: Game, memberId: string, stake: bigint, iso: string): Promise<void> {
  await settleBetAt(db, game, { memberId, stakeMinor: stake * PESO, winMinor: 0n, settledAt: new Date(iso) });
}

function payoutsOf(memberId: string) {
  return db
    .selectFrom('rebate_payouts')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('covered_from')
    .execute();
}

function bonusOf(bonusId: string) {
  return db.selectFrom('member_bonuses').selectAll().where('id', '=', bonusId).executeTakeFirstOrThrow();
}

/** A VIP level of the merchant with its own rebate rates (basis points), held by the member. */
async function holdLevel(merchantId: string, memberId: string, rebateRates: Record<string, number>) {
  const levelId = uuidv7();
  const when = new Date(nowMs);
  await db
    .insertInto('vip_levels')
    .values({
      id: levelId,
      merchant_id: merchantId,
      rank: 1,
      names: JSON.stringify({ EN: 'Silver', TY: 'Pilak' }),
      label: 'VIP1',
      rebate_rates: JSON.stringify(rebateRates),
      created_at: when,
      updated_at: when,
    })
    .execute();
  await db
    .insertInto('member_vip')
    .values({
      member_id: memberId,
      merchant_id: merchantId,
      level_id: levelId,
      rank: 1,
      reached_at: when,
      guaranteed_until: when,
      updated_at: when,
    })
    .execute();
}

/** A fresh session of a demo member (sessions follow the app's clock, which the tests move). */
function clientOf(memberId: string): Promise<AccountsClient> {
  return sessionClientOf(testApp, memberId);
}

/** An operator of a merchant with a built-in role, as a signed-in back-office client. */
async function operatorOf(merchantId: string, username: string, roleId: string) {
  const { token } = await insertOperatorWithSession(db, { username, merchantId, roleId, nowMs });
  const client = createBackOfficeClient(testApp.app);
  client.token = token;
  return client;
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  db = testApp.database.db;
  demoId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  const found = testApp.app.jobs.definitions.find((definition) => definition.name === 'rebates.daily');
  if (!found) throw new Error('the rebate job is registered');
  job = found;
});

afterAll(async () => {
  await testApp?.close();
});

describe('automatic rebates', () => {
  it('pays each member once per closed day, at the merchant’s rates and the level’s, from an hour after the day closes', async () => {
    const merchantId = await merchantWith('rbauto', {
      manual: false,
      rebate: { rates: { LIVE: '0.50', RNG: '1.00' }, multiplier: 2, expiryDays: 3, minimumAmount: '1.00' },
    });
    const live = await gameOf(merchantId, 'LIVE');
    const rng = await gameOf(merchantId, 'RNG');
    const member = (account: string, type: 0 | 4 = 0) => insertTeamMember(db, merchantId, { account, type });
    const ana = await member('rbana');
    const ben = await member('rbben');
    const cai = await member('rbcai');
    const dee = await member('rbdee');
    const eli = await member('rbeli', 4);
    await holdLevel(merchantId, ben, { LIVE: 150 });
    await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', dee).execute();

    // Manila's 22nd runs from 16:00 UTC on the 21st to 16:00 UTC on the 22nd.
    await bet(live, ana, 1000n, '2026-11-22T02:00:00Z');
    await bet(rng, ana, 500n, '2026-11-22T15:59:59Z');
    await bet(live, ana, 9999n, '2026-11-22T16:00:00Z');
    await bet(live, ben, 1000n, '2026-11-22T03:00:00Z');
    await bet(rng, ben, 200n, '2026-11-22T03:00:00Z');
    await bet(live, cai, 100n, '2026-11-22T03:00:00Z');
    await bet(live, dee, 1000n, '2026-11-22T03:00:00Z');
    await bet(live, eli, 1000n, '2026-11-22T03:00:00Z');

    // Half an hour after the day closed: not yet.
    at('2026-11-22T16:30:00Z');
    await runJob();
    expect(await payoutsOf(ana)).toEqual([]);

    // An hour after: two passes at once pay each member once.
    at('2026-11-22T17:05:00Z');
    await Promise.all([runJob(), runJob()]);
    const [anaPayout] = await payoutsOf(ana);
    expect(await payoutsOf(ana)).toHaveLength(1);
    expect(anaPayout).toMatchObject({
      mode: 'auto',
      day: '2026-11-22',
      covered_from: new Date('2026-11-21T16:00:00Z'),
      covered_to: new Date('2026-11-22T16:00:00Z'),
      basis: 'validBet',
      amount_minor: 1000n,
      status: 'paid',
      lines: {
        LIVE: { basis: '100000', rateBp: 50, amount: '500' },
        RNG: { basis: '50000', rateBp: 100, amount: '500' },
      },
    });
    // Ben's level pays 1.50 % on LIVE; RNG, which the level does not name, takes the merchant's 1.00 %.
    expect(await payoutsOf(ben)).toMatchObject([
      {
        amount_minor: 1700n,
        lines: {
          LIVE: { basis: '100000', rateBp: 150, amount: '1500' },
          RNG: { basis: '20000', rateBp: 100, amount: '200' },
        },
      },
    ]);
    // Below the minimum (0.50), a trial account: nothing. Opted out: recorded, never paid for the day.
    expect(await payoutsOf(cai)).toEqual([]);
    expect(await payoutsOf(eli)).toEqual([]);
    expect(await payoutsOf(dee)).toMatchObject([
      { status: 'skipped', skip_reason: 'NOT_MARKETABLE', amount_minor: 500n, bonus_id: null },
    ]);

    // Paid as a bonus of source rebate: the merchant's wagering and expiry, every game type counting.
    const bonus = await bonusOf(anaPayout?.bonus_id ?? '');
    expect(bonus).toMatchObject({
      source: 'rebate',
      status: 'active',
      amount_minor: 1000n,
      wagering_required_minor: 2000n,
      expiry_days: 3,
      expires_at: new Date(Date.parse('2026-11-22T17:05:00Z') + 3 * 86_400_000),
    });
    expect(bonus.contributions).toMatchObject({ LIVE: 10_000, RNG: 10_000, SPORTS: 10_000, INHOUSE: 10_000 });
    const transfer = await db
      .selectFrom('ledger_transfers')
      .select(['code', 'amount_minor', 'reference'])
      .where('idempotency_key', '=', `bonus:${bonus.id}:grant`)
      .executeTakeFirstOrThrow();
    expect(transfer).toEqual({ code: 'rebate', amount_minor: 1000n, reference: `bonus:${bonus.id}` });
    expect(
      await db
        .selectFrom('rebate_runs')
        .select('status')
        .where('merchant_id', '=', merchantId)
        .where('day', '=', '2026-11-22')
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'done' });

    // A bet of the day that arrives after it was paid is not paid again, nor is the day run again.
    await bet(live, ben, 1000n, '2026-11-22T05:00:00Z');
    await bet(live, cai, 1000n, '2026-11-22T05:00:00Z');
    await runJob();
    expect(await payoutsOf(ben)).toHaveLength(1);
    expect(await payoutsOf(cai)).toEqual([]);
    expect(await ledgerProblems(db, merchantId)).toEqual([]);
  });

  it('on theoretical loss multiplies valid bet by each round’s game’s edge, else the type’s, else 0', async () => {
    const merchantId = await merchantWith('rbtheo', {
      manual: false,
      rebate: {
        basis: 'theoreticalLoss',
        houseEdges: { LIVE: '2.00' },
        rates: { LIVE: '5.00', RNG: '5.00' },
        minimumAmount: '0.50',
      },
    });
    const rngWithEdge = await gameOf(merchantId, 'RNG', 400);
    const rngWithout = await gameOf(merchantId, 'RNG');
    const liveOfType = await gameOf(merchantId, 'LIVE');
    const liveWithEdge = await gameOf(merchantId, 'LIVE', 100);
    const gus = await insertTeamMember(db, merchantId, { account: 'rbgus' });
    await bet(rngWithEdge, gus, 1000n, '2026-11-22T02:00:00Z');
    await bet(rngWithout, gus, 1000n, '2026-11-22T02:00:00Z');
    await bet(liveOfType, gus, 1000n, '2026-11-22T02:00:00Z');
    await bet(liveWithEdge, gus, 1000n, '2026-11-22T02:00:00Z');
    await runJob();
    // RNG: 1,000 × 4 % + 1,000 × 0 = 40.00; LIVE: 1,000 × 2 % (the type's) + 1,000 × 1 % = 30.00.
    expect(await payoutsOf(gus)).toMatchObject([
      {
        basis: 'theoreticalLoss',
        amount_minor: 350n,
        lines: {
          RNG: { basis: '4000', rateBp: 500, amount: '200' },
          LIVE: { basis: '3000', rateBp: 500, amount: '150' },
        },
      },
    ]);
  });
});

describe('an operator’s run of a closed day', () => {
  it('runs only a closed day, in automatic mode, audited, and lists payouts with their totals', async () => {
    const merchantId = await merchantWith('rbop', { manual: true, rebate: { rates: { LIVE: '1.00' } } });
    const live = await gameOf(merchantId, 'LIVE');
    const hal = await insertTeamMember(db, merchantId, { account: 'rbHal' });
    await bet(live, hal, 1000n, '2026-11-22T02:00:00Z');
    await bet(live, hal, 500n, '2026-11-22T17:00:00Z');
    const writer = await operatorOf(merchantId, 'rbwriter', 'content');
    const reader = await operatorOf(merchantId, 'rbreader', 'finance');
    const outsider = await operatorOf(merchantId, 'rboutsider', 'risk');

    // Members claim while MANPLAYREB3 is on.
    expect((await writer.call('POST', '/bo/rebates/run', { day: '2026-11-22' })).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'MANUAL_MODE' },
    });
    await configure(merchantId, { manual: false });
    // Manila's 23rd is still running (01:05).
    expect((await writer.call('POST', '/bo/rebates/run', { day: '2026-11-23' })).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'NOT_CLOSED', closesAt: '2026-11-23T16:00:00.000Z' },
    });
    expect((await writer.call('POST', '/bo/rebates/run', { day: '2026-02-30' })).status).toBe(422);
    expect((await writer.call('POST', '/bo/rebates/run', { day: '9999-12-31' })).status).toBe(422);
    expect((await reader.call('POST', '/bo/rebates/run', { day: '2026-11-22' })).body.code).toBe('FORBIDDEN');

    const run = await writer.call('POST', '/bo/rebates/run', { day: '2026-11-22' });
    expect(run.body.value).toEqual({
      merchantId,
      day: '2026-11-22',
      paid: 1,
      paidAmount: '10.00',
      skipped: 0,
      budgetExhausted: false,
      done: true,
    });
    // Run again: nobody is paid twice.
    expect((await writer.call('POST', '/bo/rebates/run', { day: '2026-11-22' })).body.value).toMatchObject({
      paid: 0,
      done: true,
    });
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'after', 'actor_id'])
      .where('merchant_id', '=', merchantId)
      .where('action', '=', 'rebate.run')
      .orderBy('at')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actor_id: 'op-rbwriter',
      after: { day: '2026-11-22', paid: 1, paidAmount: '10.00' },
    });

    const list = await reader.call('GET', '/bo/rebates?from=2026-11-23&to=2026-11-23&account=RBHAL');
    expect(list.body.value).toMatchObject({
      range: { from: '2026-11-23', to: '2026-11-23' },
      total: 1,
      totalPages: 1,
      totals: { paid: 1, paidAmount: '10.00', skipped: 0 },
      list: [
        {
          memberId: hal,
          account: 'rbHal',
          mode: 'auto',
          day: '2026-11-22',
          amount: '10.00',
          status: 'paid',
          lines: [{ gameType: 'LIVE', basisAmount: '1000.00', rate: '1.00', amount: '10.00' }],
        },
      ],
    });
    expect((await reader.call('GET', '/bo/rebates?from=2026-11-22&to=2026-11-22')).body.value.total).toBe(0);
    expect((await reader.call('GET', '/bo/rebates?account=nobody')).body.value.total).toBe(0);
    expect((await reader.call('GET', '/bo/rebates?from=2026-11-23&to=2026-11-22')).status).toBe(422);
    expect((await reader.call('GET', '/bo/rebates?from=2026-02-30&to=2026-03-01')).status).toBe(422);
    expect((await outsider.call('GET', '/bo/rebates')).body.code).toBe('FORBIDDEN');
  });
});

describe('manual rebates', () => {
  let live: Game;
  let rng: Game;

  beforeAll(async () => {
    at('2026-11-25T04:00:00Z');
    await configure(demoId, {
      manual: true,
      rebate: { rates: { LIVE: '0.50', RNG: '1.00' }, claimIntervalMinutes: 60, minimumAmount: '1.00' },
    });
    live = await gameOf(demoId, 'LIVE');
    rng = await gameOf(demoId, 'RNG');
  });

  it('shows what accrued since the last claim and claims it at once, at most once per interval', async () => {
    const ivy = await insertTeamMember(db, demoId, { account: 'rbivy' });
    await bet(live, ivy, 1000n, '2026-11-25T02:00:00Z');
    await bet(rng, ivy, 300n, '2026-11-25T03:00:00Z');
    const client = await clientOf(ivy);
    expect((await client.call('GET', '/wps/rebate/accrued')).body.value).toEqual({
      mode: 'manual',
      basis: 'validBet',
      lines: [
        { gameType: 'LIVE', basisAmount: '1000.00', rate: '0.50', amount: '5.00' },
        { gameType: 'RNG', basisAmount: '300.00', rate: '1.00', amount: '3.00' },
      ],
      total: '8.00',
      minimum: '1.00',
      nextClaimAt: null,
      lastClaimAt: null,
    });

    const claimed = await client.call('POST', '/wps/rebate/claim');
    expect(claimed.body.value).toMatchObject({ amount: '8.00' });
    expect(await bonusOf(claimed.body.value.bonusId)).toMatchObject({
      source: 'rebate',
      status: 'active',
      amount_minor: 800n,
    });
    expect(await payoutsOf(ivy)).toMatchObject([
      {
        mode: 'manual',
        day: null,
        amount_minor: 800n,
        covered_to: new Date('2026-11-25T03:59:50Z'),
        bonus_id: claimed.body.value.bonusId,
      },
    ]);

    // Within the hour: too soon, and nothing has accrued since.
    at('2026-11-25T04:30:00Z');
    expect((await client.call('POST', '/wps/rebate/claim')).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'TOO_SOON', nextClaimAt: '2026-11-25T05:00:00.000Z' },
    });
    await bet(live, ivy, 400n, '2026-11-25T04:20:00Z');
    expect((await client.call('GET', '/wps/rebate/accrued')).body.value).toMatchObject({
      lines: [{ gameType: 'LIVE', basisAmount: '400.00', amount: '2.00' }],
      total: '2.00',
      nextClaimAt: '2026-11-25T05:00:00.000Z',
      lastClaimAt: '2026-11-25T04:00:00.000Z',
    });

    // After it, the new bet alone.
    at('2026-11-25T05:01:00Z');
    expect((await client.call('POST', '/wps/rebate/claim')).body.value).toMatchObject({ amount: '2.00' });

    // The history, newest first, paged.
    const history = await client.call('GET', '/wps/rebate/history?page=1&pageSize=1');
    expect(history.body.value).toMatchObject({
      totalPages: 2,
      list: [{ mode: 'manual', day: null, amount: '2.00', createdAt: '2026-11-25T05:01:00.000Z' }],
    });
    expect((await client.call('GET', '/wps/rebate/history?pageSize=51')).status).toBe(422);
  });

  it('pays a burst of claims once', async () => {
    at('2026-11-25T06:00:00Z');
    const joy = await insertTeamMember(db, demoId, { account: 'rbjoy' });
    await bet(live, joy, 2000n, '2026-11-25T05:00:00Z');
    const client = await clientOf(joy);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => client.call('POST', '/wps/rebate/claim')),
    );
    const paid = replies.filter((reply) => reply.body.success);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body.value.amount).toBe('10.00');
    for (const reply of replies.filter((candidate) => !candidate.body.success)) {
      expect(reply.body.value?.reason).toBe('TOO_SOON');
    }
    expect(await payoutsOf(joy)).toHaveLength(1);
    expect(
      await db.selectFrom('member_bonuses').select('id').where('member_id', '=', joy).execute(),
    ).toHaveLength(1);
    expect(await ledgerProblems(db, demoId)).toEqual([]);
  });

  it('refuses below the minimum, for a member promotions may not reach, and in automatic mode', async () => {
    const kim = await insertTeamMember(db, demoId, { account: 'rbkim' });
    await bet(live, kim, 100n, '2026-11-25T05:00:00Z');
    const kimClient = await clientOf(kim);
    expect((await kimClient.call('POST', '/wps/rebate/claim')).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'NOTHING', total: '0.50', minimum: '1.00' },
    });
    const lou = await insertTeamMember(db, demoId, { account: 'rblou' });
    await bet(live, lou, 1000n, '2026-11-25T05:00:00Z');
    await db.updateTable('members').set({ promotions_opt_out: true }).where('id', '=', lou).execute();
    expect((await (await clientOf(lou)).call('POST', '/wps/rebate/claim')).body).toMatchObject({
      code: 'FORBIDDEN',
      value: { reason: 'NOT_MARKETABLE' },
    });
    expect(await payoutsOf(lou)).toEqual([]);

    await configure(demoId, { manual: false });
    expect((await kimClient.call('POST', '/wps/rebate/claim')).body).toMatchObject({
      code: 'CONFLICT',
      value: { reason: 'AUTO_MODE' },
    });
    expect((await kimClient.call('GET', '/wps/rebate/accrued')).body.value).toMatchObject({
      mode: 'auto',
      total: '0.50',
      nextClaimAt: null,
    });
    await configure(demoId, { manual: true });
    expect((await testApp.app.inject({ method: 'GET', url: '/wps/rebate/accrued' })).statusCode).toBe(401);
  });
});

describe('switching modes', () => {
  it('never pays a bet twice, and the agent centre, the statement and NGR show the rebates', async () => {
    await configure(demoId, { manual: false, rebate: { rates: { LIVE: '0.50' } } });
    const live = await gameOf(demoId, 'LIVE');
    const sam = await insertTeamMember(db, demoId, { account: 'rbsam' });
    const tia = await insertTeamMember(db, demoId, { account: 'rbtia' });
    const agent = await insertTeamMember(db, demoId, { account: 'rbagent', type: 1 });
    // Manila's 26th.
    await bet(live, sam, 1000n, '2026-11-26T02:00:00Z');
    await bet(live, tia, 1000n, '2026-11-26T02:00:00Z');
    await bet(live, agent, 2000n, '2026-11-26T02:00:00Z');
    at('2026-11-26T10:00:00Z');
    expect((await (await clientOf(sam)).call('GET', '/wps/rebate/accrued')).body.value).toMatchObject({
      mode: 'auto',
      total: '5.00',
    });

    const finance = await operatorOf(demoId, 'rbfinance', 'finance');
    const manilaToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const rewardsToday = async () => {
      const reply = await finance.call('GET', `/bo/reports/money?from=${manilaToday}&to=${manilaToday}`);
      const row = reply.body.value.rows.find(
        (candidate: { merchantId: string }) => candidate.merchantId === demoId,
      );
      return Math.round(Number(row?.bonuses ?? '0') * 100);
    };
    const rewardsBefore = await rewardsToday();

    // The 26th paid automatically after it closes (01:05 on the 27th in Manila).
    at('2026-11-26T17:05:00Z');
    await runJob();
    expect(await payoutsOf(sam)).toMatchObject([{ mode: 'auto', day: '2026-11-26', amount_minor: 500n }]);
    expect(await payoutsOf(agent)).toMatchObject([{ amount_minor: 1000n }]);
    const paidByRun = await db
      .selectFrom('rebate_payouts')
      .select((eb) => eb.fn.sum<string>('amount_minor').as('sum'))
      .where('merchant_id', '=', demoId)
      .where('status', '=', 'paid')
      .where('created_at', '=', new Date('2026-11-26T17:05:00Z'))
      .executeTakeFirstOrThrow();
    expect((await rewardsToday()) - rewardsBefore).toBe(Number(paidByRun.sum));

    // Manual from 03:00 on the 27th: Sam's bet of the 26th is not there again, his new one is.
    at('2026-11-26T19:00:00Z');
    await configure(demoId, { manual: true });
    await bet(live, sam, 2000n, '2026-11-26T18:30:00Z');
    const samClient = await clientOf(sam);
    expect((await samClient.call('GET', '/wps/rebate/accrued')).body.value).toMatchObject({ total: '10.00' });
    expect((await samClient.call('POST', '/wps/rebate/claim')).body.value).toMatchObject({ amount: '10.00' });
    await bet(live, sam, 400n, '2026-11-26T21:00:00Z');
    await bet(live, tia, 600n, '2026-11-26T20:00:00Z');

    // Back to automatic: the 27th pays Tia; Sam's claim reached into the 27th, so the day leaves
    // him out rather than pay his claimed bets again.
    at('2026-11-26T22:00:00Z');
    await configure(demoId, { manual: false });
    at('2026-11-27T17:05:00Z');
    await runJob();
    expect(await payoutsOf(tia)).toMatchObject([
      { day: '2026-11-26', amount_minor: 500n },
      { day: '2026-11-27', amount_minor: 300n },
    ]);
    const samPayouts = await payoutsOf(sam);
    expect(samPayouts).toMatchObject([
      { mode: 'auto', amount_minor: 500n },
      { mode: 'manual', amount_minor: 1000n },
    ]);
    // What each payout covers never overlaps another's.
    for (const [index, payout] of samPayouts.entries()) {
      const before = samPayouts[index - 1];
      if (before) expect(payout.covered_from.getTime()).toBeGreaterThanOrEqual(before.covered_to.getTime());
    }
    // Manual again: the 27th was paid in full, so nothing of it accrues.
    at('2026-11-27T18:00:00Z');
    await configure(demoId, { manual: true });
    expect((await (await clientOf(sam)).call('GET', '/wps/rebate/accrued')).body.value).toMatchObject({
      lines: [],
      total: '0.00',
    });

    // The agent centre lists the agent's own rebate beside its contract income, by day of payment.
    const revenue = await (await clientOf(agent)).call(
      'GET',
      '/wps/agent/revenue?from=2026-11-27&to=2026-11-27',
    );
    expect(revenue.body.value.rebates).toEqual({
      days: [{ day: '2026-11-27', amount: '10.00' }],
      total: '10.00',
    });

    // The member's statement lists the rebates among bonus money.
    const statement = await (await clientOf(tia)).call(
      'GET',
      `/wps/member/transactions?type=bonus&from=${manilaToday}&to=${manilaToday}`,
    );
    const rebates = statement.body.value.list.filter((line: { code: string }) => line.code === 'rebate');
    expect(rebates.map((line: { amount: string }) => line.amount).sort()).toEqual(['3.00', '5.00']);
    expect(await ledgerProblems(db, demoId)).toEqual([]);
  });
});

describe('house edges', () => {
  it('gives our own games their edge, which an operator may change per game, audited', async () => {
    await seedDemoInHouseVendor(db, testApp.app.games);
    const editor = await operatorOf(demoId, 'rbeditor', 'content');
    const list = await editor.call('GET', '/bo/games?search=baccarat');
    const baccarat = list.body.value.list.find((game: { gameCode: string }) => game.gameCode === 'baccarat');
    expect(baccarat.houseEdge).toBe('1.06');
    const dice = (await editor.call('GET', '/bo/games?search=dice')).body.value.list.find(
      (game: { gameCode: string }) => game.gameCode === 'dice',
    );
    expect(dice.houseEdge).toBe('1.00');

    const changed = await editor.call('PUT', `/bo/games/${baccarat.id}`, { houseEdge: '2.5' });
    expect(changed.body.value.houseEdge).toBe('2.50');
    const audit = await db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'game.update')
      .where('target_id', '=', baccarat.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before: { houseEdge: '1.06' }, after: { houseEdge: '2.50' } });
    expect((await editor.call('PUT', `/bo/games/${baccarat.id}`, { houseEdge: '50.01' })).body).toMatchObject(
      {
        code: 'VALIDATION',
        value: { fields: { houseEdge: expect.any(String) } },
      },
    );
    // A later seed fills only what is empty: an operator's choice stays.
    await seedDemoInHouseVendor(db, testApp.app.games);
    const kept = await db
      .selectFrom('games')
      .select('house_edge_bp')
      .where('id', '=', baccarat.id)
      .executeTakeFirstOrThrow();
    expect(kept.house_edge_bp).toBe(250);
    // null: the game type's edge of the rebate settings applies.
    expect(
      (await editor.call('PUT', `/bo/games/${baccarat.id}`, { houseEdge: null })).body.value.houseEdge,
    ).toBe(null);
  });
});
