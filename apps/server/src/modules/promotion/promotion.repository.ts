import { type ExpressionBuilder, sql } from 'kysely';
import type {
  Database,
  PromotionEntryStatus,
  PromotionKind,
  PromotionStatus,
  PromotionType,
} from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

export type PromotionRow = Row<'promotions'>;
export type EntryRow = Row<'promotion_entries'>;
export type EntryImageRow = Row<'promotion_entry_images'>;
export type BonusRow = Row<'member_bonuses'>;

/** An entry of the member's own list, with its promotion's names. */
export type MemberEntryRow = EntryRow & {
  promotion_title: PromotionRow['title'];
  promotion_type: PromotionType;
  promotion_kind: PromotionKind;
};

/** An application in the back office's queue, with its member's account and its promotion. */
export type ApplicationQueueRow = EntryRow & {
  account: string;
  promotion_title: PromotionRow['title'];
  promotion_rules: unknown;
  reviewer: string | null;
};

/** Who a player list is read for: a visitor, or a member with what their audience depends on. */
export type ListViewer = { kind: 'visitor' } | { kind: 'member'; memberId: string; registeredAt: Date };

/** Statuses of a bonus still playing: its promotion stays in the member's list after it closes. */
const OPEN_BONUS_STATUSES = ['waiting', 'active'] as const;

