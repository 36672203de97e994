import {
  type BlackjackAction,
  type BlackjackActionRefusal,
  type BlackjackView,
  findBlackjackActionRefusal,
} from '@panalo/games/blackjack/blackjack.ts';
import { parseState, serializeState } from '@panalo/games/state-json.ts';
import { useState } from 'react';
import type { Round, RoundAction } from '../api';
import type { GameProps } from '../game-props';
import { fill, useMessages } from '../i18n';
import { formatMinor, minorOf, toWireAmount } from '../money';
import { NetResultLine } from './net-result-line';
import { Cards, REVEAL_MS } from './outcome-summary';
import { PlayButton } from './play-button';
import { usePlay } from './use-play';
import { useReveal } from './use-reveal';

/** The round's view with its stakes as bigints again ({"$bigint"} on the wire). */
function readView(round: Round | null): BlackjackView | undefined {
  return round?.outcome ? parseState<BlackjackView>(serializeState(round.outcome)) : undefined;
}

/** Blackjack: deal, then the actions the round allows now; an open hand resumes after a reload. */
export function BlackjackGame(props: GameProps) {
  const m = useMessages();
  const [round, setRound] = useState<Round | null>(props.openRound);
  const { isBusy, run, placeBet } = usePlay(props);
  // The deal comes in card by card; a round resumed after a reload is shown as it stands.
  const { isRevealing } = useReveal(
    round?.roundId ?? null,
    REVEAL_MS.blackjack!,
    props.openRound?.roundId ?? null,
  );
  const dealAt = (offset: number) => (isRevealing ? (index: number) => index * 2 + offset : null);
  const view = readView(round);
  const isOpen = round?.status === 'open';
  // The actions the cards allow, less those the server would refuse for money: the engine's own
  // rule, so that the buttons and the server never disagree.
  const money = { balanceMinor: minorOf(props.balance), maxWinMinor: minorOf(props.table.limits.maxWin) };
  const refusals = new Map<string, BlackjackActionRefusal>();
  if (isOpen && view)
    for (const action of round.actions) {
      const refusal = findBlackjackActionRefusal(view, action as BlackjackAction, money);
      if (refusal) refusals.set(action, refusal);
    }

  async function deal() {
    const answered = await placeBet((requestId) =>
      props.api.bet({ requestId, stake: toWireAmount(props.stakeMinor) }),
    );
    if (answered) setRound(answered);
  }

  async function act(type: RoundAction) {
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
              {m.blackjack.dealer} <Cards cards={view.dealer} dealAt={dealAt(1)} />
            </p>
            {view.hands.map((hand, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their order.
              <p key={index} className={isOpen && index === view.activeHand ? 'g-active-hand' : ''}>
                {fill(m.blackjack.hand, { number: index + 1 })}{' '}
                <Cards cards={hand.cards} dealAt={dealAt(0)} />
              </p>
            ))}
          </>
        ) : (
          <span className="g-muted">—</span>
        )}
      </div>
      <NetResultLine round={round} isShown={!isRevealing} symbol={props.table.currencySymbol} />
      {isOpen ? (
        <>
          <div className="g-row g-wrap">
            {round.actions.map((action) => (
              <button
                key={action}
                type="button"
                className="g-chip"
                disabled={isBusy || refusals.has(action)}
                title={refusals.has(action) ? m.blackjack.refusals[refusals.get(action)!] : undefined}
                data-testid={`blackjack-${action}`}
                // A round offers only actions the action call takes; its answer lists them as strings.
                onClick={() => void act(action as RoundAction)}
              >
                {(m.blackjack.actions as Record<string, string>)[action] ?? action}
              </button>
            ))}
          </div>
          {[...refusals].map(([action, refusal]) => (
            <p key={action} className="g-muted" data-testid={`blackjack-${action}-refused`}>
              {fill(m.blackjack.refused, {
                action: (m.blackjack.actions as Record<string, string>)[action] ?? action,
                reason: m.blackjack.refusals[refusal],
              })}
            </p>
          ))}
        </>
      ) : (
        <PlayButton
          label={`${m.blackjack.deal} · ${formatMinor(props.stakeMinor)}`}
          isBusy={isBusy}
          onPlay={deal}
        />
      )}
    </div>
  );
}
