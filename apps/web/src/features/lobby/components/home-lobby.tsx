import { useQuery } from '@tanstack/react-query';
import { Flame, Gamepad2, Heart, History } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { GameStrip } from '../../../components/games/game-strip';
import { gridStateOf } from '../../../components/games/grid-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import {
  fetchGamesPage,
  homeRowSize,
  hotGamesQuery,
  recentQuery,
  vendorLanesQuery,
} from '../../../lib/games/catalogue-api';
import { shownCategoriesOf } from '../../../lib/games/game-categories';
import { useFavorites } from '../../../lib/games/use-favorites';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';
import type { HomeCategory } from './category-menu';

// The grids of HOT and FAV, search results and a category's full list show only when chosen.
const GameGrid = lazy(() =>
  import('../../../components/games/game-grid').then((module) => ({ default: module.GameGrid })),
);
const SearchResults = lazy(() =>
  import('./home-search-results').then((module) => ({ default: module.SearchResults })),
);
const GameLobbyList = lazy(() =>
  import('../../../components/games/game-lobby-list').then((module) => ({ default: module.GameLobbyList })),
);

/** Home rows in the spec's order (spec §2); RECENT and HOT are added by the page itself. */
const homeRowCategories = ['INHOUSE', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'ESPORTS', 'COCKFIGHT'];

/** One category's home row: its first games and a More button that switches to the category. */
function CategoryRow({ category, onMore }: { category: string; onMore: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const games = useQuery({
    queryKey: ['lobby', 'home-row', language, category],
    queryFn: ({ signal }) => fetchGamesPage(language, { gameType: category }, 1, homeRowSize, signal),
  });
  if (games.isSuccess && games.data.games.length === 0) return null;
  return (
    <GameStrip
      title={t(`games.${category}`, { defaultValue: t('games.OTHER') })}
      games={games.data?.games}
      isPending={games.isPending}
      onMore={onMore}
      testId={`home-row-${category}`}
    />
  );
}

/**
 * What the home lobby shows under its category menu (spec §2): on HOME the rows (RECENT when
 * logged in and non-empty, INHOUSE, HOT at most 12, then each category with games), else the
 * chosen category's grid or list, or the search results.
 */
export function HomeLobby({
  category,
  searchQuery,
  isSearching,
  onChooseCategory,
}: {
  category: HomeCategory;
  searchQuery: string;
  isSearching: boolean;
  onChooseCategory: (category: HomeCategory) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isLogin = useAuthStore((state) => state.isLogin);
  const token = useAuthStore((state) => state.token);
  const lanes = useQuery(vendorLanesQuery(language));
  const serverCategories = shownCategoriesOf(lanes.data);
  const hot = useQuery(hotGamesQuery(language));
  const recent = useQuery(recentQuery(language, token));
  const favorites = useFavorites();
  const recentGames = isLogin ? (recent.data?.games ?? []) : [];
  const chooseCategory = (next: HomeCategory) => onChooseCategory(next);

  const rows = homeRowCategories.filter((key) => serverCategories.includes(key));
  const hotRow = (
    <GameStrip
      key="HOT"
      title={t('games.HOT')}
      icon={<Flame size={18} aria-hidden="true" className="text-accent" />}
      games={hot.data?.games.slice(0, homeRowSize)}
      isPending={hot.isPending}
      onMore={() => void chooseCategory('HOT')}
      testId="home-row-HOT"
    />
  );

  if (isSearching) {
    return searchQuery === '' ? null : (
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <SearchResults text={searchQuery} />
      </Suspense>
    );
  }
  if (category === 'HOT') {
    return (
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <GameGrid
          games={hot.data?.games}
          {...gridStateOf(hot)}
          emptyLine={t('lobby.empty.HOT')}
          testId="hot-games"
        />
      </Suspense>
    );
  }
  if (category === 'FAV') {
    return (
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <GameGrid
          games={favorites.favorites}
          {...gridStateOf(favorites.query)}
          emptyIcon={<Heart size={26} aria-hidden="true" />}
          emptyLine={t('lobby.empty.FAV')}
          testId="favorite-games"
        />
      </Suspense>
    );
  }
  if (category !== 'HOME') {
    return (
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <GameLobbyList key={category} gameType={category} />
      </Suspense>
    );
  }
  if (lanes.isError) return <ErrorState isCompact onRetry={() => void lanes.refetch()} />;
  if (lanes.isSuccess && serverCategories.length === 0) {
    return (
      <EmptyState
        icon={<Gamepad2 size={26} aria-hidden="true" />}
        title={t('home.lobbyEmptyTitle')}
        line={t('home.lobbyEmptyLine')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {recentGames.length > 0 ? (
        <GameStrip
          title={t('games.RECENT')}
          icon={<History size={18} aria-hidden="true" className="text-brand-strong" />}
          games={recentGames}
          isPending={false}
          testId="home-row-RECENT"
        />
      ) : null}
      {rows.includes('INHOUSE') ? (
        <CategoryRow category="INHOUSE" onMore={() => void chooseCategory('INHOUSE')} />
      ) : null}
      {hot.isPending || (hot.data?.games.length ?? 0) > 0 ? hotRow : null}
      {rows
        .filter((key) => key !== 'INHOUSE')
        .map((key) => (
          <CategoryRow key={key} category={key} onMore={() => void chooseCategory(key)} />
        ))}
      {lanes.isPending ? <GameStrip title="" games={undefined} isPending testId="home-row-pending" /> : null}
    </div>
  );
}
