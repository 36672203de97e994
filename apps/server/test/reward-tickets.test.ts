import { verifyWeightedDraw } from '@panalo/games/draws/weighted-pick.ts';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableInput } from '../src/modules/reward/reward.service.ts';
import type { PrizeInput } from '../src/modules/reward/reward-rules.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import type { AccountsClient } from './support/accounts-client.ts';
import type { BackOfficeClient } from './support/bo-client.ts';
import { cashOf, insertBetGame, ledgerProblems, settleBetAt } from './support/contract-fixtures.ts';
import { demoMerchantId } from './support/game-fixtures.ts';
import { getIn, memberAt, operatorOf } from './support/promotion-fixtures.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// Reward tickets and prize draws (docs/rewards.md) against the real bonus engine, ledger, seed
// pairs and points ledger: tickets issued once per key and only to members promotions may reach,
// draws that use one ticket each and pay once, the daily budget under a burst, expiry, the rules'
// issuing job and the VIP hook, and a recorded draw re-computed as a verifier does.

const START = Date.parse('2030-07-01T04:00:00Z');
const DAY_MS = 86_400_000;
let nowMs = START;
let testApp: TestApp;
let merchantId: string;
let owner: BackOfficeClient;
const actor = { id: 'test-operator', username: 'test_operator', ip: null };

type Member = { id: string; client: AccountsClient };

const cash = (pesos: number, weight: number): PrizeInput => ({
  names: { TY: `₱${pesos}`, EN: `₱${pesos}` },
  kind: 'cash',
  amountMinor: BigInt(pesos * 100),
  points: null,
  wageringMultiplier: null,
  weight,
});
const bonus = (pesos: number, weight: number, multiplier = 3): PrizeInput => ({
  names: { TY: `Bonus ₱${pesos}`, EN: `₱${pesos} bonus` },
  kind: 'bonus',
  amountMinor: BigInt(pesos * 100),
  points: null,
  wageringMultiplier: multiplier,
  weight,
});
const pointsPrize = (points: number, weight: number): PrizeInput => ({
  names: { TY: `${points} puntos`, EN: `${points} points` },
  kind: 'points',
  amountMinor: null,
  points,
  wageringMultiplier: null,
  weight,
});
const none = (weight: number): PrizeInput => ({
  names: { TY: 'Subukan muli', EN: 'Try again' },
  kind: 'none',
  amountMinor: null,
  points: null,
  wageringMultiplier: null,
  weight,
});

function tableInput(prizes: PrizeInput[], extra: Partial<TableInput> = {}): TableInput {
  return {
    kind: 'wheel',
    names: { TY: 'Gulong', EN: 'Wheel' },
    prizes,
    dailyBudgetMinor: null,
    active: true,
    sort: 0,
    ...extra,
  };
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
  await patchDemoSettings(testApp, { points: { exchange: [{ from: 1, amount: '1.00' }] } });
  owner = await operatorOf(testApp, { username: 'rewards_owner', merchantId, roleId: 'owner', nowMs });
});

afterAll(async () => {
  await testApp?.close();
});

const rewards = () => testApp.app.rewards;

async function newMember(type: 0 | 4 = 0): Promise<Member> {
  return memberAt(testApp, merchantId, new Date(START - 60 * DAY_MS), type);
}

/** A new session of the member at the test's clock (a session left a day idle has ended). */
async function signIn(member: Member): Promise<Member> {
  const row = await testApp.app.members.findById(member.id);
  if (!row) throw new Error('no member');
  const started = await testApp.app.members.startSession({
    member: row,
    policy: { idleMinutes: 600, absoluteMinutes: 6000 },
    method: 'username',
    agentPage: false,
    passwordChangeRequired: false,
    ip: '203.0.113.9',
    country: null,
    userAgent: null,
  });
  member.client.token = started.token;
  return member;
}

async function createTable(input: TableInput): Promise<string> {
  return (await rewards().createTable(actor, merchantId, input)).table.id;
}

