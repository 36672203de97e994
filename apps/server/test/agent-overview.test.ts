import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamRollupService } from '../src/modules/agent/team-rollup.service.ts';
import { addRoundStake, settleRound } from '../src/modules/game/game.repository.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { catalogueGame, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// Noon of 23 November 2026 in Manila (UTC+8), the merchant's time zone.
const nowMs = Date.parse('2026-11-23T04:00:00Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let testApp: TestApp;
let merchantId: string;
// top (1) → sub (2) → subPlayer; top → topPlayer; rival (1) → rivalPlayer.
let top: string;
let sub: string;
let subPlayer: string;
let topPlayer: string;
let rival: string;
let rivalPlayer: string;
let topClient: AccountsClient;
let subClient: AccountsClient;
let playerClient: AccountsClient;

type Row = Record<string, unknown>;

/** A small deterministic sequence, so that the generated bets are the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (limit: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % limit;
  };
}

const money = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** The figures of the settled bets of an agent's team, straight from game_rounds. */
async function recomputed(
  agentId: string,
  from: string,
  to: string,
  groupBy: 'member_id' | 'game_type' | 'settled_day',
) {
  const result = await sql<{ key: string; bets: string; stake: string; valid: string; win: string }>`
    select ${sql.ref(`r.${groupBy}`)}::text as key, count(*)::text as bets, sum(r.stake_minor)::text as stake,
      sum(r.valid_bet_minor)::text as valid, sum(r.win_minor)::text as win
    from game_rounds r
    join member_tree t on t.descendant_id = r.member_id and t.ancestor_id = ${agentId} and t.depth > 0
    where r.status in ('settled', 'resettled') and r.settled_day between ${from}::date and ${to}::date
    group by 1`.execute(testApp.database.db);
  return new Map(
    result.rows.map((row) => [
      row.key,
      {
        betCount: Number(row.bets),
        stake: money(BigInt(row.stake)),
        validBet: money(BigInt(row.valid)),
        payout: money(BigInt(row.win)),
        profitLoss: money(BigInt(row.win) - BigInt(row.stake)),
      },
    ]),
  );
}

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  top = await insertTeamMember(db, merchantId, { type: 1, account: 'ov_top' });
  sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top, account: 'ov_sub' });
  subPlayer = await insertTeamMember(db, merchantId, { uplineId: sub, account: 'ov_subplayer' });
  topPlayer = await insertTeamMember(db, merchantId, { uplineId: top, account: 'ov_topplayer' });
  rival = await insertTeamMember(db, merchantId, { type: 1, account: 'ov_rival' });
  rivalPlayer = await insertTeamMember(db, merchantId, { uplineId: rival, account: 'ov_rivalplayer' });
  // Registered: sub and topPlayer two days ago, subPlayer today, the rest long ago.
  const registered = async (id: string, at: number) =>
    sql`update members set created_at = ${new Date(at)} where id = ${id}`.execute(db);
  for (const id of [top, rival, rivalPlayer]) await registered(id, nowMs - 90 * DAY_MS);
  await registered(sub, nowMs - 2 * DAY_MS);
  await registered(topPlayer, nowMs - 2 * DAY_MS);
  await registered(subPlayer, nowMs - HOUR_MS);

  const vendor = await registerTestVendor(testApp, {
    vassalage: 'OVV',
    games: [catalogueGame('ov-slot', { gameType: 'SLOT' }), catalogueGame('ov-live', { gameType: 'LIVE' })],
  });
  const games = await db
    .selectFrom('games')
    .select(['id', 'game_type'])
    .where('vendor_id', '=', vendor.id)
    .execute();
  // Generated bets over the last five days: the team's members, the agent itself and the rival's
  // player (neither counts for the agent), some left open (they count once settled).
  const next = generator(16);
  const bettors = [subPlayer, topPlayer, sub, top, rivalPlayer];
  for (let index = 0; index < 40; index += 1) {
    const memberId = bettors[next(bettors.length)] as string;
    const game = games[next(games.length)];
    if (!game) throw new Error('no game');
    const stake = BigInt(100 + next(10_000));
    const id = await addRoundStake(db, {
      id: `ov-${index}`,
      merchant_id: merchantId,
      member_id: memberId,
      game_id: game.id,
      vendor_id: vendor.id,
      vendor_round_id: `ov-${index}`,
      currency: 'PHP',
      stake_minor: stake,
    });
    if (next(5) === 0) continue;
    const win = next(2) === 0 ? 0n : BigInt(next(20_000));
    await settleRound(db, id, win, new Date(nowMs - next(5 * 24) * HOUR_MS));
  }

  const method = await testApp.app.payments.createMethod({
    merchantId,
    code: 'ovbank',
    kind: 'bank_transfer',
    names: { EN: 'Bank' },
    minMinor: 100n,
    maxMinor: 100_000_000n,
    playerDailyMaxMinor: null,
  });
  const credit = async (
    memberId: string,
    amountMinor: bigint,
    at: number,
    status: 'credited' | 'rejected',
  ) => {
    const row = await testApp.app.payments.createDeposit({
      merchantId,
      memberId,
      method,
      currency: 'PHP',
      amountMinor,
      status: 'review',
    });
    await db
      .updateTable('deposits')
      .set({ status, credited_at: new Date(at) })
      .where('id', '=', row.id)
      .execute();
  };
  // topPlayer's first deposit was long ago; subPlayer's first is yesterday, a second today; the
  // rival's player deposits too (not the agent's team), and one deposit was rejected.
  await credit(topPlayer, 40_000n, nowMs - 40 * DAY_MS, 'credited');
  await credit(topPlayer, 25_000n, nowMs - 2 * HOUR_MS, 'credited');
  await credit(subPlayer, 10_000n, nowMs - DAY_MS, 'credited');
  await credit(subPlayer, 5_000n, nowMs - HOUR_MS, 'credited');
  await credit(subPlayer, 90_000n, nowMs - HOUR_MS, 'rejected');
  await credit(rivalPlayer, 70_000n, nowMs - HOUR_MS, 'credited');
  await db
    .insertInto('payout_accounts')
    .values({
      id: 'ov-account',
      merchant_id: merchantId,
      member_id: topPlayer,
      kind: 'bank',
      provider: 'BDO',
      account_name: 'A',
      account_number: '123456',
    })
    .execute();
  await db
    .insertInto('withdrawals')
    .values({
      id: 'ov-withdrawal',
      merchant_id: merchantId,
      member_id: topPlayer,
      payout_account_id: 'ov-account',
      currency: 'PHP',
      amount_minor: 12_000n,
      status: 'paid',
      hold_key: 'withdrawal:ov-withdrawal',
      paid_at: new Date(nowMs - 3 * HOUR_MS),
    })
    .execute();

  topClient = await sessionClientOf(testApp, top);
  subClient = await sessionClientOf(testApp, sub);
  playerClient = await sessionClientOf(testApp, subPlayer);
});
afterAll(async () => {
  await testApp.close();
});

