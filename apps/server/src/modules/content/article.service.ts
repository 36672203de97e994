import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { v7 as uuidv7 } from 'uuid';
import type { Database, LocalizedText } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { type TextReader, textFor } from '../../platform/i18n/localized-text.ts';
import {
  type ArticleKind,
  type ArticleRow,
  type ArticleStatus,
  deleteArticleRow,
  findArticleRow,
  findGuideStepRows,
  findLiveArticleKinds,
  findLiveArticleRow,
  findLiveArticleRows,
  type GuideStepRow,
  insertArticleRow,
  isSlugTaken,
  listArticleRows,
  lockArticleRow,
  updateArticleRow,
} from './article.repository.ts';
import { checkInput, dropBlankLanguages, LinkUrl, TITLE_MAX_LENGTH } from './content-inputs.ts';
import { OPERATOR_HTML_MAX_LENGTH, sanitizeLocalizedHtml } from './operator-html.ts';

export const ARTICLE_KINDS = ['news', 'blog', 'guide'] as const satisfies readonly ArticleKind[];
export const ARTICLE_STATUSES = [
  'draft',
  'scheduled',
  'live',
  'ended',
] as const satisfies readonly ArticleStatus[];
export type { ArticleKind, ArticleStatus };

/** Lower-case words of letters and digits joined by single dashes, as addresses read best. */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const SLUG_MAX_LENGTH = 80;
/** A search engine shows about 160 characters of a description; a little room above that. */
export const DESCRIPTION_MAX_LENGTH = 300;
export const ARTICLE_PAGE_SIZE_DEFAULT = 12;
export const ARTICLE_PAGE_SIZE_MAX = 50;
export const ARTICLE_ADMIN_PAGE_SIZE_MAX = 100;

const LANGUAGE_CODE = Type.String({ pattern: '^[A-Z]{2}$' });
const Localized = (maxLength: number) =>
  Type.Record(LANGUAGE_CODE, Type.String({ minLength: 1, maxLength }), {
    minProperties: 1,
    maxProperties: 40,
    additionalProperties: false,
  });

const ArticleInputSchema = Type.Object({
  kind: Type.Union(ARTICLE_KINDS.map((kind) => Type.Literal(kind))),
  slug: Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, pattern: SLUG_PATTERN }),
  title: Localized(TITLE_MAX_LENGTH),
  description: Localized(DESCRIPTION_MAX_LENGTH),
  body: Localized(OPERATOR_HTML_MAX_LENGTH),
  coverImageUrl: Type.Union([LinkUrl, Type.Null()]),
  published: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
});

export type ArticleInput = {
  kind: ArticleKind;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  body: LocalizedText;
  coverImageUrl: string | null;
  published: boolean;
  /** When readers first see it; null is "now" on creation. */
  publishAt: string | null;
  /** When readers stop seeing it; null keeps it up. */
  unpublishAt: string | null;
  sortOrder: number;
};

export function articleStatusOf(row: ArticleRow, now: Date): ArticleStatus {
  if (!row.published) return 'draft';
  if (row.publish_at > now) return 'scheduled';
  if (row.unpublish_at !== null && row.unpublish_at <= now) return 'ended';
  return 'live';
}

export function articleAdminViewOf(row: ArticleRow, now: Date) {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    description: row.description,
    body: row.body,
    coverImageUrl: row.cover_image_url,
    published: row.published,
    publishAt: row.publish_at.toISOString(),
    unpublishAt: row.unpublish_at?.toISOString() ?? null,
    sortOrder: row.sort_order,
    status: articleStatusOf(row, now),
    updatedAt: row.updated_at.toISOString(),
  };
}

export type ArticleAdminView = ReturnType<typeof articleAdminViewOf>;

/** An article as a reader of one language sees it in a list. */
function articleItemOf(row: ArticleRow, reader: TextReader) {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: textFor(row.title, reader),
    description: textFor(row.description, reader),
    coverImageUrl: row.cover_image_url,
    publishedAt: row.publish_at.toISOString(),
  };
}

export type ArticleItem = ReturnType<typeof articleItemOf>;
/** A guide article's place in the guide: its number of all, and the steps before and after it. */
export type GuideStep = {
  number: number;
  total: number;
  previous: { slug: string; title: string } | null;
  next: { slug: string; title: string } | null;
};
export type ArticleDetail = ArticleItem & { body: string };

/**
 * The articles readers see: the live ones of a kind, by page; the kinds that have any (the site
 * links only those); one by its slug. "Live" is judged by the clock handed in.
 */
