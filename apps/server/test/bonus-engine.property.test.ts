import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonusTerms } from '../src/modules/bonus/bonus-api.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { ledgerProblems } from './support/contract-fixtures.ts';
import {
  callWallet,
  catalogueGame,
  demoMerchantId,
  fund,
  registerTestVendor,
  tokenOf,
} from './support/game-fixtures.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * The bonus engine under any sequence of grants, bets of several game types at a bonus-playable
 * seamless vendor (won, lost, rolled back, or left open and settled later), cancellations, time
 * passing past expiries and settle passes: the ledger sums to zero and no wallet goes below it,
 * each bonus's wagering is exactly what its bets' contributions add up to, each bonus is credited
 * once, a conversion never passes its cap, cash stays withdrawable, and once every bonus has run
 * its course nothing is left in the bonus wallet.
 */

const RUNS = Number(process.env.BONUS_PROPERTY_RUNS ?? 10);
const DAY_MS = 86_400_000;
const VENDOR = 'PBONV';
const GAMES = { RNG: 'prop-rng', LIVE: 'prop-live', SPORTS: 'prop-sports' } as const;
type GameType = keyof typeof GAMES;
const MEMBERS_PER_RUN = 2;

/**
 * Each run's clock starts this far behind the database's: vendors' rounds are stamped with the
 * database's own time when they open, and a bet counts toward a bonus activated before it, so the
 * test's days pass between the two (a run's actions move its clock at most 64 days on).
 */
