import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRoundStatus } from '../src/db/schema.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { catalogueGame, fund, registerTestVendor } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import { insertTeamMember, sessionClientOf } from './support/team-fixtures.ts';
import type { TestApp } from './support/test-app.ts';

// 12:00 on 10 April 2030 in Manila (UTC+8), the merchant's time zone.
const nowMs = Date.parse('2030-04-10T04:00:00Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let testApp: TestApp;
let merchantId: string;
// top (1) → sub (2) → player; top → playerOfTop; rival (1) → rivalPlayer.
let top: string;
let sub: string;
let player: string;
let playerOfTop: string;
let rival: string;
let rivalPlayer: string;
let topClient: AccountsClient;
let subClient: AccountsClient;
let playerClient: AccountsClient;
let slotGameId: string;
let liveGameId: string;
let vendorId: string;
const betIds: Record<string, string> = {};
/** The Manila day the ledger wrote the transfers on (the ledger keeps the database's time). */
let ledgerDay: string;

type Bet = { id: string; account: string; status: string; stake: string; gameType: string };
type Line = {
  account: string;
  counterparty: string | null;
  direction: string;
  amount: string;
  status: string;
};

const memberClient = (memberId: string) => sessionClientOf(testApp, memberId);

/** A bet as the bet record keeps it, placed `hoursAgo` before the clock. */
async function insertBet(
  name: string,
  memberId: string,
  input: { gameId: string; stakeMinor: bigint; winMinor: bigint; status: GameRoundStatus; hoursAgo: number },
) {
  const id = uuidv7();
  const openedAt = new Date(nowMs - input.hoursAgo * HOUR_MS);
  await testApp.database.db
    .insertInto('game_rounds')
    .values({
      id,
      merchant_id: merchantId,
      member_id: memberId,
      game_id: input.gameId,
      vendor_id: vendorId,
      vendor_round_id: `rec-${name}`,
      currency: 'PHP',
      stake_minor: input.stakeMinor,
      win_minor: input.winMinor,
      status: input.status,
      server_seed_hash: null,
      client_seed: null,
      nonce: null,
      opened_at: openedAt,
      settled_at: input.status === 'open' ? null : new Date(openedAt.getTime() + 60_000),
    })
    .execute();
  betIds[name] = id;
}

let methodId: string | undefined;

async function insertDeposit(memberId: string, amountMinor: bigint, status: 'credited' | 'pending') {
  methodId ??= (
    await testApp.app.payments.createMethod({
      merchantId,
      code: 'rec_gcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      playerDailyMaxMinor: null,
      gateway: { baseUrl: 'http://127.0.0.1:9', merchantNo: 'M1', secret: 'secret', channel: 'GCASH' },
    })
  ).id;
  await testApp.database.db
    .insertInto('deposits')
    .values({
      id: uuidv7(),
      merchant_id: merchantId,
      member_id: memberId,
      method_id: methodId,
      currency: 'PHP',
      amount_minor: amountMinor,
      status,
      gateway_order_id: null,
      pay_url: null,
      reference: null,
      receipt_path: null,
      transfer_id: null,
      failure_reason: null,
      reviewed_by: null,
      created_at: new Date(nowMs - 2 * HOUR_MS),
      credited_at: status === 'credited' ? new Date(nowMs - HOUR_MS) : null,
    })
    .execute();
}

async function insertPaidWithdrawal(memberId: string, amountMinor: bigint) {
  const accountId = uuidv7();
  await testApp.database.db
    .insertInto('payout_accounts')
    .values({
      id: accountId,
      merchant_id: merchantId,
      member_id: memberId,
      kind: 'bank',
      provider: 'BDO',
      account_name: 'Team Player',
      account_number: '1234567',
    })
    .execute();
  const id = uuidv7();
  await testApp.database.db
    .insertInto('withdrawals')
    .values({
      id,
      merchant_id: merchantId,
      member_id: memberId,
      payout_account_id: accountId,
      currency: 'PHP',
      amount_minor: amountMinor,
      status: 'paid',
      hold_key: `withdrawal:${id}`,
      created_at: new Date(nowMs - 3 * HOUR_MS),
      paid_at: new Date(nowMs - 2 * HOUR_MS),
    })
    .execute();
}

async function transfer(
  key: string,
  code: 'transfer' | 'adjustment',
  from: string | null,
  to: string,
  minor: bigint,
) {
  await testApp.app.wallet.transfer({
    merchantId,
    currency: 'PHP',
    key,
    code,
    from: from ? { memberId: from, wallet: 'cash' } : { house: 'adjustment', shardKey: to },
    to: { memberId: to, wallet: 'cash' },
    amountMinor: minor,
  });
}

const teamBets = (client: AccountsClient, query = '') => client.call('GET', `/wps/agent/bets?${query}`);
const transactions = (client: AccountsClient, query: string) =>
  client.call('GET', `/wps/agent/transactions?from=${ledgerDay}&to=${ledgerDay}&${query}`);
const idsOf = (list: Bet[]) => list.map((bet) => bet.id).sort();
const betIdsOf = (...names: string[]) => names.map((name) => betIds[name]).sort();

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  const { db } = testApp.database;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'panalo').executeTakeFirstOrThrow()
  ).id;
  top = await insertTeamMember(db, merchantId, { type: 1, account: 'rec_top' });
  sub = await insertTeamMember(db, merchantId, { type: 2, uplineId: top, account: 'rec_sub' });
  player = await insertTeamMember(db, merchantId, { uplineId: sub, account: 'rec_player' });
  playerOfTop = await insertTeamMember(db, merchantId, { uplineId: top, account: 'rec_top_player' });
  rival = await insertTeamMember(db, merchantId, { type: 1, account: 'rec_rival' });
  rivalPlayer = await insertTeamMember(db, merchantId, { uplineId: rival, account: 'rec_rival_player' });

  const vendor = await registerTestVendor(testApp, {
    vassalage: 'REC',
    games: [catalogueGame('slot-1'), catalogueGame('bac-1', { gameType: 'LIVE' })],
  });
  vendorId = vendor.id;
  const games = await db
    .selectFrom('games')
    .select(['id', 'game_code'])
    .where('vendor_id', '=', vendorId)
    .execute();
  slotGameId = games.find((game) => game.game_code === 'slot-1')?.id ?? '';
  liveGameId = games.find((game) => game.game_code === 'bac-1')?.id ?? '';

  const slot = { gameId: slotGameId, status: 'settled' as const };
  await insertBet('playerWin', player, { ...slot, stakeMinor: 1_000n, winMinor: 2_500n, hoursAgo: 1 });
  await insertBet('playerOpen', player, {
    gameId: liveGameId,
    stakeMinor: 5_000n,
    winMinor: 0n,
    status: 'open',
    hoursAgo: 2,
  });
  await insertBet('topPlayerLoss', playerOfTop, { ...slot, stakeMinor: 2_000n, winMinor: 0n, hoursAgo: 3 });
  await insertBet('playerOld', player, { ...slot, stakeMinor: 700n, winMinor: 0n, hoursAgo: 20 * 24 });
  await insertBet('rivalPlayer', rivalPlayer, { ...slot, stakeMinor: 300n, winMinor: 0n, hoursAgo: 1 });
  await insertBet('topOwn', top, { ...slot, stakeMinor: 400n, winMinor: 0n, hoursAgo: 1 });

  await insertDeposit(player, 10_000n, 'credited');
  await insertDeposit(playerOfTop, 5_000n, 'pending');
  await insertDeposit(rivalPlayer, 9_000n, 'credited');
  await insertPaidWithdrawal(player, 4_000n);

  await fund(testApp, top, 100_000n, 'rec-fund-top');
  await fund(testApp, sub, 100_000n, 'rec-fund-sub');
  await fund(testApp, player, 100_000n, 'rec-fund-player');
  await fund(testApp, rival, 100_000n, 'rec-fund-rival');
  await transfer('rec-top-to-player', 'transfer', top, player, 3_000n);
  await transfer('rec-sub-to-player', 'transfer', sub, player, 500n);
  await transfer('rec-player-to-top', 'transfer', player, top, 700n);
  await transfer('rec-rival-to-player', 'transfer', rival, rivalPlayer, 900n);
  await transfer('rec-adjust-top-player', 'adjustment', null, playerOfTop, 1_200n);
  const written = await db
    .selectFrom('ledger_transfers')
    .select('created_at')
    .where('idempotency_key', '=', 'rec-top-to-player')
    .executeTakeFirstOrThrow();
  ledgerDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(written.created_at);

  topClient = await memberClient(top);
  subClient = await memberClient(sub);
  playerClient = await memberClient(player);
});
afterAll(async () => {
  await testApp.close();
});

