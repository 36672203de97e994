import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../lib/class-names';
import type { GameItem } from '../../lib/games/catalogue-api';
import type { LaunchMode } from '../../lib/games/use-launch-game';
import { Skeleton } from '../ui/skeleton';
import { GameArt } from './game-art';

export type GameTileProps = {
  game: GameItem;
  vendorName?: string | undefined;
  isFavorite: boolean;
  onToggleFavorite: (game: GameItem) => void;
  onLaunch: (game: GameItem, mode: LaunchMode) => void;
};

const badgeClass = 'rounded-sm px-1.5 py-0.5 text-[10px] leading-none font-extrabold tracking-wide';

/**
 * The game tile (DESIGN.md): square art, a name of at most two lines, the vendor as a text mark,
 * HOT and TRY badges and the heart. A tap plays for real; games offering a demo have "Try".
 */
export function GameTile({ game, vendorName, isFavorite, onToggleFavorite, onLaunch }: GameTileProps) {
  const { t } = useTranslation();
  const canTry = game.supportPlay === 0 && game.isGame === 'GAME';
  return (
    <article
      className="group flex min-w-0 flex-col gap-1.5"
      data-testid="game-tile"
      data-node-id={game.nodeId}
    >
      <div className="relative aspect-square overflow-hidden rounded-md bg-raised ring-brand transition-shadow duration-150 group-hover:ring-2">
        <button
          type="button"
          onClick={() => onLaunch(game, 'real')}
          aria-label={t('lobby.play', { name: game.gameName })}
          className="absolute inset-0 transition-transform duration-150 ease-out focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand active:scale-[0.98]"
          data-testid="game-tile-play"
        >
          <GameArt src={game.iconUrl} />
        </button>
        <div className="pointer-events-none absolute top-1.5 left-1.5 flex gap-1">
          {game.isHot === 1 ? (
            <span className={joinClassNames(badgeClass, 'bg-accent text-on-accent')}>HOT</span>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => onToggleFavorite(game)}
          aria-pressed={isFavorite}
          aria-label={isFavorite ? t('lobby.favoriteRemove') : t('lobby.favoriteAdd')}
          className="absolute top-0 right-0 grid size-11 place-items-center text-white drop-shadow"
          data-testid="game-tile-heart"
        >
          <span className="grid size-7 place-items-center rounded-full bg-black/45">
            <Heart size={16} aria-hidden="true" className={isFavorite ? 'fill-danger text-danger' : ''} />
          </span>
        </button>
        {canTry ? (
          // The TRY badge is also the way in to the free demo (a tap on the art plays for real).
          <button
            type="button"
            onClick={() => onLaunch(game, 'demo')}
            aria-label={t('lobby.tryGame', { name: game.gameName })}
            className="absolute bottom-0 left-0 grid min-h-11 place-items-center px-1.5"
            data-testid="game-tile-try"
          >
            <span className={joinClassNames(badgeClass, 'bg-brand px-2 py-1 text-on-brand shadow')}>TRY</span>
          </button>
        ) : null}
      </div>
      <div className="min-w-0">
        <p className="line-clamp-2 text-[13px] leading-tight font-semibold" title={game.gameName}>
          {game.gameName}
        </p>
        <p className="truncate text-[11px] font-semibold tracking-wide text-muted uppercase">
          {vendorName ?? game.vassalage}
        </p>
      </div>
    </article>
  );
}

export function GameTileSkeleton() {
  return (
    <div className="flex flex-col gap-1.5" aria-hidden="true">
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="h-3.5 w-4/5" />
      <Skeleton className="h-3 w-1/2" />
    </div>
  );
}