describe("the agent's team overview", () => {
  it('refuses a visitor and a member who is not an agent', async () => {
    const anonymous = createAccountsClient(testApp.app);
    expect((await anonymous.call('GET', '/wps/agent/overview')).body.code).toBe('NOT_LOGGED_IN');
    expect((await playerClient.call('GET', '/wps/agent/overview')).body.code).toBe('NON_AGENT');
    expect((await playerClient.call('GET', '/wps/agent/profit-loss')).body.code).toBe('NON_AGENT');
  });

  it('says the betting figures are not complete until the team rollups are rebuilt, then that they are current', async () => {
    const before = await topClient.call('GET', '/wps/agent/overview');
    expect(before.body.value.asOf).toBeNull();
    expect(before.body.value.validBet).toBe('0.00');
    await createTeamRollupService({ db: testApp.database.db, now: () => new Date(nowMs) }).rebuildChanged();
    const after = await topClient.call('GET', '/wps/agent/overview');
    expect(after.body.value.asOf).toBe(new Date(nowMs).toISOString());
  });

  it('counts the team over the last 30 days by default, as the bets, deposits and withdrawals add up', async () => {
    const reply = await topClient.call('GET', '/wps/agent/overview');
    expect(reply.status).toBe(200);
    const value = reply.body.value;
    expect(value).toMatchObject({ from: '2026-10-25', to: '2026-11-23', teamSize: 3, newMembers: 3 });
    const byDay = await recomputed(top, value.from, value.to, 'settled_day');
    const byMember = await recomputed(top, value.from, value.to, 'member_id');
    const sum = (pick: (row: { stake: string; validBet: string; payout: string }) => string) =>
      [...byDay.values()].reduce((total, row) => total + BigInt(pick(row).replace('.', '')), 0n);
    expect(value.validBet).toBe(money(sum((row) => row.validBet)));
    expect(value.teamProfitLoss).toBe(money(sum((row) => row.payout) - sum((row) => row.stake)));
    // The generated bets reach every member of the team, so that every sum below is one of many.
    expect([...byMember.keys()].sort()).toEqual([sub, subPlayer, topPlayer].sort());
    expect(value.activeMembers).toBe(3);
    expect(value.days).toHaveLength(30);
    for (const day of value.days as Row[]) {
      const expected = byDay.get(day.day as string);
      expect(day.validBet).toBe(expected?.validBet ?? '0.00');
      expect(day.profitLoss).toBe(expected?.profitLoss ?? '0.00');
    }
    expect(value.firstDeposits).toEqual({ count: 1, amount: '100.00' });
    expect(value.deposits).toEqual({ count: 3, amount: '400.00' });
    expect(value.withdrawals).toEqual({ count: 1, amount: '120.00' });
    const today = (value.days as Row[]).at(-1);
    expect(today).toMatchObject({ day: '2026-11-23', deposits: '300.00', withdrawals: '120.00' });
  });

  it('answers a preset or a range of days, and a sub-agent sees its own team only', async () => {
    const today = (await topClient.call('GET', '/wps/agent/overview?preset=today')).body.value;
    expect(today).toMatchObject({ from: '2026-11-23', to: '2026-11-23', newMembers: 1 });
    expect(today.firstDeposits).toEqual({ count: 0, amount: '0.00' });
    const expectedToday = await recomputed(top, '2026-11-23', '2026-11-23', 'settled_day');
    expect(today.validBet).toBe(expectedToday.get('2026-11-23')?.validBet ?? '0.00');
    const range = (await topClient.call('GET', '/wps/agent/overview?from=2026-11-22&to=2026-11-22')).body
      .value;
    expect(range.days.map((day: Row) => day.day)).toEqual(['2026-11-22']);
    expect(range.firstDeposits).toEqual({ count: 1, amount: '100.00' });

    const ofSub = (await subClient.call('GET', '/wps/agent/overview')).body.value;
    expect(ofSub.teamSize).toBe(1);
    const expectedSub = await recomputed(sub, ofSub.from, ofSub.to, 'member_id');
    expect(ofSub.validBet).toBe(expectedSub.get(subPlayer)?.validBet ?? '0.00');
    expect(ofSub.withdrawals).toEqual({ count: 0, amount: '0.00' });
  });

  it('answers a burst of simultaneous requests with the same figures', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => topClient.call('GET', '/wps/agent/overview?preset=past7Days')),
    );
    const first = JSON.stringify(replies[0]?.body.value);
    for (const reply of replies) expect(JSON.stringify(reply.body.value)).toBe(first);
  });
});

