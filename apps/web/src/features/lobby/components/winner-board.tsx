import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GameArt } from '../../../components/games/game-art';
import { formatMoney } from '../../../lib/format';
import { winnersQuery } from '../../../lib/games/catalogue-api';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { useLanguage } from '../../../lib/i18n/i18n';

/** Spec §2: two winners per column; the board moves on by itself. */
const winnersPerChunk = 2;
const autoScrollMs = 4_000;

export function chunkWinners<T>(items: readonly T[], size = winnersPerChunk): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/**
 * The winner board (spec §2): real wins in chunks of two, auto-scrolling with previous and next
 * (stopped when the user prefers reduced motion); a click starts that game.
 */
export function WinnerBoard() {
  const { t } = useTranslation();
  const winners = useQuery(winnersQuery(useLanguage()));
  const launch = useLaunchGame();
  const chunks = chunkWinners(winners.data ?? []);
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const count = chunks.length;
  useEffect(() => {
    if (count < 2 || isPaused || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), autoScrollMs);
    return () => clearInterval(timer);
  }, [count, isPaused]);
  if (count === 0) return null;
  const current = chunks[index % count] ?? [];
  const step = (delta: number) => setIndex((value) => (value + delta + count) % count);
  return (
    <section
      className="flex items-center gap-2 rounded-lg border border-line bg-surface p-2 md:p-3"
      aria-label={t('lobby.winners')}
      data-testid="winner-board"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <Trophy size={20} aria-hidden="true" className="ml-1 hidden shrink-0 text-accent sm:block" />
      <button
        type="button"
        onClick={() => step(-1)}
        aria-label={t('lobby.previous')}
        className="grid size-11 shrink-0 place-items-center rounded-md text-muted hover:bg-raised hover:text-text"
      >
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      <ul className="grid min-w-0 flex-1 gap-2 md:grid-cols-2" aria-live="off">
        {current.map((winner) => (
          <li key={`${winner.nodeId}-${winner.winTime}-${winner.customerName}`}>
            <button
              type="button"
              onClick={() => void launch(winner, 'real')}
              className="flex w-full min-w-0 items-center gap-3 rounded-md p-1 text-left hover:bg-raised"
            >
              <span className="block size-11 shrink-0 overflow-hidden rounded-md bg-raised">
                <GameArt src={winner.iconUrl} coverKey={winner.nodeId} title={winner.gameName} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-xs text-muted">
                  {winner.customerName} · {winner.gameName}
                </span>
                <span className="block text-sm font-bold text-accent-text tabular-nums">
                  {formatMoney(winner.winAmount)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => step(1)}
        aria-label={t('lobby.next')}
        className="grid size-11 shrink-0 place-items-center rounded-md text-muted hover:bg-raised hover:text-text"
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </section>
  );
}
