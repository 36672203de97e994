import { type Kysely, sql } from 'kysely';
import type { Database, LocalizedText, PromotionKind } from '../../db/schema.ts';
import { present } from '../../platform/errors/invariant.ts';
import type { ReportWindow } from './report.repository.ts';

/** One promotion's money of one merchant day, as the database sums it (text, for BigInt). */
export type PromotionDayRow = {
  merchantId: string;
  merchantCode: string;
  day: string;
  /** Null: money of no promotion (bonuses granted by hand, leftover winnings swept). */
  promotionId: string | null;
  title: LocalizedText | null;
  kind: PromotionKind | null;
  granted: string;
  cash: string;
  converted: string;
  forfeited: string;
  grants: string;
};

/**
 * The money of bonuses and promotions of the report's merchants, per merchant day and promotion:
 * bonuses activated (code `bonus`, out of the house's bonus funding), cash paid (`cashback` and
 * `raffle_prize`, out of it too), bonuses converted to cash (`bonus_convert`) and bonus money that went back to the house
 * (`bonus_forfeit`, into the bonus funding). A transfer names its bonus by its reference
 * `bonus:<bonusId>` (the bonus names its promotion), cash names its promotion by `promotion:<id>`,
 * and a sweep of leftover bonus winnings (`bonus-sweep:<memberId>`) belongs to no promotion.
 * Grants count the activations and cash payments. The house's side leads the reads (its accounts'
 * transfers by time); conversions, which never touch the house, are found from their bonuses.
 */
function promotionDays(window: ReportWindow) {
  const ids = [...window.ids, ''];
  return sql`
    with house as (
      select a.id from ledger_accounts a
      where a.merchant_id in (${sql.join(ids)}) and a.kind = 'house' and a.purpose = 'bonus_funding'
    ), moves as (
      select t.merchant_id, t.created_at, t.code, t.reference, t.amount_minor from ledger_transfers t
      where t.debit_account_id in (select id from house) and t.code in ('bonus', 'cashback', 'raffle_prize')
        and t.created_at >= ${window.lower} and t.created_at < ${window.upper}
      union all
      select t.merchant_id, t.created_at, t.code, t.reference, t.amount_minor from ledger_transfers t
      where t.credit_account_id in (select id from house) and t.code = 'bonus_forfeit'
        and t.created_at >= ${window.lower} and t.created_at < ${window.upper}
      union all
      select t.merchant_id, t.created_at, t.code, t.reference, t.amount_minor from member_bonuses b
      join ledger_transfers t on t.merchant_id = b.merchant_id and t.idempotency_key = 'bonus:' || b.id || ':convert'
      where b.merchant_id in (${sql.join(ids)}) and b.status = 'converted'
        and b.ended_at >= ${window.lower} and b.ended_at < ${window.upper}
    ), owned as (
      select m.merchant_id, m.code, m.amount_minor,
        to_char(m.created_at at time zone mc.time_zone, 'YYYY-MM-DD') as day,
        case when m.code in ('cashback', 'raffle_prize') then p.id else b.promotion_id end as promotion_id
      from moves m
      join merchants mc on mc.id = m.merchant_id
      left join member_bonuses b on m.reference like 'bonus:%' and b.id = substr(m.reference, 7)
        and b.merchant_id = m.merchant_id
      left join promotions p on m.code in ('cashback', 'raffle_prize') and m.reference like 'promotion:%'
        and p.id = substr(m.reference, 11) and p.merchant_id = m.merchant_id
    ), days as (
      select merchant_id, day, promotion_id,
        coalesce(sum(amount_minor) filter (where code = 'bonus'), 0) as granted,
        coalesce(sum(amount_minor) filter (where code in ('cashback', 'raffle_prize')), 0) as cash,
        coalesce(sum(amount_minor) filter (where code = 'bonus_convert'), 0) as converted,
        coalesce(sum(amount_minor) filter (where code = 'bonus_forfeit'), 0) as forfeited,
        count(*) filter (where code in ('bonus', 'cashback', 'raffle_prize')) as grants
      from owned
      where day >= ${window.range.from} and day <= ${window.range.to}
      group by merchant_id, day, promotion_id
    )`;
}

/**
 * The money of bonuses and promotions of the report's merchants, per merchant day and promotion
 * (promotionDays), a page of it: by day, merchant and promotion, money of no promotion last.
 */
export async function findPromotionDays(
  db: Kysely<Database>,
  window: ReportWindow,
  page: { limit: number; offset: number },
): Promise<PromotionDayRow[]> {
  const result = await sql<PromotionDayRow>`${promotionDays(window)}
    select d.merchant_id as "merchantId", mc.code as "merchantCode", d.day, d.promotion_id as "promotionId",
      p.title, p.kind, d.granted::text as granted, d.cash::text as cash, d.converted::text as converted,
      d.forfeited::text as forfeited, d.grants::text as grants
    from days d
    join merchants mc on mc.id = d.merchant_id
    left join promotions p on p.id = d.promotion_id
    order by d.day, mc.code, d.promotion_id nulls last
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return result.rows;
}

/** How many rows the whole report has, and its sums. */
export async function sumPromotionDays(
  db: Kysely<Database>,
  window: ReportWindow,
): Promise<{
  rows: string;
  granted: string;
  cash: string;
  converted: string;
  forfeited: string;
  grants: string;
}> {
  const result = await sql<{
    rows: string;
    granted: string;
    cash: string;
    converted: string;
    forfeited: string;
    grants: string;
  }>`${promotionDays(window)}
    select count(*)::text as rows, coalesce(sum(granted), 0)::text as granted, coalesce(sum(cash), 0)::text as cash,
      coalesce(sum(converted), 0)::text as converted, coalesce(sum(forfeited), 0)::text as forfeited,
      coalesce(sum(grants), 0)::text as grants
    from days`.execute(db);
  return present(result.rows[0], 'an aggregate without grouping answers one row');
}
