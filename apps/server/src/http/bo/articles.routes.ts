import { Type } from 'typebox';
import {
  ARTICLE_ADMIN_PAGE_SIZE_MAX,
  ARTICLE_KINDS,
  ARTICLE_STATUSES,
  type ArticleAdminService,
  DESCRIPTION_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from '../../modules/content/article.service.ts';
import { TITLE_MAX_LENGTH, URL_MAX_LENGTH } from '../../modules/content/content-inputs.ts';
import { OPERATOR_HTML_MAX_LENGTH } from '../../modules/content/operator-html.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { Nullable, StringOf } from '../wps/system/system-schemas.ts';
import {
  BO_ERROR_RESPONSES,
  CountedPageOf,
  IdParams,
  MerchantIdField,
  PageQueryFields,
} from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { merchantScopedRoute, readMerchantScope, resourceRoute, targetMerchantOf } from './scoped-route.ts';

const TAGS = ['back office: content'];
const PAGE_NUMBER_MAX = 10_000;
const PAGE_SIZE_DEFAULT = 20;

const Localized = (maxLength: number) =>
  Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.String({ maxLength }), {
    maxProperties: 40,
    examples: [{ TY: 'Halimbawa', EN: 'Sample' }],
  });
const Moment = Nullable(Type.String({ format: 'date-time', maxLength: 40 }));

const ArticleFields = {
  kind: StringOf(ARTICLE_KINDS),
  slug: Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, examples: ['welcome-to-panalo'] }),
  title: Localized(TITLE_MAX_LENGTH),
  description: Localized(DESCRIPTION_MAX_LENGTH),
  body: Localized(OPERATOR_HTML_MAX_LENGTH),
  coverImageUrl: Nullable(Type.String({ maxLength: URL_MAX_LENGTH })),
  published: Type.Boolean(),
  publishAt: Moment,
  unpublishAt: Moment,
  sortOrder: Type.Integer({ minimum: 0, maximum: 10_000 }),
};
const ArticleBody = Type.Object(ArticleFields);
const NewArticleBody = Type.Object({ merchantId: MerchantIdField, ...ArticleFields });
const ArticleView = Type.Object({
  id: Type.String(),
  merchantId: Type.String(),
  kind: StringOf(ARTICLE_KINDS),
  slug: Type.String(),
  title: Type.Record(Type.String(), Type.String()),
  description: Type.Record(Type.String(), Type.String()),
  body: Type.Record(Type.String(), Type.String()),
  coverImageUrl: Nullable(Type.String()),
  published: Type.Boolean(),
  publishAt: Type.String({ format: 'date-time' }),
  unpublishAt: Nullable(Type.String({ format: 'date-time' })),
  sortOrder: Type.Integer(),
  status: StringOf(ARTICLE_STATUSES),
  updatedAt: Type.String({ format: 'date-time' }),
});
const ListQuery = Type.Object({
  merchantId: MerchantIdField,
  kind: Type.Optional(StringOf(ARTICLE_KINDS)),
  status: Type.Optional(StringOf(ARTICLE_STATUSES)),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  ...PageQueryFields(ARTICLE_ADMIN_PAGE_SIZE_MAX, PAGE_NUMBER_MAX),
});

/**
 * News, blog and guide articles (content.read to list, content.write to change); a cover image is
 * uploaded through /bo/images. Each change is audited as article.create, article.update or
 * article.delete.
 */
export function registerArticlesRoutes(app: TypedApp, deps: { articleAdmin: ArticleAdminService }): void {
  const { articleAdmin } = deps;

  app.get(
    '/bo/articles',
    {
      ...merchantScopedRoute('content.read'),
      schema: {
        tags: TAGS,
        summary:
          'News, blog and guide articles, last changed first, by kind, status and a search of slug or title',
        querystring: ListQuery,
        response: { 200: Envelope(CountedPageOf(ArticleView)), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
      const { list, total } = await articleAdmin.listArticles({
        merchantIds: await readMerchantScope(request),
        kind: query.kind,
        status: query.status,
        search: query.search,
        page: query.page ?? 1,
        pageSize,
      });
      return ok({ list, total, totalPages: Math.ceil(total / pageSize) });
    },
  );

  app.get(
    '/bo/articles/:id',
    {
      ...resourceRoute('content.read', articleAdmin.findMerchantOfArticle),
      schema: {
        tags: TAGS,
        summary: 'One article with every language of its texts',
        params: IdParams,
        response: { 200: Envelope(ArticleView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => ok(await articleAdmin.getArticle(request.params.id)),
  );

  app.post(
    '/bo/articles',
    {
      ...merchantScopedRoute('content.write'),
      schema: {
        tags: TAGS,
        summary: 'Add an article (its slug unique within the merchant; body HTML sanitised)',
        body: NewArticleBody,
        response: { 200: Envelope(ArticleView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const merchantId = await targetMerchantOf(request);
      const { merchantId: _named, ...input } = request.body;
      return ok(await articleAdmin.createArticle((await readOperator(request)).actor, merchantId, input));
    },
  );

  app.put(
    '/bo/articles/:id',
    {
      ...resourceRoute('content.write', articleAdmin.findMerchantOfArticle),
      schema: {
        tags: TAGS,
        summary: 'Change an article',
        params: IdParams,
        body: ArticleBody,
        response: { 200: Envelope(ArticleView), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) =>
      ok(
        await articleAdmin.updateArticle(
          (await readOperator(request)).actor,
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/bo/articles/:id',
    {
      ...resourceRoute('content.write', articleAdmin.findMerchantOfArticle),
      schema: {
        tags: TAGS,
        summary: 'Remove an article',
        params: IdParams,
        response: { 200: Envelope(Type.Object({ removed: Type.Boolean() })), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await articleAdmin.deleteArticle((await readOperator(request)).actor, request.params.id);
      return ok({ removed: true });
    },
  );
}
