import { ChevronRight } from 'lucide-react';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../lib/games/catalogue-api';
import { vendorNameOf } from '../../lib/games/game-labels';
import { useFavorites } from '../../lib/games/use-favorites';
import { useLaunchGame } from '../../lib/games/use-launch-game';
import { useVendorNames } from '../../lib/games/use-vendor-names';
import { GameTile, GameTileSkeleton } from './game-tile';

/**
 * One home row (spec §2): a title with More, and a strip of tiles that swipes sideways — about 3.3
 * tiles on a phone so the next one peeks, 6 per view with 14 px spacing from tablet width up.
 */
export function GameStrip({
  title,
  icon,
  games,
  isPending,
  onMore,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  games: readonly GameItem[] | undefined;
  isPending: boolean;
  onMore?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  // The tiles render after the answer that brings them, in slices (a deferred render yields to the
  // browser), not in the one long task the query's update would make of them.
  const shownGames = useDeferredValue(games);
  const isShownPending = useDeferredValue(isPending);
  const favorites = useFavorites();
  const launch = useLaunchGame();
  const vendorNames = useVendorNames();
  const cellClass = 'w-[calc((100%-2*10px)/3.3)] shrink-0 snap-start md:w-[calc((100%-5*14px)/6)]';
  return (
    <section className="flex flex-col gap-2.5" data-testid={testId} aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-bold md:text-lg">
          {icon}
          {title}
        </h2>
        {onMore ? (
          <button
            type="button"
            onClick={onMore}
            className="inline-flex min-h-11 items-center gap-0.5 rounded-md px-2 text-sm font-semibold text-brand-strong hover:bg-raised"
          >
            {t('lobby.more')}
            <ChevronRight size={16} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="scrollbar-none -mx-3 flex snap-x scroll-px-3 gap-2.5 overflow-x-auto px-3 md:mx-0 md:scroll-px-0 md:gap-3.5 md:px-0">
        {isShownPending
          ? Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
              <div key={index} className={cellClass}>
                <GameTileSkeleton />
              </div>
            ))
          : shownGames?.map((game) => (
              <div key={game.nodeId} className={cellClass}>
                <GameTile
                  game={game}
                  vendorName={vendorNameOf(vendorNames, game.vassalage)}
                  isFavorite={favorites.isFavorite(game.nodeId)}
                  onToggleFavorite={(item) => void favorites.toggle(item)}
                  onLaunch={(item, mode) => void launch(item, mode)}
                />
              </div>
            ))}
      </div>
    </section>
  );
}
