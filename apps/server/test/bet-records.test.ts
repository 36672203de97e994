import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import {
  callWallet,
  catalogueGame,
  fund,
  memberIdOf,
  registerTestVendor,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

// 12:00 on 10 April 2030 in Manila (UTC+8), the merchant's time zone.
const clock = Date.parse('2030-04-10T04:00:00Z');
const HOUR_MS = 3_600_000;

let testApp: TestApp;
let player: AccountsClient;
let other: AccountsClient;
let vendorId: string;
let diceBetId: string;
let othersBetId: string;

type Bet = { id: string; status: string; stake: string; payout: string; net: string; validBet: string };

/** A stake and, when given, its win, as the vendor's signed wallet calls make them. */
async function playAtVendor(
  client: AccountsClient,
  gameCode: string,
  round: string,
  stake: string,
  win: string | null,
) {
  const launched = await client.call('GET', `/wps/game/launchGame?nodeId=PLV_${gameCode}&mode=real`);
  expect(launched.status).toBe(200);
  const base = { vendor: 'PLV', playerToken: tokenOf(launched.body.value.url), currency: 'PHP', gameCode };
  const timestampSeconds = Math.floor(clock / 1000);
  const debit = { ...base, transactionId: `${round}-d`, roundId: round, amount: stake };
  expect((await callWallet(testApp.app, 'debit', debit, { timestampSeconds })).status).toBe('OK');
  if (win !== null) {
    const credit = { ...base, transactionId: `${round}-c`, roundId: round, amount: win };
    expect((await callWallet(testApp.app, 'credit', credit, { timestampSeconds })).status).toBe('OK');
  }
  return { base, timestampSeconds };
}

/** Moves a round's placed time, as if it had been played then. */
async function placeAt(vendorRoundId: string, at: Date): Promise<string> {
  const moved = await sql<{ id: string }>`
    update game_rounds set opened_at = ${at} where vendor_round_id = ${vendorRoundId} returning id`.execute(
    testApp.database.db,
  );
  const id = moved.rows[0]?.id;
  if (!id) throw new Error(`no round ${vendorRoundId}`);
  return id;
}

const bets = async (query: string) => player.call('GET', `/wps/member/bets?${query}`);
const idsOf = (list: Bet[]) => list.map((bet) => bet.id);

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(clock) });
  await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
  const vendor = await registerTestVendor(testApp, {
    vassalage: 'PLV',
    games: [catalogueGame('slot-1'), catalogueGame('bac-1', { gameType: 'LIVE' })],
  });
  vendorId = vendor.id;
  await fund(testApp, await memberIdOf(testApp, 'demo'), 100_000n, 'bets-fund-demo');
  await fund(testApp, await memberIdOf(testApp, 'agent'), 100_000n, 'bets-fund-agent');
  player = createAccountsClient(testApp.app);
  expect((await player.logIn('demo', 'Demo1234')).success).toBe(true);
  other = createAccountsClient(testApp.app, '203.0.113.77');
  expect((await other.logIn('agent', 'Agent1234')).success).toBe(true);

  await playAtVendor(player, 'slot-1', 'b1', '10.00', '25.00');
  await playAtVendor(player, 'slot-1', 'b2', '10.00', '0.00');
  await playAtVendor(player, 'bac-1', 'b3', '50.00', null);
  const { base, timestampSeconds } = await playAtVendor(player, 'bac-1', 'b4', '40.00', null);
  const rollback = {
    ...base,
    transactionId: 'b4-r',
    roundId: 'b4',
    refTransactionId: 'b4-d',
    amount: '40.00',
  };
  expect((await callWallet(testApp.app, 'rollback', rollback, { timestampSeconds })).status).toBe('OK');
  await playAtVendor(other, 'slot-1', 'o1', '5.00', '0.00');

  // One round of our own dice, through the game client's calls.
  const launched = await player.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real');
  const token = tokenOf(launched.body.value.url);
  const house = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });
  expect((await house('/wps/game/house/open', { mode: 'real', token })).statusCode).toBe(200);
  const bet = await house(
    '/wps/game/house/bet',
    { requestId: 'bets-dice-1', stake: '1.00', direction: 'under', target: '50.00' },
    { 'x-game-token': token },
  );
  expect(bet.statusCode).toBe(200);
  const dice = await testApp.database.db
    .selectFrom('game_rounds')
    .select('vendor_round_id')
    .where('request_id', '=', 'bets-dice-1')
    .executeTakeFirstOrThrow();

  // Today (10 April) b1, b3 and the dice; yesterday b2; three days ago the rolled-back b4.
  await placeAt('b1', new Date(clock - 2 * HOUR_MS));
  await placeAt('b2', new Date(clock - 24 * HOUR_MS));
  await placeAt('b3', new Date(clock - 1 * HOUR_MS));
  await placeAt('b4', new Date(clock - 72 * HOUR_MS));
  diceBetId = await placeAt(dice.vendor_round_id, new Date(clock - 30 * 60_000));
  othersBetId = await placeAt('o1', new Date(clock - HOUR_MS));

  // On 20 March, a bet the vendor settled and then adjusted, and one it voided after the fact.
  await playAtVendor(player, 'slot-1', 'b5', '20.00', '30.00');
  await playAtVendor(player, 'bac-1', 'b6', '15.00', null);
  await placeAt('b5', new Date(Date.parse('2030-03-20T04:00:00Z')));
  await placeAt('b6', new Date(Date.parse('2030-03-20T05:00:00Z')));
  await sql`update game_rounds set status = 'resettled', resettled_at = settled_at where vendor_round_id = 'b5'`.execute(
    testApp.database.db,
  );
  await sql`update game_rounds set status = 'void' where vendor_round_id = 'b6'`.execute(testApp.database.db);
});