async function give(
  member: Member,
  tableId: string,
  count: number,
  key = uuidv7(),
  expiresAt = nowMs + 7 * DAY_MS,
) {
  return rewards().issueTickets({
    merchantId,
    memberId: member.id,
    tableId,
    count,
    source: 'mission',
    key,
    expiresAt: new Date(expiresAt),
  });
}

async function draw(member: Member, tableId: string) {
  return member.client.call('POST', '/wps/reward/draw', { tableId });
}

async function unusedOf(memberId: string, tableId: string): Promise<number> {
  const row = await testApp.database.db
    .selectFrom('reward_tickets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .where('table_id', '=', tableId)
    .where('status', '=', 'unused')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function runJob(): Promise<void> {
  const job = testApp.app.jobs.definitions.find((definition) => definition.name === 'reward.tickets');
  if (!job) throw new Error('the reward job is registered');
  await job.handle({}, { jobId: uuidv7(), retryCount: 0, signal: new AbortController().signal });
}

describe('prize tables', () => {
  it('versions a table on every change of its prizes, keeps each version hashed, and answers the expected cost', async () => {
    const created = await rewards().createTable(
      actor,
      merchantId,
      tableInput([cash(10, 1), pointsPrize(50, 1), none(2)]),
    );
    // (10.00 + 50 points at 1.00 per 100 points = 0.50) / 4
    expect(created.expectedCost).toEqual({ moneyMinor: 262n, points: 0, pointsValued: true });
    expect(created.table.version).toBe(1);
    const id = created.table.id;
    const same = await rewards().updateTable(
      actor,
      id,
      tableInput([cash(10, 1), pointsPrize(50, 1), none(2)], { sort: 3 }),
    );
    expect(same.table.version).toBe(1);
    const changed = await rewards().updateTable(actor, id, tableInput([cash(10, 1), none(3)]));
    expect(changed.table.version).toBe(2);
    expect(changed.table.hash).not.toBe(created.table.hash);
    const versions = await testApp.database.db
      .selectFrom('reward_prize_table_versions')
      .select(['version', 'hash'])
      .where('table_id', '=', id)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, hash: created.table.hash },
      { version: 2, hash: changed.table.hash },
    ]);
  });

  it('refuses prizes that break the rules, a bonus above the merchant cap among them', async () => {
    await expect(rewards().createTable(actor, merchantId, tableInput([none(0)]))).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(
      rewards().createTable(actor, merchantId, tableInput([bonus(10, 1, 10_000)])),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(
      rewards().createTable(actor, merchantId, tableInput([{ ...cash(10, 1), amountMinor: null }])),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('tickets', () => {
  it('issues once per key, and nothing to a member promotions may not reach', async () => {
    const tableId = await createTable(tableInput([none(1)]));
    const member = await newMember();
    const key = `once:${uuidv7()}`;
    const outcomes = await Promise.all([
      give(member, tableId, 2, key),
      give(member, tableId, 2, key),
      give(member, tableId, 2, key),
    ]);
    expect(outcomes.map((outcome) => outcome.issued).sort()).toEqual([0, 0, 2]);
    expect(await unusedOf(member.id, tableId)).toBe(2);

    const optedOut = await newMember();
    await testApp.app.bonuses.setOptOut(optedOut.id, true);
    expect(await give(optedOut, tableId, 1)).toMatchObject({ issued: 0, refused: 'NOT_MARKETABLE' });
    const centre = await optedOut.client.call('GET', '/wps/reward/centre');
    expect(centre.body.value.marketable).toBe(false);
    const refused = await draw(optedOut, tableId);
    expect(refused.status).toBe(403);
    expect(refused.body.value).toMatchObject({ reason: 'NOT_MARKETABLE' });

    const trial = await newMember(4);
    expect(await give(trial, tableId, 1)).toMatchObject({ issued: 0, refused: 'TRIAL_ACCOUNT' });
    const trialCentre = await trial.client.call('GET', '/wps/reward/centre');
    expect(trialCentre.status).toBe(403);
    expect(trialCentre.body.code).toBe('TRIAL_ACCOUNT');
  });

  it('lets tickets run out: read as expired at once, marked expired by the job', async () => {
    const tableId = await createTable(tableInput([none(1)]));
    const member = await newMember();
    // Issued with a time already past (a late issue of a short-lived ticket): it never counts.
    await give(member, tableId, 1, uuidv7(), nowMs - 1000);
    await give(member, tableId, 1, uuidv7(), nowMs + 3 * DAY_MS);
    {
      const centre = await member.client.call('GET', '/wps/reward/centre');
      const table = centre.body.value.tables.find((item: { id: string }) => item.id === tableId);
      expect(table.tickets).toBe(1);
      const expired = await member.client.call('GET', '/wps/reward/tickets?status=expired');
      expect(expired.body.value.list).toHaveLength(1);
      await runJob();
      const statuses = await testApp.database.db
        .selectFrom('reward_tickets')
        .select('status')
        .where('member_id', '=', member.id)
        .orderBy('expires_at')
        .execute();
      expect(statuses.map((row) => row.status)).toEqual(['expired', 'unused']);
      // The draw takes the one left; then there is none.
      expect((await draw(member, tableId)).status).toBe(200);
      const none = await draw(member, tableId);
      expect(none.status).toBe(409);
      expect(none.body.value).toMatchObject({ reason: 'NO_TICKET' });
    }
  });
});

describe('draws', () => {
  it('draws once per ticket under a burst, pays each prize once, and the ledger balances', async () => {
    const tableId = await createTable(tableInput([cash(5, 1), bonus(7, 1), pointsPrize(30, 1), none(1)]));
    const member = await newMember();
    const tickets = 6;
    await give(member, tableId, tickets);
    const cashBefore = await cashOf(testApp.database.db, member.id);
    const replies = await Promise.all(Array.from({ length: tickets + 3 }, () => draw(member, tableId)));
    const done = replies.filter((reply) => reply.status === 200);
    expect(done).toHaveLength(tickets);
    for (const reply of replies.filter((item) => item.status !== 200)) {
      expect(reply.status).toBe(409);
      expect(reply.body.value).toMatchObject({ reason: 'NO_TICKET' });
    }
    const draws = await testApp.database.db
      .selectFrom('reward_draws')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(draws).toHaveLength(tickets);
    expect(new Set(draws.map((row) => row.ticket_id)).size).toBe(tickets);
    expect(new Set(draws.map((row) => Number(row.nonce))).size).toBe(tickets);
    const cashWon = draws
      .filter((row) => row.prize_kind === 'cash')
      .reduce((sum, row) => sum + (row.amount_minor ?? 0n), 0n);
    expect((await cashOf(testApp.database.db, member.id)) - cashBefore).toBe(cashWon);
    const prizeTransfers = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select(['amount_minor'])
      .where('code', '=', 'reward_prize')
      .where(
        'reference',
        'in',
        draws.map((row) => row.id),
      )
      .execute();
    const bonusDraws = draws.filter((row) => row.prize_kind === 'bonus');
    expect(prizeTransfers.length).toBe(draws.filter((row) => row.prize_kind === 'cash').length);
    const bonuses = await testApp.database.db
      .selectFrom('member_bonuses')
      .select(['id', 'source'])
      .where('member_id', '=', member.id)
      .execute();
    expect(bonuses.filter((row) => row.source === 'reward')).toHaveLength(bonusDraws.length);
    const pointsWon = draws.filter((row) => row.prize_kind === 'points').length * 30;
    const points = await testApp.database.db
      .selectFrom('point_records')
      .select(['points', 'type'])
      .where('member_id', '=', member.id)
      .execute();
    expect(points.every((row) => row.type === 'reward')).toBe(true);
    expect(points.reduce((sum, row) => sum + Number(row.points), 0)).toBe(pointsWon);
    expect(await ledgerProblems(testApp.database.db, merchantId)).toEqual([]);
    expect(await unusedOf(member.id, tableId)).toBe(0);
  });

  it('refuses a draw that would pass the daily budget and leaves its ticket unused', async () => {
    const tableId = await createTable(tableInput([cash(10, 1)], { dailyBudgetMinor: 2_500n }));
    const members = [await newMember(), await newMember(), await newMember()];
    for (const member of members) await give(member, tableId, 2);
    const replies = await Promise.all(
      members.flatMap((member) => [draw(member, tableId), draw(member, tableId)]),
    );
    const paid = replies.filter((reply) => reply.status === 200);
    expect(paid).toHaveLength(2);
    for (const reply of replies.filter((item) => item.status !== 200)) {
      expect(reply.status).toBe(409);
      expect(reply.body.value).toMatchObject({ reason: 'BUDGET_EXHAUSTED' });
    }
    let unused = 0;
    for (const member of members) unused += await unusedOf(member.id, tableId);
    expect(unused).toBe(4);
    const day = await testApp.database.db
      .selectFrom('reward_budget_days')
      .select('spent_minor')
      .where('table_id', '=', tableId)
      .executeTakeFirstOrThrow();
    expect(day.spent_minor).toBe(2_000n);
    // The next merchant day has its own budget.
    let holder = members[0] as Member;
    for (const member of members) if ((await unusedOf(member.id, tableId)) > 0) holder = member;
    nowMs += DAY_MS;
    try {
      const next = await draw(await signIn(holder), tableId);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
    } finally {
      nowMs -= DAY_MS;
    }
  });

  it('records what a verifier needs to re-compute the draw once the seed pair is rotated', async () => {
    const tableId = await createTable(tableInput([cash(1, 3), pointsPrize(5, 2), none(5)]));
    const member = await newMember();
    await give(member, tableId, 3);
    const results = [];
    for (let index = 0; index < 3; index += 1) results.push((await draw(member, tableId)).body.value.draw);
    expect(results.map((item) => item.serverSeed)).toEqual([null, null, null]);
    // Rotate the pair as the house games do: reveal its server seed.
    const box = createSecretBox(testApp.config.appSecret, 'game-seed');
    const pair = await testApp.database.db
      .selectFrom('game_seed_pairs')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    await sql`update game_seed_pairs set status = 'revealed', server_seed = ${box.open(pair.server_seed_sealed)},
      revealed_at = ${new Date(nowMs)} where id = ${pair.id}`.execute(testApp.database.db);
    const listed = await getIn(testApp, '/wps/reward/draws', 'TY', member.client.token);
    expect(listed.value.list).toHaveLength(3);
    for (const recorded of listed.value.list) {
      expect(recorded.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      const version = await member.client.call(
        'GET',
        `/wps/reward/tables/${recorded.tableId}/versions/${recorded.tableVersion}`,
      );
      const check = verifyWeightedDraw({
        canonical: version.body.value.canonical,
        tableHash: recorded.tableHash,
        seeds: { serverSeed: recorded.serverSeed, clientSeed: recorded.clientSeed, nonce: recorded.nonce },
        prizeIndex: recorded.prizeIndex,
      });
      expect(check).toMatchObject({ tableHashMatches: true, prizeMatches: true });
      expect(recorded.prize.index).toBe(recorded.prizeIndex);
    }
    expect(listed.value.list.map((item: { nonce: number }) => item.nonce)).toEqual([2, 1, 0]);
  });

  it('shows the centre: tables with chances in the reader’s language, ways, tickets and the seed pair', async () => {
    const tableId = await createTable(
      tableInput([cash(10, 1), none(7)], { names: { TY: 'Gintong Itlog', EN: 'Golden Egg' }, kind: 'egg' }),
    );
    await rewards().createRule(actor, merchantId, {
      trigger: 'deposit',
      names: { TY: 'Magdeposito', EN: 'Deposit' },
      amountMinor: 50_000n,
      vipRank: null,
      tickets: 1,
      tableId,
      expiresInDays: 7,
      active: true,
    });
    const member = await newMember();
    await give(member, tableId, 2);
    const centre = await getIn(testApp, '/wps/reward/centre', 'TY', member.client.token);
    const table = centre.value.tables.find((item: { id: string }) => item.id === tableId);
    expect(table).toMatchObject({ kind: 'egg', name: 'Gintong Itlog', version: 1, tickets: 2 });
    expect(table.prizes.map((prize: { chance: string }) => prize.chance)).toEqual(['12.50', '87.50']);
    expect(table.prizes[0]).toMatchObject({ kind: 'cash', amount: '10.00', points: null, weight: 1 });
    expect(centre.value.ways.find((way: { tableId: string }) => way.tableId === tableId)).toMatchObject({
      trigger: 'deposit',
      name: 'Magdeposito',
      amount: '500.00',
      tickets: 1,
    });
    expect(centre.value.seed).toMatchObject({ nonce: 0 });
    expect(centre.value.seed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('ticket rules', () => {
  it('issues for a deposit, a day’s valid bet, a contact channel and a VIP level once each', async () => {
    const tableId = await createTable(tableInput([none(1)]));
    const rule = (
      trigger: 'deposit' | 'valid_bet_day' | 'contact' | 'vip_level',
      extra: { amountMinor?: bigint; vipRank?: number },
    ) =>
      rewards().createRule(actor, merchantId, {
        trigger,
        names: { TY: trigger, EN: trigger },
        amountMinor: extra.amountMinor ?? null,
        vipRank: extra.vipRank ?? null,
        tickets: 1,
        tableId,
        expiresInDays: 3,
        active: true,
      });
    const deposit = await rule('deposit', { amountMinor: 50_000n });
    const validBet = await rule('valid_bet_day', { amountMinor: 100_000n });
    const contact = await rule('contact', {});
    const vip = await rule('vip_level', { vipRank: 2 });
    nowMs += 60_000;
    const member = await newMember();
    const small = await newMember();
    const { db } = testApp.database;
    const method = await testApp.app.payments.createMethod({
      merchantId,
      code: `reward_${uuidv7().slice(-6)}`,
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
    });
    const depositOf = async (memberId: string, pesos: number) =>
      db
        .insertInto('deposits')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          member_id: memberId,
          method_id: method.id,
          currency: 'PHP',
          amount_minor: BigInt(pesos * 100),
          status: 'credited',
          gateway_order_id: null,
          pay_url: null,
          reference: null,
          receipt_path: null,
          transfer_id: null,
          failure_reason: null,
          reviewed_by: null,
          created_at: new Date(nowMs - 1000),
          credited_at: new Date(nowMs),
        })
        .execute();
    await depositOf(member.id, 500);
    await depositOf(small.id, 499);
    const game = await insertBetGame(db, merchantId);
    const bet = (memberId: string, pesos: number) =>
      settleBetAt(
        db,
        { merchantId, ...game },
        { memberId, stakeMinor: BigInt(pesos * 100), winMinor: 0n, settledAt: new Date(nowMs) },
      );
    await bet(member.id, 600);
    await bet(member.id, 400);
    await bet(small.id, 999);
    await sql`update members set contacts = ${JSON.stringify({ telegram: '@member' })}, updated_at = ${new Date(nowMs)}
      where id = ${member.id}`.execute(db);
    await runJob();
    await runJob();
    await rewards().onVipLevelReached([
      { merchantId, memberId: member.id, fromRank: 1, toRank: 3 },
      { merchantId, memberId: small.id, fromRank: 2, toRank: 3 },
    ]);
    await rewards().onVipLevelReached([{ merchantId, memberId: member.id, fromRank: null, toRank: 2 }]);
    const issues = await db
      .selectFrom('reward_ticket_issues')
      .select(['member_id', 'rule_id', 'source'])
      .where('table_id', '=', tableId)
      .execute();
    const mine = issues
      .filter((row) => row.member_id === member.id)
      .map((row) => row.rule_id)
      .sort();
    expect(mine).toEqual([deposit.id, validBet.id, contact.id, vip.id].sort());
    expect(issues.filter((row) => row.member_id === small.id)).toEqual([]);
    expect(await unusedOf(member.id, tableId)).toBe(4);
    nowMs -= 60_000;
  });
});

describe('the back office', () => {
  it('saves tables with the expected cost, rules, grants tickets (audited), lists draws and the cost report', async () => {
    const prize = (kind: string, extra: Record<string, unknown>, weight: number) => ({
      names: { TY: `${kind} TY`, EN: `${kind} EN` },
      kind,
      amount: null,
      points: null,
      wageringMultiplier: null,
      weight,
      ...extra,
    });
    const created = await owner.call('POST', '/bo/rewards/tables', {
      merchantId,
      kind: 'egg',
      names: { TY: 'Itlog', EN: 'Egg' },
      prizes: [
        prize('cash', { amount: '20.00' }, 1),
        prize('bonus', { amount: '10.00', wageringMultiplier: 2 }, 1),
        prize('none', {}, 2),
      ],
      dailyBudget: '100.00',
      active: true,
      sort: 1,
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const table = created.body.value;
    expect(table.expectedCost).toEqual({ money: '7.50', points: 0, pointsValued: true });
    expect(table.prizes.map((item: { chance: string }) => item.chance)).toEqual(['25.00', '25.00', '50.00']);
    const updated = await owner.call('PUT', `/bo/rewards/tables/${table.id}`, {
      kind: 'egg',
      names: { TY: 'Itlog', EN: 'Egg' },
      prizes: [prize('cash', { amount: '20.00' }, 1), prize('none', {}, 3)],
      dailyBudget: '100.00',
      active: true,
      sort: 1,
    });
    expect(updated.body.value).toMatchObject({ version: 2, expectedCost: { money: '5.00' } });

    const rule = await owner.call('POST', '/bo/rewards/rules', {
      merchantId,
      trigger: 'valid_bet_day',
      names: { TY: 'Tumaya', EN: 'Bet' },
      amount: '1000.00',
      vipRank: null,
      tickets: 1,
      tableId: table.id,
      expiresInDays: 7,
      active: false,
    });
    expect(rule.body.success, JSON.stringify(rule.body)).toBe(true);
    const badRule = await owner.call('POST', '/bo/rewards/rules', {
      merchantId,
      trigger: 'vip_level',
      names: { TY: 'VIP', EN: 'VIP' },
      amount: null,
      vipRank: null,
      tickets: 1,
      tableId: table.id,
      expiresInDays: 7,
      active: true,
    });
    expect(badRule.body.code).toBe('VALIDATION');

    const member = await newMember();
    const granted = await owner.call('POST', `/bo/rewards/players/${member.id}/tickets`, {
      tableId: table.id,
      count: 2,
      expiresInDays: 3,
      reason: 'Goodwill',
    });
    expect(granted.body.value).toEqual({ issued: 2 });
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('target_id', '=', member.id)
      .where('action', '=', 'reward.tickets.grant')
      .execute();
    expect(audit).toHaveLength(1);
    const tickets = await owner.call('GET', `/bo/rewards/players/${member.id}/tickets`);
    expect(tickets.body.value.list.map((item: { source: string }) => item.source)).toEqual([
      'operator',
      'operator',
    ]);

    await draw(member, table.id);
    await draw(member, table.id);
    const draws = await owner.call('GET', `/bo/rewards/draws?tableId=${table.id}`);
    expect(draws.body.value.total).toBe(2);
    expect(draws.body.value.list[0]).toMatchObject({ tableVersion: 2, memberId: member.id });
    const day = draws.body.value.list[0].day;
    const report = await owner.call('GET', `/bo/rewards/report?from=${day}&to=${day}`);
    const line = report.body.value.list.find((item: { tableId: string }) => item.tableId === table.id);
    const cashPaid =
      draws.body.value.list.filter((item: { prizeKind: string }) => item.prizeKind === 'cash').length * 20;
    expect(line).toMatchObject({ draws: 2, cash: `${cashPaid}.00`, bonus: '0.00' });
  });
});
