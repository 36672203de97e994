import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  AnnouncementsTable,
  BannersTable,
  Database,
  HelpArticlesTable,
  HelpCategoriesTable,
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
    .where('starts_at', '<=', query.now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', query.now)]));
  if (query.executions) {
    const executions = query.executions;
    // An announcement without an execution code is meant for everyone.
    base = base.where((eb) => eb.or([eb('execution', 'is', null), eb('execution', 'in', executions)]));
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('sort_order')
      .orderBy('starts_at', 'desc')
      .orderBy('id')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
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
