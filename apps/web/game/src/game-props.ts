import type { GameApi, Round, Table } from './api';

/** What the shell hands every game. */
export type GameProps = {
  table: Table;
  api: GameApi;
  stakeMinor: bigint;
  /** The balance now (wire decimal): a game may hide what it could not pay for. */
  balance: string;
  /** Called with every answered round: the shell updates the balance, seeds and last result. */
  onRound: (round: Round, balance: string) => void;
  onError: (error: unknown) => void;
  /** The round still open when the table was opened (mines, blackjack). */
  openRound: Round | null;
};
