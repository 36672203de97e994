import type { GameApi, Round, Table } from './api';
import type { BalanceAnswer } from './balance';

/** What the shell hands every game. */
export type GameProps = {
  table: Table;
  api: GameApi;
  stakeMinor: bigint;
  /**
   * What can be staked now (wire decimal), cash and bonus money together: a game may hide what it
   * could not pay for.
   */
  balance: string;
  /** Called with every answered round: the shell updates the balances, seeds and last result. */
  onRound: (round: Round, answer: BalanceAnswer) => void;
  onError: (error: unknown) => void;
  /** The round still open when the table was opened (mines, blackjack). */
  openRound: Round | null;
};
