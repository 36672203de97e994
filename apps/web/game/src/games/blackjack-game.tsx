import { useRef, useState } from 'react';
import { newRequestId, type Round } from '../api';
import type { GameProps } from '../game-props';
import { fill, useMessages } from '../i18n';
import { formatMinor, minorOf, toWireAmount } from '../money';
import { Cards } from './outcome-summary';
import { usePlay } from './use-play';

type BlackjackView = {
  dealer: Array<number | null>;
  hands: Array<{ cards: number[]; isDone: boolean }>;
  activeHand: number;
  phase: 'insurance' | 'player' | 'settled';
};

/** Blackjack: deal, then the actions the round allows now; an open hand resumes after a reload. */
export function BlackjackGame(props: GameProps) {
  const m = useMessages();
  const [round, setRound] = useState<Round | null>(props.openRound);
  const { isBusy, run } = usePlay(props);
  const pending = useRef<string | null>(null);
  const view = round?.outcome as BlackjackView | undefined;
  const isOpen = round?.status === 'open';

  async function deal() {
    pending.current ??= newRequestId();
    const answered = await run(() =>
      props.api.bet({ requestId: pending.current!, stake: toWireAmount(props.stakeMinor) }),
    );
    if (answered) {
      pending.current = null;
      setRound(answered);
    }
  }

  async function act(type: string) {
    if (!round) return;
    const answered = await run(() => props.api.act({ roundId: round.roundId, type }));
    if (answered) setRound(answered);
  }

  return (
    <div className="g-blackjack-game">
      <div className="g-result g-hands" aria-live="polite" data-testid="blackjack-table">
        {view ? (
          <>
            <p>
              {m.blackjack.dealer} <Cards cards={view.dealer} />
            </p>
            {view.hands.map((hand, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their order.
              <p key={index} className={isOpen && index === view.activeHand ? 'g-active-hand' : ''}>
                {fill(m.blackjack.hand, { number: index + 1 })} <Cards cards={hand.cards} />
              </p>
            ))}
            {!isOpen && round ? (
              <p className={minorOf(round.win) > 0n ? 'g-win' : 'g-muted'}>
                {minorOf(round.win) > 0n ? fill(m.win, { amount: formatMinor(minorOf(round.win)) }) : m.lose}
              </p>
            ) : null}
          </>
        ) : (
          <span className="g-muted">—</span>
        )}
      </div>
      {isOpen ? (
        <div className="g-row g-wrap">
          {round.actions.map((action) => (
            <button
              key={action}
              type="button"
              className="g-chip"
              disabled={isBusy}
              onClick={() => void act(action)}
            >
              {(m.blackjack.actions as Record<string, string>)[action] ?? action}
            </button>
          ))}
        </div>
      ) : (
        <button
          type="button"
          className="g-play"
          disabled={isBusy}
          onClick={() => void deal()}
          data-testid="play"
        >
          {isBusy ? m.playing : m.blackjack.deal}
        </button>
      )}
    </div>
  );
}
