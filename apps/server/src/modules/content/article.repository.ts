import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { ArticlesTable, Database } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';

export type ArticleRow = Selectable<ArticlesTable>;
export type ArticleKind = ArticlesTable['kind'];
/** Where an article stands at a moment: its own switch, then its schedule. */
export type ArticleStatus = 'draft' | 'scheduled' | 'live' | 'ended';

type ArticleQuery = ReturnType<typeof selectArticles>;

function selectArticles(db: Executor, merchantIds: readonly string[] | null) {
  const base = db.selectFrom('articles');
  return merchantIds === null ? base : base.where('merchant_id', 'in', merchantIds);
}

/** Articles readers may see at `now`: published, past their start and before their end. */
function whereLive(query: ArticleQuery, now: Date): ArticleQuery {
  return query
    .where('published', '=', true)
    .where('publish_at', '<=', now)
    .where((eb) => eb.or([eb('unpublish_at', 'is', null), eb('unpublish_at', '>', now)]));
}

function whereStatus(query: ArticleQuery, status: ArticleStatus, now: Date): ArticleQuery {
  switch (status) {
    case 'draft':
      return query.where('published', '=', false);
    case 'scheduled':
      return query.where('published', '=', true).where('publish_at', '>', now);
    case 'live':
      return whereLive(query, now);
    case 'ended':
      return query.where('published', '=', true).where('unpublish_at', '<=', now);
  }
}

/** One page of a kind's live articles (the guide in the operator's order, the others newest first). */
export async function findLiveArticleRows(
  db: Kysely<Database>,
  query: { merchantId: string; kind: ArticleKind; now: Date; offset: number; limit: number },
): Promise<{ rows: ArticleRow[]; total: number }> {
  const base = whereLive(selectArticles(db, [query.merchantId]), query.now).where('kind', '=', query.kind);
  const ordered =
    query.kind === 'guide'
      ? base.orderBy('sort_order').orderBy('publish_at')
      : base.orderBy('publish_at', 'desc').orderBy('sort_order');
  const [rows, count] = await Promise.all([
    ordered.selectAll().orderBy('id').offset(query.offset).limit(query.limit).execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The kinds that have at least one live article at `now`. */
export async function findLiveArticleKinds(
  db: Kysely<Database>,
  merchantId: string,
  now: Date,
): Promise<ArticleKind[]> {
  const rows = await whereLive(selectArticles(db, [merchantId]), now)
    .select('kind')
    .distinct()
    .execute();
  return rows.map((row) => row.kind);
}

/** A live article by its slug. */
export function findLiveArticleRow(
  db: Kysely<Database>,
  query: { merchantId: string; slug: string; now: Date },
): Promise<ArticleRow | undefined> {
  return whereLive(selectArticles(db, [query.merchantId]), query.now)
    .where('slug', '=', query.slug)
    .selectAll()
    .executeTakeFirst();
}

/** A live guide step's place: its number and the steps on either side of it. */
export type GuideStepRow = Pick<ArticleRow, 'id' | 'slug' | 'title'> & { position: number; total: number };

/**
 * The live guide article `articleId` with the steps just before and after it, in the guide's order
 * (the list's: sort order, then publication, then id), each with its number and the guide's length.
 */
export async function findGuideStepRows(
  db: Kysely<Database>,
  query: { merchantId: string; articleId: string; now: Date },
): Promise<GuideStepRow[]> {
  const steps = whereLive(selectArticles(db, [query.merchantId]), query.now)
    .where('kind', '=', 'guide')
    .select([
      'id',
      'slug',
      'title',
      sql<string>`row_number() over (order by sort_order, publish_at, id)`.as('position'),
      sql<string>`count(*) over ()`.as('total'),
    ]);
  const rows = await db
    .with('steps', () => steps)
    .with('mine', (qc) => qc.selectFrom('steps').select('position').where('id', '=', query.articleId))
    .selectFrom(['steps', 'mine'])
    .select(['steps.id', 'steps.slug', 'steps.title', 'steps.position', 'steps.total'])
    .where(sql<boolean>`steps.position between mine.position - 1 and mine.position + 1`)
    .orderBy('steps.position')
    .execute();
  return rows.map((row) => ({ ...row, position: Number(row.position), total: Number(row.total) }));
}

export type ArticleListFilter = {
  merchantIds: readonly string[] | null;
  kind: ArticleKind | undefined;
  status: ArticleStatus | undefined;
  /** Part of a slug or of a title in any language. */
  search: string | undefined;
  now: Date;
  offset: number;
  limit: number;
};

/** One page of every article the operator may see, newest change first, with the count of all. */
export async function listArticleRows(
  db: Kysely<Database>,
  filter: ArticleListFilter,
): Promise<{ rows: ArticleRow[]; total: number }> {
  let base = selectArticles(db, filter.merchantIds);
  if (filter.kind) base = base.where('kind', '=', filter.kind);
  if (filter.status) base = whereStatus(base, filter.status, filter.now);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('slug', 'ilike', pattern), eb(sql<string>`title::text`, 'ilike', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findArticleRow(db: Executor, id: string): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockArticleRow(db: Executor, id: string): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertArticleRow(db: Executor, values: Insertable<ArticlesTable>): Promise<ArticleRow> {
  return db.insertInto('articles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateArticleRow(
  db: Executor,
  id: string,
  values: Omit<Insertable<ArticlesTable>, 'id' | 'merchant_id' | 'created_at' | 'updated_at'>,
): Promise<ArticleRow> {
  return db
    .updateTable('articles')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteArticleRow(db: Executor, id: string): Promise<ArticleRow | undefined> {
  return db.deleteFrom('articles').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Whether a failed write broke the one-slug-per-merchant index (a save racing another for a slug). */
export function isSlugTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || constraint === 'articles_slug_idx');
}
