import { useCallback, useState } from 'react';
import type { Round } from '../api';
import type { GameProps } from '../game-props';

/**
 * Sends one bet or action at a time and reports it to the shell. A bet keeps its request id until
 * it is answered, so a retry after a lost answer is the same bet, never a second one.
 */
export function usePlay(props: Pick<GameProps, 'onRound' | 'onError'>) {
  const [isBusy, setBusy] = useState(false);
  const run = useCallback(
    async (send: () => Promise<{ round: Round; balance: string }>): Promise<Round | null> => {
      setBusy(true);
      try {
        const { round, balance } = await send();
        props.onRound(round, balance);
        return round;
      } catch (caught) {
        props.onError(caught);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [props.onRound, props.onError],
  );
  return { isBusy, run };
}
