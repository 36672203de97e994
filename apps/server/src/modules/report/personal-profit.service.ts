import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { type DayRange, lengthOf } from './date-range.ts';
import { sumMemberBetsByGameType } from './report.repository.ts';

/** The longest range of days one profit and loss report covers. */
export const PROFIT_DAYS_MAX = 92;

/** A member's result in one game type over the range: what was staked and won, in minor units. */
export type ProfitRow = { gameType: string; rounds: number; stakeMinor: bigint; winMinor: bigint };

export type PersonalProfitService = ReturnType<typeof createPersonalProfitService>;

/**
 * The member centre's profit and loss (personalProfit, spec §2): a member's settled bets over a
 * range of days of the merchant's time zone, each on the day it settled, grouped by the game type
 * it was placed under (the member rollups of the bet record). Open bets count once they settle;
 * rolled back and void bets count for nothing.
 */
export function createPersonalProfitService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async summarize(input: { merchantId: string; memberId: string; range: DayRange }): Promise<ProfitRow[]> {
      const days = lengthOf(input.range);
      if (days < 1 || days > PROFIT_DAYS_MAX)
        throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      const rows = await sumMemberBetsByGameType(db, {
        merchantId: input.merchantId,
        memberId: input.memberId,
        from: input.range.from,
        to: input.range.to,
      });
      return rows.map((row) => ({
        gameType: row.gameType,
        rounds: Number(row.rounds),
        stakeMinor: BigInt(row.stake),
        winMinor: BigInt(row.win),
      }));
    },
  };
}
