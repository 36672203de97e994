import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import { addDays, type DayRange, lengthOf } from './date-range.ts';
import { sumRoundsByGameType } from './report.repository.ts';

/** The longest range of days one profit and loss report covers. */
export const PROFIT_DAYS_MAX = 92;

/** A member's result in one game type over the range: what was staked and won, in minor units. */
export type ProfitRow = { gameType: string; rounds: number; stakeMinor: bigint; winMinor: bigint };

export type PersonalProfitService = ReturnType<typeof createPersonalProfitService>;

/** The instant a yyyy-MM-dd day began in a time zone (noon UTC lies on that date in Manila's zone). */
function startOfDay(timeZone: string, day: string): Date {
  return startOfDayIn(timeZone, new Date(`${day}T12:00:00Z`));
}

/**
 * The member centre's profit and loss (personalProfit, spec §2): a member's rounds over a range
 * of days of the merchant's time zone, grouped by game type. Rounds rolled back count for
 * nothing; open rounds count their stake (the money is in play) and no win yet.
 */
export function createPersonalProfitService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async summarize(input: {
      merchantId: string;
      memberId: string;
      timeZone: string;
      range: DayRange;
    }): Promise<ProfitRow[]> {
      const days = lengthOf(input.range);
      if (days < 1 || days > PROFIT_DAYS_MAX)
        throw new AppError('VALIDATION', { value: { fields: { from: 'range' } } });
      const rows = await sumRoundsByGameType(db, {
        merchantId: input.merchantId,
        memberId: input.memberId,
        from: startOfDay(input.timeZone, input.range.from),
        to: startOfDay(input.timeZone, addDays(input.range.to, 1)),
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
