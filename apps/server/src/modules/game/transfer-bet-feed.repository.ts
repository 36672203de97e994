import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import type { VendorRow } from './game.repository.ts';

export type TransferBetFeedRow = Row<'transfer_bet_feeds'>;

/** A transfer vendor whose feed is imported, with its merchant's currency. */
export type FeedVendor = VendorRow & { currency: string };

/** What the import needs of a bet already in the record. */
export type ImportedRound = Pick<
  Row<'game_rounds'>,
  'id' | 'member_id' | 'game_id' | 'status' | 'stake_minor' | 'win_minor' | 'vendor_round_id'
>;

/** Every transfer-wallet vendor with an address that is not disabled, of every merchant. */
export function findFeedVendors(db: Executor): Promise<FeedVendor[]> {
  return db
    .selectFrom('game_vendors')
    .innerJoin('merchants', 'merchants.id', 'game_vendors.merchant_id')
    .selectAll('game_vendors')
    .select('merchants.currency')
    .where('game_vendors.wallet_mode', '=', 'transfer')
    .where('game_vendors.status', '<>', 'disabled')
    .where('game_vendors.api_url', 'is not', null)
    .orderBy('game_vendors.id')
    .execute();
}

/** The vendor's feed row, made at its first import. */
export async function ensureFeed(db: Executor, vendor: VendorRow): Promise<TransferBetFeedRow> {
  await db
    .insertInto('transfer_bet_feeds')
    .values({ vendor_id: vendor.id, merchant_id: vendor.merchant_id })
    .onConflict((conflict) => conflict.column('vendor_id').doNothing())
    .execute();
  return db
    .selectFrom('transfer_bet_feeds')
    .selectAll()
    .where('vendor_id', '=', vendor.id)
    .executeTakeFirstOrThrow();
}

/** The feed row locked until the transaction ends: one page is written at a time per vendor. */
export function lockFeed(db: Executor, vendorId: string): Promise<TransferBetFeedRow> {
  return db
    .selectFrom('transfer_bet_feeds')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** A page taken: the cursor after it, whether more wait, and what it imported and skipped. */
export async function saveFeedPage(
  db: Executor,
  vendorId: string,
  page: { cursor: string; hasMore: boolean; askedAt: Date; imported: number; skipped: number },
): Promise<void> {
  await db
    .updateTable('transfer_bet_feeds')
    .set((eb) => ({
      cursor: page.cursor,
      has_more: page.hasMore,
      pulled_at: page.askedAt,
      // Reaching the end means every bet the vendor changed before the last question is here.
      ...(page.hasMore ? {} : { caught_up_at: page.askedAt }),
      imported_count: eb('imported_count', '+', BigInt(page.imported)),
      skipped_count: eb('skipped_count', '+', BigInt(page.skipped)),
      last_error: null,
      failed_at: null,
      updated_at: page.askedAt,
    }))
    .where('vendor_id', '=', vendorId)
    .execute();
}

/** A pull that brought no usable page: why, for the operators; the cursor stays. */
export async function saveFeedFailure(
  db: Executor,
  vendorId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('transfer_bet_feeds')
    .set({ last_error: reason.slice(0, 200), failed_at: at, updated_at: at })
    .where('vendor_id', '=', vendorId)
    .execute();
}

/** Which of these ids are members of the merchant. */
export async function findMerchantMemberIds(
  db: Executor,
  merchantId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The vendor's games by code, for the codes given. */
export async function findVendorGameIds(
  db: Executor,
  vendorId: string,
  codes: readonly string[],
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('games')
    .select(['id', 'game_code'])
    .where('vendor_id', '=', vendorId)
    .where('game_code', 'in', [...codes])
    .execute();
  return new Map(rows.map((row) => [row.game_code, row.id]));
}

/** The vendor's bets already in the record, by the vendor's bet id. */
export async function findImportedRounds(
  db: Executor,
  vendorId: string,
  betIds: readonly string[],
): Promise<Map<string, ImportedRound>> {
  if (betIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_rounds')
    .select(['id', 'member_id', 'game_id', 'status', 'stake_minor', 'win_minor', 'vendor_round_id'])
    .where('vendor_id', '=', vendorId)
    .where('vendor_round_id', 'in', [...betIds])
    .execute();
  return new Map(rows.map((row) => [row.vendor_round_id, row]));
}

/**
 * New bets in one statement. The bet record's triggers fill the game type, the valid bet and, for a
 * settled bet, its day and the member's upline, and add it to the member rollups.
 */
export async function insertImportedRounds(db: Executor, rows: NewRow<'game_rounds'>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('game_rounds').values(rows).execute();
}

/** A bet the vendor changed; the triggers carry the difference into the member rollups. */
export async function updateImportedRound(
  db: Executor,
  id: string,
  changes: {
    status: Row<'game_rounds'>['status'];
    stake_minor: bigint;
    win_minor: bigint;
    settled_at?: Date | null;
    resettled_at?: Date;
  },
  at: Date,
): Promise<void> {
  await db
    .updateTable('game_rounds')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .execute();
}
