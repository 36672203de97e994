import { hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { parseState } from '@panalo/games/state-json.ts';
import { type PlayedRound, verifyRound } from '@panalo/games/verifier/verify-round.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { SETTLE_HOUSE_ROUNDS_JOB_NAME } from '../src/workflows/house-games/house-games.ts';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { demoMerchantId, fund, memberIdOf, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';
import { sumBalancesByCurrency } from './support/wallet-fixtures.ts';

type Reply = { status: number; body: Envelope };

describe('our own games: seeds, rounds, records and demo play (/wps/game/house)', () => {
  let testApp: TestApp;
  let clock = Date.parse('2030-03-01T04:00:00Z');
  let memberId: string;
  let merchantId: string;
  let counter = 0;
  const requestId = () => `req-${String(++counter).padStart(6, '0')}`;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(clock) });
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    memberId = await memberIdOf(testApp, 'demo');
    merchantId = await demoMerchantId(testApp);
    await fund(testApp, memberId, 100_000n, 'house-games-fund');
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    payload?: unknown,
    app = testApp.app,
  ): Promise<Reply> {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { 'x-game-token': token } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        'accept-language': 'en',
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** A member logs in and launches an in-house game as the lobby does; answers the launch token. */
  async function launch(gameCode: string, account = 'demo', password = 'Demo1234'): Promise<string> {
    const member = createAccountsClient(testApp.app, '203.0.113.60');
    expect((await member.logIn(account, password)).success).toBe(true);
    const reply = await member.call('GET', `/wps/game/launchGame?nodeId=INHOUSE_${gameCode}&mode=real`);
    expect(reply.status).toBe(200);
    const url = new URL(reply.body.value.url, 'http://localhost');
    expect(url.pathname).toBe('/game/');
    expect(url.searchParams.get('game')).toBe(gameCode);
    return tokenOf(reply.body.value.url);
  }

  const cash = async () =>
    (await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' })).cashMinor;
  const houseTransfers = async () =>
    (
      await testApp.database.db
        .selectFrom('ledger_transfers')
        .select(['idempotency_key', 'amount_minor', 'code'])
        .where('idempotency_key', 'like', 'house:%')
        .execute()
    ).length;

  it('opens a table with the launch token: game, limits, paytable, balance and a committed seed pair', async () => {
    const token = await launch('dice');
    const reply = await call('POST', '/wps/game/house/open', null, { mode: 'real', token });
    expect(reply.status).toBe(200);
    const table = reply.body.value;
    expect(table).toMatchObject({
      mode: 'real',
      gameCode: 'dice',
      gameName: 'Dice',
      balance: '1000.00',
      rtp: '99.00',
    });
    expect(table.limits).toEqual({ minStake: '1.00', maxStake: '10000.00', maxWin: '1000000.00' });
    expect(table.seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(table.seeds.nonce).toBe(0);
    expect(JSON.stringify(table)).not.toContain('serverSeed"');
    // The active server seed is stored sealed: nothing in the table spells it in the clear.
    const pair = await testApp.database.db
      .selectFrom('game_seed_pairs')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(pair.server_seed).toBeNull();
    expect(pair.server_seed_sealed).not.toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes a dice stake and pays its win exactly once however often the same request id is retried', async () => {
    const token = await launch('dice');
    const before = await cash();
    const transfersBefore = await houseTransfers();
    const id = requestId();
    const bet = { requestId: id, stake: '10.00', direction: 'under', target: '50.00' };
    const replies = await Promise.all([1, 2, 3].map(() => call('POST', '/wps/game/house/bet', token, bet)));
    const again = await call('POST', '/wps/game/house/bet', token, bet);
    for (const reply of [...replies, again])
      expect([reply.body.code, reply.body.value?.reason]).toEqual([undefined, undefined]);
    const rounds = new Set([...replies, again].map((reply) => reply.body.value.round.roundId));
    expect(rounds.size).toBe(1);
    const round = again.body.value.round;
    expect(round.status).toBe('settled');
    expect(round.stake).toBe('10.00');
    const won = round.outcome.isWin as boolean;
    expect(round.win).toBe(won ? '19.80' : '0.00');
    const expected = before - 1_000n + (won ? 1_980n : 0n);
    expect(await cash()).toBe(expected);
    expect(round.balanceBefore).toBe((Number(before) / 100).toFixed(2));
    expect(round.balanceAfter).toBe((Number(expected) / 100).toFixed(2));
    expect((await houseTransfers()) - transfersBefore).toBe(won ? 2 : 1);
    expect((await sumBalancesByCurrency(testApp.database.db)).get('PHP')).toBe(0n);
    // A request id is one bet: reusing it for another bet is refused, and takes nothing.
    const reused = await call('POST', '/wps/game/house/bet', token, { ...bet, stake: '20.00' });
    expect(reused.status).toBe(409);
    expect(await cash()).toBe(expected);
  });

  it('refuses a stake above the balance with INSUFFICIENT_FUNDS and moves nothing', async () => {
    const token = await launch('dice');
    const before = await cash();
    const nonceBefore = (await call('POST', '/wps/game/house/open', null, { mode: 'real', token })).body.value
      .seeds.nonce;
    const id = requestId();
    const reply = await call('POST', '/wps/game/house/bet', token, {
      requestId: id,
      stake: '5000.00',
      direction: 'over',
      target: '50.00',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await cash()).toBe(before);
    // A one-step round commits whole or not at all: no round recorded, no nonce taken.
    const recorded = await testApp.database.db
      .selectFrom('game_rounds')
      .select('id')
      .where('request_id', '=', id)
      .execute();
    expect(recorded).toEqual([]);
    const after = await call('POST', '/wps/game/house/open', null, { mode: 'real', token });
    expect(after.body.value.seeds.nonce).toBe(nonceBefore);
  });

  it('enforces the bet limits of the game before any money moves', async () => {
    const token = await launch('dice');
    const before = await cash();
    const low = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '0.50',
      direction: 'under',
      target: '50.00',
    });
    expect(low.status).toBe(422);
    expect(low.body.value.reasons.stake).toBe('limit');
    const dice = await testApp.app.games.findGameByCode(
      (await testApp.app.games.findVendor(merchantId, 'INHOUSE'))!.id,
      'dice',
    );
    await testApp.database.db
      .updateTable('games')
      .set({ bet_limits: JSON.stringify({ maxWin: '5000' }) })
      .where('id', '=', dice!.id)
      .execute();
    // ₱10.00 at a 1 % chance would pay ₱990.00, above a ₱50.00 maximum win.
    const tooMuch = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '10.00',
      direction: 'under',
      target: '1.00',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.value.reasons.stake).toBe('maxWin');
    await testApp.database.db
      .updateTable('games')
      .set({ bet_limits: null })
      .where('id', '=', dice!.id)
      .execute();
    const badChance = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '10.00',
      direction: 'under',
      target: '99.00',
    });
    expect(badChance.status).toBe(422);
    expect(await cash()).toBe(before);
  });

  it('rotates the seed pair: the old server seed is revealed, matches its hash, and re-computes the round', async () => {
    const token = await launch('dice');
    const bet = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '2.00',
      direction: 'over',
      target: '30.00',
    });
    const round = bet.body.value.round;
    expect(round.serverSeed).toBeNull();
    const hidden = await call('GET', `/wps/game/house/records/${round.roundId}`, token);
    expect(hidden.body.value.serverSeed).toBeNull();

    const rotated = await call('POST', '/wps/game/house/seeds/rotate', token, {});
    expect(rotated.status).toBe(200);
    const { revealed, seeds } = rotated.body.value;
    expect(revealed.serverSeedHash).toBe(round.serverSeedHash);
    expect(hashServerSeed(revealed.serverSeed)).toBe(round.serverSeedHash);
    expect(seeds.nonce).toBe(0);
    expect(seeds.serverSeedHash).not.toBe(round.serverSeedHash);

    const detail = await call('GET', `/wps/game/house/records/${round.roundId}`, token);
    expect(detail.body.value.serverSeed).toBe(revealed.serverSeed);
    const verified = verifyRound(
      {
        serverSeed: detail.body.value.serverSeed,
        clientSeed: detail.body.value.clientSeed,
        nonce: detail.body.value.nonce,
        serverSeedHash: detail.body.value.serverSeedHash,
      },
      parseState<PlayedRound>(JSON.stringify(detail.body.value.played)),
    );
    expect(verified.isCommitmentKept).toBe(true);
    expect(verified.result.game).toBe('dice');
    expect(
      JSON.parse(
        JSON.stringify(verified.result.outcome, (_k, v) =>
          typeof v === 'bigint' ? { $bigint: String(v) } : v,
        ),
      ),
    ).toEqual(detail.body.value.outcome);
    expect(verified.payoutMinor).toBe(BigInt(Math.round(Number(detail.body.value.win) * 100)));
  });

  it('sets a client seed within its rules, and the next round uses it', async () => {
    const token = await launch('dice');
    const bad = await call('POST', '/wps/game/house/seeds/client', token, { clientSeed: 'has:colon' });
    expect(bad.status).toBe(422);
    const tooLong = await call('POST', '/wps/game/house/seeds/client', token, { clientSeed: 'a'.repeat(65) });
    expect(tooLong.status).toBe(422);
    const set = await call('POST', '/wps/game/house/seeds/client', token, { clientSeed: 'my-lucky_seed' });
    expect(set.body.value.clientSeed).toBe('my-lucky_seed');
    const bet = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '1.00',
      direction: 'under',
      target: '50.00',
    });
    expect(bet.body.value.round.clientSeed).toBe('my-lucky_seed');
    expect(bet.body.value.round.nonce).toBe(set.body.value.nonce);
  });

  it('keeps an open mines round through a restart, and resumes it with its original mines', async () => {
    const token = await launch('mines');
    const before = await cash();
    const opened = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '10.00',
      mineCount: 3,
    });
    expect(opened.status).toBe(200);
    const round = opened.body.value.round;
    expect(round.status).toBe('open');
    expect(round.outcome.mines).toBeNull();
    expect(round.actions).toEqual(['pick']);
    expect(await cash()).toBe(before - 1_000n);
    // Rotation would reveal where the mines are: refused while the round is open.
    const rotate = await call('POST', '/wps/game/house/seeds/rotate', token, {});
    expect(rotate.status).toBe(409);
    // A second round of mines waits for this one.
    const second = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '1.00',
      mineCount: 1,
    });
    expect(second.status).toBe(409);

    // The server restarts: a second app on the same database, the first one gone.
    const stored = await testApp.database.db
      .selectFrom('game_rounds')
      .select('state')
      .where('id', '=', round.roundId)
      .executeTakeFirstOrThrow();
    const mines = parseState<{ mines: number[] }>(stored.state!).mines;
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    const second_app = await buildApp({
      config: testApp.config,
      database: testApp.database,
      now: () => new Date(clock),
    });
    try {
      const reopened = await call('POST', '/wps/game/house/open', null, { mode: 'real', token }, second_app);
      expect(reopened.body.value.round.roundId).toBe(round.roundId);
      const picked = await call(
        'POST',
        '/wps/game/house/action',
        token,
        { roundId: round.roundId, type: 'pick', tile: safe[0] },
        second_app,
      );
      expect(picked.status).toBe(200);
      expect(picked.body.value.round.outcome.picks).toEqual([safe[0]]);
      const cashed = await call(
        'POST',
        '/wps/game/house/action',
        token,
        { roundId: round.roundId, type: 'cash-out' },
        second_app,
      );
      const final = cashed.body.value.round;
      expect(final.status).toBe('settled');
      expect(final.outcome.mines).toEqual(mines);
      // One safe pick of 22 with 3 mines: 0.99 × 25/22 = 1.125 → ₱11.25.
      expect(final.win).toBe('11.25');
      expect(await cash()).toBe(before - 1_000n + 1_125n);
      const again = await call(
        'POST',
        '/wps/game/house/action',
        token,
        { roundId: round.roundId, type: 'cash-out' },
        second_app,
      );
      expect(again.status).toBe(409);
      expect(await cash()).toBe(before - 1_000n + 1_125n);
    } finally {
      await second_app.close();
    }
  });

  function settleJob() {
    const job = testApp.app.jobs.definitions.find(
      (definition) => definition.name === SETTLE_HOUSE_ROUNDS_JOB_NAME,
    );
    if (!job) throw new Error('the settle job is not registered');
    return () => job.handle({}, { jobId: 'test', retryCount: 0, signal: new AbortController().signal });
  }

  it('settles a round left open past its timeout by the game rule: mines cashes out what is revealed', async () => {
    const token = await launch('mines');
    const before = await cash();
    const opened = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '4.00',
      mineCount: 1,
    });
    const roundId = opened.body.value.round.roundId as string;
    const { state } = await testApp.database.db
      .selectFrom('game_rounds')
      .select('state')
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    const mine = parseState<{ mines: number[] }>(state!).mines[0]!;
    const tile = mine === 0 ? 1 : 0;
    await call('POST', '/wps/game/house/action', token, { roundId, type: 'pick', tile });
    await settleJob()();
    let row = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
    expect(row.cashMinor).toBe(before - 400n);
    clock += 25 * 60 * 60_000;
    await settleJob()();
    const settled = await testApp.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('settled');
    expect(settled.phase).toBe('done');
    // One safe pick of 24 with 1 mine: 0.99 × 25/24 = 1.03125 → ₱4.12.
    expect(BigInt(settled.win_minor)).toBe(412n);
    row = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
    expect(row.cashMinor).toBe(before - 400n + 412n);
    await settleJob()();
    expect(await cash()).toBe(before - 400n + 412n);
  });

  it('settles a blackjack hand left open past its timeout by standing, as the verifier replays it', async () => {
    const token = await launch('blackjack');
    let round: Envelope['value'] = null;
    // A dealt blackjack ends at once; deal until a hand waits for the player.
    for (let deal = 0; deal < 10 && round?.status !== 'open'; deal += 1) {
      round = (await call('POST', '/wps/game/house/bet', token, { requestId: requestId(), stake: '5.00' }))
        .body.value.round;
    }
    expect(round.status).toBe('open');
    expect(round.outcome.shoe).toBeUndefined();
    expect(round.outcome.dealer[1]).toBeNull();
    const before = await cash();
    clock += 25 * 60 * 60_000;
    await settleJob()();
    // The session that dealt the hand has ended by now; the member comes back with a new one.
    const later = await launch('blackjack');
    const rotated = await call('POST', '/wps/game/house/seeds/rotate', later, {});
    expect(rotated.status).toBe(200);
    const detail = (await call('GET', `/wps/game/house/records/${round.roundId}`, later)).body.value;
    expect(detail.status).toBe('settled');
    const played = parseState<PlayedRound & { actions: string[] }>(JSON.stringify(detail.played));
    expect(played.actions.every((action) => action === 'stand' || action === 'decline-insurance')).toBe(true);
    const verified = verifyRound(
      { serverSeed: detail.serverSeed, clientSeed: detail.clientSeed, nonce: detail.nonce },
      played,
    );
    const winMinor = BigInt(Math.round(Number(detail.win) * 100));
    expect(verified.payoutMinor).toBe(winMinor);
    expect(await cash()).toBe(before + winMinor);
  });

  it('finishes a round whose process stopped after the stake was recorded: the stake goes back', async () => {
    const before = await cash();
    const token = await launch('dice');
    const bet = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '3.00',
      direction: 'under',
      target: '50.00',
    });
    const roundId = bet.body.value.round.roundId as string;
    // Make the round look as if the process had stopped between taking the stake and drawing.
    await testApp.database.db
      .updateTable('game_rounds')
      .set({
        phase: 'staking',
        status: 'open',
        win_minor: 0n,
        outcome: null,
        deadline_at: new Date(clock - 1),
      })
      .where('id', '=', roundId)
      .execute();
    const afterBet = await cash();
    await settleJob()();
    const row = await testApp.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('rolled_back');
    // The stake came back once; a win the round had credited before stays credited.
    const won = afterBet - (before - 300n);
    expect(await cash()).toBe(before + won);
    await settleJob()();
    expect(await cash()).toBe(before + won);
  });

  it('lists betting records by game and date with paging, and hides other members’ rounds', async () => {
    const token = await launch('dice');
    const all = await call('GET', '/wps/game/house/records?pageSize=2', token);
    expect(all.status).toBe(200);
    expect(all.body.value.list).toHaveLength(2);
    expect(all.body.value.totalPages).toBeGreaterThan(1);
    const mines = await call('GET', '/wps/game/house/records?gameCode=mines&pageSize=50', token);
    expect(mines.body.value.list.length).toBeGreaterThanOrEqual(2);
    expect(mines.body.value.list.every((item: { gameCode: string }) => item.gameCode === 'mines')).toBe(true);
    const past = await call('GET', '/wps/game/house/records?from=2020-01-01&to=2020-01-31', token);
    expect(past.body.value).toEqual({ list: [], totalPages: 0 });
    // The member centre reads the same records with the member's own session.
    const member = createAccountsClient(testApp.app, '203.0.113.61');
    await member.logIn('demo', 'Demo1234');
    const viaSession = await member.call('GET', '/wps/game/house/records?pageSize=2');
    expect(viaSession.body.value.list).toEqual(all.body.value.list);
    const other = await testApp.database.db
      .selectFrom('game_rounds')
      .select('id')
      .where('member_id', '!=', memberId)
      .executeTakeFirst();
    expect(other).toBeUndefined();
    expect((await call('GET', '/wps/game/house/records/not-a-round', token)).status).toBe(404);
  });

  it('plays a demo round with play money: visitors welcome, nothing in the ledger or the rounds', async () => {
    const transfers = async () =>
      Number(
        (
          await sql<{ count: string }>`select count(*)::text as count from ledger_transfers`.execute(
            testApp.database.db,
          )
        ).rows[0]!.count,
      );
    const rounds = async () =>
      (await testApp.database.db.selectFrom('game_rounds').select('id').execute()).length;
    const [transfersBefore, roundsBefore] = [await transfers(), await rounds()];
    const visitor = createAccountsClient(testApp.app, '203.0.113.62');
    const launched = await visitor.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=demo');
    expect(launched.status).toBe(200);
    expect(new URL(launched.body.value.url, 'http://localhost').searchParams.get('mode')).toBe('demo');
    const opened = await call('POST', '/wps/game/house/open', null, { mode: 'demo', gameCode: 'dice' });
    expect(opened.status).toBe(200);
    expect(opened.body.value).toMatchObject({ mode: 'demo', balance: '10000.00' });
    const token = opened.body.value.token as string;
    const bet = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '100.00',
      direction: 'under',
      target: '50.00',
    });
    expect(bet.status).toBe(200);
    const won = bet.body.value.round.outcome.isWin as boolean;
    expect(bet.body.value.balance).toBe(won ? '10098.00' : '9900.00');
    // A demo mines round plays on too.
    const minesTable = await call('POST', '/wps/game/house/open', null, { mode: 'demo', gameCode: 'mines' });
    const minesToken = minesTable.body.value.token as string;
    const mines = await call('POST', '/wps/game/house/bet', minesToken, {
      requestId: requestId(),
      stake: '10.00',
      mineCount: 24,
    });
    expect(mines.body.value.round.status).toBe('open');
    const picked = await call('POST', '/wps/game/house/action', minesToken, {
      roundId: mines.body.value.round.roundId,
      type: 'pick',
      tile: 0,
    });
    expect(picked.status).toBe(200);
    expect(await transfers()).toBe(transfersBefore);
    expect(await rounds()).toBe(roundsBefore);
    // Demo play has no betting records.
    expect((await call('GET', '/wps/game/house/records', token)).body.code).toBe('NON_MEMBER');
  });

  it('refuses an unknown or missing game token with NOT_LOGGED_IN', async () => {
    const reply = await call('POST', '/wps/game/house/bet', 'x'.repeat(43), {
      requestId: requestId(),
      stake: '1.00',
      direction: 'under',
      target: '50.00',
    });
    expect(reply.status).toBe(401);
    expect((await call('POST', '/wps/game/house/open', null, { mode: 'real' })).body.code).toBe(
      'NOT_LOGGED_IN',
    );
  });

  it("ends play when the member's session ends: the launch token no longer bets", async () => {
    const member = createAccountsClient(testApp.app, '203.0.113.65');
    await member.logIn('demo', 'Demo1234');
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real');
    const token = tokenOf(launched.body.value.url);
    const bet = () =>
      call('POST', '/wps/game/house/bet', token, {
        requestId: requestId(),
        stake: '1.00',
        direction: 'under',
        target: '50.00',
      });
    expect((await bet()).status).toBe(200);
    expect((await member.call('DELETE', '/wps/session/logout')).status).toBe(200);
    const before = await cash();
    const refused = await bet();
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('NOT_LOGGED_IN');
    expect(await cash()).toBe(before);
  });

  it('honours limits an operator changes in the back office at once: stake and maximum win, every game', async () => {
    const operator = createBackOfficeClient(testApp.app);
    operator.token = (
      await insertOperatorWithSession(testApp.database.db, {
        username: 'house-limits',
        merchantId,
        roleId: 'admin',
        nowMs: clock,
      })
    ).token;
    const vendor = (await testApp.app.games.findVendor(merchantId, 'INHOUSE'))!;
    const idOf = async (code: string) => (await testApp.app.games.findGameByCode(vendor.id, code))!.id;
    const setLimits = async (code: string, betLimits: unknown) => {
      const reply = await operator.call('PUT', `/bo/games/${await idOf(code)}`, { betLimits });
      expect(reply.body.success).toBe(true);
      return reply.body.value;
    };

    // Roulette: each bet ₱1.00 to ₱20.00, at most ₱500.00 a round.
    const token = await launch('roulette');
    await setLimits('roulette', { minStake: '1.00', maxStake: '20.00', maxWin: '500.00' });
    const opened = await call('POST', '/wps/game/house/open', null, { mode: 'real', token });
    expect(opened.body.value.limits).toEqual({ minStake: '1.00', maxStake: '20.00', maxWin: '500.00' });
    const before = await cash();
    const bet = (bets: unknown[]) =>
      call('POST', '/wps/game/house/bet', token, { requestId: requestId(), bets });
    const aboveMax = await bet([{ kind: 'red', stake: '25.00' }]);
    expect([aboveMax.status, aboveMax.body.value.reasons.stake]).toEqual([422, 'limit']);
    // A ₱20.00 straight up could pay ₱720.00; a ₱20.00 split at most ₱360.00.
    const straight = await bet([{ kind: 'straight', numbers: [17], stake: '20.00' }]);
    expect([straight.status, straight.body.value.reasons.stake, straight.body.value.maxWin]).toEqual([
      422,
      'maxWin',
      '50000',
    ]);
    // Two splits sharing 17 could both win: ₱720.00 together.
    const splits = await bet([
      { kind: 'split', numbers: [14, 17], stake: '20.00' },
      { kind: 'split', numbers: [17, 20], stake: '20.00' },
    ]);
    expect(splits.body.value.reasons.stake).toBe('maxWin');
    expect(await cash()).toBe(before);
    const split = await bet([{ kind: 'split', numbers: [14, 17], stake: '20.00' }]);
    expect(split.status).toBe(200);
    expect(split.body.value.round.status).toBe('settled');

    // Sic bo: a specific triple pays 180:1, so ₱5.00 could win ₱905.00.
    const sicBo = await launch('sic-bo');
    await setLimits('sic-bo', { minStake: '1.00', maxStake: '100.00', maxWin: '900.00' });
    const triple = await call('POST', '/wps/game/house/bet', sicBo, {
      requestId: requestId(),
      bets: [{ kind: 'specific-triple', number: 6, stake: '5.00' }],
    });
    expect(triple.body.value.reasons.stake).toBe('maxWin');
    const total = await call('POST', '/wps/game/house/bet', sicBo, {
      requestId: requestId(),
      bets: [{ kind: 'total', total: 10, stake: '5.00' }],
    });
    expect(total.status).toBe(200);

    // Mines, 3 mines, ₱10.00: one safe tile cashes out ₱11.25, two ₱12.85. With ₱12.00 at most, a
    // second tile is refused before it is turned, whatever it hides.
    const mines = await launch('mines');
    await setLimits('mines', { minStake: '1.00', maxStake: '100.00', maxWin: '12.00' });
    let refusedSecond = false;
    for (let attempt = 0; attempt < 20 && !refusedSecond; attempt += 1) {
      const started = await call('POST', '/wps/game/house/bet', mines, {
        requestId: requestId(),
        stake: '10.00',
        mineCount: 3,
      });
      expect(started.status).toBe(200);
      const roundId = started.body.value.round.roundId;
      const first = await call('POST', '/wps/game/house/action', mines, { roundId, type: 'pick', tile: 0 });
      expect(first.status).toBe(200);
      if (first.body.value.round.status !== 'open') continue;
      const second = await call('POST', '/wps/game/house/action', mines, { roundId, type: 'pick', tile: 1 });
      expect([second.status, second.body.value.reasons.tile]).toEqual([422, 'maxWin']);
      const cashed = await call('POST', '/wps/game/house/action', mines, { roundId, type: 'cash-out' });
      expect(cashed.body.value.round.win).toBe('11.25');
      refusedSecond = true;
    }
    expect(refusedSecond).toBe(true);
    // Five mines: even the first safe tile would pay ₱12.37, so the bet itself is refused.
    const five = await call('POST', '/wps/game/house/bet', mines, {
      requestId: requestId(),
      stake: '10.00',
      mineCount: 5,
    });
    expect(five.body.value.reasons.stake).toBe('maxWin');

    // Blackjack: a natural on ₱10.00 pays ₱25.00; a ₱24.00 maximum refuses the deal.
    const blackjack = await launch('blackjack');
    await setLimits('blackjack', { minStake: '1.00', maxStake: '100.00', maxWin: '24.00' });
    const deal = await call('POST', '/wps/game/house/bet', blackjack, {
      requestId: requestId(),
      stake: '10.00',
    });
    expect(deal.body.value.reasons.stake).toBe('maxWin');

    for (const code of ['roulette', 'sic-bo', 'mines', 'blackjack']) {
      expect((await setLimits(code, null)).betLimits.isDefault).toBe(true);
    }
    const reopened = await call('POST', '/wps/game/house/open', null, { mode: 'real', token });
    expect(reopened.body.value.limits.maxStake).toBe('10000.00');
  });

  it('draws a round again from the seed pair as it is when another server moved it on', async () => {
    const token = await launch('dice');
    const bet = () =>
      call('POST', '/wps/game/house/bet', token, {
        requestId: requestId(),
        stake: '1.00',
        direction: 'under',
        target: '50.00',
      });
    expect((await bet()).status).toBe(200);
    // Another server played five rounds and set a client seed meanwhile.
    await testApp.database.db
      .updateTable('game_seed_pairs')
      .set({ nonce: sql`nonce + 5`, client_seed: 'another-server' })
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .execute();
    const pair = await testApp.database.db
      .selectFrom('game_seed_pairs')
      .select(['nonce', 'server_seed_hash'])
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const before = await cash();
    const reply = await bet();
    expect(reply.status).toBe(200);
    const round = reply.body.value.round;
    expect([round.nonce, round.clientSeed, round.serverSeedHash]).toEqual([
      Number(pair.nonce),
      'another-server',
      pair.server_seed_hash,
    ]);
    const won = round.outcome.isWin as boolean;
    expect(await cash()).toBe(before - 100n + (won ? 198n : 0n));
    const after = await call('POST', '/wps/game/house/open', null, { mode: 'real', token });
    expect(after.body.value.seeds.nonce).toBe(Number(pair.nonce) + 1);
  });

  it('plays bets that arrive together each with its own nonce, stake and win, and pays exactly', async () => {
    const token = await launch('dice');
    const warmUp = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '1.00',
      direction: 'under',
      target: '50.00',
    });
    expect(warmUp.status).toBe(200);
    const before = await cash();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/wps/game/house/bet', token, {
          requestId: requestId(),
          stake: '1.00',
          direction: 'under',
          target: '50.00',
        }),
      ),
    );
    for (const reply of replies) expect([reply.status, reply.body.code]).toEqual([200, undefined]);
    const rounds = replies.map((reply) => reply.body.value.round);
    expect(new Set(rounds.map((round) => round.nonce)).size).toBe(8);
    const wins = rounds.filter((round) => round.outcome.isWin === true).length;
    expect(await cash()).toBe(before - 800n + BigInt(wins) * 198n);
    expect((await sumBalancesByCurrency(testApp.database.db)).get('PHP')).toBe(0n);
  });

  it('stops the very next bet at a table already playing when the member is locked or sets a loss limit', async () => {
    // A new merchant day: the member's loss this period is then this test's alone. Earlier tests'
    // random wins could leave the day's loss below zero, and a stake cannot pass a loss limit while
    // the member is that far ahead.
    clock += 25 * 60 * 60_000;
    const member = createAccountsClient(testApp.app, '203.0.113.66');
    await member.logIn('demo', 'Demo1234');
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real');
    const token = tokenOf(launched.body.value.url);
    const bet = (stake = '1.00') =>
      call('POST', '/wps/game/house/bet', token, {
        requestId: requestId(),
        stake,
        direction: 'under',
        target: '50.00',
      });
    expect((await bet()).status).toBe(200);
    expect((await bet()).status).toBe(200);
    const setStatus = (status: 'active' | 'locked') =>
      testApp.database.db.updateTable('members').set({ status }).where('id', '=', memberId).execute();
    await setStatus('locked');
    const before = await cash();
    const locked = await bet();
    await setStatus('active');
    expect([locked.status, locked.body.code]).toEqual([401, 'NOT_LOGGED_IN']);
    expect(await cash()).toBe(before);
    expect((await bet()).status).toBe(200);

    const limit = await member.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'day',
      value: '1.00',
    });
    expect([limit.status, limit.body.code]).toEqual([200, undefined]);
    const limited = await cash();
    const refused = await bet('5.00');
    expect([refused.status, refused.body.code, refused.body.value?.kind]).toEqual([
      422,
      'LIMIT_REACHED',
      'loss',
    ]);
    expect(await cash()).toBe(limited);
  });

  it("refuses a stake that would pass the member's own loss limit with LIMIT_REACHED", async () => {
    // A new merchant day, as above: nothing won earlier counts against this period's loss.
    clock += 25 * 60 * 60_000;
    const member = createAccountsClient(testApp.app, '203.0.113.64');
    await member.logIn('demo', 'Demo1234');
    const limit = await member.call('PUT', '/wps/member/responsibleGaming/limit', {
      kind: 'loss',
      period: 'day',
      value: '1.00',
    });
    expect([limit.status, limit.body.code]).toEqual([200, undefined]);
    const token = await launch('dice');
    const before = await cash();
    const reply = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '5.00',
      direction: 'under',
      target: '50.00',
    });
    expect([reply.status, reply.body.code, reply.body.value?.kind]).toEqual([422, 'LIMIT_REACHED', 'loss']);
    expect(await cash()).toBe(before);
  });

  // Last: the break ends the demo member's sessions for the rest of the file.
  it('refuses a self-excluded member with SELF_EXCLUDED, before any money moves', async () => {
    const token = await launch('dice');
    const member = createAccountsClient(testApp.app, '203.0.113.63');
    await member.logIn('demo', 'Demo1234');
    const taken = await member.call('POST', '/wps/member/responsibleGaming/break', { kind: 'break_1d' });
    expect(taken.status).toBe(200);
    const before = await cash();
    const reply = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '1.00',
      direction: 'under',
      target: '50.00',
    });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('SELF_EXCLUDED');
    expect(await cash()).toBe(before);
  });
});
