import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GameGrid } from '../../../components/games/game-grid';
import { pagedGridOf } from '../../../components/games/grid-state';
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
      {...pagedGridOf(results)}
      emptyIcon={<Search size={26} aria-hidden="true" />}
      emptyLine={t('home.searchEmpty', { text })}
      testId="search-results"
    />
  );
}
