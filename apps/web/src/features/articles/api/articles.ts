import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The news, blog and beginner guide as the site reads them (docs/back-office.md "News, blog and
// guide"), typed by the server's OpenAPI document.

export type ArticlesPage = ApiValue<'/wps/system/articles', 'get'>;
export type ArticleItem = ArticlesPage['list'][number];
export type ArticleDetail = ApiValue<'/wps/system/article', 'get'>;
export type ArticleKind = ArticleItem['kind'];

export const ARTICLE_KINDS = ['news', 'blog', 'guide'] as const satisfies readonly ArticleKind[];
/** Every article query's key starts so. */
export const ARTICLES_KEY = ['articles'] as const;
export const ARTICLES_PAGE_SIZE = 12;

export function fetchArticleKinds(language: LanguageCode, signal?: AbortSignal): Promise<ArticleKind[]> {
  return api
    .get('/wps/system/articleKinds', { params: { query: { language } }, signal })
    .then((value) => value.kinds);
}

export function fetchArticles(
  kind: ArticleKind,
  pageNo: number,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<ArticlesPage> {
  return api.get('/wps/system/articles', {
    params: { query: { kind, pageNo, pageSize: ARTICLES_PAGE_SIZE, language } },
    signal,
  });
}

export function fetchArticle(
  kind: ArticleKind,
  slug: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<ArticleDetail> {
  return api.get('/wps/system/article', { params: { query: { kind, slug, language } }, signal });
}
