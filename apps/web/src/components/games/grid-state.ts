import type { GameItem } from '../../lib/games/catalogue-api';

// Kept apart from game-grid.tsx, which some pages load only when a grid is shown.

type GamesQueryState = { isPending: boolean; isError: boolean; refetch: () => unknown };

/** The grid's loading, failure and retry, read from the query its games come from. */
export function gridStateOf(query: GamesQueryState) {
  return { isPending: query.isPending, isError: query.isError, onRetry: () => void query.refetch() };
}

type PagedGamesQuery = GamesQueryState & {
  data?: { pages: readonly { games: readonly GameItem[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** The grid's games so far, its state and its "load more", read from a games query fetched a page at a time. */
export function pagedGridOf(query: PagedGamesQuery) {
  return {
    games: query.data?.pages.flatMap((page) => page.games),
    ...gridStateOf(query),
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  };
}
