import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  AnnouncementsTable,
  BannersTable,
  Database,
  HelpArticlesTable,
  HelpCategoriesTable,
  LocalizedText,
  MerchantCustomerServicesTable,
  MerchantResourcesTable,
} from '../../db/schema.ts';

export type CustomerServiceRow = Selectable<MerchantCustomerServicesTable>;
export type ResourceRow = Selectable<MerchantResourcesTable>;
export type BannerRow = Selectable<BannersTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type HelpCategoryRow = Selectable<HelpCategoriesTable>;
export type HelpArticleRow = Selectable<HelpArticlesTable>;

export async function listCustomerServiceRows(
  db: Kysely<Database>,
  merchantId: string,
): Promise<CustomerServiceRow[]> {
  return db
    .selectFrom('merchant_customer_services')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listResourceRows(db: Kysely<Database>, merchantId: string): Promise<ResourceRow[]> {
  return db
    .selectFrom('merchant_resources')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('resource_type')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Enabled banners whose schedule contains `now`. */
export async function listActiveBannerRows(
  db: Kysely<Database>,
  merchantId: string,
  now: Date,
): Promise<BannerRow[]> {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('group_name')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export type AnnouncementQuery = {
  merchantId: string;
  types: readonly string[];
  platform: string;
  executions: readonly string[] | undefined;
  audiences: readonly string[];
  /** 'operator': the merchant's sort order, newest first within it; 'newest': by start alone. */
  order?: 'operator' | 'newest';
  now: Date;
  offset: number;
  limit: number;
};

/** One page of published, scheduled announcements, and how many match in all. */
export async function findAnnouncementRows(
  db: Kysely<Database>,
  query: AnnouncementQuery,
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  let base = db
    .selectFrom('announcements')
    .where('merchant_id', '=', query.merchantId)
    .where('published', '=', true)
    .where('platform', '=', query.platform)
    .where('type', 'in', query.types)
    .where('audience', 'in', query.audiences)
    .where('starts_at', '<=', query.now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', query.now)]));
  if (query.executions) {
    const executions = query.executions;
    // An announcement without an execution code is meant for everyone.
    base = base.where((eb) => eb.or([eb('execution', 'is', null), eb('execution', 'in', executions)]));
  }
  const ordered = query.order === 'newest' ? base : base.orderBy('sort_order');
  const [rows, count] = await Promise.all([
    ordered
      .selectAll()
      .orderBy('starts_at', 'desc')
      .orderBy('id')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Published notices (type B) of the player site whose start or end fell in (from, to]: the ones
 * that appeared in or left the marquee then, of every merchant.
 */
export async function findNoticesTurning(
  db: Kysely<Database>,
  window: { from: Date; to: Date },
): Promise<{ id: string; merchant_id: string; title: LocalizedText }[]> {
  return db
    .selectFrom('announcements')
    .select(['id', 'merchant_id', 'title'])
    .where('type', '=', 'B')
    .where('platform', '=', 'W')
    .where('published', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('starts_at', '>', window.from), eb('starts_at', '<=', window.to)]),
        eb.and([eb('ends_at', '>', window.from), eb('ends_at', '<=', window.to)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

export async function listHelpRows(
  db: Kysely<Database>,
  merchantId: string,
  device: string,
): Promise<{ categories: HelpCategoryRow[]; articles: HelpArticleRow[] }> {
  const categories = await db
    .selectFrom('help_categories')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('device', '=', device)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (categories.length === 0) return { categories, articles: [] };
  const articles = await db
    .selectFrom('help_articles')
    .selectAll()
    .where(
      'category_id',
      'in',
      categories.map((category) => category.id),
    )
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return { categories, articles };
}

export async function insertHelpCategory(
  db: Kysely<Database>,
  row: Insertable<HelpCategoriesTable>,
): Promise<void> {
  await db.insertInto('help_categories').values(row).execute();
}

export async function insertHelpArticles(
  db: Kysely<Database>,
  rows: readonly Insertable<HelpArticlesTable>[],
): Promise<void> {
  await db
    .insertInto('help_articles')
    .values([...rows])
    .execute();
}

/** The tables the back office edits row by row; each row has an id and belongs to one merchant. */
export type EditableTable =
  | 'banners'
  | 'announcements'
  | 'merchant_customer_services'
  | 'merchant_resources'
  | 'help_categories'
  | 'help_articles';

// Kysely cannot type a query over a table chosen at run time, so the statements below see every
// editable table as one table `row` with an id and a merchant (the SQL names the real table); the
// editors type each row against its real table.
export type LooseRow = { id: string; merchant_id: string };
type LooseDatabase = { row: LooseRow };
type Executor = Kysely<Database> | Transaction<Database>;
const loosely = (executor: Executor) => executor as unknown as Kysely<LooseDatabase>;
const looseTable = (table: EditableTable) => table as unknown as 'row';

export async function findRowMerchantId(
  db: Executor,
  table: EditableTable,
  id: string,
): Promise<string | undefined> {
  const row = await loosely(db)
    .selectFrom(looseTable(table))
    .select('merchant_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.merchant_id;
}

export function insertRow(
  db: Executor,
  table: EditableTable,
  values: Record<string, unknown> & LooseRow,
): Promise<LooseRow> {
  return loosely(db).insertInto(looseTable(table)).values(values).returningAll().executeTakeFirstOrThrow();
}

/** The row, locked until the transaction ends. */
export function lockRow(db: Executor, table: EditableTable, id: string): Promise<LooseRow | undefined> {
  return loosely(db)
    .selectFrom(looseTable(table))
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateRow(
  db: Executor,
  table: EditableTable,
  id: string,
  values: Record<string, unknown>,
): Promise<LooseRow> {
  return loosely(db)
    .updateTable(looseTable(table))
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteRow(db: Executor, table: EditableTable, id: string): Promise<LooseRow | undefined> {
  return loosely(db).deleteFrom(looseTable(table)).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Up to `limit` rows of the merchants in scope (every merchant's when null), in the order given. */
export async function listEditableRows<T extends EditableTable>(
  db: Executor,
  table: T,
  input: {
    scope: readonly string[] | null;
    orderBy: readonly (readonly [column: string, direction: 'asc' | 'desc'])[];
    limit: number;
  },
): Promise<Selectable<Database[T]>[]> {
  let query = loosely(db).selectFrom(looseTable(table)).selectAll();
  for (const [column, direction] of input.orderBy) query = query.orderBy(sql.ref(column), direction);
  if (input.scope) query = query.where('merchant_id', 'in', [...input.scope, '']);
  return (await query.limit(input.limit).execute()) as unknown as Selectable<Database[T]>[];
}

/** Whether another help category of the merchant's device uses this anchor. */
export async function isHelpAnchorTaken(
  db: Executor,
  input: { merchantId: string; device: string; anchor: string; exceptId: string },
): Promise<boolean> {
  const taken = await db
    .selectFrom('help_categories')
    .select('id')
    .where('merchant_id', '=', input.merchantId)
    .where('device', '=', input.device)
    .where('anchor', '=', input.anchor)
    .where('id', '!=', input.exceptId)
    .executeTakeFirst();
  return taken !== undefined;
}

export async function isMerchantHelpCategory(
  db: Executor,
  merchantId: string,
  categoryId: string,
): Promise<boolean> {
  const category = await db
    .selectFrom('help_categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return category !== undefined;
}
