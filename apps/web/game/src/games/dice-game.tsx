import { useEffect, useState } from 'react';
import type { Round } from '../api';
import type { GameProps } from '../game-props';
import { useMessages } from '../i18n';
import { formatMinor, toWireAmount } from '../money';
import { NetResultLine } from './net-result-line';
import { REVEAL_MS } from './outcome-summary';
import { PlayButton } from './play-button';
import { usePlay } from './use-play';
import { useReveal } from './use-reveal';

const ROLLS = 10_000;

/**
 * The roll counting up to the drawn number while isRevealing, easing out as it nears it; the
 * number as drawn at rest. (Only the picture follows the frames: when the count ends is use-reveal's.)
 */
function useCountUp(target: number, isRevealing: boolean, durationMs: number): number {
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (!isRevealing) return;
    setShown(0);
    let frame = 0;
    const started = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - started) / durationMs);
      setShown(Math.round(target * (1 - (1 - progress) ** 3)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, isRevealing, durationMs]);
  return isRevealing ? shown : target;
}

/** Dice: roll under or over a target; the chance sets the payout (stake × 99 / chance). */
export function DiceGame(props: GameProps) {
  const m = useMessages();
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [targetHundredths, setTarget] = useState(5_000);
  const [last, setLast] = useState<Round | null>(null);
  const { isBusy, placeBet } = usePlay(props);

  const chanceHundredths = direction === 'under' ? targetHundredths : ROLLS - 1 - targetHundredths;
  const isValid = chanceHundredths >= 100 && chanceHundredths <= 9_800;
  const payoutMinor = isValid ? (props.stakeMinor * 9_900n) / BigInt(chanceHundredths) : 0n;
  const target = (targetHundredths / 100).toFixed(2);

  async function play() {
    const round = await placeBet(
      (requestId) => props.api.bet({ requestId, stake: toWireAmount(props.stakeMinor), direction, target }),
      `${props.stakeMinor}:${direction}:${targetHundredths}`,
    );
    if (round) setLast(round);
  }

  const outcome = last?.outcome as { rollHundredths: number; isWin: boolean } | undefined;
  const { isRevealing } = useReveal(last?.roundId ?? null, REVEAL_MS.dice!);
  const shownHundredths = useCountUp(outcome?.rollHundredths ?? 0, isRevealing, REVEAL_MS.dice!);
  return (
    <div className="g-dice-game">
      <div className="g-result" aria-live="polite" aria-busy={isRevealing} data-testid="dice-result">
        {outcome ? (
          <span className={`g-roll ${isRevealing ? '' : outcome.isWin ? 'g-win' : 'g-loss'}`}>
            {(shownHundredths / 100).toFixed(2)}
          </span>
        ) : (
          <span className="g-roll g-muted">—</span>
        )}
      </div>
      <NetResultLine round={last} isShown={!isRevealing} symbol={props.table.currencySymbol} />
      <div className="g-track" aria-hidden="true">
        <div
          className="g-track-win"
          style={
            direction === 'under'
              ? { left: 0, width: `${targetHundredths / 100}%` }
              : { left: `${targetHundredths / 100}%`, right: 0 }
          }
        />
        {outcome ? <div className="g-track-marker" style={{ left: `${shownHundredths / 100}%` }} /> : null}
      </div>
      <fieldset className="g-segment">
        {(['under', 'over'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={`g-chip ${direction === value ? 'g-chip-active' : ''}`}
            aria-pressed={direction === value}
            onClick={() => setDirection(value)}
          >
            {m.dice[value]} {target}
          </button>
        ))}
      </fieldset>
      <label className="g-slider">
        <span className="g-muted">{m.dice.target}</span>
        <input
          type="range"
          min={direction === 'under' ? 100 : 199}
          max={direction === 'under' ? 9_800 : 9_899}
          step={1}
          value={targetHundredths}
          onChange={(event) => setTarget(Number(event.target.value))}
          data-testid="dice-target"
        />
      </label>
      <dl className="g-stats">
        <div>
          <dt>{m.dice.chance}</dt>
          <dd>{(chanceHundredths / 100).toFixed(2)}%</dd>
        </div>
        <div>
          <dt>{m.dice.payout}</dt>
          <dd>{formatMinor(payoutMinor)}</dd>
        </div>
      </dl>
      <PlayButton
        label={`${m.play} · ${formatMinor(props.stakeMinor)}`}
        isBusy={isBusy}
        isDisabled={!isValid}
        onPlay={play}
      />
    </div>
  );
}
