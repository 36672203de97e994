import { formatAmount } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { BONUS_GAME_TYPES } from '../../db/bonus-terms-bounds.ts';
import type { CashRewardCode } from '../../db/reward-codes.ts';
import type {
  Database,
  LeaderboardMetric,
  LeaderboardPeriod,
  MissionPeriod,
  MissionRewardKind,
  MissionTask,
  PrizeRewardKind,
  RewardTicketSource,
} from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor, Row } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import type { FieldReason } from '../../platform/i18n/messages.ts';
import {
  countNewGames,
  findBetDays,
  findClaimedKeys,
  findLoginDays,
  findMissionTicketDays,
  findPrizeTables,
  lockLeaderboard,
  type RankedRow,
  readRanking,
  sumCreditedDeposits,
} from './mission.repository.ts';
import {
  addDays,
  dayIn,
  earlierDay,
  fixedWindow,
  type PeriodWindow,
  periodAt,
  periodBefore,
} from './mission-periods.ts';

/** A bonus's terms as the bonus engine takes them (modules/bonus/bonus-api.ts BonusTerms). */
export type MissionBonusTerms = {
  multiplier: number;
  includeDeposit: boolean;
  contributions: Record<string, number>;
  maxStakeMinor: bigint | null;
  expiryDays: number;
  maxConversionMinor: bigint | null;
  minSpinStakeMinor: bigint | null;
  minSpinLines: number | null;
};

/**
 * What missions need of the bonus engine (modules never import each other: app.ts hands the
 * engine in, which fits as it is): grants, cash rewards and the isMarketable check.
 */
export type MissionEngine = {
  grantIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      source: 'mission' | 'leaderboard';
      amountMinor: bigint;
      terms: MissionBonusTerms;
      language: string;
    },
  ): Promise<{ bonusId: string; announce: () => void }>;
  payCashIn(
    trx: Transaction<Database>,
    input: {
      merchantId: string;
      memberId: string;
      currency: string;
      code: CashRewardCode;
      key: string;
      reference: string;
      amountMinor: bigint;
      promotionId: string | null;
    },
  ): Promise<{ announce: () => void }>;
  isMarketable(
    memberId: string,
  ): Promise<{ ok: true } | { ok: false; reason: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' }>;
};

/**
 * What missions need of the reward centre (modules/reward/reward-api.ts IssueTicketsIn, handed in
 * by app.ts): tickets of a prize table issued in the claim's transaction, once per key.
 */
export type IssueMissionTicketsIn = (
  trx: Transaction<Database>,
  input: {
    merchantId: string;
    memberId: string;
    tableId: string;
    count: number;
    source: RewardTicketSource;
    key: string;
    expiresAt: Date;
  },
) => Promise<
  | { issued: number; announce: () => void }
  | {
      issued: 0;
      refused: 'TRIAL_ACCOUNT' | 'NOT_MARKETABLE' | 'DUPLICATE' | 'NO_TABLE';
      announce: () => void;
    }
>;

/** What missions and leaderboards need of a merchant. */
export type MissionMerchant = {
  id: string;
  currency: string;
  timeZone: string;
  defaultLanguage: string;
  /** promotions.maxMultiplier: a bonus reward's wagering is held to it. */
  maxMultiplier: number;
};
export type ReadMissionMerchant = (merchantId: string) => Promise<MissionMerchant | null>;

// Limits (docs/missions.md "Limits").
export const NAME_LENGTH_MAX = 80;
export const MISSIONS_PER_MERCHANT_MAX = 50;
export const LEADERBOARDS_PER_MERCHANT_MAX = 20;
export const PRIZES_MAX = 50;
export const ROUNDS_TARGET_MAX = 100_000;
export const NEW_GAMES_TARGET_MAX = 100;
/** Rewards, prizes and money targets: at most 10,000,000.00. */
export const AMOUNT_MINOR_MAX = 1_000_000_000n;
export const TOP_MAX = 100;
export const NEIGHBOURS = 2;
export const REPORT_PAGE_SIZE_MAX = 100;
/** A bonus reward's or prize's days to meet its wagering. */
export const REWARD_BONUS_EXPIRY_DAYS = 7;
/** A ticket reward's tickets per claim (the reward centre's most per issue). */
export const REWARD_TICKETS_MAX = 100;
/** The days a mission's tickets last when the reward centre has no active `mission` rule of the table. */
export const REWARD_TICKET_DAYS_DEFAULT = 7;
const DAY_MS = 86_400_000;
/**
 * How long after a period ends the job closes it: bets a transfer vendor's feed settles late into
 * its last day land first.
 */
export const CLOSE_DELAY_MS = 5 * 60_000;
/** How far back the job still closes a period it missed (a job stopped for a while). */
export const CLOSE_CATCH_UP_MS = 8 * 86_400_000;

export type MissionInput = {
  nameTy: string;
  nameEn: string;
  period: MissionPeriod;
  task: MissionTask;
  gameType: string | null;
  target: bigint;
  rewardKind: MissionRewardKind;
  /** 0 for a ticket reward. */
  rewardMinor: bigint;
  multiplier: number | null;
  /** A ticket reward's prize table (the reward centre's) and tickets per claim; null otherwise. */
  rewardTableId: string | null;
  rewardTickets: number | null;
  startsAt: Date;
  endsAt: Date | null;
  enabled: boolean;
  sortOrder: number;
};

export type Prize = { rank: number; kind: PrizeRewardKind; amountMinor: bigint; multiplier: number | null };

export type LeaderboardInput = {
  nameTy: string;
  nameEn: string;
  metric: LeaderboardMetric;
  gameType: string | null;
  period: LeaderboardPeriod;
  startsAt: Date;
  endsAt: Date | null;
  prizes: Prize[];
  enabled: boolean;
};

