import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GameGrid } from '../../../components/games/game-grid';
import { fetchGamesPage, lobbyPageSize } from '../../../lib/games/catalogue-api';
import { useLanguage } from '../../../lib/i18n/i18n';

/** Search results across every category (spec §2: search sets the category SEARCH). */
export function SearchResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const results = useInfiniteQuery({
    queryKey: ['lobby', 'search', language, text],
    queryFn: ({ pageParam, signal }) =>
      fetchGamesPage(language, { gameName: text }, pageParam, lobbyPageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
  });
  return (
    <GameGrid
      games={results.data?.pages.flatMap((page) => page.games)}
      isPending={results.isPending}
      isError={results.isError}
      onRetry={() => void results.refetch()}
      hasMore={results.hasNextPage}
      isLoadingMore={results.isFetchingNextPage}
      onLoadMore={() => void results.fetchNextPage()}
      emptyIcon={<Search size={26} aria-hidden="true" />}
      emptyLine={t('home.searchEmpty', { text })}
      testId="search-results"
    />
  );
}
