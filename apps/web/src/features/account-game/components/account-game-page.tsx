import { useInfiniteQuery } from '@tanstack/react-query';
import { Clock, Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GameGrid } from '../../../components/games/game-grid';
import { gridStateOf, pagedGridOf } from '../../../components/games/grid-state';
import { PageFrame } from '../../../components/ui/page-frame';
import { Tabs } from '../../../components/ui/tabs';
import { fetchRecentPage } from '../../../lib/games/catalogue-api';
import { useFavorites } from '../../../lib/games/use-favorites';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useAuthStore } from '../../../lib/session/auth-store';

function FavoriteGames() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  return (
    <GameGrid
      games={favorites.favorites}
      {...gridStateOf(favorites.query)}
      emptyIcon={<Heart size={26} aria-hidden="true" />}
      emptyLine={t('pages.favoriteLine')}
      testId="favorite-page-games"
    />
  );
}

function RecentGames() {
  const { t } = useTranslation();
  const language = useLanguage();
  const token = useAuthStore((state) => state.token);
  const recent = useInfiniteQuery({
    queryKey: ['lobby', 'recent-page', language, token],
    queryFn: ({ pageParam, signal }) => fetchRecentPage(language, {}, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
    enabled: token !== null,
  });
  return (
    <GameGrid
      {...pagedGridOf(recent)}
      emptyIcon={<Clock size={26} aria-hidden="true" />}
      emptyLine={t('pages.recentLine')}
      testId="recent-page-games"
    />
  );
}

/** AccountGame (spec §2: /favorite, /recent; login required): the member's favourites and recent games. */
export function AccountGamePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isFavorite = pathname !== '/recent';
  return (
    <PageFrame
      title={isFavorite ? t('pages.favoriteTitle') : t('pages.recentTitle')}
      icon={isFavorite ? Heart : Clock}
      testId="account-game-page"
    >
      <Tabs
        label={t('pages.favoriteTitle')}
        items={[
          { key: '/favorite', label: t('games.FAV') },
          { key: '/recent', label: t('games.RECENT') },
        ]}
        value={isFavorite ? '/favorite' : '/recent'}
        onChange={(path) => navigate(path)}
      />
      {isFavorite ? <FavoriteGames /> : <RecentGames />}
    </PageFrame>
  );
}