export type Mission = MissionInput & { id: string; merchantId: string; createdAt: Date; updatedAt: Date };
export type Leaderboard = LeaderboardInput & {
  id: string;
  merchantId: string;
  createdAt: Date;
  updatedAt: Date;
};

/** A mission as a member sees it in the current period. */
export type MissionProgress = {
  mission: Mission;
  window: PeriodWindow;
  progress: bigint;
  done: boolean;
  claimed: boolean;
};

export type LeaderboardStanding = {
  leaderboard: Leaderboard;
  window: PeriodWindow;
  /** The period was closed (early by an operator, or by the job after it ended). */
  closed: boolean;
  ranked: number;
  top: RankedRow[];
  neighbours: RankedRow[];
  mine: RankedRow | null;
};

function missionOf(row: Row<'missions'>): Mission {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    nameTy: row.name_ty,
    nameEn: row.name_en,
    period: row.period,
    task: row.task,
    gameType: row.game_type,
    target: BigInt(row.target),
    rewardKind: row.reward_kind,
    rewardMinor: BigInt(row.reward_minor),
    multiplier: row.multiplier === null ? null : Number(row.multiplier),
    rewardTableId: row.reward_table_id,
    rewardTickets: row.reward_tickets === null ? null : Number(row.reward_tickets),
    startsAt: new Date(row.starts_at),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
    enabled: row.enabled,
    sortOrder: Number(row.sort_order),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Prizes as stored (jsonb, amounts as text). */
type StoredPrize = { rank: number; kind: PrizeRewardKind; amountMinor: string; multiplier: number | null };

function leaderboardOf(row: Row<'leaderboards'>): Leaderboard {
  const stored = (typeof row.prizes === 'string' ? JSON.parse(row.prizes) : row.prizes) as StoredPrize[];
  return {
    id: row.id,
    merchantId: row.merchant_id,
    nameTy: row.name_ty,
    nameEn: row.name_en,
    metric: row.metric,
    gameType: row.game_type,
    period: row.period,
    startsAt: new Date(row.starts_at),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
    prizes: stored.map((prize) => ({
      rank: prize.rank,
      kind: prize.kind,
      amountMinor: BigInt(prize.amountMinor),
      multiplier: prize.multiplier,
    })),
    enabled: row.enabled,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function storedPrizes(prizes: readonly Prize[]): string {
  return JSON.stringify(
    prizes.map((prize) => ({
      rank: prize.rank,
      kind: prize.kind,
      amountMinor: prize.amountMinor.toString(),
      multiplier: prize.multiplier,
    })),
  );
}

/** The VALIDATION error of one field. */
function invalid(field: string, reason: FieldReason): AppError {
  return new AppError('VALIDATION', { value: { fields: { [field]: reason } } });
}

const GAME_TYPES: readonly string[] = BONUS_GAME_TYPES;

/** Checks a mission's fields together (the schema checks each alone). */
export function checkMission(input: MissionInput): void {
  if (input.nameTy.trim() === '' || input.nameTy.length > NAME_LENGTH_MAX)
    throw invalid('nameTy', 'required');
  if (input.nameEn.trim() === '' || input.nameEn.length > NAME_LENGTH_MAX)
    throw invalid('nameEn', 'required');
  if (input.gameType !== null) {
    if (input.task !== 'rounds' && input.task !== 'validBet') throw invalid('gameType', 'notApplicable');
    if (!GAME_TYPES.includes(input.gameType)) throw invalid('gameType', 'unknown');
  }
  const targetMax: Record<MissionTask, bigint> = {
    rounds: BigInt(ROUNDS_TARGET_MAX),
    validBet: AMOUNT_MINOR_MAX,
    deposit: AMOUNT_MINOR_MAX,
    // A run of login days fits in its period: one day, or the seven days of a week.
    loginStreak: input.period === 'daily' ? 1n : 7n,
    newGame: BigInt(NEW_GAMES_TARGET_MAX),
  };
  if (input.target <= 0n || input.target > targetMax[input.task]) throw invalid('target', 'range');
  if (input.rewardKind === 'ticket') {
    if (input.rewardMinor !== 0n) throw invalid('reward', 'notApplicable');
    if (input.rewardTableId === null) throw invalid('rewardTableId', 'required');
    const tickets = input.rewardTickets;
    if (tickets === null || !Number.isSafeInteger(tickets) || tickets < 1 || tickets > REWARD_TICKETS_MAX) {
      throw invalid('rewardTickets', 'range');
    }
  } else {
    if (input.rewardMinor <= 0n || input.rewardMinor > AMOUNT_MINOR_MAX) throw invalid('reward', 'range');
    if (input.rewardTableId !== null) throw invalid('rewardTableId', 'notApplicable');
    if (input.rewardTickets !== null) throw invalid('rewardTickets', 'notApplicable');
  }
  if ((input.rewardKind === 'bonus') !== (input.multiplier !== null)) throw invalid('multiplier', 'required');
  if (input.endsAt !== null && input.endsAt <= input.startsAt) throw invalid('endsAt', 'range');
}

/** Checks a leaderboard's fields together. */
export function checkLeaderboard(input: LeaderboardInput): void {
  if (input.nameTy.trim() === '' || input.nameTy.length > NAME_LENGTH_MAX)
    throw invalid('nameTy', 'required');
  if (input.nameEn.trim() === '' || input.nameEn.length > NAME_LENGTH_MAX)
    throw invalid('nameEn', 'required');
  if (input.gameType !== null) {
    if (input.metric !== 'validBet') throw invalid('gameType', 'notApplicable');
    if (!GAME_TYPES.includes(input.gameType)) throw invalid('gameType', 'unknown');
  }
  if (input.period === 'fixed' && input.endsAt === null) throw invalid('endsAt', 'required');
  if (input.endsAt !== null && input.endsAt <= input.startsAt) throw invalid('endsAt', 'range');
  if (input.prizes.length === 0 || input.prizes.length > PRIZES_MAX) throw invalid('prizes', 'range');
  input.prizes.forEach((prize, index) => {
    // Ranks 1, 2, 3 … in order: a prize for each rank from the first, so that no rank is skipped.
    if (prize.rank !== index + 1) throw invalid(`prizes.${index}.rank`, 'rankSequence');
    if (prize.amountMinor <= 0n || prize.amountMinor > AMOUNT_MINOR_MAX) {
      throw invalid(`prizes.${index}.amount`, 'range');
    }
    if ((prize.kind === 'bonus') !== (prize.multiplier !== null)) {
      throw invalid(`prizes.${index}.multiplier`, 'required');
    }
  });
}

/** The longest run of consecutive days among sorted days. */
export function longestRun(days: readonly string[]): number {
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

/** A reward's bonus terms: the multiplier held to the merchant's highest, every game type in full. */
function rewardTermsOf(multiplier: number, merchant: MissionMerchant): MissionBonusTerms {
  return {
    multiplier: Math.min(multiplier, merchant.maxMultiplier),
    includeDeposit: false,
    contributions: Object.fromEntries(BONUS_GAME_TYPES.map((type) => [type, 10_000])),
    maxStakeMinor: null,
    expiryDays: REWARD_BONUS_EXPIRY_DAYS,
    maxConversionMinor: null,
    minSpinStakeMinor: null,
    minSpinLines: null,
  };
}

/** The rewards paid (report): mission claims and leaderboard prizes of a range. */
export type RewardLine = {
  kind: 'mission' | 'leaderboard';
  sourceId: string;
  nameEn: string;
  rewardKind: MissionRewardKind;
  count: number;
  /** 0 for tickets. */
  amountMinor: bigint;
  /** The tickets issued (ticket rewards); 0 otherwise. */
  tickets: number;
};

/**
 * Missions and leaderboards (docs/missions.md): the operator's definitions (audited), each
 * member's progress read from the bet record, the ledger and the logins as they settle, claims paid
 * once per member, mission and period, and leaderboards' periods closed and paid once.
 */
export function createMissionService(
  deps: ServiceDeps<{
    engine: MissionEngine;
    issueTicketsIn: IssueMissionTicketsIn;
    recordChange: RecordChange;
    readMerchant: ReadMissionMerchant;
  }>,
) {
  const { db, engine, issueTicketsIn, recordChange, readMerchant } = deps;
  const now = clockOf(deps);

  async function merchantOf(merchantId: string): Promise<MissionMerchant> {
    const merchant = await readMerchant(merchantId);
    assertInvariant(merchant !== null, 'missions belong to a merchant that exists');
    return merchant;
  }

  async function findMission(executor: Executor, id: string): Promise<Mission> {
    const row = await executor.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return missionOf(row);
  }

  /** A ticket reward's table is one of the merchant's prize tables (active or not: it may be switched on later). */
  async function checkRewardTable(
    executor: Executor,
    merchantId: string,
    input: MissionInput,
  ): Promise<void> {
    if (input.rewardTableId === null) return;
    const tables = await findPrizeTables(executor, merchantId, [input.rewardTableId]);
    if (!tables.has(input.rewardTableId)) throw invalid('rewardTableId', 'unknown');
  }

  /**
   * Issues a ticket reward in the claim's transaction, once (the issue's key is the claim's), to
   * last as the reward centre's `mission` rule of the table says. A table switched off since, or a
   * member the reward centre refuses, refuses the claim (the transaction rolls back).
   */
  async function issueRewardTickets(
    trx: Transaction<Database>,
    mission: Mission,
    memberId: string,
    key: string,
    at: Date,
    announcements: (() => void)[],
  ): Promise<number> {
    assertInvariant(
      mission.rewardTableId !== null && mission.rewardTickets !== null,
      'a ticket reward has its table and tickets',
    );
    const days =
      (await findMissionTicketDays(trx, mission.merchantId, mission.rewardTableId)) ??
      REWARD_TICKET_DAYS_DEFAULT;
    const outcome = await issueTicketsIn(trx, {
      merchantId: mission.merchantId,
      memberId,
      tableId: mission.rewardTableId,
      count: mission.rewardTickets,
      source: 'mission',
      key,
      expiresAt: new Date(at.getTime() + days * DAY_MS),
    });
    if ('refused' in outcome) {
      if (outcome.refused === 'DUPLICATE')
        throw new AppError('CONFLICT', { value: { reason: 'ALREADY_CLAIMED' } });
      if (outcome.refused === 'NO_TABLE') throw new AppError('CONFLICT', { value: { reason: 'NO_TABLE' } });
      throw outcome.refused === 'TRIAL_ACCOUNT'
        ? new AppError('TRIAL_ACCOUNT', { value: { reason: outcome.refused } })
        : new AppError('FORBIDDEN', { value: { reason: outcome.refused } });
    }
    announcements.push(outcome.announce);
    return outcome.issued;
  }

  async function findLeaderboard(executor: Executor, id: string): Promise<Leaderboard> {
    const row = await executor.selectFrom('leaderboards').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return leaderboardOf(row);
  }

  /** Missions running at `at` (enabled, within their window). */
  async function runningMissions(executor: Executor, merchantId: string, at: Date): Promise<Mission[]> {
    const rows = await executor
      .selectFrom('missions')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', true)
      .where('starts_at', '<=', at)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
      .orderBy('sort_order')
      .orderBy('id')
      .limit(MISSIONS_PER_MERCHANT_MAX)
      .execute();
    return rows.map(missionOf);
  }

  /** Each mission's progress in its current period, read in one pass over the member's records. */
  async function progressOf(
    executor: Executor,
    merchant: MissionMerchant,
    memberId: string,
    missions: readonly Mission[],
    at: Date,
  ): Promise<MissionProgress[]> {
    if (missions.length === 0) return [];
    const daily = periodAt('daily', merchant.timeZone, at);
    const weekly = periodAt('weekly', merchant.timeZone, at);
    const windowOf = (period: MissionPeriod) => (period === 'daily' ? daily : weekly);
    const needs = (task: MissionTask) => missions.some((mission) => mission.task === task);
    const periods = [...new Set(missions.map((mission) => mission.period))];
    // The week holds the day, so one read of the week's days serves both periods.
    const betDays =
      needs('rounds') || needs('validBet')
        ? await findBetDays(executor, memberId, { from: weekly.start, to: dayIn(merchant.timeZone, at) })
        : [];
    const deposits = new Map<MissionPeriod, bigint>();
    const newGames = new Map<MissionPeriod, number>();
    for (const period of periods) {
      const window = windowOf(period);
      if (missions.some((mission) => mission.period === period && mission.task === 'deposit')) {
        deposits.set(period, await sumCreditedDeposits(executor, memberId, window.startsAt, at));
      }
      if (missions.some((mission) => mission.period === period && mission.task === 'newGame')) {
        newGames.set(period, await countNewGames(executor, memberId, window.startsAt, window.endsAt));
      }
    }
    const loginDays = needs('loginStreak')
      ? await findLoginDays(executor, memberId, merchant.timeZone, weekly.startsAt, weekly.endsAt)
      : [];
    const claimed = await findClaimedKeys(
      executor,
      memberId,
      periods.map((period) => windowOf(period).start),
    );
    return missions.map((mission) => {
      const window = windowOf(mission.period);
      const inWindow = betDays.filter(
        (row) =>
          row.day >= window.start &&
          row.day <= window.end &&
          (mission.gameType === null || row.gameType === mission.gameType),
      );
      const progress: Record<MissionTask, () => bigint> = {
        rounds: () => BigInt(inWindow.reduce((sum, row) => sum + row.betCount, 0)),
        validBet: () => inWindow.reduce((sum, row) => sum + row.validBetMinor, 0n),
        deposit: () => deposits.get(mission.period) ?? 0n,
        loginStreak: () =>
          BigInt(longestRun(loginDays.filter((day) => day >= window.start && day <= window.end))),
        newGame: () => BigInt(newGames.get(mission.period) ?? 0),
      };
      const value = progress[mission.task]();
      return {
        mission,
        window,
        progress: value,
        done: value >= mission.target,
        claimed: claimed.has(`${mission.id}:${window.start}`),
      };
    });
  }

  /** The period of a leaderboard running at `at`, or null when none runs (before it starts, after a fixed one). */
  function currentWindow(board: Leaderboard, merchant: MissionMerchant, at: Date): PeriodWindow | null {
    if (board.period === 'fixed') {
      assertInvariant(board.endsAt !== null, 'a fixed leaderboard has an end');
      return fixedWindow(merchant.timeZone, board.startsAt, board.endsAt);
    }
    const window = periodAt(board.period, merchant.timeZone, at);
    if (window.endsAt <= board.startsAt) return null;
    if (board.endsAt !== null && window.startsAt >= board.endsAt) return null;
    return window;
  }

  /** The ranking of a period as it stands at `until` (at most the period's end). */
  function rankingInput(board: Leaderboard, merchant: MissionMerchant, window: PeriodWindow, until: Date) {
    const to = new Date(Math.min(until.getTime(), window.endsAt.getTime()));
    const from = new Date(Math.max(window.startsAt.getTime(), board.startsAt.getTime()));
    const lastDay = dayIn(merchant.timeZone, new Date(to.getTime() - 1));
    return {
      merchantId: board.merchantId,
      metric: board.metric,
      gameType: board.gameType,
      days: { from: dayIn(merchant.timeZone, from), to: earlierDay(lastDay, window.end) },
      from,
      to,
      now: until,
    };
  }

  /**
   * Closes a leaderboard's period and pays its prizes, once: under the leaderboard's lock, a period
   * closed before changes nothing; the prizes' unique (leaderboard, period, rank) holds the rest.
   * A prize the budget refuses rolls the whole close back, for the next run to pay.
   */
  async function closePeriod(
    board: Leaderboard,
    merchant: MissionMerchant,
    window: PeriodWindow,
    closedAt: Date,
    closedBy: ChangeActor | null,
  ): Promise<{ closed: boolean; paid: { rank: number; memberId: string; amountMinor: bigint }[] }> {
    const announcements: (() => void)[] = [];
    const outcome = await db.transaction().execute(async (trx) => {
      await lockLeaderboard(trx, board.id);
      const inserted = await trx
        .insertInto('leaderboard_closes')
        .values({
          leaderboard_id: board.id,
          period_start: window.start,
          merchant_id: board.merchantId,
          ends_at: closedAt,
          closed_by: closedBy?.id ?? null,
          created_at: now(),
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('leaderboard_id')
        .executeTakeFirst();
      if (!inserted) return { closed: false, paid: [] };
      const ranking = await readRanking(trx, {
        ...rankingInput(board, merchant, window, closedAt),
        top: board.prizes.length,
        memberId: null,
        around: 0,
      });
      const paid: { rank: number; memberId: string; amountMinor: bigint }[] = [];
      for (const prize of board.prizes) {
        const winner = ranking.rows.find((row) => row.rank === prize.rank);
        if (!winner) break;
        paid.push(await payPrize(trx, board, merchant, window, prize, winner, announcements));
      }
      if (closedBy) {
        await recordChange(trx, {
          ...actorOf(closedBy),
          merchantId: board.merchantId,
          action: 'leaderboard.close',
          target: { type: 'leaderboard', id: board.id },
          before: null,
          after: {
            periodStart: window.start,
            endsAt: closedAt.toISOString(),
            prizes: paid.map((row) => ({
              rank: row.rank,
              memberId: row.memberId,
              amount: formatAmount(row.amountMinor),
            })),
          },
        });
      }
      return { closed: true, paid };
    });
    for (const announce of announcements) announce();
    return outcome;
  }

  async function payPrize(
    trx: Transaction<Database>,
    board: Leaderboard,
    merchant: MissionMerchant,
    window: PeriodWindow,
    prize: Prize,
    winner: RankedRow,
    announcements: (() => void)[],
  ) {
    const id = uuidv7();
    const row = await trx
      .insertInto('leaderboard_prizes')
      .values({
        id,
        merchant_id: board.merchantId,
        leaderboard_id: board.id,
        period_start: window.start,
        rank: prize.rank,
        member_id: winner.memberId,
        figure: winner.figure,
        reward_kind: prize.kind,
        amount_minor: prize.amountMinor,
        bonus_id: null,
        created_at: now(),
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    assertInvariant(row !== undefined, 'a period is closed once, so each of its ranks is paid once');
    await payReward(trx, merchant, {
      memberId: winner.memberId,
      kind: prize.kind,
      amountMinor: prize.amountMinor,
      multiplier: prize.multiplier,
      source: 'leaderboard',
      key: `leaderboard:${board.id}:${window.start}:${prize.rank}`,
      reference: id,
      record: (bonusId) =>
        trx.updateTable('leaderboard_prizes').set({ bonus_id: bonusId }).where('id', '=', id).execute(),
      announcements,
    });
    return { rank: prize.rank, memberId: winner.memberId, amountMinor: prize.amountMinor };
  }

  /** Pays a reward as cash (bonus_funding → cash) or as a bonus with wagering, in the caller's transaction. */
  async function payReward(
    trx: Transaction<Database>,
    merchant: MissionMerchant,
    reward: {
      memberId: string;
      kind: PrizeRewardKind;
      amountMinor: bigint;
      multiplier: number | null;
      source: 'mission' | 'leaderboard';
      key: string;
      reference: string;
      record: (bonusId: string) => Promise<unknown>;
      announcements: (() => void)[];
    },
  ): Promise<string | null> {
    if (reward.kind === 'cash') {
      const paid = await engine.payCashIn(trx, {
        merchantId: merchant.id,
        memberId: reward.memberId,
        currency: merchant.currency,
        code: reward.source === 'mission' ? 'mission_reward' : 'leaderboard_prize',
        key: reward.key,
        reference: reward.reference,
        amountMinor: reward.amountMinor,
        promotionId: null,
      });
      reward.announcements.push(paid.announce);
      return null;
    }
    assertInvariant(reward.multiplier !== null, 'a bonus reward has its multiplier');
    const granted = await engine.grantIn(trx, {
      merchantId: merchant.id,
      memberId: reward.memberId,
      currency: merchant.currency,
      source: reward.source,
      amountMinor: reward.amountMinor,
      terms: rewardTermsOf(reward.multiplier, merchant),
      language: merchant.defaultLanguage,
    });
    await reward.record(granted.bonusId);
    reward.announcements.push(granted.announce);
    return granted.bonusId;
  }

  async function standingOf(
    board: Leaderboard,
    merchant: MissionMerchant,
    memberId: string | null,
    top: number,
    at: Date,
  ): Promise<LeaderboardStanding | null> {
    let window = currentWindow(board, merchant, at);
    if (window === null) return null;
    // A fixed leaderboard that has ended shows its final ranking; a closed period its figures at the close.
    const closed = await db
      .selectFrom('leaderboard_closes')
      .select('ends_at')
      .where('leaderboard_id', '=', board.id)
      .where('period_start', '=', window.start)
      .executeTakeFirst();
    // A running period counts what happened up to and including this moment.
    const until = closed ? new Date(closed.ends_at) : new Date(at.getTime() + 1);
    if (closed) window = { ...window, endsAt: new Date(closed.ends_at) };
    const ranking = await readRanking(db, {
      ...rankingInput(board, merchant, window, until),
      top,
      memberId,
      around: NEIGHBOURS,
    });
    return {
      leaderboard: board,
      window,
      closed: closed !== undefined || window.endsAt <= at,
      ranked: ranking.ranked,
      top: ranking.rows.filter((row) => row.rank <= top),
      neighbours:
        ranking.mine === null
          ? []
          : ranking.rows.filter((row) => Math.abs(row.rank - (ranking.mine?.rank ?? 0)) <= NEIGHBOURS),
      mine: ranking.mine,
    };
  }

  async function enabledLeaderboards(executor: Executor, merchantId: string): Promise<Leaderboard[]> {
    const rows = await executor
      .selectFrom('leaderboards')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', true)
      .orderBy('id')
      .limit(LEADERBOARDS_PER_MERCHANT_MAX)
      .execute();
    return rows.map(leaderboardOf);
  }

  return {
    findMissionMerchantOf: async (id: string) =>
      (await db.selectFrom('missions').select('merchant_id').where('id', '=', id).executeTakeFirst())
        ?.merchant_id,
    findLeaderboardMerchantOf: async (id: string) =>
      (await db.selectFrom('leaderboards').select('merchant_id').where('id', '=', id).executeTakeFirst())
        ?.merchant_id,

    /**
     * The member's running missions with progress and claim state, without the leaderboards: what
     * the claimable news reads (mission-notices.ts). A merchant running no mission costs one read.
     */
    async missionProgress(input: { merchantId: string; memberId: string }) {
      const at = now();
      const running = await runningMissions(db, input.merchantId, at);
      if (running.length === 0) return { eligible: true, missions: [] };
      if (!(await engine.isMarketable(input.memberId)).ok) return { eligible: false, missions: [] };
      const merchant = await merchantOf(input.merchantId);
      return { eligible: true, missions: await progressOf(db, merchant, input.memberId, running, at) };
    },

    /** The member's summary: running missions with progress and claim state, and each leaderboard's standing. */
    async summary(input: { merchantId: string; memberId: string }) {
      const at = now();
      const marketable = await engine.isMarketable(input.memberId);
      if (!marketable.ok) {
        return {
          eligible: false as const,
          reason: marketable.reason,
          missions: [],
          leaderboards: [],
          tableNames: new Map<string, { TY?: string; EN?: string }>(),
        };
      }
      const merchant = await merchantOf(input.merchantId);
      const missions = await progressOf(
        db,
        merchant,
        input.memberId,
        await runningMissions(db, input.merchantId, at),
        at,
      );
      const leaderboards: LeaderboardStanding[] = [];
      for (const board of await enabledLeaderboards(db, input.merchantId)) {
        const standing = await standingOf(board, merchant, input.memberId, 0, at);
        if (standing) leaderboards.push(standing);
      }
      // Ticket rewards name their prize table.
      const tableIds = missions.flatMap((item) =>
        item.mission.rewardTableId ? [item.mission.rewardTableId] : [],
      );
      const tables = await findPrizeTables(db, input.merchantId, [...new Set(tableIds)]);
      const tableNames = new Map([...tables].map(([id, table]) => [id, table.names]));
      return { eligible: true as const, reason: null, missions, leaderboards, tableNames };
    },

    /** One leaderboard's current period: the top ranks, the member's neighbours, the member's rank. */
    async leaderboard(input: { merchantId: string; memberId: string; leaderboardId: string; top: number }) {
      const board = await findLeaderboard(db, input.leaderboardId);
      if (board.merchantId !== input.merchantId || !board.enabled) throw new AppError('NOT_FOUND');
      const merchant = await merchantOf(input.merchantId);
      const standing = await standingOf(board, merchant, input.memberId, input.top, now());
      if (!standing) throw new AppError('CONFLICT', { value: { reason: 'NOT_STARTED' } });
      return standing;
    },

    /**
     * Claims a done mission's reward for the current period: once per member, mission and period
     * (the claim's unique key; a burst of claims pays once, the others answer ALREADY_CLAIMED).
     */
    async claim(input: { merchantId: string; memberId: string; missionId: string }) {
      const at = now();
      const mission = await findMission(db, input.missionId);
      if (mission.merchantId !== input.merchantId) throw new AppError('NOT_FOUND');
      if (!mission.enabled || mission.startsAt > at || (mission.endsAt !== null && mission.endsAt <= at)) {
        throw new AppError('CONFLICT', { value: { reason: 'NOT_RUNNING' } });
      }
      const marketable = await engine.isMarketable(input.memberId);
      if (!marketable.ok) {
        throw marketable.reason === 'TRIAL_ACCOUNT'
          ? new AppError('TRIAL_ACCOUNT', { value: { reason: marketable.reason } })
          : new AppError('FORBIDDEN', { value: { reason: marketable.reason } });
      }
      const merchant = await merchantOf(input.merchantId);
      const announcements: (() => void)[] = [];
      const claimed = await db.transaction().execute(async (trx) => {
        const [progress] = await progressOf(trx, merchant, input.memberId, [mission], at);
        assertInvariant(progress !== undefined, 'a mission has its progress');
        if (progress.claimed) throw new AppError('CONFLICT', { value: { reason: 'ALREADY_CLAIMED' } });
        if (!progress.done) throw new AppError('CONFLICT', { value: { reason: 'NOT_DONE' } });
        const id = uuidv7();
        // The unique (mission, member, period) key: a simultaneous claim waits here for this one's
        // transaction and then inserts nothing.
        const row = await trx
          .insertInto('mission_claims')
          .values({
            id,
            merchant_id: input.merchantId,
            mission_id: mission.id,
            member_id: input.memberId,
            period_start: progress.window.start,
            reward_kind: mission.rewardKind,
            amount_minor: mission.rewardMinor,
            bonus_id: null,
            tickets: mission.rewardKind === 'ticket' ? mission.rewardTickets : null,
            created_at: at,
          })
          .onConflict((conflict) => conflict.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new AppError('CONFLICT', { value: { reason: 'ALREADY_CLAIMED' } });
        const key = `mission:${mission.id}:${input.memberId}:${progress.window.start}`;
        if (mission.rewardKind === 'ticket') {
          const tickets = await issueRewardTickets(trx, mission, input.memberId, key, at, announcements);
          return { claimId: id, kind: mission.rewardKind, amountMinor: 0n, bonusId: null, tickets };
        }
        const bonusId = await payReward(trx, merchant, {
          memberId: input.memberId,
          kind: mission.rewardKind,
          amountMinor: mission.rewardMinor,
          multiplier: mission.multiplier,
          source: 'mission',
          key,
          reference: id,
          record: (bonus) =>
            trx.updateTable('mission_claims').set({ bonus_id: bonus }).where('id', '=', id).execute(),
          announcements,
        });
        return {
          claimId: id,
          kind: mission.rewardKind,
          amountMinor: mission.rewardMinor,
          bonusId,
          tickets: 0,
        };
      });
      for (const announce of announcements) announce();
      return claimed;
    },

    /** Closes every leaderboard period that ended (the job): each once, oldest first. */
    async closeDue(): Promise<{ closed: number; prizes: number }> {
      const at = now();
      const boards = await db
        .selectFrom('leaderboards')
        .selectAll()
        .where('enabled', '=', true)
        .orderBy('id')
        .execute();
      let closed = 0;
      let prizes = 0;
      for (const board of boards.map(leaderboardOf)) {
        const merchant = await merchantOf(board.merchantId);
        for (const window of duePeriods(board, merchant, at)) {
          const outcome = await closePeriod(board, merchant, window, window.endsAt, null);
          if (outcome.closed) {
            closed += 1;
            prizes += outcome.paid.length;
          }
        }
      }
      return { closed, prizes };
    },

    /** An operator closes a leaderboard's running period now and pays its prizes on the figures so far (audited). */
    async closeEarly(actor: ChangeActor, leaderboardId: string) {
      const at = now();
      const board = await findLeaderboard(db, leaderboardId);
      const merchant = await merchantOf(board.merchantId);
      const window = currentWindow(board, merchant, at);
      if (window === null || window.startsAt > at || window.endsAt <= at) {
        throw new AppError('CONFLICT', { value: { reason: 'NOT_RUNNING' } });
      }
      const outcome = await closePeriod(board, merchant, window, at, actor);
      if (!outcome.closed) throw new AppError('CONFLICT', { value: { reason: 'ALREADY_CLOSED' } });
      return { periodStart: window.start, paid: outcome.paid };
    },

    async listMissions(merchantIds: readonly string[] | null): Promise<Mission[]> {
      let query = db
        .selectFrom('missions')
        .selectAll()
        .orderBy('merchant_id')
        .orderBy('sort_order')
        .orderBy('id');
      if (merchantIds !== null) query = query.where('merchant_id', 'in', [...merchantIds, '']);
      return (await query.limit(MISSIONS_PER_MERCHANT_MAX * 10).execute()).map(missionOf);
    },

    getMission: (id: string) => findMission(db, id),

    async createMission(actor: ChangeActor, merchantId: string, input: MissionInput): Promise<Mission> {
      checkMission(input);
      const at = now();
      const id = uuidv7();
      await db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom('missions')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('merchant_id', '=', merchantId)
          .executeTakeFirstOrThrow();
        if (Number(count.count) >= MISSIONS_PER_MERCHANT_MAX) throw new AppError('LIMIT_REACHED');
        await checkRewardTable(trx, merchantId, input);
        await trx
          .insertInto('missions')
          .values({ id, merchant_id: merchantId, ...missionColumns(input), created_at: at, updated_at: at })
          .execute();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'mission.create',
          target: { type: 'mission', id },
          before: null,
          after: auditedMission(input),
        });
      });
      return findMission(db, id);
    },

    async updateMission(actor: ChangeActor, id: string, input: MissionInput): Promise<Mission> {
      checkMission(input);
      await db.transaction().execute(async (trx) => {
        const before = await findMission(trx, id);
        await checkRewardTable(trx, before.merchantId, input);
        await trx
          .updateTable('missions')
          .set({ ...missionColumns(input), updated_at: now() })
          .where('id', '=', id)
          .execute();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchantId,
          action: 'mission.update',
          target: { type: 'mission', id },
          before: auditedMission(before),
          after: auditedMission(input),
        });
      });
      return findMission(db, id);
    },

    /** Deletes a mission nobody has claimed; a claimed one is disabled instead (CONFLICT CLAIMED). */
    async deleteMission(actor: ChangeActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await findMission(trx, id);
        const claim = await trx
          .selectFrom('mission_claims')
          .select('id')
          .where('mission_id', '=', id)
          .executeTakeFirst();
        if (claim) throw new AppError('CONFLICT', { value: { reason: 'CLAIMED' } });
        await trx.deleteFrom('missions').where('id', '=', id).execute();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchantId,
          action: 'mission.delete',
          target: { type: 'mission', id },
          before: auditedMission(before),
          after: null,
        });
      });
    },

    async listLeaderboards(merchantIds: readonly string[] | null): Promise<Leaderboard[]> {
      let query = db.selectFrom('leaderboards').selectAll().orderBy('merchant_id').orderBy('id');
      if (merchantIds !== null) query = query.where('merchant_id', 'in', [...merchantIds, '']);
      return (await query.limit(LEADERBOARDS_PER_MERCHANT_MAX * 10).execute()).map(leaderboardOf);
    },

    getLeaderboard: (id: string) => findLeaderboard(db, id),

    async createLeaderboard(
      actor: ChangeActor,
      merchantId: string,
      input: LeaderboardInput,
    ): Promise<Leaderboard> {
      checkLeaderboard(input);
      const at = now();
      const id = uuidv7();
      await db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom('leaderboards')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('merchant_id', '=', merchantId)
          .executeTakeFirstOrThrow();
        if (Number(count.count) >= LEADERBOARDS_PER_MERCHANT_MAX) throw new AppError('LIMIT_REACHED');
        await trx
          .insertInto('leaderboards')
          .values({
            id,
            merchant_id: merchantId,
            ...leaderboardColumns(input),
            created_at: at,
            updated_at: at,
          })
          .execute();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'leaderboard.create',
          target: { type: 'leaderboard', id },
          before: null,
          after: auditedLeaderboard(input),
        });
      });
      return findLeaderboard(db, id);
    },

    async updateLeaderboard(actor: ChangeActor, id: string, input: LeaderboardInput): Promise<Leaderboard> {
      checkLeaderboard(input);
      await db.transaction().execute(async (trx) => {
        const before = await findLeaderboard(trx, id);
        await trx
          .updateTable('leaderboards')
          .set({ ...leaderboardColumns(input), updated_at: now() })
          .where('id', '=', id)
          .execute();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchantId,
          action: 'leaderboard.update',
          target: { type: 'leaderboard', id },
          before: auditedLeaderboard(before),
          after: auditedLeaderboard(input),
        });
      });
      return findLeaderboard(db, id);
    },

    /** Deletes a leaderboard that never closed a period; one that did is disabled instead (CONFLICT CLOSED). */
    async deleteLeaderboard(actor: ChangeActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await findLeaderboard(trx, id);
        const close = await trx
          .selectFrom('leaderboard_closes')
          .select('period_start')
          .where('leaderboard_id', '=', id)
          .executeTakeFirst();
        if (close) throw new AppError('CONFLICT', { value: { reason: 'CLOSED' } });
        await trx.deleteFrom('leaderboards').where('id', '=', id).execute();
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: before.merchantId,
          action: 'leaderboard.delete',
          target: { type: 'leaderboard', id },
          before: auditedLeaderboard(before),
          after: null,
        });
      });
    },

    /** Rewards paid between two instants, per mission and leaderboard, with their counts and sums. */
    async rewardsPaid(input: {
      merchantIds: readonly string[] | null;
      from: Date;
      to: Date;
    }): Promise<RewardLine[]> {
      const scope = input.merchantIds === null ? null : [...input.merchantIds, ''];
      let claims = db
        .selectFrom('mission_claims as c')
        .innerJoin('missions as m', 'm.id', 'c.mission_id')
        .select((eb) => [
          'c.mission_id as source_id',
          'm.name_en',
          'c.reward_kind',
          eb.fn.countAll<string>().as('count'),
          eb.fn.sum<string>('c.amount_minor').as('amount'),
          eb.fn.coalesce(eb.fn.sum<string>('c.tickets'), eb.val('0')).as('tickets'),
        ])
        .where('c.created_at', '>=', input.from)
        .where('c.created_at', '<', input.to)
        .groupBy(['c.mission_id', 'm.name_en', 'c.reward_kind']);
      let prizes = db
        .selectFrom('leaderboard_prizes as p')
        .innerJoin('leaderboards as l', 'l.id', 'p.leaderboard_id')
        .select((eb) => [
          'p.leaderboard_id as source_id',
          'l.name_en',
          'p.reward_kind',
          eb.fn.countAll<string>().as('count'),
          eb.fn.sum<string>('p.amount_minor').as('amount'),
          eb.val('0').as('tickets'),
        ])
        .where('p.created_at', '>=', input.from)
        .where('p.created_at', '<', input.to)
        .groupBy(['p.leaderboard_id', 'l.name_en', 'p.reward_kind']);
      if (scope !== null) {
        claims = claims.where('c.merchant_id', 'in', scope);
        prizes = prizes.where('p.merchant_id', 'in', scope);
      }
      const lineOf =
        (kind: RewardLine['kind']) =>
        (row: {
          source_id: string;
          name_en: string;
          reward_kind: MissionRewardKind;
          count: string;
          amount: string;
          tickets: string;
        }) => ({
          kind,
          sourceId: row.source_id,
          nameEn: row.name_en,
          rewardKind: row.reward_kind,
          count: Number(row.count),
          amountMinor: BigInt(row.amount),
          tickets: Number(row.tickets),
        });
      return [
        ...(await claims.execute()).map(lineOf('mission')),
        ...(await prizes.execute()).map(lineOf('leaderboard')),
      ];
    },
  };
}

