import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import {
  findChangedDays,
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

/**
 * Team rollups (team_bet_days): rebuilt, never upserted per bet. `rebuildChanged` is the minute
 * job's pass over the (merchant, day) pairs whose member rollups changed since its watermark;
 * `rebuildAll` is the repair path that rebuilds every day of every merchant.
 */
export function createTeamRollupService(deps: ServiceDeps) {
  const { db } = deps;
  const now = clockOf(deps);

  async function rebuildMerchant(merchantId: string, mode: 'changed' | 'all') {
    return db.transaction().execute(async (trx) => {
      await lockMerchantRollups(trx, merchantId);
      const watermark = mode === 'all' ? null : await readWatermark(trx, merchantId);
      const since = watermark ? new Date(watermark.getTime() - WATERMARK_OVERLAP_MS) : null;
      const changed = await findChangedDays(trx, merchantId, since);
      const rows = await rebuildTeamDays(trx, merchantId, mode === 'all' ? null : changed.days, now());
      if (changed.newestChangeAt) await writeWatermark(trx, merchantId, changed.newestChangeAt);
      return { days: changed.days.length, rows };
    });
  }

  async function pass(mode: 'changed' | 'all'): Promise<RollupPass> {
    const total: RollupPass = { merchants: 0, days: 0, rows: 0 };
    for (const { merchantId } of await findWatermarks(db)) {
      const done = await rebuildMerchant(merchantId, mode);
      total.merchants += 1;
      total.days += done.days;
      total.rows += done.rows;
    }
    return total;
  }

  return {
    rebuildChanged: () => pass('changed'),
    rebuildAll: () => pass('all'),
  };
}
