import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  Database,
  LeaderboardMetric,
  LeaderboardPeriod,
  MissionPeriod,
  MissionRewardKind,
  MissionTask,
  PrizeRewardKind,
} from '../db/schema.ts';
import { addMissing, findDemoMerchantId } from './demo-merchant.ts';

/** A demo mission as the back office would send it, amounts as on the wire. */
export type DemoMission = {
  nameTy: string;
  nameEn: string;
  period: MissionPeriod;
  task: MissionTask;
  gameType: string | null;
  /** Money for validBet and deposit, a whole number otherwise. */
  target: string;
  rewardKind: MissionRewardKind;
  reward: string;
  multiplier: number | null;
};

/** Daily and weekly missions of every task, rewarded in cash and in bonuses. */
export const DEMO_MISSIONS: readonly DemoMission[] = [
  {
    nameTy: 'Mag-log in ngayong araw',
    nameEn: 'Log in today',
    period: 'daily',
    task: 'loginStreak',
    gameType: null,
    target: '1',
    rewardKind: 'cash',
    reward: '1.00',
    multiplier: null,
  },
  {
    nameTy: 'Maglaro ng 10 round ngayong araw',
    nameEn: 'Play 10 rounds today',
    period: 'daily',
    task: 'rounds',
    gameType: null,
    target: '10',
    rewardKind: 'cash',
    reward: '5.00',
    multiplier: null,
  },
  {
    nameTy: 'Tumaya ng ₱500 sa slots ngayong araw',
    nameEn: 'Bet ₱500 on slots today',
    period: 'daily',
    task: 'validBet',
    gameType: 'RNG',
    target: '500.00',
    rewardKind: 'bonus',
    reward: '10.00',
    multiplier: 3,
  },
  {
    nameTy: 'Mag-deposito ng ₱1,000 ngayong linggo',
    nameEn: 'Deposit ₱1,000 this week',
    period: 'weekly',
    task: 'deposit',
    gameType: null,
    target: '1000.00',
    rewardKind: 'bonus',
    reward: '50.00',
    multiplier: 5,
  },
  {
    nameTy: 'Mag-log in nang 5 araw nang sunud-sunod',
    nameEn: 'Log in 5 days in a row',
    period: 'weekly',
    task: 'loginStreak',
    gameType: null,
    target: '5',
    rewardKind: 'cash',
    reward: '20.00',
    multiplier: null,
  },
  {
    nameTy: 'Sumubok ng 3 bagong laro',
    nameEn: 'Try 3 new games',
    period: 'weekly',
    task: 'newGame',
    gameType: null,
    target: '3',
    rewardKind: 'cash',
    reward: '10.00',
    multiplier: null,
  },
];

export type DemoLeaderboard = {
  nameTy: string;
  nameEn: string;
  metric: LeaderboardMetric;
  period: LeaderboardPeriod;
  prizes: { kind: PrizeRewardKind; amount: string; multiplier: number | null }[];
};

/** One weekly valid-bet leaderboard over every game, three prizes. */
export const DEMO_LEADERBOARDS: readonly DemoLeaderboard[] = [
  {
    nameTy: 'Lingguhang Paligsahan ng Taya',
    nameEn: 'Weekly Betting Race',
    metric: 'validBet',
    period: 'weekly',
    prizes: [
      { kind: 'cash', amount: '1000.00', multiplier: null },
      { kind: 'cash', amount: '500.00', multiplier: null },
      { kind: 'bonus', amount: '200.00', multiplier: 5 },
    ],
  },
];

/** The first day the demo's missions and leaderboard run from. */
const DEMO_START = new Date('2026-01-01T00:00:00+08:00');
const AMOUNT_TASKS: readonly MissionTask[] = ['validBet', 'deposit'];

/**
 * The demo merchant's missions and leaderboard (docs/missions.md), added when missing by their
 * English name, so that a second seed adds nothing and an operator's changes stay.
 */
export async function seedDemoMissions(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Promise<{ missions: number; leaderboards: number }> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return { missions: 0, leaderboards: 0 };
  const missions = await addMissing(
    DEMO_MISSIONS,
    async (demo) =>
      (await db
        .selectFrom('missions')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('name_en', '=', demo.nameEn)
        .executeTakeFirst()) !== undefined,
    async (demo) => {
      const at = now();
      await db
        .insertInto('missions')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          name_ty: demo.nameTy,
          name_en: demo.nameEn,
          period: demo.period,
          task: demo.task,
          game_type: demo.gameType,
          target: AMOUNT_TASKS.includes(demo.task) ? parseAmountOrThrow(demo.target) : BigInt(demo.target),
          reward_kind: demo.rewardKind,
          reward_minor: parseAmountOrThrow(demo.reward),
          multiplier: demo.multiplier,
          starts_at: DEMO_START,
          ends_at: null,
          enabled: true,
          sort_order: DEMO_MISSIONS.indexOf(demo),
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
  );
  const leaderboards = await addMissing(
    DEMO_LEADERBOARDS,
    async (demo) =>
      (await db
        .selectFrom('leaderboards')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('name_en', '=', demo.nameEn)
        .executeTakeFirst()) !== undefined,
    async (demo) => {
      const at = now();
      await db
        .insertInto('leaderboards')
        .values({
          id: uuidv7(),
          merchant_id: merchantId,
          name_ty: demo.nameTy,
          name_en: demo.nameEn,
          metric: demo.metric,
          game_type: null,
          period: demo.period,
          starts_at: DEMO_START,
          ends_at: null,
          prizes: JSON.stringify(
            demo.prizes.map((prize, index) => ({
              rank: index + 1,
              kind: prize.kind,
              amountMinor: parseAmountOrThrow(prize.amount).toString(),
              multiplier: prize.multiplier,
            })),
          ),
          enabled: true,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
  );
  return { missions, leaderboards };
}