export function createArticleReader(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db, now } = deps;

  /** A live guide article's place in the guide, or null (not a live guide article). */
  async function guideStepOf(
    merchantId: string,
    articleId: string,
    reader: TextReader,
  ): Promise<GuideStep | null> {
    const rows = await findGuideStepRows(db, { merchantId, articleId, now: now() });
    const mine = rows.find((row) => row.id === articleId);
    if (!mine) return null;
    const linkOf = (row: GuideStepRow | undefined) =>
      row ? { slug: row.slug, title: textFor(row.title, reader) } : null;
    return {
      number: mine.position,
      total: mine.total,
      previous: linkOf(rows.find((row) => row.position === mine.position - 1)),
      next: linkOf(rows.find((row) => row.position === mine.position + 1)),
    };
  }

  return {
    async listArticles(
      merchantId: string,
      query: { kind: ArticleKind; pageNo: number; pageSize: number },
      reader: TextReader,
    ): Promise<{ list: ArticleItem[]; totalPages: number }> {
      const { rows, total } = await findLiveArticleRows(db, {
        merchantId,
        kind: query.kind,
        now: now(),
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map((row) => articleItemOf(row, reader)),
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    listLiveKinds: (merchantId: string): Promise<ArticleKind[]> =>
      findLiveArticleKinds(db, merchantId, now()),

    /** A live article by slug (of one kind when named), or undefined. */
    async findArticle(
      merchantId: string,
      query: { slug: string; kind?: ArticleKind },
      reader: TextReader,
    ): Promise<ArticleDetail | undefined> {
      const row = await findLiveArticleRow(db, { merchantId, slug: query.slug, now: now() });
      if (!row || (query.kind !== undefined && row.kind !== query.kind)) return undefined;
      return { ...articleItemOf(row, reader), body: textFor(row.body, reader) };
    },

    guideStepOf,
  };
}

export type ArticleReader = ReturnType<typeof createArticleReader>;

function valuesOf(input: ArticleInput, nowAt: Date) {
  const title = dropBlankLanguages(input.title);
  const description = dropBlankLanguages(input.description);
  const body = dropBlankLanguages(input.body);
  checkInput(ArticleInputSchema, {
    kind: input.kind,
    slug: input.slug,
    title,
    description,
    body,
    coverImageUrl: input.coverImageUrl,
    published: input.published,
    sortOrder: input.sortOrder,
  });
  const publishAt = input.publishAt === null ? nowAt : new Date(input.publishAt);
  const unpublishAt = input.unpublishAt === null ? null : new Date(input.unpublishAt);
  if (unpublishAt !== null && unpublishAt <= publishAt) {
    throw new AppError('VALIDATION', { value: { fields: { unpublishAt: 'order' } } });
  }
  return {
    kind: input.kind,
    slug: input.slug,
    title: JSON.stringify(title),
    description: JSON.stringify(description),
    body: JSON.stringify(sanitizeLocalizedHtml(body)),
    cover_image_url: input.coverImageUrl,
    published: input.published,
    publish_at: publishAt,
    unpublish_at: unpublishAt,
    sort_order: input.sortOrder,
  };
}

/** The one-slug-per-merchant index refused the write: said to the operator on the slug field. */
async function withSlugCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSlugTaken(error)) throw new AppError('VALIDATION', { value: { fields: { slug: 'taken' } } });
    throw error;
  }
}

/**
 * The back office's news, blog and guide articles: a page of them by kind, status and search, and
 * each change in one transaction with its audit row. The body's HTML is sanitised before it is
 * stored; a slug is unique within the merchant, held by a unique index so that two saves racing
 * for one slug leave one article with it and refuse the other on its slug field.
 */
export function createArticleAdminService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  now: () => Date;
}) {
  const { db, recordChange, now } = deps;

  async function audit(
    executor: Parameters<RecordChange>[0],
    actor: ChangeActor,
    action: 'create' | 'update' | 'delete',
    before: ArticleRow | undefined,
    after: ArticleRow | undefined,
  ) {
    const row = after ?? before;
    if (!row) throw new AppError('NOT_FOUND');
    const at = now();
    await recordChange(executor, {
      ...actorOf(actor),
      merchantId: row.merchant_id,
      action: `article.${action}`,
      target: { type: 'article', id: row.id },
      before: before ? articleAdminViewOf(before, at) : null,
      after: after ? articleAdminViewOf(after, at) : null,
    });
  }

  return {
    findMerchantOfArticle: async (id: string) => (await findArticleRow(db, id))?.merchant_id,

    async listArticles(filter: {
      merchantIds: readonly string[] | null;
      kind?: ArticleKind;
      status?: ArticleStatus;
      search?: string;
      page: number;
      pageSize: number;
    }) {
      const at = now();
      const { rows, total } = await listArticleRows(db, {
        merchantIds: filter.merchantIds,
        kind: filter.kind,
        status: filter.status,
        search: filter.search?.trim() || undefined,
        now: at,
        offset: (filter.page - 1) * filter.pageSize,
        limit: filter.pageSize,
      });
      return { list: rows.map((row) => articleAdminViewOf(row, at)), total };
    },

    async getArticle(id: string): Promise<ArticleAdminView> {
      const row = await findArticleRow(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      return articleAdminViewOf(row, now());
    },

    async createArticle(
      actor: ChangeActor,
      merchantId: string,
      input: ArticleInput,
    ): Promise<ArticleAdminView> {
      const values = { id: uuidv7(), merchant_id: merchantId, ...valuesOf(input, now()) };
      const row = await withSlugCheck(() =>
        db.transaction().execute(async (trx) => {
          const created = await insertArticleRow(trx, values);
          await audit(trx, actor, 'create', undefined, created);
          return created;
        }),
      );
      return articleAdminViewOf(row, now());
    },

    async updateArticle(actor: ChangeActor, id: string, input: ArticleInput): Promise<ArticleAdminView> {
      const values = valuesOf(input, now());
      const row = await withSlugCheck(() =>
        db.transaction().execute(async (trx) => {
          const before = await lockArticleRow(trx, id);
          if (!before) throw new AppError('NOT_FOUND');
          const after = await updateArticleRow(trx, id, values);
          await audit(trx, actor, 'update', before, after);
          return after;
        }),
      );
      return articleAdminViewOf(row, now());
    },

    async deleteArticle(actor: ChangeActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await deleteArticleRow(trx, id);
        await audit(trx, actor, 'delete', before, undefined);
      });
    },
  };
}

export type ArticleAdminService = ReturnType<typeof createArticleAdminService>;