export type MissionService = ReturnType<typeof createMissionService>;

function missionColumns(input: MissionInput) {
  return {
    name_ty: input.nameTy.trim(),
    name_en: input.nameEn.trim(),
    period: input.period,
    task: input.task,
    game_type: input.gameType,
    target: input.target,
    reward_kind: input.rewardKind,
    reward_minor: input.rewardMinor,
    multiplier: input.multiplier,
    reward_table_id: input.rewardTableId,
    reward_tickets: input.rewardTickets,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    enabled: input.enabled,
    sort_order: input.sortOrder,
  };
}

function leaderboardColumns(input: LeaderboardInput) {
  return {
    name_ty: input.nameTy.trim(),
    name_en: input.nameEn.trim(),
    metric: input.metric,
    game_type: input.gameType,
    period: input.period,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    prizes: storedPrizes(input.prizes),
    enabled: input.enabled,
  };
}

function auditedMission(input: MissionInput) {
  return {
    nameTy: input.nameTy,
    nameEn: input.nameEn,
    period: input.period,
    task: input.task,
    gameType: input.gameType,
    target: input.target.toString(),
    rewardKind: input.rewardKind,
    reward: formatAmount(input.rewardMinor),
    multiplier: input.multiplier,
    rewardTableId: input.rewardTableId,
    rewardTickets: input.rewardTickets,
    startsAt: input.startsAt.toISOString(),
    endsAt: input.endsAt?.toISOString() ?? null,
    enabled: input.enabled,
    sortOrder: input.sortOrder,
  };
}

