import { parseState } from '@panalo/games/state-json.ts';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseBet, playOneStep, type WireBet } from '../src/modules/house-rounds/house-games.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { createAccountsClient, type Envelope } from './support/accounts-client.ts';
import { demoMerchantId, fund, tokenOf } from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';
import { replayBalances, storedBalances, sumBalancesByCurrency } from './support/wallet-fixtures.ts';

type Reply = { status: number; body: Envelope };

/**
 * Bonus money in our own games (docs/promotions.md "The money rules", "Maximum stake"): a stake
 * takes cash first and bonus money for the rest, a win is split in proportion to the stake's parts
 * (rounding to cash), the round records both parts, a member with enough cash keeps the one-step
 * statement, and an active bonus's maximum stake refuses a bet before any money moves.
 */
describe('bonus money in our own games', () => {
  let testApp: TestApp;
  let merchantId: string;
  let clock = Date.parse('2030-04-01T04:00:00Z');
  let counter = 0;
  const requestId = () => `bonus-req-${String(++counter).padStart(5, '0')}`;
  const seedBox = () => createSecretBox(testApp.config.appSecret, 'game-seed');

  beforeAll(async () => {
    testApp = await createSeededApp({}, { now: () => new Date(clock) });
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    merchantId = await demoMerchantId(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** A new member of the demo merchant with `cash` in cash and `bonus` in the bonus wallet. */
  async function newMember(cashMinor: bigint, bonusMinor: bigint) {
    counter += 1;
    const account = `bonusp${counter}`;
    const { id: memberId } = await testApp.app.members.createMember({
      merchantId,
      account,
      password: 'Bonus1234',
    });
    if (cashMinor > 0n) await fund(testApp, memberId, cashMinor, `bonus-stakes-cash-${memberId}`);
    if (bonusMinor > 0n) {
      // As a bonus's activation credits it (docs/promotions.md "A bonus's life").
      await testApp.app.wallet.transfer({
        merchantId,
        currency: 'PHP',
        key: `bonus:${memberId}:grant`,
        code: 'bonus',
        reference: `bonus:${memberId}`,
        from: { house: 'bonus_funding', shardKey: memberId },
        to: { memberId, wallet: 'bonus' },
        amountMinor: bonusMinor,
      });
    }
    const client = createAccountsClient(testApp.app, `203.0.113.${100 + (counter % 100)}`);
    expect((await client.logIn(account, 'Bonus1234')).success).toBe(true);
    return { memberId, client };
  }

  async function launch(member: Awaited<ReturnType<typeof newMember>>, gameCode: string): Promise<string> {
    const reply = await member.client.call(
      'GET',
      `/wps/game/launchGame?nodeId=INHOUSE_${gameCode}&mode=real`,
    );
    expect(reply.status).toBe(200);
    const token = tokenOf(reply.body.value.url);
    // Opening the table commits the member's seed pair, as the client does before its first bet.
    expect((await call('POST', '/wps/game/house/open', null, { mode: 'real', token })).status).toBe(200);
    return token;
  }

  async function call(
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    payload?: unknown,
  ): Promise<Reply> {
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
    return { status: response.statusCode, body: response.json() };
  }

  const balancesOf = (memberId: string) =>
    testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });

  async function activePair(memberId: string) {
    return testApp.database.db
      .selectFrom('game_seed_pairs')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
  }

  /**
   * Of the dice bets given, the first whose next round pays (or, with `toLose`, pays nothing),
   * drawn as the server will draw it: from the member's active pair and its next nonce.
   */
  async function predictDice(memberId: string, stake: string, candidates: WireBet[], toLose = false) {
    const pair = await activePair(memberId);
    const seeds = {
      serverSeed: seedBox().open(pair.server_seed_sealed),
      clientSeed: pair.client_seed,
      nonce: Number(pair.nonce),
    };
    for (const candidate of candidates) {
      const wire = { ...candidate, stake };
      const { payoutMinor } = playOneStep(seeds, parseBet('dice', wire));
      if (payoutMinor > 0n !== toLose) return { wire, payoutMinor };
    }
    throw new Error('no candidate bet has the outcome asked for');
  }

  const roundOf = (roundId: string) =>
    testApp.database.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();

  /** The round's transfers by key: amount and which wallet they came from or went to. */
  async function transfersOf(roundId: string) {
    const rows = await testApp.database.db
      .selectFrom('ledger_transfers')
      .innerJoin('ledger_accounts as debit', 'debit.id', 'ledger_transfers.debit_account_id')
      .innerJoin('ledger_accounts as credit', 'credit.id', 'ledger_transfers.credit_account_id')
      .select([
        'ledger_transfers.idempotency_key as key',
        'ledger_transfers.code',
        'ledger_transfers.amount_minor',
        'debit.kind as debit_kind',
        'credit.kind as credit_kind',
      ])
      .where('ledger_transfers.idempotency_key', 'like', `house:${roundId}:%`)
      .orderBy('ledger_transfers.idempotency_key')
      .execute();
    return rows.map((row) => ({
      key: row.key.slice(`house:${roundId}:`.length),
      code: row.code,
      amountMinor: BigInt(row.amount_minor),
      from: row.debit_kind,
      to: row.credit_kind,
    }));
  }

  async function expectSoundLedger() {
    const db = testApp.database.db;
    for (const total of (await sumBalancesByCurrency(db)).values()) expect(total).toBe(0n);
    const replayed = await replayBalances(db);
    for (const [id, balance] of await storedBalances(db)) expect(replayed.get(id) ?? 0n).toBe(balance);
    const negative = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '!=', 'house')
      .where('balance_minor', '<', 0n)
      .execute();
    expect(negative).toEqual([]);
  }

  async function insertActiveBonus(memberId: string, maxStakeMinor: bigint | null) {
    const at = new Date(clock);
    await testApp.database.db
      .insertInto('member_bonuses')
      .values({
        id: uuidv7(),
        merchant_id: merchantId,
        member_id: memberId,
        currency: 'PHP',
        source: 'manual',
        amount_minor: 1_000n,
        // Far above what a test here bets: a bonus whose wagering is met converts at once.
        wagering_required_minor: 500_000n,
        contributions: JSON.stringify({ INHOUSE: 10_000 }),
        max_stake_minor: maxStakeMinor,
        expiry_days: 7,
        terms: JSON.stringify({}),
        status: 'active',
        granted_at: at,
        activated_at: at,
        expires_at: new Date(clock + 7 * 86_400_000),
      })
      .execute();
  }

  it('stakes ₱5 of ₱3 cash and ₱10 bonus as ₱3 cash and ₱2 bonus, and splits the win in proportion, rounding to cash', async () => {
    const member = await newMember(300n, 1_000n);
    const token = await launch(member, 'dice');
    const { wire, payoutMinor } = await predictDice(member.memberId, '5.00', [
      { direction: 'under', target: '90.00' },
      { direction: 'over', target: '10.00' },
    ]);
    const fullWay = vi.spyOn(testApp.app.wallet, 'withGameLedger');
    let reply: Reply;
    try {
      reply = await call('POST', '/wps/game/house/bet', token, { requestId: requestId(), ...wire });
      // Cash alone is short: the one-step statement refuses, and the round is played the full way.
      expect(fullWay).toHaveBeenCalledTimes(1);
    } finally {
      fullWay.mockRestore();
    }
    expect([reply.status, reply.body.code]).toEqual([200, undefined]);
    const view = reply.body.value.round;
    expect(view).toMatchObject({ status: 'settled', stake: '5.00', balanceBefore: '3.00' });
    const bonusWinMinor = (payoutMinor * 200n) / 500n;
    const cashWinMinor = payoutMinor - bonusWinMinor;
    expect(payoutMinor).toBeGreaterThan(500n);
    expect(BigInt(Math.round(Number(view.win) * 100))).toBe(payoutMinor);
    expect(BigInt(Math.round(Number(view.balanceAfter) * 100))).toBe(cashWinMinor);

    const row = await roundOf(view.roundId);
    expect(row).toMatchObject({
      status: 'settled',
      stake_minor: 500n,
      bonus_stake_minor: 200n,
      win_minor: payoutMinor,
      bonus_win_minor: bonusWinMinor,
      balance_before_minor: 300n,
      balance_after_minor: cashWinMinor,
    });
    expect(await transfersOf(view.roundId)).toEqual([
      { key: 'stake', code: 'bet', amountMinor: 300n, from: 'player_cash', to: 'house' },
      { key: 'stake:bonus', code: 'bet', amountMinor: 200n, from: 'player_bonus', to: 'house' },
      { key: 'win', code: 'win', amountMinor: cashWinMinor, from: 'house', to: 'player_cash' },
      { key: 'win:bonus', code: 'win', amountMinor: bonusWinMinor, from: 'house', to: 'player_bonus' },
    ]);
    expect(await balancesOf(member.memberId)).toEqual({
      cashMinor: cashWinMinor,
      bonusMinor: 800n + bonusWinMinor,
    });
    await expectSoundLedger();
  });

  it('records a lost split stake with its parts and nothing paid', async () => {
    const member = await newMember(300n, 1_000n);
    const token = await launch(member, 'dice');
    const { wire } = await predictDice(
      member.memberId,
      '5.00',
      [
        { direction: 'under', target: '10.00' },
        { direction: 'over', target: '90.00' },
      ],
      true,
    );
    const reply = await call('POST', '/wps/game/house/bet', token, { requestId: requestId(), ...wire });
    expect([reply.status, reply.body.value.round.win]).toEqual([200, '0.00']);
    expect(await roundOf(reply.body.value.round.roundId)).toMatchObject({
      bonus_stake_minor: 200n,
      win_minor: 0n,
      bonus_win_minor: 0n,
    });
    expect(await balancesOf(member.memberId)).toEqual({ cashMinor: 0n, bonusMinor: 800n });
  });

  it('keeps a member with enough cash on the one-step statement, with the bonus wallet untouched', async () => {
    const member = await newMember(10_000n, 1_000n);
    const token = await launch(member, 'dice');
    const fullWay = vi.spyOn(testApp.app.wallet, 'withGameLedger');
    try {
      for (let bet = 0; bet < 3; bet += 1) {
        const reply = await call('POST', '/wps/game/house/bet', token, {
          requestId: requestId(),
          stake: '5.00',
          direction: 'under',
          target: '50.00',
        });
        expect([reply.status, reply.body.code]).toEqual([200, undefined]);
        const roundId = reply.body.value.round.roundId;
        expect(await roundOf(roundId)).toMatchObject({ bonus_stake_minor: 0n, bonus_win_minor: 0n });
        expect((await transfersOf(roundId)).every((transfer) => transfer.from !== 'player_bonus')).toBe(true);
      }
      expect(fullWay).not.toHaveBeenCalled();
    } finally {
      fullWay.mockRestore();
    }
    expect((await balancesOf(member.memberId)).bonusMinor).toBe(1_000n);
  });

  it('refuses a stake that cash and bonus together do not cover, and moves nothing', async () => {
    const member = await newMember(300n, 100n);
    const token = await launch(member, 'dice');
    const nonceBefore = (await activePair(member.memberId)).nonce;
    const reply = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '5.00',
      direction: 'under',
      target: '50.00',
    });
    expect([reply.status, reply.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect(await balancesOf(member.memberId)).toEqual({ cashMinor: 300n, bonusMinor: 100n });
    expect((await activePair(member.memberId)).nonce).toBe(nonceBefore);
  });

  it("refuses a one-step bet above an active bonus's maximum stake before any money moves", async () => {
    const member = await newMember(10_000n, 1_000n);
    await insertActiveBonus(member.memberId, 500n);
    const token = await launch(member, 'dice');
    const nonceBefore = (await activePair(member.memberId)).nonce;
    const id = requestId();
    const refused = await call('POST', '/wps/game/house/bet', token, {
      requestId: id,
      stake: '10.00',
      direction: 'under',
      target: '50.00',
    });
    expect([refused.status, refused.body.code, refused.body.value?.limit, refused.body.value?.max]).toEqual([
      422,
      'LIMIT_REACHED',
      'bonus',
      '5.00',
    ]);
    expect(await balancesOf(member.memberId)).toEqual({ cashMinor: 10_000n, bonusMinor: 1_000n });
    expect((await activePair(member.memberId)).nonce).toBe(nonceBefore);
    const recorded = await testApp.database.db
      .selectFrom('game_rounds')
      .select('id')
      .where('request_id', '=', id)
      .execute();
    expect(recorded).toEqual([]);
    // At the maximum, the bet is played.
    const allowed = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '5.00',
      direction: 'under',
      target: '50.00',
    });
    expect([allowed.status, allowed.body.code]).toEqual([200, undefined]);
  });

  it("refuses a mines round above an active bonus's maximum stake with nothing recorded or moved", async () => {
    const member = await newMember(10_000n, 1_000n);
    await insertActiveBonus(member.memberId, 500n);
    const token = await launch(member, 'mines');
    const nonceBefore = (await activePair(member.memberId)).nonce;
    const id = requestId();
    const refused = await call('POST', '/wps/game/house/bet', token, {
      requestId: id,
      stake: '10.00',
      mineCount: 3,
    });
    expect([refused.status, refused.body.code, refused.body.value?.limit]).toEqual([
      422,
      'LIMIT_REACHED',
      'bonus',
    ]);
    expect(await balancesOf(member.memberId)).toEqual({ cashMinor: 10_000n, bonusMinor: 1_000n });
    expect((await activePair(member.memberId)).nonce).toBe(nonceBefore);
    const recorded = await testApp.database.db
      .selectFrom('game_rounds')
      .select('id')
      .where('request_id', '=', id)
      .execute();
    expect(recorded).toEqual([]);
  });

  it("caps what a blackjack round stakes in all: a double past an active bonus's maximum stake is refused, the hand plays on", async () => {
    const member = await newMember(10_000n, 1_000n);
    await insertActiveBonus(member.memberId, 800n);
    const token = await launch(member, 'blackjack');
    let round: Envelope['value'] = null;
    // A dealt blackjack ends at once; deal until a hand may double.
    for (let deal = 0; deal < 20 && !round?.actions?.includes('double'); deal += 1) {
      if (round?.status === 'open') {
        // A dealer's ace asks about insurance before the hand plays on.
        if (round.actions.includes('decline-insurance')) {
          await call('POST', '/wps/game/house/action', token, {
            roundId: round.roundId,
            type: 'decline-insurance',
          });
        }
        await call('POST', '/wps/game/house/action', token, { roundId: round.roundId, type: 'stand' });
      }
      round = (await call('POST', '/wps/game/house/bet', token, { requestId: requestId(), stake: '5.00' }))
        .body.value.round;
    }
    expect(round.actions).toContain('double');
    const before = await balancesOf(member.memberId);
    const doubled = await call('POST', '/wps/game/house/action', token, {
      roundId: round.roundId,
      type: 'double',
    });
    expect([doubled.status, doubled.body.code, doubled.body.value?.limit]).toEqual([
      422,
      'LIMIT_REACHED',
      'bonus',
    ]);
    expect(await balancesOf(member.memberId)).toEqual(before);
    expect(await roundOf(round.roundId)).toMatchObject({ phase: 'playing', stake_minor: 500n });
    const stood = await call('POST', '/wps/game/house/action', token, {
      roundId: round.roundId,
      type: 'stand',
    });
    expect([stood.status, stood.body.value.round.status]).toEqual([200, 'settled']);
  });

  it('stakes a mines round partly with bonus money and pays its cash-out by the same parts', async () => {
    const member = await newMember(300n, 1_000n);
    const token = await launch(member, 'mines');
    const opened = await call('POST', '/wps/game/house/bet', token, {
      requestId: requestId(),
      stake: '5.00',
      mineCount: 3,
    });
    expect([opened.status, opened.body.code]).toEqual([200, undefined]);
    const roundId = opened.body.value.round.roundId;
    expect(await roundOf(roundId)).toMatchObject({ phase: 'playing', bonus_stake_minor: 200n });
    expect(await balancesOf(member.memberId)).toEqual({ cashMinor: 0n, bonusMinor: 800n });
    const state = (await roundOf(roundId)).state;
    const mines = parseState<{ mines: number[] }>(String(state)).mines;
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile));
    expect(
      (await call('POST', '/wps/game/house/action', token, { roundId, type: 'pick', tile: safe })).status,
    ).toBe(200);
    const cashed = await call('POST', '/wps/game/house/action', token, { roundId, type: 'cash-out' });
    expect(cashed.body.value.round.status).toBe('settled');
    const row = await roundOf(roundId);
    const winMinor = BigInt(row.win_minor);
    expect(winMinor).toBeGreaterThan(0n);
    const bonusWinMinor = (winMinor * 200n) / 500n;
    expect(row).toMatchObject({ bonus_stake_minor: 200n, bonus_win_minor: bonusWinMinor });
    expect(await balancesOf(member.memberId)).toEqual({
      cashMinor: winMinor - bonusWinMinor,
      bonusMinor: 800n + bonusWinMinor,
    });
    await expectSoundLedger();
  });

  it('takes a burst of simultaneous bets only as far as cash and bonus cover them, never below zero', async () => {
    const member = await newMember(300n, 1_000n);
    const token = await launch(member, 'dice');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/wps/game/house/bet', token, {
          requestId: requestId(),
          stake: '5.00',
          direction: 'under',
          target: '1.00',
        }),
      ),
    );
    const played = replies.filter((reply) => reply.status === 200);
    for (const reply of replies.filter((one) => one.status !== 200)) {
      expect([reply.status, reply.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    }
    const rounds = await Promise.all(played.map((reply) => roundOf(reply.body.value.round.roundId)));
    const staked = rounds.reduce((sum, round) => sum + BigInt(round.stake_minor), 0n);
    const won = rounds.reduce((sum, round) => sum + BigInt(round.win_minor), 0n);
    const after = await balancesOf(member.memberId);
    // Every centavo is where the rounds say: what was there, less the stakes, plus the wins.
    expect(after.cashMinor + after.bonusMinor).toBe(1_300n - staked + won);
    if (won === 0n) expect(played).toHaveLength(2);
    // Each round's bonus part is what its bonus transfers moved.
    for (const round of rounds) {
      const transfers = await transfersOf(round.id);
      const fromBonus = transfers
        .filter((transfer) => transfer.from === 'player_bonus')
        .reduce((sum, transfer) => sum + transfer.amountMinor, 0n);
      expect(BigInt(round.bonus_stake_minor)).toBe(fromBonus);
    }
    const totals = await sql<{ stake: string; bonus: string }>`
      select coalesce(sum(stake_minor), 0)::text as stake, coalesce(sum(bonus_stake_minor), 0)::text as bonus
      from game_rounds where member_id = ${member.memberId}`.execute(testApp.database.db);
    expect(BigInt(totals.rows[0]?.stake ?? '0')).toBe(staked);
    expect(BigInt(totals.rows[0]?.bonus ?? '0')).toBeLessThanOrEqual(1_000n);
    await expectSoundLedger();
    clock += 60_000;
  });
});
