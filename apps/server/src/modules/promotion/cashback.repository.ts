import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { PromotionEntryStatus } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

/** A published cashback promotion with what paying it needs of its merchant. */
export type CashbackPromotionRow = {
  id: string;
  merchantId: string;
  timeZone: string;
  currency: string;
  language: string;
  startsAt: Date;
  endsAt: Date | null;
  rules: unknown;
  bonusTerms: unknown;
  budgetDayMinor: bigint | null;
};

/**
 * Published cashback promotions that have started, and have not ended before `endedSince` (an
 * ended promotion still pays its last periods), oldest first.
 */
export function findCashbackPromotions(
  db: Executor,
  input: { now: Date; endedSince: Date },
): Promise<CashbackPromotionRow[]> {
  return db
    .selectFrom('promotions')
    .innerJoin('merchants', 'merchants.id', 'promotions.merchant_id')
    .select([
      'promotions.id',
      'promotions.merchant_id as merchantId',
      'merchants.time_zone as timeZone',
      'merchants.currency',
      'merchants.default_language as language',
      'promotions.starts_at as startsAt',
      'promotions.ends_at as endsAt',
      'promotions.rules',
      'promotions.bonus_terms as bonusTerms',
      'promotions.budget_day_minor as budgetDayMinor',
    ])
    .where('promotions.kind', '=', 'cashback')
    .where('promotions.status', '=', 'published')
    .where('promotions.starts_at', '<=', input.now)
    .where((eb) =>
      eb.or([eb('promotions.ends_at', 'is', null), eb('promotions.ends_at', '>', input.endedSince)]),
    )
    .orderBy('promotions.starts_at')
    .orderBy('promotions.id')
    .execute();
}

/** A member a period pays: the net loss of the days counted and when they accepted the terms. */
export type CashbackCandidate = {
  memberId: string;
  netLossMinor: bigint;
  termsAcceptedAt: Date | null;
};

/**
 * One batch of the members a period of a promotion may pay, by member id after `after`: joined
 * before the period ended, not yet settled for this cycle (no entry of it), with a net loss of at
 * least `minNetLossMinor` (settled stakes less wins over the days counted, from the member
 * rollups). A member's days are counted from the merchant day they joined on.
 */
export async function findCashbackCandidates(
  db: Executor,
  input: {
    promotionId: string;
    cycle: string;
    timeZone: string;
    from: string;
    to: string;
    joinedBefore: Date;
    minNetLossMinor: bigint;
    after: string;
    limit: number;
  },
): Promise<CashbackCandidate[]> {
  const result = await sql<{ member_id: string; net_loss: string; terms_accepted_at: Date | null }>`
    select e.member_id, sum(d.stake_minor - d.win_minor)::text as net_loss,
      min(e.terms_accepted_at) as terms_accepted_at
    from promotion_entries e
    join member_bet_days d on d.member_id = e.member_id and d.merchant_id = e.merchant_id
      and d.day >= greatest(${input.from}::date, (e.created_at at time zone ${input.timeZone})::date)
      and d.day <= ${input.to}::date
    where e.promotion_id = ${input.promotionId} and e.cycle = '' and e.status = 'joined'
      and e.created_at < ${input.joinedBefore} and e.member_id > ${input.after}
      and not exists (select 1 from promotion_entries paid
        where paid.promotion_id = e.promotion_id and paid.member_id = e.member_id and paid.cycle = ${input.cycle})
    group by e.member_id
    having sum(d.stake_minor - d.win_minor) >= greatest(${input.minNetLossMinor}::bigint, 1)
    order by e.member_id
    limit ${input.limit}`.execute(db);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    netLossMinor: BigInt(row.net_loss),
    termsAcceptedAt: row.terms_accepted_at,
  }));
}

/**
 * Records a member's entry of a cycle unless one exists: answers its id, or null when another run
 * recorded the cycle first (the unique promotion, member and cycle decides; a run that meets an
 * uncommitted entry of another waits for it).
 */
export async function insertCycleEntry(
  db: Executor,
  input: {
    merchantId: string;
    promotionId: string;
    memberId: string;
    cycle: string;
    status: Extract<PromotionEntryStatus, 'issued' | 'rejected'>;
    amountMinor: bigint | null;
    rejectReason: string | null;
    termsAcceptedAt: Date | null;
    now: Date;
  },
): Promise<string | null> {
  const row = await db
    .insertInto('promotion_entries')
    .values({
      id: uuidv7(),
      merchant_id: input.merchantId,
      promotion_id: input.promotionId,
      member_id: input.memberId,
      cycle: input.cycle,
      status: input.status,
      amount_minor: input.amountMinor,
      reject_reason: input.rejectReason,
      terms_accepted_at: input.termsAcceptedAt,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) => conflict.columns(['promotion_id', 'member_id', 'cycle']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Names the bonus a cashback entry granted. */
export async function setEntryBonus(db: Executor, entryId: string, bonusId: string): Promise<void> {
  await db.updateTable('promotion_entries').set({ bonus_id: bonusId }).where('id', '=', entryId).execute();
}