describe("the team's profit and loss", () => {
  it('lists the members with bets, masked, the biggest winners first, with the sums of the bets', async () => {
    const reply = await topClient.call('GET', '/wps/agent/profit-loss');
    expect(reply.status).toBe(200);
    const value = reply.body.value;
    const expected = await recomputed(top, value.from, value.to, 'member_id');
    expect(value.total).toBe(expected.size);
    const ids = value.members.map((row: Row) => row.memberId);
    expect(new Set(ids)).toEqual(new Set(expected.keys()));
    expect(ids).not.toContain(top);
    expect(ids).not.toContain(rivalPlayer);
    for (const row of value.members as Row[]) {
      expect(row).toMatchObject(expected.get(row.memberId as string) ?? {});
      expect(row.account).toMatch(/^ov\*+\w\w$/);
    }
    const results = value.members.map((row: Row) => Number(row.profitLoss));
    expect(results).toEqual([...results].sort((a, b) => b - a));
    const byLevel = new Map(value.members.map((row: Row) => [row.memberId, row.level]));
    expect(byLevel.get(subPlayer)).toBe(2);
    expect(byLevel.get(topPlayer)).toBe(1);
    const totalStake = [...expected.values()].reduce((total, row) => total + Number(row.stake), 0);
    expect(Number(value.totals.stake)).toBeCloseTo(totalStake, 2);
  });

  it('pages the members with the whole list’s count on every page', async () => {
    const whole = (await topClient.call('GET', '/wps/agent/profit-loss?by=member')).body.value;
    const first = (await topClient.call('GET', '/wps/agent/profit-loss?by=member&pageSize=1')).body.value;
    const second = (await topClient.call('GET', '/wps/agent/profit-loss?by=member&pageSize=1&pageNo=2')).body
      .value;
    expect(first.total).toBe(whole.total);
    expect(first.members.map((row: Row) => row.memberId)).toEqual([whole.members[0].memberId]);
    expect(second.members.map((row: Row) => row.memberId)).toEqual([whole.members[1].memberId]);
    expect(second.totals).toEqual(whole.totals);
  });

  it('sums the team by game type as the bets add up, the member list and the game types agreeing', async () => {
    const value = (await topClient.call('GET', '/wps/agent/profit-loss?by=gameType')).body.value;
    const expected = await recomputed(top, value.from, value.to, 'game_type');
    expect(value.gameTypes.map((row: Row) => row.gameType).sort()).toEqual([...expected.keys()].sort());
    for (const row of value.gameTypes as Row[])
      expect(row).toMatchObject(expected.get(row.gameType as string) ?? {});
    const byMember = (await topClient.call('GET', '/wps/agent/profit-loss?by=member')).body.value;
    expect(value.totals).toEqual(byMember.totals);
  });

  it("narrows to one member's team, and refuses another agent's members, the caller and its upline", async () => {
    const narrowed = (await topClient.call('GET', `/wps/agent/profit-loss?memberId=${sub}`)).body.value;
    const expectedSub = await recomputed(top, narrowed.from, narrowed.to, 'member_id');
    const ids = narrowed.members.map((row: Row) => row.memberId).sort();
    expect(ids).toEqual([sub, subPlayer].sort());
    expect(expectedSub.has(sub) && expectedSub.has(subPlayer)).toBe(true);
    const byGame = (await topClient.call('GET', `/wps/agent/profit-loss?by=gameType&memberId=${sub}`)).body
      .value;
    expect(byGame.totals).toEqual(narrowed.totals);
    for (const other of [rival, rivalPlayer, top]) {
      expect((await subClient.call('GET', `/wps/agent/profit-loss?memberId=${other}`)).body.code).toBe(
        'FORBIDDEN',
      );
      expect(
        (await subClient.call('GET', `/wps/agent/profit-loss?by=gameType&memberId=${other}`)).body.code,
      ).toBe('FORBIDDEN');
    }
    expect((await subClient.call('GET', `/wps/agent/profit-loss?memberId=${sub}`)).body.code).toBe(
      'FORBIDDEN',
    );
  });

  it('validates the queries', async () => {
    for (const query of [
      'by=vendor',
      'pageSize=101',
      'pageNo=0',
      'pageNo=10001',
      'preset=forever',
      'from=2026-11-01',
      'from=2026-11-10&to=2026-11-01',
      'from=2025-01-01&to=2026-11-23',
      'from=yesterday&to=2026-11-01',
      'memberId=a%20b',
    ]) {
      expect((await topClient.call('GET', `/wps/agent/profit-loss?${query}`)).body.code, query).toBe(
        'VALIDATION',
      );
    }
    for (const query of ['preset=forever', 'to=2026-11-01', 'from=2026-11-10&to=2026-11-01']) {
      expect((await topClient.call('GET', `/wps/agent/overview?${query}`)).body.code, query).toBe(
        'VALIDATION',
      );
    }
  });
});
