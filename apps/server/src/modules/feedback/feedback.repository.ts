import { sql } from 'kysely';
import type { FeedbackStatus, FeedbackType } from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';
import { findNewestFirstPage } from '../../platform/db/newest-first-page.ts';

export type FeedbackRow = Row<'feedbacks'>;
export type FeedbackImageRow = Row<'feedback_images'>;
/** A feedback as the inbox lists it: with the member's account and the answering operator's name. */
export type InboxRow = FeedbackRow & { account: string; answerer: string | null };

/** Holds a member's feedback in turn, so that a count of it and the next one are one decision. */
export async function lockMemberFeedback(trx: Executor, memberId: string): Promise<void> {
  await trx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
}

/** How many feedbacks the member sent since a moment. */
export async function countFeedbackSince(db: Executor, memberId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('feedbacks')
    .select(sql<string>`count(*)`.as('count'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many of the member's images are not attached to a feedback, uploaded since a moment. */
export async function countUnattachedImagesSince(
  db: Executor,
  memberId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('feedback_images')
    .select(sql<string>`count(*)`.as('count'))
    .where('member_id', '=', memberId)
    .where('feedback_id', 'is', null)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertImage(db: Executor, row: NewRow<'feedback_images'>): Promise<FeedbackImageRow> {
  return db.insertInto('feedback_images').values(row).returningAll().executeTakeFirstOrThrow();
}

export function insertFeedback(db: Executor, row: NewRow<'feedbacks'>): Promise<FeedbackRow> {
  return db.insertInto('feedbacks').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Attaches the member's named images, those not attached yet, to a feedback; answers how many it
 * took (fewer than named when one is another member's, already used, or unknown).
 */
export async function attachImages(
  trx: Executor,
  input: { memberId: string; feedbackId: string; imageIds: readonly string[] },
): Promise<number> {
  if (input.imageIds.length === 0) return 0;
  const result = await trx
    .updateTable('feedback_images')
    .set({ feedback_id: input.feedbackId })
    .where('id', 'in', input.imageIds)
    .where('member_id', '=', input.memberId)
    .where('feedback_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The images of some feedbacks, oldest first. */
export function findImagesOf(db: Executor, feedbackIds: readonly string[]): Promise<FeedbackImageRow[]> {
  if (feedbackIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('feedback_images')
    .selectAll()
    .where('feedback_id', 'in', feedbackIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findImage(db: Executor, id: string): Promise<FeedbackImageRow | undefined> {
  return db.selectFrom('feedback_images').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of the member's own feedback, newest first. */
export function findMemberPage(db: Executor, memberId: string, page: { limit: number; offset: number }) {
  return findNewestFirstPage(db.selectFrom('feedbacks').where('member_id', '=', memberId), page);
}

export async function findFeedbackMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('feedbacks').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}

/** Locks one feedback for its answer: a second operator waits, then sees the first one's answer. */
export function lockFeedback(trx: Executor, id: string): Promise<FeedbackRow | undefined> {
  return trx.selectFrom('feedbacks').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateAnswer(
  trx: Executor,
  id: string,
  answer: Pick<FeedbackRow, 'answer' | 'answered_by' | 'answered_at'>,
): Promise<FeedbackRow> {
  return trx
    .updateTable('feedbacks')
    .set({ ...answer, status: 'answered' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds the member's account and the answering operator's name to feedback rows. */
async function withNames(db: Executor, rows: FeedbackRow[]): Promise<InboxRow[]> {
  if (rows.length === 0) return [];
  const memberIds = [...new Set(rows.map((row) => row.member_id))];
  const operatorIds = [...new Set(rows.flatMap((row) => (row.answered_by ? [row.answered_by] : [])))];
  const [accounts, operators] = await Promise.all([
    db.selectFrom('members').select(['id', 'account']).where('id', 'in', memberIds).execute(),
    operatorIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('operators').select(['id', 'username']).where('id', 'in', operatorIds).execute(),
  ]);
  const accountOf = new Map(accounts.map((row) => [row.id, row.account]));
  const operatorOf = new Map(operators.map((row) => [row.id, row.username]));
  return rows.map((row) => ({
    ...row,
    account: accountOf.get(row.member_id) ?? '',
    answerer: row.answered_by ? (operatorOf.get(row.answered_by) ?? null) : null,
  }));
}

/** A page of the back office's inbox, newest first, of the merchants given (null: all). */
export async function findInboxPage(
  db: Executor,
  filter: {
    merchantIds: readonly string[] | null;
    status: FeedbackStatus | null;
    type: FeedbackType | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: InboxRow[]; total: number }> {
  let query = db.selectFrom('feedbacks');
  if (filter.merchantIds !== null) {
    if (filter.merchantIds.length === 0) return { rows: [], total: 0 };
    query = query.where('merchant_id', 'in', filter.merchantIds);
  }
  if (filter.status !== null) query = query.where('status', '=', filter.status);
  if (filter.type !== null) query = query.where('type', '=', filter.type);
  const page = await findNewestFirstPage(query, filter);
  return { rows: await withNames(db, page.rows), total: page.total };
}

/** One feedback with its names, or undefined. */
export async function findInboxRow(db: Executor, id: string): Promise<InboxRow | undefined> {
  const row = await db.selectFrom('feedbacks').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withNames(db, [row]))[0] : undefined;
}
