import { RED_NUMBERS } from '@panalo/games/roulette/roulette.ts';
import { useRef, useState } from 'react';
import { newRequestId, type Round, type WireTableBet } from '../api';
import type { GameProps } from '../game-props';
import { fill, useMessages } from '../i18n';
import { formatMinor, minorOf, toWireAmount } from '../money';
import { OutcomeSummary } from './outcome-summary';
import { usePlay } from './use-play';

type BetOption = { id: string; label: string; n?: number; bet: Omit<WireTableBet, 'stake'> };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The bets each table lays out, as the real table offers them. */
function optionsOf(gameCode: string): BetOption[] {
  const kind = (name: string): BetOption => ({ id: name, label: name, bet: { kind: name } });
  switch (gameCode) {
    case 'roulette':
      return [
        ...['red', 'black', 'odd', 'even', 'low', 'high'].map(kind),
        ...range(1, 3).map((index) => ({
          id: `dozen-${index}`,
          label: 'dozen',
          n: index,
          bet: { kind: 'dozen', index },
        })),
        ...range(1, 3).map((index) => ({
          id: `column-${index}`,
          label: 'column',
          n: index,
          bet: { kind: 'column', index },
        })),
        ...range(0, 36).map((number) => ({
          id: `straight-${number}`,
          label: number === 0 ? 'zero' : RED_NUMBERS.has(number) ? 'red-number' : 'black-number',
          n: number,
          bet: { kind: 'straight', numbers: [number] },
        })),
      ];
    case 'baccarat':
      return ['player', 'banker', 'tie', 'player-pair', 'banker-pair'].map(kind);
    case 'dragon-tiger':
      return ['dragon', 'tiger', 'tie'].map(kind);
    case 'sic-bo':
      return [
        ...['small', 'big', 'any-triple'].map(kind),
        ...range(1, 6).map((number) => ({
          id: `single-${number}`,
          label: 'single',
          n: number,
          bet: { kind: 'single', number },
        })),
      ];
    case 'colour-game':
      return ['yellow', 'white', 'pink', 'blue', 'red', 'green'].map((face) => ({
        id: face,
        label: face,
        bet: { face },
      }));
    case 'fish-prawn-crab':
      return ['fish', 'prawn', 'crab', 'rooster', 'gourd', 'stag'].map((face) => ({
        id: face,
        label: face,
        bet: { face },
      }));
    default:
      return [];
  }
}

/** A table game (roulette, baccarat, dragon tiger, sic bo, colour game, fish-prawn-crab). */
export function TableGame(props: GameProps) {
  const m = useMessages();
  const options = optionsOf(props.table.gameCode);
  const [placed, setPlaced] = useState<Map<string, bigint>>(new Map());
  const [last, setLast] = useState<Round | null>(null);
  const { isBusy, run } = usePlay(props);
  const pending = useRef<string | null>(null);
  const labelOf = (option: BetOption) =>
    fill((m.labels as Record<string, string>)[option.label] ?? option.label, { n: option.n ?? '' });

  function add(option: BetOption) {
    pending.current = null;
    setPlaced((current) =>
      new Map(current).set(option.id, (current.get(option.id) ?? 0n) + props.stakeMinor),
    );
  }

  async function play() {
    pending.current ??= newRequestId();
    const bets = [...placed].map(([id, stakeMinor]) => ({
      ...options.find((option) => option.id === id)!.bet,
      stake: toWireAmount(stakeMinor),
    }));
    const round = await run(() => props.api.bet({ requestId: pending.current!, bets }));
    if (round) {
      pending.current = null;
      setLast(round);
    }
  }

  const totalMinor = [...placed.values()].reduce((sum, stake) => sum + stake, 0n);
  return (
    <div className="g-table-game">
      <div className="g-result" aria-live="polite" data-testid="table-result">
        {last ? (
          <>
            <OutcomeSummary gameCode={last.gameCode} outcome={last.outcome} />
            <span className={minorOf(last.win) > 0n ? 'g-win' : 'g-muted'}>
              {minorOf(last.win) > 0n ? fill(m.win, { amount: formatMinor(minorOf(last.win)) }) : m.lose}
            </span>
          </>
        ) : (
          <span className="g-muted">{m.table.noBets}</span>
        )}
      </div>
      <div className={`g-options g-options-${props.table.gameCode}`}>
        {options.map((option) => (
          <button
            key={option.id}
            type="button"
            className={`g-option g-option-${option.label} ${placed.has(option.id) ? 'g-option-placed' : ''}`}
            onClick={() => add(option)}
          >
            <span>{labelOf(option)}</span>
            {placed.has(option.id) ? <small>{formatMinor(placed.get(option.id)!)}</small> : null}
          </button>
        ))}
      </div>
      <div className="g-row">
        <button
          type="button"
          className="g-chip"
          disabled={placed.size === 0 || isBusy}
          onClick={() => {
            pending.current = null;
            setPlaced(new Map());
          }}
        >
          {m.table.clear}
        </button>
        <button
          type="button"
          className="g-play"
          disabled={placed.size === 0 || isBusy}
          onClick={() => void play()}
          data-testid="play"
        >
          {isBusy ? m.playing : `${m.play} · ${formatMinor(totalMinor)}`}
        </button>
      </div>
    </div>
  );
}
