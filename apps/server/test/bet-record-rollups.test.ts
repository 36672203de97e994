import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoundStake, rollBackRound, settleRound } from '../src/modules/game/game.repository.ts';
import { rebuildMemberBetRollups } from '../src/modules/report/report.repository.ts';
import { seedDemoInHouseVendor } from '../src/seed/demo-vendors.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import {
  callWallet,
  catalogueGame,
  demoMerchantId,
  fund,
  memberIdOf,
  registerTestVendor,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * The bet record's member rollups (migration 0130) are written with every settlement, rollback,
 * void and adjustment of a bet, by difference; whatever the sequence, they equal the sums of the
 * bets themselves grouped by member, merchant day, game type and upline, and a full rebuild finds
 * the same figures.
 */

type Action =
  | { kind: 'open'; bet: number; member: number; stakeMinor: bigint }
  | { kind: 'stake'; bet: number; stakeMinor: bigint }
  | { kind: 'settle'; bet: number; winMinor: bigint }
  | { kind: 'rollback'; bet: number }
  | { kind: 'void'; bet: number }
  | { kind: 'resettle'; bet: number; winMinor: bigint }
  | { kind: 'move'; member: number; upline: number | null }
  | { kind: 'wait'; hours: number };

const BETS_MAX = 3;
const MEMBERS = ['newbie', 'leaderana', 'leaderben'] as const;
const UPLINES = ['leader', 'leadersub', 'agent'] as const;
const amount = fc.bigInt({ min: 1n, max: 50_000n });
const bet = fc.nat(BETS_MAX - 1);
const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('open'),
      bet,
      member: fc.nat(MEMBERS.length - 1),
      stakeMinor: amount,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stake'), bet, stakeMinor: amount }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('settle'),
      bet,
      winMinor: fc.bigInt({ min: 0n, max: 90_000n }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback'), bet }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void'), bet }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('resettle'),
      bet,
      winMinor: fc.bigInt({ min: 0n, max: 90_000n }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move'),
      member: fc.nat(MEMBERS.length - 1),
      upline: fc.option(fc.nat(UPLINES.length - 1), { nil: null }),
    }),
  },
  // Up to a day and a half at a time: bets settle on many days and now and then in a new month.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait'), hours: fc.integer({ min: 1, max: 36 }) }) },
) as fc.Arbitrary<Action>;

type Figures = Record<string, string>;

