import { type Kysely, sql } from 'kysely';
import { INHOUSE_VASSALAGE } from '../../db/in-house-games.ts';
import type { Database } from '../../db/schema.ts';
import type { DayRange } from './date-range.ts';

/** Rows one answer lists at most, the oldest first. */
export const OVERDUE_VENDOR_ROUNDS_MAX = 500;
/** Hours a vendor's round may stay without its credit when the merchant set nothing. */
export const VENDOR_ROUND_OVERDUE_HOURS_DEFAULT = 24;

export type OverdueVendorRoundRow = {
  roundId: string;
  merchantId: string;
  merchantCode: string;
  /** The merchant's local day the round was opened. */
  day: string;
  openedAt: Date;
  vendorName: string;
  vassalage: string;
  vendorRoundId: string;
  gameCode: string;
  account: string;
  stakeMinor: bigint;
  /** Whole hours since the round opened. */
  hoursOpen: number;
};

/**
 * Vendors' rounds (our own games left out) still open, with a stake taken and no credit, longer
 * than their merchant's `vendorRounds.overdueHours` (24 by default), opened on the range's days in
 * the merchant's time zone. The partial index on open rounds (migration 0136) keeps this to the
 * rounds still open.
 */
export async function listOverdueVendorRounds(
  db: Kysely<Database>,
  input: { ids: readonly string[]; range: DayRange; now: Date },
): Promise<OverdueVendorRoundRow[]> {
  if (input.ids.length === 0) return [];
  const result = await sql<{
    round_id: string;
    merchant_id: string;
    merchant_code: string;
    day: string;
    opened_at: Date;
    vendor_name: string;
    vassalage: string;
    vendor_round_id: string;
    game_code: string;
    account: string;
    stake_minor: string;
    hours_open: string;
  }>`
    select r.id as round_id, r.merchant_id, mc.code as merchant_code,
      (r.opened_at at time zone mc.time_zone)::date::text as day, r.opened_at,
      v.name as vendor_name, v.vassalage, r.vendor_round_id, g.game_code, m.account,
      r.stake_minor::text as stake_minor,
      floor(extract(epoch from (${input.now}::timestamptz - r.opened_at)) / 3600)::text as hours_open
    from game_rounds r
      join merchants mc on mc.id = r.merchant_id
      join game_vendors v on v.id = r.vendor_id
      join games g on g.id = r.game_id
      join members m on m.id = r.member_id
    where r.status = 'open'
      and r.merchant_id in (${sql.join([...input.ids])})
      and v.vassalage <> ${INHOUSE_VASSALAGE}
      and r.opened_at < ${input.now}::timestamptz - make_interval(hours =>
        coalesce((mc.settings -> 'vendorRounds' ->> 'overdueHours')::int, ${VENDOR_ROUND_OVERDUE_HOURS_DEFAULT}))
      and (r.opened_at at time zone mc.time_zone)::date between ${input.range.from}::date and ${input.range.to}::date
    order by r.opened_at
    limit ${OVERDUE_VENDOR_ROUNDS_MAX}`.execute(db);
  return result.rows.map((row) => ({
    roundId: row.round_id,
    merchantId: row.merchant_id,
    merchantCode: row.merchant_code,
    day: row.day,
    openedAt: new Date(row.opened_at),
    vendorName: row.vendor_name,
    vassalage: row.vassalage,
    vendorRoundId: row.vendor_round_id,
    gameCode: row.game_code,
    account: row.account,
    stakeMinor: BigInt(row.stake_minor),
    hoursOpen: Number(row.hours_open),
  }));
}
