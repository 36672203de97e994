import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { startOfDayIn } from '../../platform/time/zoned-day.ts';
import { addDays, type DayRange, lengthOf } from './date-range.ts';

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
      const rows = await db
        .selectFrom('game_rounds as round')
        .innerJoin('games as game', 'game.id', 'round.game_id')
        .select([
          'game.game_type as gameType',
          sql<string>`count(*)`.as('rounds'),
          sql<string>`coalesce(sum(round.stake_minor), 0)`.as('stake'),
          sql<string>`coalesce(sum(round.win_minor), 0)`.as('win'),
        ])
        .where('round.merchant_id', '=', input.merchantId)
        .where('round.member_id', '=', input.memberId)
        .where('round.status', '<>', 'rolled_back')
        .where('round.opened_at', '>=', startOfDay(input.timeZone, input.range.from))
        .where('round.opened_at', '<', startOfDay(input.timeZone, addDays(input.range.to, 1)))
        .groupBy('game.game_type')
        .orderBy('game.game_type')
        .execute();
      return rows.map((row) => ({
        gameType: row.gameType,
        rounds: Number(row.rounds),
        stakeMinor: BigInt(row.stake),
        winMinor: BigInt(row.win),
      }));
    },
  };
}
