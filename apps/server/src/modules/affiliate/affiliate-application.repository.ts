import type { AffiliateApplicationStatus } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { findNewestFirstPage } from '../../platform/db/newest-first-page.ts';

export type ApplicationRow = Row<'affiliate_applications'>;
export type QueueRow = ApplicationRow & {
  account: string;
  reviewer: string | null;
  upline_account: string | null;
};

export async function insertApplication(
  db: Executor,
  row: NewRow<'affiliate_applications'>,
): Promise<ApplicationRow> {
  return db.insertInto('affiliate_applications').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The member's latest application, whatever its status. */
export function findLatestApplication(db: Executor, memberId: string): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('affiliate_applications')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findApplicationMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (
    await db
      .selectFrom('affiliate_applications')
      .select('merchant_id')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.merchant_id;
}

/** Locks one application for its review: a second reviewer waits, then sees the first one's answer. */
export function lockApplication(trx: Executor, id: string): Promise<ApplicationRow | undefined> {
  return trx
    .selectFrom('affiliate_applications')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateApplicationReview(
  trx: Executor,
  id: string,
  review: Pick<
    ApplicationRow,
    'status' | 'reviewed_by' | 'reviewed_at' | 'review_note' | 'agent_type' | 'upline_id'
  >,
): Promise<ApplicationRow> {
  return trx
    .updateTable('affiliate_applications')
    .set(review)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of the queue, newest first, with the applicant's account and the reviewer's name. */
export async function findApplicationsPage(
  db: Executor,
  filter: {
    merchantIds: readonly string[] | null;
    status: AffiliateApplicationStatus | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: QueueRow[]; total: number }> {
  let query = db.selectFrom('affiliate_applications');
  if (filter.merchantIds !== null) {
    if (filter.merchantIds.length === 0) return { rows: [], total: 0 };
    query = query.where('merchant_id', 'in', filter.merchantIds);
  }
  if (filter.status !== null) query = query.where('status', '=', filter.status);
  const page = await findNewestFirstPage(query, filter);
  if (page.rows.length === 0) return { rows: [], total: page.total };
  const memberIds = [
    ...new Set(page.rows.flatMap((row) => [row.member_id, ...(row.upline_id ? [row.upline_id] : [])])),
  ];
  const operatorIds = [...new Set(page.rows.flatMap((row) => (row.reviewed_by ? [row.reviewed_by] : [])))];
  const [accounts, operators] = await Promise.all([
    db.selectFrom('members').select(['id', 'account']).where('id', 'in', memberIds).execute(),
    operatorIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('operators').select(['id', 'username']).where('id', 'in', operatorIds).execute(),
  ]);
  const accountOf = new Map(accounts.map((row) => [row.id, row.account]));
  const operatorOf = new Map(operators.map((row) => [row.id, row.username]));
  return {
    rows: page.rows.map((row) => ({
      ...row,
      account: accountOf.get(row.member_id) ?? '',
      upline_account: row.upline_id ? (accountOf.get(row.upline_id) ?? null) : null,
      reviewer: row.reviewed_by ? (operatorOf.get(row.reviewed_by) ?? null) : null,
    })),
    total: page.total,
  };
}
