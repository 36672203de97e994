import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, PlayLimitKind, PlayLimitPeriod } from '../../db/schema.ts';
import type { Row } from '../../platform/db/executor.ts';

export type PlayLimitRow = Row<'play_limits'>;
export type PlaySettingsRow = Row<'play_settings'>;

/** The first key of the members' play locks (pg_advisory_xact_lock's two-key form). */
const PLAY_LOCK_SPACE = 9_105;

/**
 * Takes the member's play lock until `trx` ends: the responsible-gaming checks and the deposit or
 * stake they allow run under it, one at a time per member, so a limit holds for simultaneous
 * requests. It guards only this member's limited moves; nothing else waits for it.
 */
export async function lockMemberPlay(trx: Transaction<Database>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${PLAY_LOCK_SPACE}, hashtext(${memberId}))`.execute(trx);
}

export function findLimits(db: Kysely<Database>, memberId: string): Promise<PlayLimitRow[]> {
  return db.selectFrom('play_limits').selectAll().where('member_id', '=', memberId).execute();
}

export async function saveLimit(
  db: Kysely<Database>,
  row: {
    memberId: string;
    merchantId: string;
    kind: PlayLimitKind;
    period: PlayLimitPeriod;
    value: bigint | null;
    pendingValue: bigint | null;
    pendingAt: Date | null;
    at: Date;
  },
): Promise<void> {
  if (row.value === null && row.pendingAt === null) {
    await db
      .deleteFrom('play_limits')
      .where('member_id', '=', row.memberId)
      .where('kind', '=', row.kind)
      .where('period', '=', row.period)
      .execute();
    return;
  }
  const values = {
    value: row.value,
    pending_value: row.pendingValue,
    pending_at: row.pendingAt,
    updated_at: row.at,
  };
  await db
    .insertInto('play_limits')
    .values({
      member_id: row.memberId,
      merchant_id: row.merchantId,
      kind: row.kind,
      period: row.period,
      ...values,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'kind', 'period']).doUpdateSet(values))
    .execute();
}

export function findSettings(db: Kysely<Database>, memberId: string): Promise<PlaySettingsRow | undefined> {
  return db.selectFrom('play_settings').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Members whose break or self-exclusion ran out by `at`, oldest end first. */
export function findEndedExclusions(
  db: Kysely<Database>,
  at: Date,
  limit: number,
): Promise<{ member_id: string; merchant_id: string }[]> {
  return db
    .selectFrom('play_settings')
    .select(['member_id', 'merchant_id'])
    .where('exclusion_ends_at', '<=', at)
    .orderBy('exclusion_ends_at')
    .limit(limit)
    .execute();
}

export async function saveSettings(
  db: Kysely<Database>,
  row: {
    memberId: string;
    merchantId: string;
    changes: Partial<Pick<PlaySettingsRow, 'reality_check_minutes' | 'exclusion_kind' | 'exclusion_ends_at'>>;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('play_settings')
    .values({ member_id: row.memberId, merchant_id: row.merchantId, ...row.changes, updated_at: row.at })
    .onConflict((conflict) =>
      conflict.column('member_id').doUpdateSet({ ...row.changes, updated_at: row.at }),
    )
    .execute();
}

/** The merchant's time zone (periods are its days) and currency (losses are counted in it). */
export function findMerchantMoney(
  db: Kysely<Database>,
  merchantId: string,
): Promise<{ time_zone: string; currency: string }> {
  return db
    .selectFrom('merchants')
    .select(['time_zone', 'currency'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}
