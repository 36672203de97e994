import type { VendorTransferStatus } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import type { VendorRow } from './game.repository.ts';

export type VendorTransferRow = Row<'vendor_transfers'>;

const REQUEST_UNIQUE = 'vendor_transfers_request_uq';

/** Inserts a transfer; false when the member's request id is already taken (the caller reads that one). */
export async function insertVendorTransfer(db: Executor, row: NewRow<'vendor_transfers'>): Promise<boolean> {
  try {
    await db.insertInto('vendor_transfers').values(row).execute();
    return true;
  } catch (error) {
    const found = error as { code?: unknown; constraint?: unknown; message?: unknown };
    const isRequestTaken =
      found.code === '23505' &&
      (found.constraint === REQUEST_UNIQUE || String(found.message).includes(REQUEST_UNIQUE));
    if (isRequestTaken) return false;
    throw error;
  }
}

export function findVendorTransferByRequest(
  db: Executor,
  memberId: string,
  requestId: string,
): Promise<VendorTransferRow | undefined> {
  return db
    .selectFrom('vendor_transfers')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export function findVendorTransferById(db: Executor, id: string): Promise<VendorTransferRow | undefined> {
  return db.selectFrom('vendor_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Ends a pending transfer; false when it had already ended (another path finished it first, with
 * the same vendor answer, so the first ending stands).
 */
export async function finishVendorTransfer(
  db: Executor,
  id: string,
  changes: {
    status: Exclude<VendorTransferStatus, 'pending'>;
    failureCode?: string | null;
    vendorBalanceMinor?: bigint | null;
    at: Date;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('vendor_transfers')
    .set({
      status: changes.status,
      failure_code: changes.failureCode ?? null,
      ...(changes.vendorBalanceMinor !== undefined
        ? { vendor_balance_minor: changes.vendorBalanceMinor }
        : {}),
      updated_at: changes.at,
      settled_at: changes.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Counts one more question to the vendor about a pending transfer. */
export async function countVendorTransferAttempt(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .updateTable('vendor_transfers')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Pending transfers created before a moment that the job may still ask about, oldest first. */
export function findSettleableTransfers(
  db: Executor,
  input: { createdBefore: Date; attemptsBelow: number; limit: number },
): Promise<VendorTransferRow[]> {
  return db
    .selectFrom('vendor_transfers')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', input.createdBefore)
    .where('attempts', '<', input.attemptsBelow)
    .orderBy('created_at')
    .limit(input.limit)
    .execute();
}

/**
 * A member's latest transfers, pending ones first (operators look at these: a transfer still
 * pending after the job's questions waits for them), each with its vendor's code.
 */
export function findTransfersOfMember(
  db: Executor,
  memberId: string,
  limit: number,
): Promise<(VendorTransferRow & { vassalage: string })[]> {
  return db
    .selectFrom('vendor_transfers')
    .innerJoin('game_vendors', 'game_vendors.id', 'vendor_transfers.vendor_id')
    .selectAll('vendor_transfers')
    .select('game_vendors.vassalage')
    .where('vendor_transfers.member_id', '=', memberId)
    .orderBy((eb) => eb.case().when('vendor_transfers.status', '=', 'pending').then(0).else(1).end())
    .orderBy('vendor_transfers.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The merchant's transfer-wallet vendors that are not disabled, in the catalogue's order. */
export function findTransferVendors(db: Executor, merchantId: string): Promise<VendorRow[]> {
  return db
    .selectFrom('game_vendors')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('wallet_mode', '=', 'transfer')
    .where('status', '<>', 'disabled')
    .orderBy('sort_order')
    .orderBy('vassalage')
    .execute();
}

/** The vendors a member has ever moved money to: only these can hold a balance of theirs. */
export async function findVendorIdsUsedBy(db: Executor, memberId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('vendor_transfers')
    .select('vendor_id')
    .distinct()
    .where('member_id', '=', memberId)
    .execute();
  return new Set(rows.map((row) => row.vendor_id));
}
