import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import {
  bumpGeneration,
  findAllDays,
  findChangedDays,
  findNewestChange,
  findWatermarks,
  lockMerchantRollups,
  readWatermark,
  rebuildTeamDays,
  writeWatermark,
} from './team-rollup.repository.ts';

/**
 * How far back before its watermark the minute job looks again. A settlement's changed_at is
 * taken before its transaction commits, so a slow commit can land behind rows the job has already
 * read; rebuilding a day twice is harmless, missing it is not.
 */
export const WATERMARK_OVERLAP_MS = 5 * 60_000;

export type TeamRollupService = ReturnType<typeof createTeamRollupService>;

export type RollupPass = { merchants: number; days: number; rows: number };

/** How far a full rebuild of one merchant has come: days rebuilt of all, rows written so far. */
export type RebuildProgress = { daysDone: number; daysTotal: number; rows: number };

/**
 * Team rollups (team_bet_days): rebuilt, never upserted per bet. `rebuildChanged` is the minute
 * job's pass over the (merchant, day) pairs whose member rollups changed since its watermark;
 * `rebuildAll` is the repair path that rebuilds every day of every merchant, `rebuildMerchant` of one.
 */
export function createTeamRollupService(deps: ServiceDeps) {
  const { db } = deps;
  const now = clockOf(deps);

  async function rebuildChangedOf(merchantId: string) {
    return db.transaction().execute(async (trx) => {
      await lockMerchantRollups(trx, merchantId);
      const watermark = await readWatermark(trx, merchantId);
      const since = watermark ? new Date(watermark.getTime() - WATERMARK_OVERLAP_MS) : null;
      const changed = await findChangedDays(trx, merchantId, since);
      const rows = await rebuildTeamDays(trx, merchantId, changed.days, now());
      if (changed.newestChangeAt) {
        await writeWatermark(trx, merchantId, changed.newestChangeAt, changed.days.length > 0);
      }
      return { days: changed.days.length, rows };
    });
  }

  /**
   * Every day of the merchant, one transaction (and statement) per day, so that no statement
   * outgrows the app's statement timeout however many days and members there are. The watermark
   * is the newest change seen before the first day: a settlement landing during the rebuild is
   * either summed by its day's transaction or comes after that watermark (or within its overlap),
   * so the minute job sums it again. Between days the minute job may run; each day's transaction
   * takes the merchant's lock, so a day is never rebuilt by both at once.
   */
  async function rebuildAllOf(merchantId: string, onProgress?: (progress: RebuildProgress) => Promise<void>) {
    const newest = await findNewestChange(db, merchantId);
    const days = await findAllDays(db, merchantId);
    let rows = 0;
    await onProgress?.({ daysDone: 0, daysTotal: days.length, rows });
    for (const [index, day] of days.entries()) {
      rows += await db.transaction().execute(async (trx) => {
        await lockMerchantRollups(trx, merchantId);
        const inserted = await rebuildTeamDays(trx, merchantId, [day], now());
        await bumpGeneration(trx, merchantId);
        return inserted;
      });
      await onProgress?.({ daysDone: index + 1, daysTotal: days.length, rows });
    }
    if (newest) {
      await db.transaction().execute(async (trx) => {
        await lockMerchantRollups(trx, merchantId);
        await writeWatermark(trx, merchantId, newest, true);
      });
    }
    return { days: days.length, rows };
  }

  async function pass(mode: 'changed' | 'all'): Promise<RollupPass> {
    const total: RollupPass = { merchants: 0, days: 0, rows: 0 };
    for (const { merchantId } of await findWatermarks(db)) {
      const done = mode === 'all' ? await rebuildAllOf(merchantId) : await rebuildChangedOf(merchantId);
      total.merchants += 1;
      total.days += done.days;
      total.rows += done.rows;
    }
    return total;
  }

  return {
    rebuildChanged: () => pass('changed'),
    rebuildAll: () => pass('all'),
    /**
     * The repair path for one merchant (the back office's rebuild): every day of its team rollups,
     * as rebuildAll does, telling `onProgress` before the first day and after each.
     */
    rebuildMerchant: (merchantId: string, onProgress?: (progress: RebuildProgress) => Promise<void>) =>
      rebuildAllOf(merchantId, onProgress),
  };
}