export function insertPromotion(db: Executor, row: NewRow<'promotions'>): Promise<PromotionRow> {
  return db.insertInto('promotions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updatePromotion(
  db: Executor,
  id: string,
  changes: Partial<NewRow<'promotions'>>,
): Promise<PromotionRow> {
  return db
    .updateTable('promotions')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPromotion(db: Executor, id: string): Promise<PromotionRow | undefined> {
  return db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The merchant's promotions among these ids. */
export function findPromotionsByIds(
  db: Executor,
  merchantId: string,
  ids: readonly string[],
): Promise<PromotionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .execute();
}

/** Locks a promotion while an operator changes it: two edits, or an edit and a publish, take turns. */
export function lockPromotion(trx: Executor, id: string): Promise<PromotionRow | undefined> {
  return trx.selectFrom('promotions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findPromotionMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('promotions').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}

/** The back office's list: newest first, by merchant, status and type. */
export async function findPromotionsPage(
  db: Executor,
  filter: {
    merchantIds: readonly string[] | null;
    status: PromotionStatus | null;
    type: PromotionType | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PromotionRow[]; total: number }> {
  if (filter.merchantIds !== null && filter.merchantIds.length === 0) return { rows: [], total: 0 };
  let query = db.selectFrom('promotions');
  if (filter.merchantIds !== null) query = query.where('merchant_id', 'in', filter.merchantIds);
  if (filter.status !== null) query = query.where('status', '=', filter.status);
  if (filter.type !== null) query = query.where('type', '=', filter.type);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Promotions a player's list shows (docs/promotions.md "Wire (player)"): published ones not yet
 * closed whose audience takes the viewer in (visitors: everyone's and new members'), and, for a
 * member, any promotion they still have something in progress in (an application waiting, a bonus
 * waiting or playing, a raffle prize to claim), closed or withdrawn as it may be. By sort order,
 * then newest.
 */
export async function findListablePage(
  db: Executor,
  filter: {
    merchantId: string;
    now: Date;
    type: PromotionType | null;
    viewer: ListViewer;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PromotionRow[]; total: number }> {
  const { viewer, now } = filter;
  const open = (eb: ExpressionBuilder<Database, 'promotions'>) => {
    const notClosed = eb.and([
      eb('promotions.status', '=', 'published'),
      eb.or([eb('promotions.ends_at', 'is', null), eb('promotions.ends_at', '>', now)]),
    ]);
    if (viewer.kind === 'visitor') {
      return eb.and([notClosed, eb('promotions.audience', 'in', ['all', 'new_members'])]);
    }
    const audience = eb.or([
      eb('promotions.audience', '=', 'all'),
      eb.and([
        eb('promotions.audience', '=', 'new_members'),
        sql<boolean>`${viewer.registeredAt} > ${now}::timestamptz - make_interval(days => coalesce((promotions.rules ->> 'newMemberDays')::int, 7))`,
      ]),
      eb.and([
        eb('promotions.audience', '=', 'agent_teams'),
        sql<boolean>`exists (select 1 from member_tree t where t.descendant_id = ${viewer.memberId}
          and t.depth >= 1 and t.ancestor_id = any(promotions.audience_agent_ids))`,
      ]),
    ]);
    const inProgress = eb(
      'promotions.id',
      'in',
      eb
        .selectFrom('promotion_entries as e')
        .leftJoin('member_bonuses as b', 'b.id', 'e.bonus_id')
        .select('e.promotion_id')
        .where('e.member_id', '=', viewer.memberId)
        .where((inner) =>
          inner.or([inner('e.status', '=', 'applying'), inner('b.status', 'in', OPEN_BONUS_STATUSES)]),
        ),
    );
    // A drawn raffle stays for a winner until their prize is claimed or its time is up.
    const prizeToClaim = sql<boolean>`exists (select 1 from raffle_winners w
      where w.promotion_id = promotions.id and w.member_id = ${viewer.memberId}
        and w.status = 'won' and w.claim_by > ${now})`;
    return eb.or([
      eb.and([notClosed, audience]),
      eb.and([eb('promotions.status', '<>', 'draft'), eb.or([inProgress, prizeToClaim])]),
    ]);
  };
  let query = db.selectFrom('promotions').where('merchant_id', '=', filter.merchantId).where(open);
  if (filter.type !== null) query = query.where('type', '=', filter.type);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('sort_order', 'asc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The agents above a member in the tree (not the member itself). */
export async function findAncestorIds(db: Executor, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_tree')
    .select('ancestor_id')
    .where('descendant_id', '=', memberId)
    .where('depth', '>=', 1)
    .execute();
  return rows.map((row) => row.ancestor_id);
}

/** The member's entries in these promotions, oldest first. */
export async function findEntriesOf(
  db: Executor,
  memberId: string,
  promotionIds: readonly string[],
): Promise<EntryRow[]> {
  if (promotionIds.length === 0) return [];
  return db
    .selectFrom('promotion_entries')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('promotion_id', 'in', promotionIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function insertEntry(db: Executor, row: NewRow<'promotion_entries'>): Promise<EntryRow> {
  return db.insertInto('promotion_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateEntry(
  db: Executor,
  id: string,
  changes: Partial<NewRow<'promotion_entries'>>,
): Promise<EntryRow> {
  return db
    .updateTable('promotion_entries')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Locks one entry while it is reviewed: of two operators deciding at once, one decides. */
export function lockEntry(trx: Executor, id: string): Promise<EntryRow | undefined> {
  return trx.selectFrom('promotion_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findEntryMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (
    await db.selectFrom('promotion_entries').select('merchant_id').where('id', '=', id).executeTakeFirst()
  )?.merchant_id;
}

/** A page of the member's own entries, newest first, with their promotions' names. */
export async function findMemberEntriesPage(
  db: Executor,
  filter: { memberId: string; limit: number; offset: number },
): Promise<{ rows: MemberEntryRow[]; total: number }> {
  const query = db
    .selectFrom('promotion_entries as e')
    .innerJoin('promotions as p', 'p.id', 'e.promotion_id')
    .where('e.member_id', '=', filter.memberId);
  const [rows, count] = await Promise.all([
    query
      .selectAll('e')
      .select(['p.title as promotion_title', 'p.type as promotion_type', 'p.kind as promotion_kind'])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The member's joined deposit bonuses that are open now, oldest joined first, locked: a member's
 * deposits credited at the same moment are matched one after the other, each seeing the grants and
 * the deposits committed before it.
 */
export async function lockJoinedDepositBonuses(
  trx: Executor,
  memberId: string,
  now: Date,
): Promise<{ entry: EntryRow; promotion: PromotionRow }[]> {
  const entries = await trx
    .selectFrom('promotion_entries as e')
    .innerJoin('promotions as p', 'p.id', 'e.promotion_id')
    .selectAll('e')
    .where('e.member_id', '=', memberId)
    .where('e.cycle', '=', '')
    .where('e.status', '=', 'joined')
    .where('p.kind', '=', 'deposit_bonus')
    .where('p.status', '=', 'published')
    .where('p.starts_at', '<=', now)
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', now)]))
    .orderBy('e.created_at', 'asc')
    .orderBy('e.id', 'asc')
    .forUpdate('e')
    .execute();
  if (entries.length === 0) return [];
  const promotions = await trx
    .selectFrom('promotions')
    .selectAll()
    .where(
      'id',
      'in',
      entries.map((entry) => entry.promotion_id),
    )
    .execute();
  const byId = new Map(promotions.map((promotion) => [promotion.id, promotion]));
  return entries.flatMap((entry) => {
    const promotion = byId.get(entry.promotion_id);
    return promotion ? [{ entry, promotion }] : [];
  });
}

/** How many grants a promotion made the member (entries carrying a bonus or an amount paid). */
export async function countGrants(trx: Executor, promotionId: string, memberId: string): Promise<number> {
  const row = await trx
    .selectFrom('promotion_entries')
    .select(sql<string>`count(*)`.as('count'))
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'issued')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many of the member's deposits were credited before this one: those whose credit is in the
 * ledger (`deposit:<id>`), which commits with the grant it may earn, so that the count is right for
 * deposits credited at the same moment whatever their status column says yet.
 */
export async function countCreditedDepositsBesides(
  trx: Executor,
  memberId: string,
  depositId: string,
): Promise<number> {
  const row = await trx
    .selectFrom('deposits as d')
    .select(sql<string>`count(*)`.as('count'))
    .where('d.member_id', '=', memberId)
    .where('d.id', '<>', depositId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('ledger_transfers as t')
          .select('t.id')
          .whereRef('t.merchant_id', '=', 'd.merchant_id')
          .where(sql<boolean>`t.idempotency_key = 'deposit:' || d.id`),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a deposit's credit (`deposit:<id>`, the deposit workflow's key) is in the ledger already. */
export async function isDepositCredited(
  trx: Executor,
  merchantId: string,
  depositId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('ledger_transfers')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', `deposit:${depositId}`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The applications queue: oldest first while waiting (first come, first served), else newest first. */
export async function findApplicationsPage(
  db: Executor,
  filter: {
    merchantIds: readonly string[] | null;
    status: Extract<PromotionEntryStatus, 'applying' | 'rejected' | 'issued'> | null;
    promotionId: string | null;
    entryId?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ApplicationQueueRow[]; total: number }> {
  if (filter.merchantIds !== null && filter.merchantIds.length === 0) return { rows: [], total: 0 };
  let query = db
    .selectFrom('promotion_entries as e')
    .innerJoin('promotions as p', 'p.id', 'e.promotion_id')
    .innerJoin('members as m', 'm.id', 'e.member_id')
    .leftJoin('operators as o', 'o.id', 'e.reviewed_by')
    .where('p.kind', '=', 'application');
  if (filter.status !== null) query = query.where('e.status', '=', filter.status);
  if (filter.entryId !== undefined) query = query.where('e.id', '=', filter.entryId);
  if (filter.merchantIds !== null) query = query.where('e.merchant_id', 'in', filter.merchantIds);
  if (filter.promotionId !== null) query = query.where('e.promotion_id', '=', filter.promotionId);
  const direction = filter.status === 'applying' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    query
      .selectAll('e')
      .select([
        'm.account',
        'p.title as promotion_title',
        'p.rules as promotion_rules',
        'o.username as reviewer',
      ])
      .orderBy('e.created_at', direction)
      .orderBy('e.id', direction)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Holds a member's uploads in turn, so that a count of them and the next upload are one decision. */
export async function lockMemberUploads(trx: Executor, memberId: string): Promise<void> {
  await trx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
}

/** The member's images not attached to an application, uploaded since a moment. */
export async function countUnattachedImagesSince(
  db: Executor,
  memberId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('promotion_entry_images')
    .select(sql<string>`count(*)`.as('count'))
    .where('member_id', '=', memberId)
    .where('entry_id', 'is', null)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertImage(db: Executor, row: NewRow<'promotion_entry_images'>): Promise<EntryImageRow> {
  return db.insertInto('promotion_entry_images').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Attaches the member's own unattached images to an entry; answers those it attached. */
export async function attachImages(
  trx: Executor,
  input: { entryId: string; memberId: string; imageIds: readonly string[] },
): Promise<string[]> {
  if (input.imageIds.length === 0) return [];
  const rows = await trx
    .updateTable('promotion_entry_images')
    .set({ entry_id: input.entryId })
    .where('id', 'in', input.imageIds)
    .where('member_id', '=', input.memberId)
    .where('entry_id', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export function findImage(db: Executor, id: string): Promise<EntryImageRow | undefined> {
  return db.selectFrom('promotion_entry_images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findImageMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (
    await db
      .selectFrom('promotion_entry_images')
      .select('merchant_id')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.merchant_id;
}

/** The images of entries, oldest first. */
export function findImagesOfEntries(db: Executor, entryIds: readonly string[]): Promise<EntryImageRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('promotion_entry_images')
    .selectAll()
    .where('entry_id', 'in', entryIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findBonuses(db: Executor, ids: readonly string[]): Promise<BonusRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('member_bonuses').selectAll().where('id', 'in', ids).execute();
}

/** Whether the member has a bonus playing now (a new one would wait for it). */
export async function hasActiveBonus(db: Executor, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_bonuses')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

/** The agents of a merchant among these ids (an audience of agent teams names only agents). */
export async function findAgentIds(
  db: Executor,
  merchantId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .where('type', 'in', [1, 2, 41, 42])
    .execute();
  return rows.map((row) => row.id);
}
