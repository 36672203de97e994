import { Heart, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';
import type { GameItem } from '../../lib/games/catalogue-api';
import { gameTitleOf } from '../../lib/games/game-labels';
import type { LaunchMode } from '../../lib/games/use-launch-game';
import { Skeleton } from '../ui/skeleton';
import { GameArt } from './game-art';

export type GameTileProps = {
  game: GameItem;
  /** The vendor's display name; null where the site does not know it (its code is never shown). */
  vendorName: string | null;
  isFavorite: boolean;
  onToggleFavorite: (game: GameItem) => void;
  onLaunch: (game: GameItem, mode: LaunchMode) => void;
};

const badgeClass = 'rounded-sm px-1.5 py-0.5 text-[10px] leading-none font-extrabold tracking-wide';

// With a mouse (a fine pointer that hovers) TRY and the heart move onto the art and show while the
// tile is hovered or holds the keyboard's focus; on a touch screen they stay in the strip under the
// art, which nothing covers. The article is a size container, so 100cqw is the art's height.
const overlayShown =
  'pointer-fine:group-hover/tile:opacity-100 pointer-fine:group-has-[:focus-visible]/tile:opacity-100';

/**
 * The game tile (DESIGN.md): square art that nothing covers on a phone, a strip under it with TRY
 * (the way in to the free demo) and HOT on one side and the heart on the other, then the game's
 * name once, in the player's language, and its vendor's name in full. With a mouse, hovering or
 * focusing the tile lays Play, Try and the heart over the art. A tap on the art plays for real.
 */
export function GameTile({ game, vendorName, isFavorite, onToggleFavorite, onLaunch }: GameTileProps) {
  const { t } = useTranslation();
  const title = gameTitleOf(game);
  const canTry = game.supportPlay === 0 && game.isGame === 'GAME';
  return (
    <article
      className="group/tile @container relative flex min-w-0 flex-col"
      data-testid="game-tile"
      data-node-id={game.nodeId}
    >
      <div className="relative aspect-square overflow-hidden rounded-md bg-raised ring-brand transition-shadow duration-150 group-hover/tile:ring-2">
        <button
          type="button"
          onClick={() => onLaunch(game, 'real')}
          aria-label={t('lobby.play', { name: title })}
          className="absolute inset-0 transition-transform duration-150 ease-out focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand active:scale-[0.98]"
          data-testid="game-tile-play"
        >
          <GameArt src={game.iconUrl} coverKey={game.nodeId} title={title} vendorName={vendorName} />
          <span
            aria-hidden="true"
            className={joinClassNames(
              'pointer-events-none absolute inset-0 hidden place-items-center bg-black/55 opacity-0 transition-opacity duration-150 pointer-fine:grid',
              // Play sits above the Try button that the hover shows near the art's foot.
              canTry ? 'pb-10' : null,
              overlayShown,
            )}
          >
            <span className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-accent px-4 text-sm font-bold text-on-accent shadow">
              <Play size={14} aria-hidden="true" className="fill-current" />
              {t('lobby.playShort')}
            </span>
          </span>
        </button>
      </div>
      <div className="flex h-8 items-center justify-between gap-1 pointer-fine:h-6">
        <div className="flex min-w-0 items-center gap-1">
          {canTry ? (
            <button
              type="button"
              onClick={() => onLaunch(game, 'demo')}
              aria-label={t('lobby.tryGame', { name: title })}
              className={joinClassNames(
                '-my-1.5 grid min-h-11 place-items-center rounded-full transition-opacity duration-150 focus-visible:outline-2 focus-visible:outline-brand',
                'pointer-fine:absolute pointer-fine:top-[calc(100cqw-3.25rem)] pointer-fine:left-1/2 pointer-fine:z-10 pointer-fine:my-0 pointer-fine:-translate-x-1/2 pointer-fine:opacity-0',
                overlayShown,
              )}
              data-testid="game-tile-try"
            >
              <span
                className={joinClassNames(badgeClass, 'bg-brand px-2 py-1 text-on-brand pointer-fine:hidden')}
              >
                TRY
              </span>
              <span className="hidden min-h-9 items-center rounded-full border border-white/70 bg-black/40 px-4 text-sm font-semibold text-white hover:bg-black/60 pointer-fine:inline-flex">
                {t('lobby.try')}
              </span>
            </button>
          ) : null}
          {game.isHot === 1 ? (
            <span className={joinClassNames(badgeClass, 'bg-accent text-on-accent')}>HOT</span>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => onToggleFavorite(game)}
          aria-pressed={isFavorite}
          aria-label={isFavorite ? t('lobby.favoriteRemove') : t('lobby.favoriteAdd')}
          className={joinClassNames(
            '-my-1.5 -mr-2.5 grid size-11 shrink-0 place-items-center text-muted transition-opacity duration-150 hover:text-text focus-visible:outline-2 focus-visible:outline-brand',
            'pointer-fine:absolute pointer-fine:top-0 pointer-fine:right-0 pointer-fine:z-10 pointer-fine:m-0 pointer-fine:text-white',
            isFavorite ? null : 'pointer-fine:opacity-0',
            overlayShown,
          )}
          data-testid="game-tile-heart"
        >
          <span className="grid size-7 place-items-center rounded-full pointer-fine:bg-black/45">
            <Heart size={16} aria-hidden="true" className={isFavorite ? 'fill-danger text-danger' : ''} />
          </span>
        </button>
      </div>
      <div className="min-w-0">
        <p className="line-clamp-2 text-[13px] leading-tight font-semibold" title={title}>
          {title}
        </p>
        {vendorName ? (
          <p className="mt-0.5 text-[11px] leading-snug font-medium text-balance text-muted">{vendorName}</p>
        ) : null}
      </div>
    </article>
  );
}

export function GameTileSkeleton() {
  return (
    // The same heights as a tile's art, strip, name and vendor, so nothing moves when games arrive.
    <div className="flex flex-col" aria-hidden="true">
      <Skeleton className="aspect-square w-full" />
      <div className="h-8 pointer-fine:h-6" />
      <Skeleton className="h-3.5 w-4/5" />
      <Skeleton className="mt-1 h-3 w-1/2" />
    </div>
  );
}
