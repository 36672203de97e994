import { sql } from 'kysely';
import type { WithdrawalCaseStatus, WithdrawalStatus } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { findNewestFirstPage } from '../../platform/db/newest-first-page.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';

export type PayoutAccountRow = Row<'payout_accounts'>;
export type WithdrawalRow = Row<'withdrawals'>;

export function findPayoutAccounts(db: Executor, memberId: string): Promise<PayoutAccountRow[]> {
  return db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export function findPayoutAccount(db: Executor, id: string): Promise<PayoutAccountRow | undefined> {
  return db.selectFrom('payout_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPayoutAccount(db: Executor, row: NewRow<'payout_accounts'>): Promise<void> {
  await db.insertInto('payout_accounts').values(row).execute();
}

export async function removePayoutAccount(
  db: Executor,
  memberId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('payout_accounts')
    .set({ removed_at: at })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The database's rule of one open (review or paying) withdrawal per member (migration 0108). */
const ONE_OPEN_INDEX = 'withdrawals_one_open_uq';

/** Inserts a withdrawal; false when the member already has an open one. */
export async function insertWithdrawal(db: Executor, row: NewRow<'withdrawals'>): Promise<boolean> {
  try {
    await db.insertInto('withdrawals').values(row).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error, ONE_OPEN_INDEX)) return false;
    throw error;
  }
}

export function findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a withdrawal on only from the states given; answers the row when it moved. */
export function moveWithdrawal(
  db: Executor,
  id: string,
  from: readonly WithdrawalStatus[],
  changes: Partial<Omit<WithdrawalRow, 'id' | 'created_at'>>,
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Stamps a new send on a payout the gateway never answered (in flight, no gateway id yet), sent
 * through `payoutMethodId` no later than `sentBefore`; answers the row when it did.
 */
export function markPayoutResent(
  db: Executor,
  input: { id: string; payoutMethodId: string; sentBefore: Date; reviewedBy: string; at: Date },
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({ reviewed_by: input.reviewedBy, reviewed_at: input.at, updated_at: input.at })
    .where('id', '=', input.id)
    .where('status', '=', 'paying')
    .where('gateway_payout_id', 'is', null)
    .where('payout_method_id', '=', input.payoutMethodId)
    .where('reviewed_at', '<=', input.sentBefore)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records the member's word on a paid withdrawal that still waits for it, only while what it was
 * read as is still so (the received amount unchanged); answers the row when it moved.
 */
export function moveAwaitingConfirmation(
  db: Executor,
  input: { id: string; memberId: string; receivedMinor: bigint },
  changes: Partial<Omit<WithdrawalRow, 'id' | 'created_at'>>,
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', input.id)
    .where('member_id', '=', input.memberId)
    .where('status', '=', 'paid')
    .where('confirmation', '=', 'awaiting')
    .where('received_minor', '=', input.receivedMinor)
    .returningAll()
    .executeTakeFirst();
}

/** Closes a not-received case that is still open; answers the row when it did. */
export function resolveOpenCase(
  db: Executor,
  input: { id: string; resolution: string; resolvedBy: string; at: Date },
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({
      case_status: 'resolved',
      case_resolution: input.resolution,
      case_resolved_by: input.resolvedBy,
      case_resolved_at: input.at,
      updated_at: input.at,
    })
    .where('id', '=', input.id)
    .where('case_status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** Merchants with paid withdrawals still waiting for the member's confirmation. */
export async function findMerchantsAwaitingConfirmation(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select('merchant_id')
    .distinct()
    .where('confirmation', '=', 'awaiting')
    .execute();
  return rows.map((row) => row.merchant_id);
}

/** Takes a merchant's payouts left unconfirmed since `paidBefore` as received in full. */
export function confirmAwaitingPaidBefore(
  db: Executor,
  input: { merchantId: string; paidBefore: Date; at: Date },
): Promise<WithdrawalRow[]> {
  return db
    .updateTable('withdrawals')
    .set((eb) => ({
      confirmation: 'auto_received',
      received_minor: eb.ref('amount_minor'),
      confirmed_at: input.at,
      updated_at: input.at,
    }))
    .where('merchant_id', '=', input.merchantId)
    .where('confirmation', '=', 'awaiting')
    .where('paid_at', '<=', input.paidBefore)
    .returningAll()
    .execute();
}

export async function findWithdrawalsPage(
  db: Executor,
  input: {
    memberId?: string;
    merchantIds?: readonly string[] | null;
    statuses?: readonly WithdrawalStatus[];
    caseStatus?: WithdrawalCaseStatus;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  let query = db.selectFrom('withdrawals');
  if (input.memberId) query = query.where('member_id', '=', input.memberId);
  if (input.merchantIds) query = query.where('merchant_id', 'in', [...input.merchantIds]);
  if (input.statuses && input.statuses.length > 0) query = query.where('status', 'in', [...input.statuses]);
  if (input.caseStatus) query = query.where('case_status', '=', input.caseStatus);
  return findNewestFirstPage(query, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize });
}

export async function countOpenWithdrawals(db: Executor, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<string>`count(*)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', 'in', ['review', 'paying'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** When the member's last withdrawal was paid; turnover counts from there. */
export async function findLastPaidAt(db: Executor, memberId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<Date | null>`max(paid_at)`.as('last'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}

/** Deposits credited to a member since a moment (all time when null). */
export async function sumCreditedDeposits(
  db: Executor,
  memberId: string,
  since: Date | null,
): Promise<bigint> {
  let query = db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited');
  if (since) query = query.where('credited_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.total);
}