const RUN_START_BEHIND_MS = 70 * DAY_MS;
let nowMs = Date.now() - RUN_START_BEHIND_MS;
let testApp: TestApp;
let merchantId: string;
let runNumber = 0;
let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}`;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  merchantId = await demoMerchantId(testApp);
  const vendor = await registerTestVendor(testApp, {
    vassalage: VENDOR,
    games: (Object.keys(GAMES) as GameType[]).map((gameType) => catalogueGame(GAMES[gameType], { gameType })),
  });
  await testApp.database.db
    .updateTable('game_vendors')
    .set({ is_bonus_playable: true })
    .where('id', '=', vendor.id)
    .execute();
});

afterAll(async () => {
  await testApp?.close();
});

type Action =
  | {
      kind: 'grant';
      member: number;
      amountMinor: bigint;
      multiplier: number;
      contributions: Record<string, number>;
      expiryDays: number;
      capMinor: bigint | null;
    }
  | { kind: 'deposit'; member: number; amountMinor: bigint }
  | {
      kind: 'bet';
      member: number;
      gameType: GameType;
      stakeShare: number;
      outcome: 'win' | 'lose' | 'rollback' | 'open';
      winTimes: number;
    }
  | { kind: 'settleOpen'; winTimes: number }
  | { kind: 'cancel'; member: number; which: 'active' | 'waiting' }
  | { kind: 'days'; days: number }
  | { kind: 'settle' };

const member = fc.integer({ min: 0, max: MEMBERS_PER_RUN - 1 });
const grantAction = fc.record({
  kind: fc.constant('grant' as const),
  member,
  amountMinor: fc.bigInt({ min: 100n, max: 20_000n }),
  multiplier: fc.integer({ min: 0, max: 3 }),
  contributions: fc.record(
    {
      RNG: fc.integer({ min: 0, max: 10_000 }),
      LIVE: fc.integer({ min: 0, max: 10_000 }),
      SPORTS: fc.constantFrom(0, 3_333, 5_000),
    },
    { requiredKeys: [] },
  ),
  expiryDays: fc.integer({ min: 1, max: 7 }),
  capMinor: fc.option(fc.bigInt({ min: 50n, max: 30_000n })),
});
const betAction = fc.record({
  kind: fc.constant('bet' as const),
  member,
  gameType: fc.constantFrom<GameType>('RNG', 'LIVE', 'SPORTS'),
  // All of it often enough that bonuses get used up.
  stakeShare: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
  outcome: fc.constantFrom('win', 'lose', 'rollback', 'open'),
  winTimes: fc.integer({ min: 0, max: 300 }),
});
/** Bets and grants come most often: they are what the rest acts on. */
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: grantAction },
  { weight: 6, arbitrary: betAction },
  fc.record({
    kind: fc.constant('deposit' as const),
    member,
    amountMinor: fc.bigInt({ min: 100n, max: 50_000n }),
  }),
  fc.record({ kind: fc.constant('settleOpen' as const), winTimes: fc.integer({ min: 0, max: 300 }) }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      member,
      which: fc.constantFrom('active', 'waiting'),
    }),
  },
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 4 }) }),
  fc.constant({ kind: 'settle' as const }),
);

type Player = { memberId: string; account: string; tokens: Map<GameType, string> };

const formatMinor = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

/** Logs the member in (again, after time passed) and launches each game for its token. */
async function launch(player: Player): Promise<void> {
  const client = createAccountsClient(testApp.app, `203.0.113.${(counter % 200) + 20}`);
  const login = await client.logIn(player.account, 'Bonus12345');
  expect(login.success).toBe(true);
  for (const gameType of Object.keys(GAMES) as GameType[]) {
    const reply = await client.call(
      'GET',
      `/wps/game/launchGame?nodeId=${VENDOR}_${GAMES[gameType]}&mode=real`,
    );
    expect(reply.status).toBe(200);
    player.tokens.set(gameType, tokenOf(reply.body.value.url));
  }
}

const vendorCall = (name: string, body: Record<string, unknown>) =>
  callWallet(
    testApp.app,
    name,
    { vendor: VENDOR, currency: 'PHP', ...body },
    { timestampSeconds: Math.floor(nowMs / 1000) },
  );

const balancesOf = (memberId: string) =>
  testApp.app.wallet.getBalances({ merchantId, memberId, currency: 'PHP' });

const terms = (input: Extract<Action, { kind: 'grant' }>): BonusTerms => ({
  multiplier: input.multiplier,
  includeDeposit: false,
  contributions: input.contributions,
  maxStakeMinor: null,
  expiryDays: input.expiryDays,
  maxConversionMinor: input.capMinor,
  minSpinStakeMinor: null,
  minSpinLines: null,
});

describe('the bonus engine under any sequence', () => {
  it('keeps money, wagering and grants exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 6, maxLength: 16 }), async (actions) => {
        runNumber += 1;
        nowMs = Date.now() - RUN_START_BEHIND_MS;
        const players: Player[] = [];
        for (let index = 0; index < MEMBERS_PER_RUN; index += 1) {
          const account = `prop${runNumber}m${index}x${Math.floor(Math.random() * 1e6)}`;
          const { id: memberId } = await testApp.app.members.createMember({
            merchantId,
            account,
            password: 'Bonus12345',
          });
          const player: Player = { memberId, account, tokens: new Map() };
          await fund(testApp, memberId, 5_000n, nextId(`prop-fund-${memberId}`));
          await launch(player);
          players.push(player);
        }
        const open: { player: Player; gameType: GameType; roundId: string; stakeMinor: bigint }[] = [];
        const settleRound = async (round: (typeof open)[number], winTimes: number) => {
          const winMinor = (round.stakeMinor * BigInt(winTimes)) / 100n;
          const reply = await vendorCall('credit', {
            playerId: round.player.memberId,
            transactionId: nextId('c'),
            roundId: round.roundId,
            gameCode: GAMES[round.gameType],
            amount: formatMinor(winMinor),
          });
          expect(reply.status).toBe('OK');
        };

        for (const step of actions) {
          switch (step.kind) {
            case 'grant': {
              const player = players[step.member];
              if (!player) break;
              await testApp.app.bonuses.grant({
                merchantId,
                memberId: player.memberId,
                currency: 'PHP',
                source: 'manual',
                amountMinor: step.amountMinor,
                terms: terms(step),
                language: 'EN',
              });
              break;
            }
            case 'deposit': {
              const player = players[step.member];
              if (player) await fund(testApp, player.memberId, step.amountMinor, nextId('prop-deposit'));
              break;
            }
            case 'bet': {
              const player = players[step.member];
              if (!player) break;
              const { cashMinor, bonusMinor } = await balancesOf(player.memberId);
              const stakeMinor = ((cashMinor + bonusMinor) * BigInt(step.stakeShare)) / 100n;
              if (stakeMinor <= 0n) break;
              const roundId = nextId('round');
              const debitId = nextId('d');
              const debit = await vendorCall('debit', {
                playerToken: player.tokens.get(step.gameType),
                gameCode: GAMES[step.gameType],
                transactionId: debitId,
                roundId,
                amount: formatMinor(stakeMinor),
              });
              expect(debit.status).toBe('OK');
              const round = { player, gameType: step.gameType, roundId, stakeMinor };
              if (step.outcome === 'rollback') {
                const rollback = await vendorCall('rollback', {
                  playerId: player.memberId,
                  transactionId: nextId('r'),
                  refTransactionId: debitId,
                  roundId,
                  gameCode: GAMES[step.gameType],
                });
                expect(rollback.status).toBe('OK');
              } else if (step.outcome === 'open') {
                open.push(round);
              } else {
                await settleRound(round, step.outcome === 'lose' ? 0 : step.winTimes);
              }
              break;
            }
            case 'settleOpen': {
              const round = open.shift();
              if (round) await settleRound(round, step.winTimes);
              break;
            }
            case 'cancel': {
              const player = players[step.member];
              if (!player) break;
              const found = await testApp.database.db
                .selectFrom('member_bonuses')
                .select('id')
                .where('member_id', '=', player.memberId)
                .where('status', '=', step.which)
                .orderBy('granted_at')
                .executeTakeFirst();
              if (found) {
                await testApp.app.bonuses.cancel({
                  merchantId,
                  memberId: player.memberId,
                  bonusId: found.id,
                  canceller: { by: 'member' },
                });
              }
              break;
            }
            case 'days': {
              nowMs += step.days * DAY_MS;
              for (const player of players) await launch(player);
              break;
            }
            case 'settle': {
              await testApp.app.bonuses.settleDue(new Date(nowMs));
              break;
            }
          }
        }

        // The first member gives up their active bonus with rounds still open on it: those rounds'
        // bonus winnings come late. Then every open round settles, time runs past each bonus's
        // expiry in turn (a waiting one starts when the one before it ends), and the job finishes.
        const [first] = players;
        const active = first
          ? await testApp.database.db
              .selectFrom('member_bonuses')
              .select('id')
              .where('member_id', '=', first.memberId)
              .where('status', '=', 'active')
              .executeTakeFirst()
          : undefined;
        if (first && active) {
          await testApp.app.bonuses.cancel({
            merchantId,
            memberId: first.memberId,
            bonusId: active.id,
            canceller: { by: 'member' },
          });
        }
        for (const round of open) await settleRound(round, 150);
        const memberIds = players.map((player) => player.memberId);
        for (let pass = 0; pass <= actions.length; pass += 1) {
          nowMs += 8 * DAY_MS;
          await testApp.app.bonuses.settleDue(new Date(nowMs));
          const left = await testApp.database.db
            .selectFrom('member_bonuses')
            .select('id')
            .where('member_id', 'in', memberIds)
            .where('status', 'in', ['waiting', 'active'])
            .execute();
          if (left.length === 0) break;
        }

        const { db } = testApp.database;
        expect(await ledgerProblems(db, merchantId)).toEqual([]);

        // Wagering: each bonus counted exactly floor(valid × contribution / 10,000) of each of its bets.
        const wagering = await sql<{ id: string; wagered_minor: bigint; counted: bigint }>`
          select b.id, b.wagered_minor,
            coalesce((select sum((r.valid_bet_minor * coalesce((b.contributions ->> r.game_type)::bigint, 0)) / 10000)
              from game_rounds r where r.bonus_id = b.id), 0)::bigint as counted
          from member_bonuses b where b.member_id = any(${memberIds}::text[])`.execute(db);
        for (const row of wagering.rows) expect([row.id, row.wagered_minor]).toEqual([row.id, row.counted]);

        // Each bonus credited once, when it started, and never again; conversions within their caps,
        // and what ended moved exactly what the bonus says.
        const bonuses = await db
          .selectFrom('member_bonuses')
          .selectAll()
          .where('member_id', 'in', memberIds)
          .execute();
        for (const bonus of bonuses) {
          const moves = await db
            .selectFrom('ledger_transfers')
            .select(['code', 'amount_minor', 'idempotency_key'])
            .where('reference', '=', `bonus:${bonus.id}`)
            .execute();
          const sumOf = (code: string) =>
            moves
              .filter((move) => move.code === code)
              .reduce((sum, move) => sum + BigInt(move.amount_minor), 0n);
          const grants = moves.filter((move) => move.code === 'bonus');
          const started = bonus.expires_at !== null;
          expect(grants.map((move) => [move.idempotency_key, BigInt(move.amount_minor)])).toEqual(
            started ? [[`bonus:${bonus.id}:grant`, bonus.amount_minor]] : [],
          );
          expect(sumOf('bonus_convert')).toBe(bonus.converted_minor);
          expect(sumOf('bonus_forfeit')).toBe(bonus.forfeited_minor);
          if (bonus.max_conversion_minor !== null) {
            expect(bonus.converted_minor <= bonus.max_conversion_minor).toBe(true);
          }
          // Every bonus has run its course: none waits or plays on once time has passed them all.
          expect(['converted', 'forfeited', 'expired', 'cancelled']).toContain(bonus.status);
        }

        for (const player of players) {
          const { cashMinor, bonusMinor } = await balancesOf(player.memberId);
          // Nothing stays behind in the bonus wallet once no bonus is left.
          expect(bonusMinor).toBe(0n);
          // Cash is the member's own: all of it can be held for a withdrawal, and given back.
          if (cashMinor > 0n) {
            const key = nextId(`prop-withdraw-${player.memberId}`);
            await testApp.app.wallet.hold({
              merchantId,
              memberId: player.memberId,
              currency: 'PHP',
              key,
              amountMinor: cashMinor,
            });
            await testApp.app.wallet.release({ merchantId, key });
          }
        }
        expect(await ledgerProblems(db, merchantId)).toEqual([]);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
