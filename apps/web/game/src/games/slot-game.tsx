import { useState } from 'react';
import type { Round } from '../api';
import type { GameProps } from '../game-props';
import { fill, useMessages } from '../i18n';
import { formatMinor, toWireAmount } from '../money';
import { NetResultLine } from './net-result-line';
import { OutcomeSummary, REVEAL_MS } from './outcome-summary';
import { PlayButton } from './play-button';
import { usePlay } from './use-play';
import { useReveal } from './use-reveal';

const LINES: Record<string, number> = { 'classic-slot': 5, 'video-slot': 25 };

/** The slots: the stake selector sets the stake per line; a spin shows the window of symbols. */
export function SlotGame(props: GameProps) {
  const m = useMessages();
  const [last, setLast] = useState<Round | null>(null);
  const { isBusy, placeBet } = usePlay(props);
  const lines = LINES[props.table.gameCode] ?? 1;
  const { isRevealing } = useReveal(last?.roundId ?? null, REVEAL_MS[props.table.gameCode] ?? 0);
  const costMinor = props.stakeMinor * BigInt(lines);

  async function spin() {
    const round = await placeBet((requestId) =>
      props.api.bet({ requestId, lineStake: toWireAmount(props.stakeMinor) }),
    );
    if (round) setLast(round);
  }

  const freeSpins = (last?.outcome as { freeSpins?: unknown[] } | undefined)?.freeSpins?.length ?? 0;
  return (
    <div className="g-slot-game">
      <div className="g-result" aria-live="polite" aria-busy={isRevealing} data-testid="slot-result">
        {last ? (
          <OutcomeSummary gameCode={last.gameCode} outcome={last.outcome} isRevealing={isRevealing} />
        ) : (
          <div className="g-reels-empty" />
        )}
        {last && freeSpins > 0 && !isRevealing ? (
          <span className="g-muted">{fill(m.slot.freeSpins, { count: freeSpins })}</span>
        ) : null}
      </div>
      <NetResultLine round={last} isShown={!isRevealing} symbol={props.table.currencySymbol} />
      <p className="g-muted">
        {m.slot.lineStake}: {formatMinor(props.stakeMinor)} · {fill(m.slot.lines, { count: lines })} ={' '}
        {formatMinor(costMinor)}
      </p>
      <PlayButton label={`${m.slot.spin} · ${formatMinor(costMinor)}`} isBusy={isBusy} onPlay={spin} />
    </div>
  );
}
