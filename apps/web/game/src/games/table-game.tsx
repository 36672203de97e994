import { useState } from 'react';
import type { Round } from '../api';
import type { GameProps } from '../game-props';
import { fill, useMessages } from '../i18n';
import { formatMinor, toWireAmount } from '../money';
import { NetResultLine } from './net-result-line';
import { OutcomeSummary, REVEAL_MS } from './outcome-summary';
import { PlayButton } from './play-button';
import { RecentResults, useRecentRounds } from './recent-results';
import { type BoardProps, RouletteBoard, SicBoBoard, SimpleBoard, useBetName } from './table-boards';
import { type BetOption, listTableOptions } from './table-options';
import { usePlay } from './use-play';
import { useReveal } from './use-reveal';

/**
 * A table game (roulette, baccarat, dragon tiger, sic bo, colour game, fish-prawn-crab): tap a spot
 * to put the chosen stake on it (again to add more), undo the last chip or clear, then play.
 */
export function TableGame(props: GameProps) {
  const m = useMessages();
  const nameOf = useBetName();
  const [options] = useState(() => listTableOptions(props.table.gameCode));
  const [placed, setPlaced] = useState<Map<string, bigint>>(new Map());
  /** Every chip put down, in order, so that undo takes back the last one. */
  const [history, setHistory] = useState<Array<{ id: string; minor: bigint }>>([]);
  const [last, setLast] = useState<Round | null>(null);
  const { isBusy, placeBet } = usePlay(props);
  const { isRevealing } = useReveal(last?.roundId ?? null, REVEAL_MS[props.table.gameCode] ?? 0);
  // A round joins the recent results once its motion has ended, not before.
  const recent = useRecentRounds(props.api, props.table, isRevealing ? null : last);

  function add(option: BetOption) {
    setPlaced((current) =>
      new Map(current).set(option.id, (current.get(option.id) ?? 0n) + props.stakeMinor),
    );
    setHistory((current) => [...current, { id: option.id, minor: props.stakeMinor }]);
  }

  function undo() {
    const chip = history.at(-1);
    if (!chip) return;
    setHistory(history.slice(0, -1));
    setPlaced((current) => {
      const next = new Map(current);
      const left = (next.get(chip.id) ?? 0n) - chip.minor;
      if (left > 0n) next.set(chip.id, left);
      else next.delete(chip.id);
      return next;
    });
  }

  function clear() {
    setPlaced(new Map());
    setHistory([]);
  }

  async function play() {
    const bets = [...placed].map(([id, stakeMinor]) => ({
      ...options.find((option) => option.id === id)!.bet,
      stake: toWireAmount(stakeMinor),
    }));
    const round = await placeBet(
      (requestId) => props.api.bet({ requestId, bets }),
      [...placed].map(([id, stakeMinor]) => `${id}:${stakeMinor}`).join(),
    );
    if (round) setLast(round);
  }

  const totalMinor = [...placed.values()].reduce((sum, stake) => sum + stake, 0n);
  const board: BoardProps = { options, placed, onAdd: add, isDisabled: isBusy };
  const gameCode = props.table.gameCode;
  return (
    <div className="g-table-game">
      <div className="g-result" aria-live="polite" aria-busy={isRevealing} data-testid="table-result">
        {last ? (
          <OutcomeSummary gameCode={last.gameCode} outcome={last.outcome} isRevealing={isRevealing} />
        ) : (
          <span className="g-muted">{m.table.noBets}</span>
        )}
      </div>
      <NetResultLine round={last} isShown={!isRevealing} symbol={props.table.currencySymbol} />
      {gameCode === 'roulette' ? (
        <RouletteBoard {...board} />
      ) : gameCode === 'sic-bo' ? (
        <SicBoBoard {...board} />
      ) : (
        <SimpleBoard {...board} gameCode={gameCode} />
      )}
      <div className="g-bet-slip" aria-live="polite">
        <div className="g-bet-slip-head">
          <span className="g-muted">{m.table.yourBets}</span>
          <strong data-testid="total-stake">
            {fill(m.table.total, { amount: formatMinor(totalMinor) })}
          </strong>
        </div>
        {placed.size > 0 ? (
          <ul className="g-bet-list">
            {[...placed].map(([id, minor]) => {
              const option = options.find((candidate) => candidate.id === id);
              return option ? (
                <li key={id}>
                  {nameOf(option)} <span className="g-muted">{option.pays}</span>{' '}
                  <strong>{formatMinor(minor)}</strong>
                </li>
              ) : null;
            })}
          </ul>
        ) : null}
      </div>
      <div className="g-row">
        <button type="button" className="g-chip" disabled={history.length === 0 || isBusy} onClick={undo}>
          {m.table.undo}
        </button>
        <button type="button" className="g-chip" disabled={placed.size === 0 || isBusy} onClick={clear}>
          {m.table.clear}
        </button>
        <PlayButton
          label={`${m.play} · ${formatMinor(totalMinor)}`}
          isBusy={isBusy}
          isDisabled={placed.size === 0}
          onPlay={play}
        />
      </div>
      <RecentResults gameCode={gameCode} rounds={recent} />
    </div>
  );
}
