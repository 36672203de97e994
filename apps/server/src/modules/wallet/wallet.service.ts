import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addRoundBonusStake, setRoundBonusWin } from './bet-record.repository.ts';
import { createTransferBatches } from './bound-transfers.ts';
import { createGameMoves } from './game-moves.ts';
import { createHolds } from './holds.ts';
import { type BalanceChange, createLedger } from './ledger.ts';
import { createStatements } from './statements.ts';

export type { BoundTransferInput, TransferBatch } from './bound-transfers.ts';
export type {
  BonusPlay,
  GameLedger,
  GameLedgerMove,
  GameMoveInput,
  GameMoveOutcome,
  MoneyParts,
  PartsOutcome,
  RollbackInput,
  RollbackOutcome,
} from './game-moves.ts';
export { bonusKeyOf, winPartsOf } from './game-moves.ts';
export type { Hold, HoldOutcome } from './holds.ts';
export type {
  AccountRef,
  BalanceChange,
  Balances,
  HousePurpose,
  PlayerWallet,
  Transfer,
  TransferCode,
  TransferInput,
  TransferOutcome,
} from './ledger.ts';
export {
  CASH_BALANCES_MEMBERS_MAX,
  currencySymbolOf,
  HOUSE_SHARD_COUNT,
  houseShardOf,
  IDEMPOTENCY_KEY_LENGTH_MAX,
  REFERENCE_LENGTH_MAX,
  TRANSFER_AMOUNT_MINOR_MAX,
  TRANSFER_CODES,
  TRANSFER_PAGE_SIZE_MAX,
} from './ledger.ts';
export type { ListTransfersInput, StatementDay, StatementLine } from './statements.ts';
export { nextDayOf, STATEMENT_DAYS_MAX, startOfDateIn } from './statements.ts';

export type WalletService = ReturnType<typeof createWalletService>;

/**
 * The wallet: the ledger (ledger.ts: transfers between accounts, idempotent on the caller's key),
 * withdrawal holds (holds.ts), a member's game moves (game-moves.ts: stakes, wins, rollbacks and our
 * own games' one-statement bets) and statements (statements.ts). Deposits, withdrawals, games,
 * bonuses and agents all move money through this one API. `onBalanceChanged` hears every change
 * of a member's balance after it is committed (the app sends it to the member's sockets).
 */
export function createWalletService(deps: {
  db: Kysely<Database>;
  onBalanceChanged?: (change: BalanceChange) => void;
}) {
  const ledger = createLedger(deps);
  const holds = createHolds({ ...deps, ledger });
  const gameMoves = createGameMoves({ ...deps, ledger });
  const statements = createStatements(deps);
  return {
    statementByDay: statements.statementByDay,
    transfer: ledger.transfer,
    /** A transfer inside a caller's transaction (the bonus engine's grants, conversions and forfeits). */
    transferIn: ledger.transferIn,
    /** A member's cash and bonus, locked in a caller's transaction (in id order, as game moves lock them). */
    lockPlayerBalancesIn: ledger.lockPlayerBalancesIn,
    /** Many members' cash and bonus, locked in a caller's transaction in one statement (a batch of grants). */
    lockPlayerBalancesManyIn: ledger.lockPlayerBalancesManyIn,
    /** Many transfers in a caller's transaction, in one statement (a batch of grants' activations). */
    transferManyIn: ledger.transferManyIn,
    /** The accounts of cash paid out in a caller's own statement, and the news of it (ledger.ts). */
    resolvePayoutAccounts: ledger.resolvePayoutAccounts,
    announceCash: ledger.announceCash,
    /** Many transfers in one transaction with the caller's writes (bound-transfers.ts). */
    withTransfers: createTransferBatches({ db: deps.db, ledger }),
    findTransfer: ledger.findTransfer,
    debitForBet: gameMoves.debitForBet,
    creditForWin: gameMoves.creditForWin,
    withGameLedger: gameMoves.withGameLedger,
    transferAfterCheck: ledger.transferAfterCheck,
    debitForBetAfterCheck: gameMoves.debitForBetAfterCheck,
    /** A stake from cash first, then bonus money, after a check in its transaction (game-moves.ts). */
    stakeAfterCheck: gameMoves.stakeAfterCheck,
    /** A win split by the parts of the stake it pays (game-moves.ts). */
    creditWinByParts: gameMoves.creditWinByParts,
    /** A vendor's round: adds a stake's bonus part, in the stake's transaction (the bet record). */
    addRoundBonusStakeIn: addRoundBonusStake,
    /** A round: what of its win was bonus money, in the win's or the adjustment's transaction. */
    setRoundBonusWinIn: setRoundBonusWin,
    playOneStepBet: gameMoves.playOneStepBet,
    rollback: gameMoves.rollback,
    hold: holds.hold,
    release: holds.release,
    capture: holds.capture,
    getBalances: ledger.getBalances,
    getCashBalances: ledger.getCashBalances,
    sumHeld: holds.sumHeld,
    listTransfers: statements.listTransfers,
    sumWagered: statements.sumWagered,
    sumGameLossSince: statements.sumGameLossSince,
  };
}