describe("the agent's team betting records", () => {
  it('refuse a visitor without a session and a member who is not an agent', async () => {
    const anonymous = createAccountsClient(testApp.app);
    for (const url of ['/wps/agent/bets', `/wps/agent/bets/${betIds.playerWin}`, '/wps/agent/transactions']) {
      expect((await anonymous.call('GET', url)).body.code).toBe('NOT_LOGGED_IN');
      const refused = await playerClient.call('GET', url);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('NON_AGENT');
    }
  });

  it("list every downline's bets with masked accounts and totals, never the agent's own or another team's", async () => {
    const reply = await teamBets(topClient, 'preset=past7Days');
    expect(reply.status).toBe(200);
    const { list, total, totals } = reply.body.value;
    expect(idsOf(list)).toEqual(betIdsOf('playerWin', 'playerOpen', 'topPlayerLoss'));
    expect(total).toBe(3);
    expect(list[0]).toMatchObject({ id: betIds.playerWin, account: 're******er', gameName: 'Game slot-1' });
    expect(list.find((bet: Bet) => bet.id === betIds.topPlayerLoss).account).toBe('re**********er');
    expect(totals).toEqual({ count: 3, stake: '80.00', validBet: '30.00', payout: '25.00', net: '-55.00' });
  });

  it('narrow to the direct downlines, to one downline by id or by whole account name', async () => {
    expect(idsOf((await teamBets(topClient, 'scope=direct')).body.value.list)).toEqual(
      betIdsOf('topPlayerLoss'),
    );
    expect(idsOf((await teamBets(topClient, `memberId=${player}`)).body.value.list)).toEqual(
      betIdsOf('playerWin', 'playerOpen'),
    );
    expect(idsOf((await teamBets(topClient, 'account=REC_PLAYER')).body.value.list)).toEqual(
      betIdsOf('playerWin', 'playerOpen'),
    );
    // An account outside the team finds nothing, as an unknown one does; so does a part of one.
    for (const account of ['rec_rival_player', 'rec_pla', 'nobody_here']) {
      const reply = await teamBets(topClient, `account=${account}`);
      expect(reply.status).toBe(200);
      expect(reply.body.value).toMatchObject({ total: 0, list: [], totals: { count: 0, stake: '0.00' } });
    }
  });

  it("refuse a member id of another agent's team, of the agent itself and of its upline", async () => {
    for (const [client, memberId] of [
      [topClient, rivalPlayer],
      [topClient, rival],
      [topClient, top],
      [subClient, playerOfTop],
      [subClient, top],
    ] as const) {
      const reply = await teamBets(client, `memberId=${memberId}`);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('FORBIDDEN');
    }
  });

  it("show a sub-agent its own team's bets only", async () => {
    const reply = await teamBets(subClient);
    expect(idsOf(reply.body.value.list)).toEqual(betIdsOf('playerWin', 'playerOpen'));
    expect(reply.body.value.totals.stake).toBe('60.00');
  });

  it('filter by status, game type, vendor and days, as the member records do', async () => {
    expect(idsOf((await teamBets(topClient, 'status=pending')).body.value.list)).toEqual(
      betIdsOf('playerOpen'),
    );
    expect(idsOf((await teamBets(topClient, 'gameType=LIVE')).body.value.list)).toEqual(
      betIdsOf('playerOpen'),
    );
    expect((await teamBets(topClient, `vendorId=${vendorId}`)).body.value.total).toBe(3);
    expect((await teamBets(topClient, 'vendorId=elsewhere')).body.value.total).toBe(0);
    const month = await teamBets(topClient, 'preset=past30Days');
    expect(idsOf(month.body.value.list)).toEqual(
      betIdsOf('playerWin', 'playerOpen', 'topPlayerLoss', 'playerOld'),
    );
    const oldDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(
      new Date(nowMs - 20 * DAY_MS),
    );
    const byDays = await teamBets(topClient, `from=${oldDay}&to=${oldDay}`);
    expect(idsOf(byDays.body.value.list)).toEqual(betIdsOf('playerOld'));
    expect(byDays.body.value).toMatchObject({ from: oldDay, to: oldDay });
  });

  it('page newest first with the totals of the whole filter on every page', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((pageNo) => teamBets(topClient, `pageSize=1&pageNo=${pageNo}`)),
    );
    expect(pages.map((page) => page.body.value.list[0].id)).toEqual([
      betIds.playerWin,
      betIds.playerOpen,
      betIds.topPlayerLoss,
    ]);
    for (const page of pages) {
      expect(page.body.value).toMatchObject({
        total: 3,
        totalPages: 3,
        totals: { count: 3, stake: '80.00' },
      });
    }
    expect((await teamBets(topClient, 'pageSize=1&pageNo=4')).body.value.list).toEqual([]);
  });

  it('open one bet of the team, and answer NOT_FOUND for the agent own bet or another team bet', async () => {
    const found = await topClient.call('GET', `/wps/agent/bets/${betIds.playerWin}`);
    expect(found.status).toBe(200);
    expect(found.body.value).toMatchObject({
      id: betIds.playerWin,
      account: 're******er',
      stake: '10.00',
      payout: '25.00',
      net: '15.00',
      status: 'settled',
      fairness: null,
    });
    for (const [client, id] of [
      [topClient, betIds.rivalPlayer],
      [topClient, betIds.topOwn],
      [subClient, betIds.topPlayerLoss],
      [topClient, 'no-such-bet'],
    ] as const) {
      const reply = await client.call('GET', `/wps/agent/bets/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('NOT_FOUND');
    }
  });

  it('refuse malformed filters', async () => {
    for (const query of [
      'pageSize=101',
      'pageNo=0',
      'scope=everyone',
      'status=won',
      'gameType=live%20games',
      `from=2030-04-01`,
      'from=2030-01-01&to=2030-04-10',
      'from=2030-02-30&to=2030-03-01',
      'memberId=not%20an%20id',
      `account=${'x'.repeat(65)}`,
    ]) {
      const reply = await teamBets(topClient, query);
      expect(reply.status, query).toBe(422);
      expect(reply.body.code, query).toBe('VALIDATION');
    }
  });

  it('answer a burst of simultaneous requests alike', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => teamBets(topClient, 'pageSize=2')));
    const first = JSON.stringify(replies[0]?.body.value);
    for (const reply of replies) expect(JSON.stringify(reply.body.value)).toBe(first);
  });
});

describe("the agent's downline transactions", () => {
  it("list the downlines' deposits with their state and what was credited", async () => {
    const reply = await topClient.call('GET', '/wps/agent/transactions?kind=deposit&preset=today');
    expect(reply.status).toBe(200);
    const lines: Line[] = reply.body.value.list;
    expect(lines.map((line) => [line.account, line.amount, line.status, line.direction])).toEqual(
      expect.arrayContaining([
        ['re******er', '100.00', 'done', 'in'],
        ['re**********er', '50.00', 'pending', 'in'],
      ]),
    );
    expect(lines).toHaveLength(2);
    expect(reply.body.value.totals).toEqual({ count: 2, amountIn: '100.00', amountOut: '0.00' });
    // The sub-agent sees its own player's only.
    const ofSub = await subClient.call('GET', '/wps/agent/transactions?kind=deposit&preset=today');
    expect(ofSub.body.value.totals).toEqual({ count: 1, amountIn: '100.00', amountOut: '0.00' });
  });

  it("list the downlines' withdrawals", async () => {
    const reply = await topClient.call('GET', '/wps/agent/transactions?kind=withdrawal&preset=today');
    expect(reply.body.value.list).toMatchObject([
      { kind: 'withdrawal', account: 're******er', amount: '40.00', status: 'done', direction: 'out' },
    ]);
    expect(reply.body.value.totals).toEqual({ count: 1, amountIn: '0.00', amountOut: '40.00' });
  });

  it('list transfers to and from downlines once each, naming the agent itself and masking others', async () => {
    const reply = await transactions(topClient, 'kind=transfer');
    expect(reply.status).toBe(200);
    const lines: Line[] = reply.body.value.list;
    expect(lines.map((line) => [line.account, line.direction, line.counterparty, line.amount])).toEqual(
      expect.arrayContaining([
        ['re******er', 'in', 'rec_top', '30.00'],
        ['re******er', 'in', 're***ub', '5.00'],
        ['re******er', 'out', 'rec_top', '7.00'],
      ]),
    );
    expect(lines).toHaveLength(3);
    expect(reply.body.value.totals).toEqual({ count: 3, amountIn: '35.00', amountOut: '7.00' });
    const ofSub = (await transactions(subClient, 'kind=transfer')).body.value.list as Line[];
    expect(ofSub.map((line) => [line.direction, line.counterparty, line.amount])).toEqual(
      expect.arrayContaining([
        ['in', 're***op', '30.00'],
        ['in', 'rec_sub', '5.00'],
        ['out', 're***op', '7.00'],
      ]),
    );
  });

  it('list manual adjustments, and narrow any kind to one downline', async () => {
    const reply = await transactions(topClient, 'kind=adjustment');
    expect(reply.body.value.list).toMatchObject([
      { account: 're**********er', direction: 'in', counterparty: null, amount: '12.00', status: 'done' },
    ]);
    expect((await transactions(topClient, `kind=adjustment&memberId=${player}`)).body.value.total).toBe(0);
    expect((await transactions(topClient, 'kind=transfer&account=rec_top_player')).body.value.total).toBe(0);
    expect((await transactions(topClient, 'kind=transfer&account=rec_rival_player')).body.value.total).toBe(
      0,
    );
    const refused = await transactions(topClient, `kind=transfer&memberId=${rivalPlayer}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
  });

  it('page transactions with the totals of the whole filter', async () => {
    const first = await transactions(topClient, 'kind=transfer&pageSize=2&pageNo=1');
    const second = await transactions(topClient, 'kind=transfer&pageSize=2&pageNo=2');
    expect(first.body.value.list).toHaveLength(2);
    expect(second.body.value.list).toHaveLength(1);
    expect(first.body.value).toMatchObject({ total: 3, totalPages: 2 });
    expect(second.body.value.totals).toEqual(first.body.value.totals);
  });

  it('refuse malformed filters', async () => {
    for (const query of ['kind=bet', 'pageSize=101', 'preset=forever', 'from=2030-04-01', 'memberId=a%20b']) {
      const reply = await topClient.call('GET', `/wps/agent/transactions?${query}`);
      expect(reply.status, query).toBe(422);
      expect(reply.body.code, query).toBe('VALIDATION');
    }
  });
});
