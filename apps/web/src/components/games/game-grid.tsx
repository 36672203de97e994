import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../lib/games/catalogue-api';
import { vendorNameOf } from '../../lib/games/game-labels';
import { useFavorites } from '../../lib/games/use-favorites';
import { useLaunchGame } from '../../lib/games/use-launch-game';
import { useVendorNames } from '../../lib/games/use-vendor-names';
import { Button } from '../ui/button';
import { EmptyState, ErrorState } from '../ui/states';
import { GameTile, GameTileSkeleton } from './game-tile';

export type GameGridProps = {
  games: readonly GameItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  emptyLine: string;
  emptyIcon?: ReactNode;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  skeletonCount?: number;
  testId?: string;
};

/** A grid of game tiles (3 columns on a phone, 6–8 on a desktop) with its loading, empty and error states. */
export function GameGrid({
  games,
  isPending,
  isError,
  onRetry,
  emptyLine,
  emptyIcon,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
  skeletonCount = 12,
  testId = 'game-grid',
}: GameGridProps) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const launch = useLaunchGame();
  const vendorNames = useVendorNames();
  if (isError && !games?.length) return <ErrorState isCompact onRetry={onRetry} />;
  if (!isPending && games?.length === 0) return <EmptyState icon={emptyIcon} line={emptyLine} />;
  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      <div className="grid grid-cols-3 gap-x-2.5 gap-y-4 sm:grid-cols-4 md:grid-cols-6 md:gap-x-3.5 xl:grid-cols-8">
        {games?.map((game) => (
          <GameTile
            key={game.nodeId}
            game={game}
            vendorName={vendorNameOf(vendorNames, game.vassalage)}
            isFavorite={favorites.isFavorite(game.nodeId)}
            onToggleFavorite={(item) => void favorites.toggle(item)}
            onLaunch={(item, mode) => void launch(item, mode)}
          />
        ))}
        {isPending || isLoadingMore
          ? Array.from({ length: isPending ? skeletonCount : 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
              <GameTileSkeleton key={`skeleton-${index}`} />
            ))
          : null}
      </div>
      {hasMore && onLoadMore ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onLoadMore} disabled={isLoadingMore} data-testid="load-more">
            {t('lobby.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