afterAll(async () => {
  await testApp.close();
});

describe('betting records (/wps/member/bets)', () => {
  it("lists the member's own bets across vendors, newest first, never another member's", async () => {
    const reply = await bets('');
    expect(reply.status).toBe(200);
    const list = reply.body.value.list as (Bet & {
      gameName: string;
      vendorName: string;
      gameType: string;
    })[];
    expect(list.map((bet) => [bet.gameName, bet.status])).toEqual([
      [expect.any(String), 'settled'],
      ['Game bac-1', 'pending'],
      ['Game slot-1', 'settled'],
      ['Game slot-1', 'settled'],
      ['Game bac-1', 'void'],
    ]);
    expect(list[0]?.id).toBe(diceBetId);
    expect(list[0]?.gameType).toBe('INHOUSE');
    expect(list[1]).toMatchObject({ vendorName: 'PLV Test Vendor', gameType: 'LIVE', stake: '50.00' });
    expect(idsOf(list)).not.toContain(othersBetId);
    expect(reply.body.value).toMatchObject({ total: 5, totalPages: 1, from: '2030-04-04', to: '2030-04-10' });
  });

  it('totals the whole filter: void bets count nothing, valid bet is the stake of settled bets', async () => {
    const reply = await bets(`vendorId=${vendorId}`);
    expect(reply.body.value.totals).toEqual({
      count: 4,
      stake: '70.00',
      validBet: '20.00',
      payout: '25.00',
      net: '-45.00',
    });
    const voided = (reply.body.value.list as Bet[]).find((bet) => bet.status === 'void');
    expect(voided).toMatchObject({ stake: '40.00', payout: '0.00', net: '0.00', validBet: '0.00' });
    const pending = (reply.body.value.list as Bet[]).find((bet) => bet.status === 'pending');
    expect(pending).toMatchObject({ stake: '50.00', validBet: '0.00', net: '-50.00' });
  });

  it('filters by status, game type, vendor, date preset and days', async () => {
    const count = async (query: string) => (await bets(query)).body.value.total as number;
    expect(await count('status=pending')).toBe(1);
    expect(await count('status=void')).toBe(1);
    expect(await count('status=settled')).toBe(3);
    expect(await count('gameType=LIVE')).toBe(2);
    expect(await count('gameType=INHOUSE')).toBe(1);
    expect(await count('gameType=SPORTS')).toBe(0);
    expect(await count(`vendorId=${vendorId}&gameType=RNG&status=settled`)).toBe(2);
    expect(await count('preset=today')).toBe(3);
    expect(await count('preset=yesterday')).toBe(1);
    expect(await count('from=2030-04-07&to=2030-04-07')).toBe(1);
    expect(await count('from=2030-03-01&to=2030-03-19')).toBe(0);
    expect(await count('preset=lastMonth')).toBe(2);
  });

  it('reads a resettled bet as settled and a voided one as void', async () => {
    const day = 'from=2030-03-20&to=2030-03-20';
    const reply = await bets(day);
    expect((reply.body.value.list as Bet[]).map((bet) => [bet.status, bet.validBet, bet.net])).toEqual([
      ['void', '0.00', '0.00'],
      ['settled', '20.00', '10.00'],
    ]);
    expect(reply.body.value.totals).toEqual({
      count: 2,
      stake: '20.00',
      validBet: '20.00',
      payout: '30.00',
      net: '10.00',
    });
    expect((await bets(`${day}&status=settled`)).body.value.total).toBe(1);
    expect((await bets(`${day}&status=void`)).body.value.total).toBe(1);
  });

  it('pages without overlap and totals the whole filter on every page', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => bets(`page=${page}&pageSize=2`)));
    const ids = pages.flatMap((reply) => idsOf(reply.body.value.list));
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(pages.map((reply) => reply.body.value.totalPages)).toEqual([3, 3, 3]);
    expect(new Set(pages.map((reply) => JSON.stringify(reply.body.value.totals))).size).toBe(1);
    expect(ids).toEqual(idsOf((await bets('')).body.value.list));
  });

  it('refuses bad filters and unbounded ranges', async () => {
    for (const query of [
      'pageSize=101',
      'page=0',
      'status=lost',
      'gameType=live',
      `gameType=${'A'.repeat(33)}`,
      'preset=nextYear',
      'from=2030-04-01',
      'from=2030-02-30&to=2030-03-01',
      'from=2029-01-01&to=2030-04-10',
      'from=2030-04-10&to=2030-04-01',
    ]) {
      expect({ query, status: (await bets(query)).status }).toEqual({ query, status: 422 });
    }
  });

  it('needs a session, and refuses a trial account as every money page does', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/member/bets' });
    expect(response.statusCode).toBe(401);
    const trial = createAccountsClient(testApp.app, '203.0.113.78');
    const login = await trial.call('POST', '/wps/session/login/freeplay', {
      os: 'WEB',
      platform: 'W',
      gatewayVersion: 3,
    });
    trial.token = login.body.value.token;
    for (const url of ['/wps/member/bets', '/wps/member/bets/filters', `/wps/member/bets/${diceBetId}`]) {
      const reply = await trial.call('GET', url);
      expect({ url, status: reply.status, code: reply.body.code }).toEqual({
        url,
        status: 403,
        code: 'TRIAL_ACCOUNT',
      });
    }
  });

  it('answers a burst of simultaneous requests with the same page and totals', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => bets(`vendorId=${vendorId}`)));
    const first = JSON.stringify(replies[0]?.body.value);
    expect(replies.every((reply) => reply.status === 200 && JSON.stringify(reply.body.value) === first)).toBe(
      true,
    );
  });

  it('offers the merchant vendors and game types as filter choices', async () => {
    const reply = await player.call('GET', '/wps/member/bets/filters');
    expect(reply.status).toBe(200);
    expect(reply.body.value.vendors).toContainEqual({ id: vendorId, name: 'PLV Test Vendor' });
    expect(reply.body.value.gameTypes).toEqual(expect.arrayContaining(['INHOUSE', 'LIVE', 'RNG']));
  });
});