function auditedLeaderboard(input: LeaderboardInput) {
  return {
    nameTy: input.nameTy,
    nameEn: input.nameEn,
    metric: input.metric,
    gameType: input.gameType,
    period: input.period,
    startsAt: input.startsAt.toISOString(),
    endsAt: input.endsAt?.toISOString() ?? null,
    prizes: input.prizes.map((prize) => ({
      rank: prize.rank,
      kind: prize.kind,
      amount: formatAmount(prize.amountMinor),
      multiplier: prize.multiplier,
    })),
    enabled: input.enabled,
  };
}

/**
 * The periods of a leaderboard the job closes at `at`, oldest first: ended at least CLOSE_DELAY_MS
 * ago and at most CLOSE_CATCH_UP_MS ago, after the leaderboard started (a fixed one: its window).
 */
export function duePeriods(
  board: Pick<Leaderboard, 'period' | 'startsAt' | 'endsAt'>,
  merchant: Pick<MissionMerchant, 'timeZone'>,
  at: Date,
): PeriodWindow[] {
  const closeBefore = at.getTime() - CLOSE_DELAY_MS;
  const oldestEnd = at.getTime() - CLOSE_CATCH_UP_MS;
  if (board.period === 'fixed') {
    assertInvariant(board.endsAt !== null, 'a fixed leaderboard has an end');
    const window = fixedWindow(merchant.timeZone, board.startsAt, board.endsAt);
    const end = window.endsAt.getTime();
    return end <= closeBefore && end >= oldestEnd ? [window] : [];
  }
  const due: PeriodWindow[] = [];
  let window = periodAt(board.period, merchant.timeZone, new Date(closeBefore));
  for (;;) {
    window = periodBefore(board.period, merchant.timeZone, window);
    if (window.endsAt.getTime() < oldestEnd || window.endsAt <= board.startsAt) break;
    // A leaderboard that ended stops closing periods after its end.
    if (board.endsAt === null || window.startsAt < board.endsAt) due.push(window);
  }
  return due.reverse();
}
