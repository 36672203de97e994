import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  ARTICLE_KINDS,
  ARTICLES_KEY,
  type ArticleKind,
  fetchArticle,
  fetchArticleKinds,
  fetchArticles,
} from '../api/articles';

/** Operators publish now and then: the lists are read again after a few minutes. */
const ARTICLES_STALE_MS = 5 * 60_000;

/** The kinds that have a live article, for the menu's and the footer's links (none while loading). */
export function useArticleKinds(): readonly ArticleKind[] {
  const language = useLanguage();
  const query = useQuery({
    queryKey: [...ARTICLES_KEY, 'kinds', language],
    queryFn: ({ signal }) => fetchArticleKinds(language, signal),
    staleTime: ARTICLES_STALE_MS,
  });
  const kinds = query.data ?? [];
  // Always in the same order (news, blog, guide), whatever order the server lists them in.
  return ARTICLE_KINDS.filter((kind) => kinds.includes(kind));
}

export function useArticles(kind: ArticleKind, pageNo: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...ARTICLES_KEY, 'list', kind, pageNo, language],
    queryFn: ({ signal }) => fetchArticles(kind, pageNo, language, signal),
    staleTime: ARTICLES_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useArticle(kind: ArticleKind, slug: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...ARTICLES_KEY, 'one', kind, slug, language],
    queryFn: ({ signal }) => fetchArticle(kind, slug, language, signal),
    staleTime: ARTICLES_STALE_MS,
    // An article that is not (or no longer) published is a final answer, not a failure to retry.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

/** Whether a failed read means the article does not exist for readers. */
export function isMissingArticle(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
