import { Wrench, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { gameTitleOf } from '../../lib/games/game-labels';
import { useGameSuggestions } from '../../lib/games/game-suggestions';
import { useLaunchGame } from '../../lib/games/use-launch-game';
import { IconButton } from '../ui/button';
import { GameArt } from './game-art';

/** "Game under maintenance" with the hot games the server suggests instead (spec §8). */
export function GameSuggestionsPanel() {
  const { t } = useTranslation();
  const games = useGameSuggestions((state) => state.games);
  const dismiss = useGameSuggestions((state) => state.dismiss);
  const launch = useLaunchGame();
  if (!games) return null;
  return (
    <section
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-surface p-4"
      data-testid="game-maintenance"
    >
      <div className="flex items-start gap-3">
        <Wrench size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-warning" />
        <p className="flex-1 text-sm">
          {games.length > 0 ? t('lobby.maintenance') : t('lobby.maintenanceNoSuggestion')}
        </p>
        <IconButton label={t('common.close')} onClick={dismiss} className="-m-2">
          <X size={18} aria-hidden="true" />
        </IconButton>
      </div>
      {games.length > 0 ? (
        <div className="scrollbar-none flex gap-2 overflow-x-auto">
          {games.map((game) => (
            <button
              key={game.nodeId}
              type="button"
              onClick={() => {
                dismiss();
                void launch(game, 'real');
              }}
              className="flex w-20 shrink-0 flex-col gap-1 text-left"
            >
              <span className="block aspect-square overflow-hidden rounded-md bg-raised">
                <GameArt src={game.iconUrl} coverKey={game.nodeId} title={gameTitleOf(game)} />
              </span>
              <span className="line-clamp-2 text-xs font-semibold">{gameTitleOf(game)}</span>
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
