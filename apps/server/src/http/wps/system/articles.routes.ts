import { Type } from 'typebox';
import {
  ARTICLE_KINDS,
  ARTICLE_PAGE_SIZE_DEFAULT,
  ARTICLE_PAGE_SIZE_MAX,
  type ArticleReader,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '../../../modules/content/article.service.ts';
import { AppError } from '../../../platform/errors/errors.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { requireMerchantReader } from '../../merchant-context.ts';
import { articleAddressOf } from '../../static/article-page-meta.ts';
import { MerchantLanguageQuery, PageOf } from '../wps-schemas.ts';
import { ERROR_RESPONSES, Nullable, StringOf } from './system-schemas.ts';

const TAGS = ['system'];
const PAGE_NO_MAX = 10_000;

const ArticleItem = Type.Object({
  id: Type.String(),
  kind: StringOf(ARTICLE_KINDS),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  coverImageUrl: Nullable(Type.String()),
  publishedAt: Type.String({ format: 'date-time' }),
});
const StepLink = Nullable(Type.Object({ slug: Type.String(), title: Type.String() }));
const ArticleDetail = Type.Object({
  ...ArticleItem.properties,
  body: Type.String(),
  /** A guide article's place in the guide (null for news and blog): its number and its neighbours. */
  step: Nullable(
    Type.Object({
      number: Type.Integer({ minimum: 1 }),
      total: Type.Integer({ minimum: 1 }),
      previous: StepLink,
      next: StepLink,
    }),
  ),
  /** Its address to share: the merchant's configured origin, whatever host the page was asked on. */
  url: Type.String(),
});

const ArticlesQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  kind: StringOf(ARTICLE_KINDS),
  pageNo: Type.Integer({ minimum: 1, maximum: PAGE_NO_MAX, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: ARTICLE_PAGE_SIZE_MAX, default: ARTICLE_PAGE_SIZE_DEFAULT }),
});
const ArticleQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  slug: Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, pattern: SLUG_PATTERN }),
  kind: Type.Optional(StringOf(ARTICLE_KINDS)),
});

/**
 * The news, blog and beginner guide as readers see them: only articles published and within their
 * schedule by the server's clock. GET /wps/system/articles (a kind's page), /wps/system/articleKinds
 * (the kinds that have any, for the site's links) and /wps/system/article (one by slug).
 */
export function registerArticleRoutes(
  app: TypedApp,
  deps: { articles: ArticleReader; publicOrigin: string },
): void {
  const { articles, publicOrigin } = deps;

  app.get(
    '/wps/system/articles',
    {
      schema: {
        tags: TAGS,
        summary: 'One page of the live articles of a kind: news and blog newest first, the guide in order',
        querystring: ArticlesQuery,
        response: { 200: Envelope(PageOf(ArticleItem)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const { kind, pageNo, pageSize } = request.query;
      return ok(await articles.listArticles(merchant.id, { kind, pageNo, pageSize }, reader));
    },
  );

  app.get(
    '/wps/system/articleKinds',
    {
      schema: {
        tags: TAGS,
        summary: 'The article kinds (news, blog, guide) that have at least one live article',
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(Type.Object({ kinds: Type.Array(StringOf(ARTICLE_KINDS)) })),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { merchant } = requireMerchantReader(request);
      return ok({ kinds: await articles.listLiveKinds(merchant.id) });
    },
  );

  app.get(
    '/wps/system/article',
    {
      schema: {
        tags: TAGS,
        summary: 'One live article by its slug (of the kind named, when one is); 404 NOT_FOUND otherwise',
        querystring: ArticleQuery,
        response: { 200: Envelope(ArticleDetail), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const { slug, kind } = request.query;
      const article = await articles.findArticle(merchant.id, { slug, kind }, reader);
      if (!article) throw new AppError('NOT_FOUND');
      const step =
        article.kind === 'guide' ? await articles.guideStepOf(merchant.id, article.id, reader) : null;
      const url = articleAddressOf(merchant, publicOrigin, { ...article, language: reader.language });
      return ok({ ...article, step, url });
    },
  );
}