describe('the bet record and its member rollups', () => {
  let testApp: TestApp;
  let merchantId: string;
  let gameId: string;
  let vendorId: string;
  let memberIds: string[];
  let uplineIds: string[];
  let run = 0;

  beforeAll(async () => {
    testApp = await createSeededApp();
    await seedDemoInHouseVendor(testApp.database.db, testApp.app.games);
    merchantId = await demoMerchantId(testApp);
    const vendor = await registerTestVendor(testApp, {
      vassalage: 'ROLLV',
      games: [catalogueGame('roll-1', { gameType: 'SLOT' })],
    });
    vendorId = vendor.id;
    const game = await testApp.database.db
      .selectFrom('games')
      .select('id')
      .where('vendor_id', '=', vendor.id)
      .executeTakeFirstOrThrow();
    gameId = game.id;
    memberIds = await Promise.all(MEMBERS.map((account) => memberIdOf(testApp, account)));
    uplineIds = await Promise.all(UPLINES.map((account) => memberIdOf(testApp, account)));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const text = (value: unknown) => (typeof value === 'bigint' ? String(value) : value);
  const keyed = (rows: Record<string, unknown>[], key: (row: Record<string, unknown>) => string): Figures =>
    Object.fromEntries(rows.map((row) => [key(row), JSON.stringify(row, (_, value) => text(value))]));

  /** The day rollups as stored, and as the bets add up, for the merchant. */
  async function dayFigures() {
    const db = testApp.database.db;
    const stored = await sql<Record<string, unknown>>`
      select member_id, day::text as day, game_type, upline_id, bet_count::bigint as bet_count,
        stake_minor, valid_bet_minor, win_minor
      from member_bet_days where merchant_id = ${merchantId} and bet_count > 0
      order by member_id, day, game_type, upline_id`.execute(db);
    const summed = await sql<Record<string, unknown>>`
      select member_id, settled_day::text as day, game_type, coalesce(upline_id, '') as upline_id,
        count(*)::bigint as bet_count, sum(stake_minor)::bigint as stake_minor,
        sum(valid_bet_minor)::bigint as valid_bet_minor, sum(win_minor)::bigint as win_minor
      from game_rounds
      where merchant_id = ${merchantId} and status in ('settled', 'resettled')
      group by member_id, settled_day, game_type, coalesce(upline_id, '')
      order by member_id, day, game_type, upline_id`.execute(db);
    const key = (row: Record<string, unknown>) =>
      `${row.member_id}|${row.day}|${row.game_type}|${row.upline_id}`;
    return { stored: keyed(stored.rows, key), summed: keyed(summed.rows, key) };
  }

  async function monthFigures() {
    const db = testApp.database.db;
    const stored = await sql<Record<string, unknown>>`
      select member_id, month::text as month, bet_count::bigint as bet_count, stake_minor,
        valid_bet_minor, win_minor
      from member_bet_months where merchant_id = ${merchantId} and bet_count > 0
      order by member_id, month`.execute(db);
    const summed = await sql<Record<string, unknown>>`
      select member_id, date_trunc('month', settled_day)::date::text as month, count(*)::bigint as bet_count,
        sum(stake_minor)::bigint as stake_minor, sum(valid_bet_minor)::bigint as valid_bet_minor,
        sum(win_minor)::bigint as win_minor
      from game_rounds
      where merchant_id = ${merchantId} and status in ('settled', 'resettled')
      group by member_id, date_trunc('month', settled_day)
      order by member_id, month`.execute(db);
    const key = (row: Record<string, unknown>) => `${row.member_id}|${row.month}`;
    return { stored: keyed(stored.rows, key), summed: keyed(summed.rows, key) };
  }

  /** Rollup rows whose bets all went (rolled back or void) stay at zero; every other figure matches. */
  async function expectRollupsMatchBets() {
    const days = await dayFigures();
    expect(days.stored).toEqual(days.summed);
    const months = await monthFigures();
    expect(months.stored).toEqual(months.summed);
    const negative = await sql<{ count: string }>`
      select count(*)::text as count from member_bet_days
      where merchant_id = ${merchantId} and (bet_count < 0 or stake_minor < 0 or win_minor < 0)`.execute(
      testApp.database.db,
    );
    expect(negative.rows[0]?.count).toBe('0');
  }

  it('equal the sums of the bets after any sequence of bets, settlements, rollbacks, voids, adjustments and upline moves', async () => {
    const db = testApp.database.db;
    // Late in a Manila day near the end of a month, so that waits cross days and months.
    let clock = Date.parse('2031-01-30T14:00:00Z');
    const applied = new Set<Action['kind']>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(actionArbitrary, { minLength: 10, maxLength: 40, size: 'max' }),
        async (actions) => {
          run += 1;
          const opened = new Map<number, string>();
          for (const action of actions) {
            if (
              action.kind !== 'resettle' &&
              (!('bet' in action) || action.kind === 'open' || opened.has(action.bet))
            )
              applied.add(action.kind);
            const now = new Date(clock);
            const roundId = 'bet' in action ? opened.get(action.bet) : undefined;
            switch (action.kind) {
              case 'open': {
                if (roundId) break;
                const memberId = memberIds[action.member] as string;
                const id = await addRoundStake(db, {
                  id: `prop-${run}-${action.bet}`,
                  merchant_id: merchantId,
                  member_id: memberId,
                  game_id: gameId,
                  vendor_id: vendorId,
                  vendor_round_id: `prop-${run}-${action.bet}`,
                  currency: 'PHP',
                  stake_minor: action.stakeMinor,
                });
                opened.set(action.bet, id);
                break;
              }
              case 'stake':
                if (!roundId) break;
                await db
                  .updateTable('game_rounds')
                  .set({ stake_minor: sql<bigint>`stake_minor + ${action.stakeMinor}`, updated_at: now })
                  .where('id', '=', roundId)
                  .execute();
                break;
              case 'settle':
                if (roundId) await settleRound(db, roundId, action.winMinor, now);
                break;
              case 'rollback': {
                if (!roundId) break;
                const row = await db
                  .selectFrom('game_rounds')
                  .selectAll()
                  .where('id', '=', roundId)
                  .executeTakeFirstOrThrow();
                await rollBackRound(
                  db,
                  {
                    id: row.id,
                    merchant_id: row.merchant_id,
                    member_id: row.member_id,
                    game_id: row.game_id,
                    vendor_id: row.vendor_id,
                    vendor_round_id: row.vendor_round_id,
                    currency: row.currency,
                  },
                  now,
                );
                break;
              }
              case 'void':
                if (roundId)
                  await db
                    .updateTable('game_rounds')
                    .set({ status: 'void', updated_at: now })
                    .where('id', '=', roundId)
                    .execute();
                break;
              case 'resettle': {
                if (!roundId) break;
                const adjusted = await db
                  .updateTable('game_rounds')
                  .set({
                    status: 'resettled',
                    win_minor: action.winMinor,
                    resettled_at: now,
                    updated_at: now,
                  })
                  .where('id', '=', roundId)
                  .where('status', 'in', ['settled', 'resettled'])
                  .executeTakeFirst();
                if (adjusted.numUpdatedRows > 0n) applied.add('resettle');
                break;
              }
              case 'move':
                await db
                  .updateTable('members')
                  .set({ upline_id: action.upline === null ? null : (uplineIds[action.upline] as string) })
                  .where('id', '=', memberIds[action.member] as string)
                  .execute();
                break;
              case 'wait':
                clock += action.hours * 3_600_000;
                break;
            }
          }
          await expectRollupsMatchBets();
        },
      ),
      { numRuns: 60 },
    );
    // The sequences took every step at least once.
    expect([...applied].sort()).toEqual([
      'move',
      'open',
      'resettle',
      'rollback',
      'settle',
      'stake',
      'void',
      'wait',
    ]);
    // Every bet keeps the upline it settled under, whatever moves came after.
    const settledUnderMoves = await sql<{ count: string }>`
      select count(distinct coalesce(upline_id, ''))::text as count from game_rounds
      where merchant_id = ${merchantId} and settled_day is not null`.execute(db);
    expect(Number(settledUnderMoves.rows[0]?.count)).toBeGreaterThan(1);
  });

  it('are rebuilt from the bets alone by the repair path', async () => {
    const db = testApp.database.db;
    const before = await dayFigures();
    expect(Object.keys(before.stored).length).toBeGreaterThan(0);
    // Break the rollups as a lost write or a hand edit would.
    await sql`update member_bet_days set win_minor = win_minor + 7 where merchant_id = ${merchantId}`.execute(
      db,
    );
    await sql`delete from member_bet_months where merchant_id = ${merchantId}`.execute(db);
    await rebuildMemberBetRollups(db, merchantId);
    await expectRollupsMatchBets();
    expect((await dayFigures()).stored).toEqual(before.summed);
  });

  it('counts every one of many settlements of one member arriving at the same time', async () => {
    const db = testApp.database.db;
    const memberId = await memberIdOf(testApp, 'demo');
    await fund(testApp, memberId, 1_000_000n, 'rollup-burst-fund');
    const member = createAccountsClient(testApp.app, '203.0.113.61');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
    const burst = Array.from({ length: 24 }, (_, index) => index);
    // Our own games' one-step bets, played at once by one member, land as INHOUSE.
    const dice = await member.call('GET', '/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real');
    expect(dice.body).toMatchObject({ success: true });
    const diceToken = tokenOf(dice.body.value.url);
    const table = await testApp.app.inject({
      method: 'POST',
      url: '/wps/game/house/open',
      headers: { 'content-type': 'application/json' },
      payload: { mode: 'real', token: diceToken },
    });
    expect(table.statusCode).toBe(200);
    const inHouse = async () =>
      (
        await sql<{ bets: string; stake: string; valid: string }>`
          select coalesce(sum(bet_count), 0)::text as bets, coalesce(sum(stake_minor), 0)::text as stake,
            coalesce(sum(valid_bet_minor), 0)::text as valid
          from member_bet_days where member_id = ${memberId} and game_type = 'INHOUSE'`.execute(db)
      ).rows[0];
    const inHouseBefore = await inHouse();
    const bets = await Promise.all(
      burst.map((index) =>
        testApp.app.inject({
          method: 'POST',
          url: '/wps/game/house/bet',
          headers: { 'content-type': 'application/json', 'x-game-token': diceToken },
          payload: { requestId: `burst-dice-${index}`, stake: '2.00', direction: 'under', target: '50.00' },
        }),
      ),
    );
    expect(bets.map((reply) => reply.statusCode)).toEqual(burst.map(() => 200));
    expect(await inHouse()).toEqual({
      bets: String(Number(inHouseBefore?.bets) + burst.length),
      stake: String(BigInt(inHouseBefore?.stake ?? '0') + 200n * BigInt(burst.length)),
      valid: String(BigInt(inHouseBefore?.valid ?? '0') + 200n * BigInt(burst.length)),
    });
    const launched = await member.call('GET', '/wps/game/launchGame?nodeId=ROLLV_roll-1&mode=real');
    const token = tokenOf(launched.body.value.url);
    expect(
      (await callWallet(testApp.app, 'authenticate', { vendor: 'ROLLV', playerToken: token })).status,
    ).toBe('OK');
    const common = { vendor: 'ROLLV', playerToken: token, currency: 'PHP', gameCode: 'roll-1' };
    const before = await sql<{ bets: string; stake: string; win: string }>`
      select coalesce(sum(bet_count), 0)::text as bets, coalesce(sum(stake_minor), 0)::text as stake,
        coalesce(sum(win_minor), 0)::text as win
      from member_bet_days where member_id = ${memberId} and game_type = 'SLOT'`.execute(db);
    const debits = await Promise.all(
      burst.map((index) =>
        callWallet(testApp.app, 'debit', {
          ...common,
          roundId: `burst-${index}`,
          transactionId: `burst-d${index}`,
          amount: '10.00',
        }),
      ),
    );
    expect(debits.every((reply) => reply.status === 'OK')).toBe(true);
    const credits = await Promise.all(
      burst.map((index) =>
        callWallet(testApp.app, 'credit', {
          ...common,
          roundId: `burst-${index}`,
          transactionId: `burst-c${index}`,
          amount: '3.00',
        }),
      ),
    );
    expect(credits.every((reply) => reply.status === 'OK')).toBe(true);
    const after = await sql<{ bets: string; stake: string; win: string; valid: string }>`
      select coalesce(sum(bet_count), 0)::text as bets, coalesce(sum(stake_minor), 0)::text as stake,
        coalesce(sum(win_minor), 0)::text as win, coalesce(sum(valid_bet_minor), 0)::text as valid
      from member_bet_days where member_id = ${memberId} and game_type = 'SLOT'`.execute(db);
    const start = before.rows[0] as { bets: string; stake: string; win: string };
    expect(after.rows[0]).toEqual({
      bets: String(Number(start.bets) + burst.length),
      stake: String(BigInt(start.stake) + 1_000n * BigInt(burst.length)),
      win: String(BigInt(start.win) + 300n * BigInt(burst.length)),
      valid: String(BigInt(start.stake) + 1_000n * BigInt(burst.length)),
    });
    // Rolling a settled bet back takes it out of the rollups again.
    await callWallet(testApp.app, 'rollback', {
      ...common,
      roundId: 'burst-0',
      transactionId: 'burst-x0',
      refTransactionId: 'burst-d0',
    });
    await expectRollupsMatchBets();
  });
});
