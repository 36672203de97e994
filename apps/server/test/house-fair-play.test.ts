import { createHash } from 'node:crypto';
import { createServerSeed, hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { parseState } from '@panalo/games/state-json.ts';
import { isWinAsDrawn, type PlayedRound, verifyRound } from '@panalo/games/verifier/verify-round.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { createBackOfficeClient, insertOperatorWithSession } from './support/bo-client.ts';
import { demoMerchantId, fund, memberIdOf, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

type Reply = { status: number; body: Envelope };

const minorOf = (amount: string): bigint => BigInt(amount.replace('.', ''));

// GAMES.md "The fairness protocol" and "Bet limits", as a player or a third-party verifier checks
// them through the game client's calls: the commitment over the seed's hex text, no round before
// its pair was shown, a request id per game, a win verified equal to what the seeds give (or to
// the cap recorded on the round), and the video slot's cap in its paytable.
describe('our own games play fair: commitments, request ids, caps and exact wins (/wps/game/house)', () => {
  let testApp: TestApp;
  const clock = Date.parse('2030-04-01T04:00:00Z');
  let memberId: string;
  let merchantId: string;
  let counter = 0;
  const requestId = () => `fair-${String(++counter).padStart(6, '0')}`;

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(clock) });
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    memberId = await memberIdOf(testApp, 'demo');
    merchantId = await demoMerchantId(testApp);
    await fund(testApp, memberId, 100_000_000n, 'house-fair-play-fund');
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) {
    const response = await testApp.app.inject({
      method,
      url,
      headers: {
        ...(token ? { 'x-game-token': token } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        'accept-language': 'en',
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
    return { status: response.statusCode, body: response.json() } satisfies Reply;
  }

  async function launch(gameCode: string): Promise<string> {
    const member = createAccountsClient(testApp.app, '203.0.113.80');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const reply = await member.call('GET', `/wps/game/launchGame?nodeId=INHOUSE_${gameCode}&mode=real`);
    expect(reply.status).toBe(200);
    return tokenOf(reply.body.value.url);
  }

  const open = async (token: string) =>
    (await call('POST', '/wps/game/house/open', null, { mode: 'real', token })).body.value;
  const dice = (token: string, id = requestId()) =>
    call('POST', '/wps/game/house/bet', token, {
      requestId: id,
      stake: '1.00',
      direction: 'under',
      target: '50.00',
    });

  /** The member's pairs as they are in the database, the active one last. */
  const activePair = () =>
    testApp.database.db
      .selectFrom('game_seed_pairs')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .executeTakeFirst();

  /** Ends the member's active pair as if it had been revealed, leaving them with none. */
  async function dropActivePair(): Promise<void> {
    await testApp.database.db
      .updateTable('game_seed_pairs')
      .set({ status: 'revealed', server_seed: '0'.repeat(64), revealed_at: new Date(clock) })
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .execute();
  }

  const roundsOf = async (id: string) =>
    testApp.database.db
      .selectFrom('game_rounds')
      .select(['id', 'game_id'])
      .where('request_id', '=', id)
      .execute();

  it('refuses a bet on a table whose seed pair was never shown with CONFLICT and its hash, then plays on that pair', async () => {
    // The first bet of a member who has no pair, one-step and multi-step alike, and the same with
    // a launch token this process already knows (the records were read with it first).
    for (const game of ['dice', 'mines', 'classic-slot'] as const) {
      const token = await launch(game);
      if (game === 'classic-slot') {
        expect((await call('GET', '/wps/game/house/records', token)).status).toBe(200);
      }
      await dropActivePair();
      const bet = () =>
        game === 'dice'
          ? dice(token)
          : game === 'mines'
            ? call('POST', '/wps/game/house/bet', token, {
                requestId: requestId(),
                stake: '1.00',
                mineCount: 3,
              })
            : call('POST', '/wps/game/house/bet', token, { requestId: requestId(), lineStake: '1.00' });
      const before = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
      const refused = await bet();
      expect([refused.status, refused.body.code, refused.body.value?.reason], game).toEqual([
        409,
        'CONFLICT',
        'SEEDS_NOT_SHOWN',
      ]);
      const pair = await activePair();
      expect(pair).toBeDefined();
      expect(refused.body.value.serverSeedHash).toBe(pair!.server_seed_hash);
      expect(refused.body.value.commitmentVersion).toBe(2);
      expect(Number(pair!.nonce)).toBe(0);
      const after = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
      expect(after.cashMinor).toBe(before.cashMinor);
      // The client has shown the hash: the next bet plays on exactly that pair, from nonce 0.
      const played = await bet();
      expect(played.status, game).toBe(200);
      expect([played.body.value.round.serverSeedHash, played.body.value.round.nonce]).toEqual([
        pair!.server_seed_hash,
        0,
      ]);
      if (game === 'mines') {
        const roundId = played.body.value.round.roundId;
        const cashOut = await call('POST', '/wps/game/house/action', token, {
          roundId,
          type: 'pick',
          tile: 0,
        });
        if (cashOut.body.value.round.status === 'open') {
          await call('POST', '/wps/game/house/action', token, { roundId, type: 'cash-out' });
        }
      }
    }
  });

  it('makes one pair for simultaneous first bets: each is refused with its hash or plays on it, none elsewhere', async () => {
    const token = await launch('dice');
    await open(token);
    await dropActivePair();
    // A bet that arrives once the pair is made (its hash already on its way to the client in
    // another bet's refusal) may play on it; none plays on any other pair, and one is refused.
    const burst = await Promise.all(Array.from({ length: 6 }, () => dice(token)));
    const pair = await activePair();
    const refused = burst.filter((reply) => reply.status === 409);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const reply of refused) {
      expect([reply.body.value.reason, reply.body.value.serverSeedHash]).toEqual([
        'SEEDS_NOT_SHOWN',
        pair!.server_seed_hash,
      ]);
    }
    for (const reply of burst.filter((each) => each.status !== 409)) {
      expect([reply.status, reply.body.value.round.serverSeedHash]).toEqual([200, pair!.server_seed_hash]);
    }
    const played = await Promise.all(Array.from({ length: 6 }, () => dice(token)));
    for (const reply of played) expect(reply.body.value.round.serverSeedHash).toBe(pair!.server_seed_hash);
    expect(new Set(played.map((reply) => reply.body.value.round.nonce)).size).toBe(6);
  });

  it('scopes a request id to its game: the same id at another game is a bet of that game', async () => {
    const classic = await launch('classic-slot');
    const video = await launch('video-slot');
    const diceToken = await launch('dice');
    await open(diceToken);
    const id = requestId();
    // The slots' bets are the same shape, { lineStake }: the id alone must not find the other's round.
    const [first, second, third] = await Promise.all([
      call('POST', '/wps/game/house/bet', classic, { requestId: id, lineStake: '1.00' }),
      call('POST', '/wps/game/house/bet', video, { requestId: id, lineStake: '1.00' }),
      dice(diceToken, id),
    ]);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect([
      first.body.value.round.gameCode,
      second.body.value.round.gameCode,
      third.body.value.round.gameCode,
    ]).toEqual(['classic-slot', 'video-slot', 'dice']);
    expect(new Set([first, second, third].map((reply) => reply.body.value.round.roundId)).size).toBe(3);
    expect(await roundsOf(id)).toHaveLength(3);
    // A retry at the same game still answers its own round, once.
    const retried = await call('POST', '/wps/game/house/bet', video, { requestId: id, lineStake: '1.00' });
    expect(retried.body.value.round.roundId).toBe(second.body.value.round.roundId);
    const reused = await call('POST', '/wps/game/house/bet', video, { requestId: id, lineStake: '2.00' });
    expect([reused.status, reused.body.value.reason]).toEqual([409, 'REQUEST_ID_REUSED']);
    expect(await roundsOf(id)).toHaveLength(3);
  });

  it('commits new pairs over the seed’s hex text; a pair committed before keeps version 1, and both verify', async () => {
    const token = await launch('dice');
    await open(token);
    const played = (await dice(token)).body.value.round;
    expect(played.commitmentVersion).toBe(2);
    const rotated = (await call('POST', '/wps/game/house/seeds/rotate', token, {})).body.value;
    expect(rotated.revealed.commitmentVersion).toBe(2);
    expect(rotated.seeds.commitmentVersion).toBe(2);
    // Any SHA-256 tool, over the 64 characters shown at reveal.
    expect(rotated.revealed.serverSeedHash).toBe(
      createHash('sha256').update(rotated.revealed.serverSeed, 'ascii').digest('hex'),
    );
    const detail = (await call('GET', `/wps/game/house/records/${played.roundId}`, token)).body.value;
    expect(verifyRoundOf(detail).isCommitmentKept).toBe(true);

    // A pair committed before version 2 (its hash over the seed's 32 bytes), still active.
    const pair = await activePair();
    const serverSeed = createServerSeed();
    const oldHash = createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
    expect(hashServerSeed(serverSeed, 1)).toBe(oldHash);
    await testApp.database.db
      .updateTable('game_seed_pairs')
      .set({
        server_seed_sealed: createSecretBox(testApp.config.appSecret, 'game-seed').seal(serverSeed),
        server_seed_hash: oldHash,
        commitment_version: 1,
      })
      .where('id', '=', pair!.id)
      .execute();
    const oldToken = await launch('dice');
    const table = await open(oldToken);
    expect(table.seeds).toMatchObject({ serverSeedHash: oldHash, commitmentVersion: 1 });
    const onOld = (await dice(oldToken)).body.value.round;
    expect([onOld.serverSeedHash, onOld.commitmentVersion]).toEqual([oldHash, 1]);
    const revealed = (await call('POST', '/wps/game/house/seeds/rotate', oldToken, {})).body.value;
    expect(revealed.revealed).toMatchObject({ serverSeed, commitmentVersion: 1 });
    expect(revealed.seeds.commitmentVersion).toBe(2);
    const oldDetail = (await call('GET', `/wps/game/house/records/${onOld.roundId}`, oldToken)).body.value;
    expect(verifyRoundOf(oldDetail).isCommitmentKept).toBe(true);
    // Read as version 2 it would not match: the version is what tells the verifier which hash.
    expect(verifyRoundOf({ ...oldDetail, commitmentVersion: 2 }).isCommitmentKept).toBe(false);
  });

  function verifyRoundOf(detail: Envelope['value']) {
    return verifyRound(
      {
        serverSeed: detail.serverSeed,
        clientSeed: detail.clientSeed,
        nonce: detail.nonce,
        serverSeedHash: detail.serverSeedHash,
        commitmentVersion: detail.commitmentVersion,
      },
      parseState<PlayedRound>(JSON.stringify(detail.played)),
    );
  }

  it('verifies a win equal to the payout, and records the maximum win that cut one so that it verifies too', async () => {
    const operator = createBackOfficeClient(testApp.app);
    operator.token = (
      await insertOperatorWithSession(testApp.database.db, {
        username: 'fair-play-limits',
        merchantId,
        roleId: 'admin',
        nowMs: clock,
      })
    ).token;
    const vendor = (await testApp.app.games.findVendor(merchantId, 'INHOUSE'))!;
    const minesId = (await testApp.app.games.findGameByCode(vendor.id, 'mines'))!.id;
    const setLimits = async (betLimits: unknown) =>
      expect((await operator.call('PUT', `/bo/games/${minesId}`, { betLimits })).body.success).toBe(true);

    const token = await launch('mines');
    await open(token);
    // Mines, 3 mines, ₱10.00: two safe tiles cash out ₱12.85. The operator lowers the maximum win
    // to ₱12.00 while the round is open: the cash-out is paid ₱12.00 and the round records it.
    let roundId: string | null = null;
    for (let attempt = 0; attempt < 30 && roundId === null; attempt += 1) {
      const started = await call('POST', '/wps/game/house/bet', token, {
        requestId: requestId(),
        stake: '10.00',
        mineCount: 3,
      });
      const id = started.body.value.round.roundId as string;
      const first = await call('POST', '/wps/game/house/action', token, {
        roundId: id,
        type: 'pick',
        tile: 0,
      });
      if (first.body.value.round.status !== 'open') continue;
      const second = await call('POST', '/wps/game/house/action', token, {
        roundId: id,
        type: 'pick',
        tile: 1,
      });
      if (second.body.value.round.status !== 'open') continue;
      roundId = id;
    }
    expect(roundId).not.toBeNull();
    await setLimits({ minStake: '1.00', maxStake: '100.00', maxWin: '12.00' });
    const cashed = (await call('POST', '/wps/game/house/action', token, { roundId, type: 'cash-out' })).body
      .value.round;
    await setLimits(null);
    expect([cashed.status, cashed.win, cashed.winCap]).toEqual(['settled', '12.00', '12.00']);
    const stored = await testApp.database.db
      .selectFrom('game_rounds')
      .select(['win_minor', 'win_cap_minor'])
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect([
      BigInt(stored.win_minor),
      stored.win_cap_minor === null ? null : BigInt(stored.win_cap_minor),
    ]).toEqual([1_200n, 1_200n]);

    const normal = (await dice(await launch('dice'))).body.value.round;
    expect(normal.winCap).toBeNull();
    await call('POST', '/wps/game/house/seeds/rotate', token, {});
    for (const [round, expectedPayout] of [
      [cashed, 1_285n],
      [normal, minorOf(normal.win)],
    ] as const) {
      const detail = (await call('GET', `/wps/game/house/records/${round.roundId}`, token)).body.value;
      const verified = verifyRoundOf(detail);
      expect(verified.isCommitmentKept).toBe(true);
      expect(verified.payoutMinor).toBe(expectedPayout);
      const recorded = {
        winMinor: minorOf(detail.win),
        winCapMinor: detail.winCap === null ? null : minorOf(detail.winCap),
      };
      expect(isWinAsDrawn(verified.payoutMinor, recorded)).toBe(true);
      // One centavo paid, or the cap left off the round: an underpayment the verifier sees.
      expect(isWinAsDrawn(verified.payoutMinor, { ...recorded, winMinor: 1n })).toBe(false);
    }
    const cashedDetail = (await call('GET', `/wps/game/house/records/${cashed.roundId}`, token)).body.value;
    expect(
      isWinAsDrawn(verifyRoundOf(cashedDetail).payoutMinor, { winMinor: 1_200n, winCapMinor: null }),
    ).toBe(false);
  });

  it('caps the video slot in its paytable and refuses only a spin whose stake times 5,000 passes the maximum win', async () => {
    const token = await launch('video-slot');
    const table = await open(token);
    expect(table.rtp).toBe('96.08');
    expect(table.paytable).toContainEqual({ bet: 'max-win', pays: '×5000', rtp: '96.08' });
    // The default maximum win, ₱1,000,000.00, is 5,000 times a ₱200.00 spin: ₱8.00 a line.
    expect(table.limits.maxWin).toBe('1000000.00');
    const above = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      lineStake: '8.01',
    });
    expect([above.status, above.body.value.reasons?.lineStake ?? above.body.value.reasons?.stake]).toEqual([
      422,
      'maxWin',
    ]);
    const before = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
    const highest = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      lineStake: '8.00',
    });
    expect(highest.status).toBe(200);
    const round = highest.body.value.round;
    expect([round.stake, round.winCap]).toEqual(['200.00', null]);
    const after = await testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });
    expect(after.cashMinor - before.cashMinor).toBe(minorOf(round.win) - 20_000n);
    // Paid exactly what the reels drew: the verifier's payout is the win.
    await call('POST', '/wps/game/house/seeds/rotate', token, {});
    const detail = (await call('GET', `/wps/game/house/records/${round.roundId}`, token)).body.value;
    expect(verifyRoundOf(detail).payoutMinor).toBe(minorOf(round.win));
  });
});
