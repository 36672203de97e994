import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import {
  type BetDetailRow,
  type BetRecordRow,
  type BetStatusFilter,
  type Bettors,
  findBet,
  findBetFilterChoices,
  findBetPage,
  sumBets,
} from './bet-records.repository.ts';
import { addDays, type DayRange, lengthOf } from './date-range.ts';

/** The longest range of days one page of betting records covers. */
export const BET_RECORD_DAYS_MAX = 92;
/** The most bets one page lists. */
export const BET_RECORD_PAGE_SIZE_MAX = 100;

export type BetRecordService = ReturnType<typeof createBetRecordService>;

export type BetRecordQuery = {
  merchantId: string;
  /** One member's bets (the member centre) or a team's (the agent centre). */
  bettors: Bettors;
  timeZone: string;
  range: DayRange;
  gameType?: string | undefined;
  vendorId?: string | undefined;
  status?: BetStatusFilter | undefined;
  page: number;
  pageSize: number;
};

/** A bet as the member sees it: its money in minor units and what it did for them. */
export type BetRecord = BetRecordRow & {
  /** The member's result: payout less stake; 0 for a bet whose stake went back. */
  netMinor: bigint;
  isCancelled: boolean;
};

export type BetTotals = { count: number; stakeMinor: bigint; validBetMinor: bigint; payoutMinor: bigint };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a real yyyy-MM-dd day began in a time zone; VALIDATION for a day that does not exist. */
function startOfDay(timeZone: string, day: string): Date {
  const match = DAY_PATTERN.exec(day);
  const noon = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12))
    : null;
  if (!noon || noon.toISOString().slice(0, 10) !== day) {
    throw new AppError('VALIDATION', { value: { fields: { from: 'format' } } });
  }
  return startOfDayIn(timeZone, noon);
}

/**
 * The instants a range of the merchant's days covers, from the first day's start to the start of
 * the day after the last; VALIDATION for days that do not exist or a range of more than
 * BET_RECORD_DAYS_MAX days.
 */
export function instantsOfRange(timeZone: string, range: DayRange): { from: Date; to: Date } {
  const days = lengthOf(range);
  if (days < 1 || days > BET_RECORD_DAYS_MAX) {
    throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
  }
  return { from: startOfDay(timeZone, range.from), to: startOfDay(timeZone, addDays(range.to, 1)) };
}

function toRecord(row: BetRecordRow): BetRecord {
  const isCancelled = row.status === 'rolled_back' || row.status === 'void';
  const stakeMinor = BigInt(row.stakeMinor);
  const winMinor = BigInt(row.winMinor);
  return {
    ...row,
    stakeMinor,
    winMinor,
    validBetMinor: BigInt(row.validBetMinor),
    netMinor: isCancelled ? 0n : winMinor - stakeMinor,
    isCancelled,
  };
}

/**
 * Betting records (personalHistoryCopy, spec §2): every bet of the member, or of an agent's team,
 * across vendors, by the day it was placed in the merchant's time zone, with sums over the whole filter.
 */
export function createBetRecordService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async list(query: BetRecordQuery): Promise<{ list: BetRecord[]; total: number; totals: BetTotals }> {
      const { from, to } = instantsOfRange(query.timeZone, query.range);
      const pageSize = Math.min(query.pageSize, BET_RECORD_PAGE_SIZE_MAX);
      const filter = {
        merchantId: query.merchantId,
        bettors: query.bettors,
        gameType: query.gameType,
        vendorId: query.vendorId,
        status: query.status,
        from,
        to,
      };
      const [rows, sums] = await Promise.all([
        findBetPage(db, filter, { limit: pageSize, offset: (query.page - 1) * pageSize }),
        sumBets(db, filter),
      ]);
      return {
        list: rows.map(toRecord),
        total: Number(sums.count),
        totals: {
          count: Number(sums.count),
          stakeMinor: BigInt(sums.stake),
          validBetMinor: BigInt(sums.validBet),
          payoutMinor: BigInt(sums.payout),
        },
      };
    },

    /** One bet of the bettors'; NOT_FOUND for an unknown id or someone else's bet. */
    async find(input: {
      merchantId: string;
      bettors: Bettors;
      id: string;
    }): Promise<BetRecord & Omit<BetDetailRow, keyof BetRecordRow>> {
      const row = await findBet(db, input);
      if (!row) throw new AppError('NOT_FOUND');
      return { ...row, ...toRecord(row) };
    },

    filterChoices: (merchantId: string) => findBetFilterChoices(db, merchantId),
  };
}