describe('one bet (/wps/member/bets/{id})', () => {
  it('gives our own round its fairness inputs, to recall and verify it', async () => {
    const reply = await player.call('GET', `/wps/member/bets/${diceBetId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      id: diceBetId,
      gameType: 'INHOUSE',
      stake: '1.00',
      status: 'settled',
      fairness: {
        nodeId: 'INHOUSE_dice',
        vassalage: 'INHOUSE',
        gameCode: 'dice',
        nonce: expect.any(Number),
        serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        clientSeed: expect.any(String),
        serverSeed: null,
      },
    });
  });

  it("has no fairness inputs for a vendor's bet", async () => {
    const [listed] = (await bets('status=void')).body.value.list as Bet[];
    const reply = await player.call('GET', `/wps/member/bets/${listed?.id}`);
    expect(reply.body.value).toMatchObject({ status: 'void', stake: '40.00', net: '0.00', fairness: null });
  });

  it("answers not found for another member's bet and for an unknown id", async () => {
    expect((await player.call('GET', `/wps/member/bets/${othersBetId}`)).status).toBe(404);
    expect((await other.call('GET', `/wps/member/bets/${diceBetId}`)).status).toBe(404);
    expect((await player.call('GET', '/wps/member/bets/no-such-bet')).status).toBe(404);
    expect((await player.call('GET', `/wps/member/bets/${'x'.repeat(65)}`)).status).toBe(422);
  });
});
