import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { rebuildMemberBetRollups } from './report.repository.ts';

/** The SQL of the back office's rollup rebuilds (table rollup_rebuilds, migration 0144). */

export type RollupRebuildRow = Row<'rollup_rebuilds'>;

const ACTIVE_STATUSES = ['queued', 'running'] as const;

/**
 * Inserts a queued rebuild unless the merchant already has one queued or running; answers the new
 * row, or undefined when another was there (the partial unique index decides between simultaneous
 * inserts: the later one waits for the earlier to commit, then inserts nothing).
 */
export async function insertRebuildUnlessActive(
  db: Executor,
  row: NewRow<'rollup_rebuilds'>,
): Promise<RollupRebuildRow | undefined> {
  return (
    db
      .insertInto('rollup_rebuilds')
      .values(row)
      // The only unique key an insert can meet is rollup_rebuilds_one_active_uq (ids are fresh).
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst()
  );
}

export async function findActiveRebuild(db: Executor, merchantId: string) {
  return db
    .selectFrom('rollup_rebuilds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', [...ACTIVE_STATUSES])
    .executeTakeFirst();
}

/**
 * Ends the merchant's queued or running rebuild that has shown no sign of life since `before`
 * (its process ended mid-way), as failed with `error`; answers how many it ended (0 or 1).
 */
export async function failStaleRebuild(
  db: Executor,
  merchantId: string,
  before: Date,
  at: Date,
  error: string,
): Promise<number> {
  const result = await db
    .updateTable('rollup_rebuilds')
    .set({ status: 'failed', error, finished_at: at })
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', [...ACTIVE_STATUSES])
    .where('progressed_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves a queued rebuild to running; undefined when it was not queued (taken, or ended). */
export async function claimRebuild(db: Executor, id: string, at: Date) {
  return db
    .updateTable('rollup_rebuilds')
    .set({ status: 'running', started_at: at, progressed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** Records a running rebuild's progress; a rebuild ended meanwhile (taken as stale) is left alone. */
export async function writeRebuildProgress(
  db: Executor,
  id: string,
  progress: { phase: 'members' | 'teams'; daysDone: number; daysTotal: number; rows: number },
  at: Date,
): Promise<void> {
  await db
    .updateTable('rollup_rebuilds')
    .set({
      phase: progress.phase,
      days_done: progress.daysDone,
      days_total: progress.daysTotal,
      rows_written: progress.rows,
      progressed_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Ends a running (or still queued) rebuild as done or failed. */
export async function endRebuild(
  db: Executor,
  id: string,
  end: { status: 'done' | 'failed'; error: string | null },
  at: Date,
): Promise<void> {
  await db
    .updateTable('rollup_rebuilds')
    .set({ status: end.status, error: end.error, finished_at: at, progressed_at: at })
    .where('id', '=', id)
    .where('status', 'in', [...ACTIVE_STATUSES])
    .execute();
}

/** The merchant's latest rebuilds, newest first. */
export async function findLatestRebuilds(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('rollup_rebuilds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The repair path of the member rollups (member_bet_rollups_rebuild, migration 0130) with a
 * statement timeout of its own: one statement recounts a merchant's bets, longer than the app's
 * timeout allows for a large merchant, and it runs in the background.
 */
export async function recountMemberRollups(db: Kysely<Database>, merchantId: string, timeoutMs: number) {
  await db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
    await rebuildMemberBetRollups(trx, merchantId);
  });
}
