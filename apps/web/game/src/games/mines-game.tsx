import { useState } from 'react';
import type { Round } from '../api';
import type { GameProps } from '../game-props';
import { fill, useMessages } from '../i18n';
import { formatMinor, minorOf, toWireAmount } from '../money';
import { NetResultLine } from './net-result-line';
import { PlayButton } from './play-button';
import { usePlay } from './use-play';

type MinesView = {
  mineCount: number;
  mines: number[] | null;
  picks: number[];
  bustedOn: number | null;
  status: 'playing' | 'busted' | 'cashed-out';
  multiplierNext?: string | null;
  stakeMinor: unknown;
};

const TILES = Array.from({ length: 25 }, (_, tile) => tile);

/** What cashing out pays after k safe picks with m mines: stake × 0.99 × C(25, k) / C(25 − m, k), rounded down. */
function cashOutOf(stakeMinor: bigint, mineCount: number, picks: number): bigint {
  let numerator = 99n;
  let denominator = 100n;
  for (let index = 0; index < picks; index += 1) {
    numerator *= BigInt(25 - index);
    denominator *= BigInt(25 - mineCount - index);
  }
  return (stakeMinor * numerator) / denominator;
}

/** Mines: pick safe tiles and cash out; a round left open resumes where it was. */
export function MinesGame(props: GameProps) {
  const m = useMessages();
  const [mineCount, setMineCount] = useState(3);
  const [round, setRound] = useState<Round | null>(props.openRound);
  const { isBusy, run, placeBet } = usePlay(props);
  const view = round?.outcome as MinesView | undefined;
  const isOpen = round?.status === 'open';

  async function start() {
    const answered = await placeBet((requestId) =>
      props.api.bet({ requestId, stake: toWireAmount(props.stakeMinor), mineCount }),
    );
    if (answered) setRound(answered);
  }

  async function act(type: 'pick' | 'cash-out', tile?: number) {
    if (!round) return;
    const answered = await run(() =>
      props.api.act({ roundId: round.roundId, type, ...(tile !== undefined ? { tile } : {}) }),
    );
    if (answered) setRound(answered);
  }

  const picks = view?.picks ?? [];
  const cashOutMinor =
    view && picks.length > 0 ? cashOutOf(minorOf(view.stakeMinor), view.mineCount, picks.length) : 0n;

  return (
    <div className="g-mines-game">
      <div className="g-board" data-testid="mines-board">
        {TILES.map((tile) => {
          const isPicked = picks.includes(tile);
          const isMine = view?.mines?.includes(tile) ?? false;
          const state = isPicked ? 'safe' : isMine ? (view?.bustedOn === tile ? 'boom' : 'mine') : 'hidden';
          return (
            <button
              key={tile}
              type="button"
              className={`g-tile g-tile-${state}`}
              disabled={!isOpen || isPicked || isBusy}
              onClick={() => void act('pick', tile)}
              aria-label={`${tile + 1}`}
              data-testid={`tile-${tile}`}
            >
              {state === 'safe' ? '◆' : state === 'mine' || state === 'boom' ? '✹' : ''}
            </button>
          );
        })}
      </div>
      <p className="g-result-line" aria-live="polite" data-testid="mines-status">
        {view?.status === 'busted'
          ? m.mines.busted
          : view?.status === 'cashed-out'
            ? m.mines.cashedOut
            : isOpen && view?.multiplierNext
              ? fill(m.mines.next, { multiplier: view.multiplierNext })
              : m.mines.pickTile}
      </p>
      <NetResultLine round={round} isShown symbol={props.table.currencySymbol} />
      {isOpen ? (
        <button
          type="button"
          className="g-play"
          disabled={isBusy || picks.length === 0}
          onClick={() => void act('cash-out')}
          data-testid="cash-out"
        >
          {fill(m.mines.cashOut, { amount: formatMinor(cashOutMinor) })}
        </button>
      ) : (
        <div className="g-row">
          <label className="g-select">
            <span className="g-muted">{m.mines.mines}</span>
            <select value={mineCount} onChange={(event) => setMineCount(Number(event.target.value))}>
              {Array.from({ length: 24 }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </label>
          <PlayButton
            label={`${m.mines.start} · ${formatMinor(props.stakeMinor)}`}
            isBusy={isBusy}
            onPlay={start}
          />
        </div>
      )}
    </div>
  );
}
