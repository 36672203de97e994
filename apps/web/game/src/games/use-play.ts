import { useCallback, useRef, useState } from 'react';
import { newRequestId, type Round } from '../api';
import type { BalanceAnswer } from '../balance';
import type { GameProps } from '../game-props';

type Answer = BalanceAnswer & { round: Round };

/**
 * Sends one bet or action at a time and reports it to the shell. A bet keeps its request id until
 * it is answered, so a retry after a lost answer is the same bet, never a second one.
 */
export function usePlay(props: Pick<GameProps, 'onRound' | 'onError'>) {
  const [isBusy, setBusy] = useState(false);
  const pending = useRef<{ requestId: string; betKey: string } | null>(null);
  const run = useCallback(
    async (send: () => Promise<Answer>): Promise<Round | null> => {
      setBusy(true);
      try {
        const answer = await send();
        props.onRound(answer.round, answer);
        return answer.round;
      } catch (caught) {
        props.onError(caught);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [props.onRound, props.onError],
  );
  /**
   * Places a bet under its request id. betKey says what the bet is, for a game whose bet the
   * player can change before a retry: a different bet gets a new id.
   */
  const placeBet = useCallback(
    async (send: (requestId: string) => Promise<Answer>, betKey = ''): Promise<Round | null> => {
      if (pending.current?.betKey !== betKey) pending.current = { requestId: newRequestId(), betKey };
      const { requestId } = pending.current;
      const round = await run(() => send(requestId));
      if (round) pending.current = null;
      return round;
    },
    [run],
  );
  return { isBusy, run, placeBet };
}
