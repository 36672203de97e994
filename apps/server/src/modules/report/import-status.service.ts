import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';

/**
 * A transfer vendor's feed counts as behind when the import last reached its end longer ago than
 * this (the job pulls every minute), or never did.
 */
export const IMPORT_STALE_MS = 10 * 60_000;

/** A transfer vendor whose bets may not all be in the bet record yet. */
export type ImportLag = {
  merchantId: string;
  merchantCode: string;
  /** The vendor's code (vassalage) and name. */
  vendor: string;
  vendorName: string;
  /** Every bet the vendor changed before this is imported; null when its feed never reached its end. */
  lastImportedAt: Date | null;
};

export type ImportStatusService = ReturnType<typeof createImportStatusService>;

/**
 * Whether reports that read the bet record (betting records, team figures, the back office's game
 * and money reports) may be missing bets of transfer-wallet vendors, whose bets arrive by their
 * feed's import (workflows/transfer-bet-import.ts) rather than with each play: those answers list
 * the vendors whose feed is behind, so that the page can say their figures are still being imported.
 */
export function createImportStatusService(deps: ServiceDeps) {
  const { db } = deps;
  const now = clockOf(deps);
  return {
    /** The feeds behind among these merchants' transfer vendors (null: every merchant's). */
    async importing(merchantIds: readonly string[] | null): Promise<ImportLag[]> {
      if (merchantIds !== null && merchantIds.length === 0) return [];
      let query = db
        .selectFrom('game_vendors')
        .innerJoin('merchants', 'merchants.id', 'game_vendors.merchant_id')
        .leftJoin('transfer_bet_feeds', 'transfer_bet_feeds.vendor_id', 'game_vendors.id')
        .select([
          'game_vendors.merchant_id as merchantId',
          'merchants.code as merchantCode',
          'game_vendors.vassalage as vendor',
          'game_vendors.name as vendorName',
          'transfer_bet_feeds.caught_up_at as lastImportedAt',
          'transfer_bet_feeds.has_more as hasMore',
        ])
        .where('game_vendors.wallet_mode', '=', 'transfer')
        .where('game_vendors.status', '<>', 'disabled')
        .where('game_vendors.api_url', 'is not', null)
        .orderBy('merchants.code')
        .orderBy('game_vendors.sort_order')
        .orderBy('game_vendors.vassalage');
      if (merchantIds !== null) query = query.where('game_vendors.merchant_id', 'in', [...merchantIds]);
      const rows = await query.execute();
      const staleBefore = now().getTime() - IMPORT_STALE_MS;
      return rows
        .filter(
          (row) =>
            row.hasMore === true || row.lastImportedAt === null || row.lastImportedAt.getTime() < staleBefore,
        )
        .map(({ hasMore: _hasMore, ...lag }) => lag);
    },
  };
}
