import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, InvariantError } from '../../platform/errors/invariant.ts';
import {
  assertAmount,
  assertKey,
  type BalanceChange,
  type BoundLedger,
  type Ledger,
  type Transfer,
  type TransferOutcome,
  toTransfer,
} from './ledger.ts';
import { createOneStepBets } from './one-step-bets.ts';
import {
  findAccountById,
  findTransferByKey,
  findTransferReversing,
  insertVoidMarker,
  isUniqueViolation,
  TRANSFER_REVERSES_INDEX,
} from './wallet.repository.ts';

export type GameMoveInput = {
  merchantId: string;
  memberId: string;
  currency: string;
  /** The vendor's transaction id (or our own game's), unique per merchant. */
  key: string;
  /** The round. */
  reference?: string | null;
  amountMinor: bigint;
};

/** `balanceMinor`: the member's cash right after the call (after the first call, on a duplicate). */
export type GameMoveOutcome = TransferOutcome & { balanceMinor: bigint };

/** A stake or a win of the member a game ledger is bound to (see withGameLedger). */
export type GameLedgerMove = {
  /** Unique per merchant, as for debitForBet and creditForWin. */
  key: string;
  reference?: string | null;
  amountMinor: bigint;
};

/**
 * One member's game moves inside a caller's transaction: INSUFFICIENT_FUNDS when the stake is
 * short (the caller's transaction then rolls back with everything it wrote).
 */
export type GameLedger = {
  debitForBet(input: GameLedgerMove): Promise<GameMoveOutcome>;
  creditForWin(input: GameLedgerMove): Promise<GameMoveOutcome>;
  /**
   * A rollback of one of the member's bets (as `rollback`), in the caller's transaction: the
   * caller holds a lock that orders every rollback of the bet (its round's), so the reversal is
   * looked up, not raced.
   */
  rollback(input: Omit<RollbackInput, 'merchantId' | 'memberId' | 'currency'>): Promise<RollbackOutcome>;
};

export type RollbackInput = {
  merchantId: string;
  memberId: string;
  currency: string;
  /** The rollback's own transaction id. */
  key: string;
  /** The bet debit it cancels. */
  betKey: string;
  reference?: string | null;
};

/**
 * `reversed`: the bet's stake went back to the player. `voided`: no such bet had arrived; its key
 * is now refused, so a late debit cannot take money for a round the vendor has cancelled.
 */
export type RollbackOutcome =
  | { status: 'reversed'; transfer: Transfer; duplicate: boolean; balanceMinor: bigint }
  | { status: 'voided'; duplicate: boolean; balanceMinor: bigint };

/** A bet's stake given back by `reversal`, with the balance the reversal left the player. */
function reversedBy(reversal: Transfer, duplicate: boolean): RollbackOutcome {
  return {
    status: 'reversed',
    transfer: reversal,
    duplicate,
    balanceMinor: reversal.creditBalanceAfterMinor,
  };
}

/**
 * A member's game moves through the ledger: stakes and wins (one by one, bound to a caller's
 * transaction, or with a one-step round of our own games in one statement) and rollbacks of
 * stakes. Vendors' bets and our own games' rounds both come through here.
 */
export function createGameMoves(deps: {
  db: Kysely<Database>;
  ledger: Ledger;
  onBalanceChanged?: (change: BalanceChange) => void;
}) {
  const { db, ledger } = deps;
  const {
    checkInput,
    execute,
    readCash,
    resolveHouseAccount,
    resolvePlayerAccount,
    transfer,
    transferAfterCheck,
  } = ledger;

  /** debitForBet after `check`, in one transaction (see transferAfterCheck). */
  async function debitForBetAfterCheck(
    input: GameMoveInput,
    check: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<GameMoveOutcome> {
    const outcome = await transferAfterCheck(
      {
        ...input,
        code: 'bet',
        from: { memberId: input.memberId, wallet: 'cash' },
        to: { house: 'game', shardKey: input.memberId },
      },
      check,
    );
    return { ...outcome, balanceMinor: outcome.transfer.debitBalanceAfterMinor };
  }

  /** A stake: the member's cash to the game house account. INSUFFICIENT_FUNDS when short. */
  async function debitForBet(input: GameMoveInput): Promise<GameMoveOutcome> {
    const outcome = await transfer({
      ...input,
      code: 'bet',
      from: { memberId: input.memberId, wallet: 'cash' },
      to: { house: 'game', shardKey: input.memberId },
    });
    return { ...outcome, balanceMinor: outcome.transfer.debitBalanceAfterMinor };
  }

  // Vendors retry a win until they see OK, sometimes hours later, so a win is accepted whatever
  // the state of the player's session; only the key decides whether it is new.
  /** A win: the game house account to the member's cash. */
  async function creditForWin(input: GameMoveInput): Promise<GameMoveOutcome> {
    const outcome = await transfer({
      ...input,
      code: 'win',
      from: { house: 'game', shardKey: input.memberId },
      to: { memberId: input.memberId, wallet: 'cash' },
    });
    return { ...outcome, balanceMinor: outcome.transfer.creditBalanceAfterMinor };
  }

  /**
   * Runs `work` in one database transaction with a member's game moves bound to it: a round's
   * stake and win commit together with the caller's own writes in `trx` (the round's record), or
   * none of them does. The accounts are resolved before the transaction opens (creating one takes
   * a connection of its own, and PGlite has only one); the member hears of the new balances once
   * the transaction has committed.
   */
  async function withGameLedger<T>(
    player: { merchantId: string; memberId: string; currency: string },
    work: (ledger: GameLedger, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    const { merchantId, memberId, currency } = player;
    checkInput({ key: 'game', currency });
    const [cash, house] = await Promise.all([
      resolvePlayerAccount(merchantId, memberId, currency, 'cash'),
      resolveHouseAccount(merchantId, 'game', currency, memberId),
    ]);
    const committed: Array<() => void> = [];
    const result = await db.transaction().execute((trx) => {
      const bound: BoundLedger = { trx, committed };
      const move = async (code: 'bet' | 'win', input: GameLedgerMove): Promise<GameMoveOutcome> => {
        checkInput({ ...input, currency });
        assertAmount(input.amountMinor);
        const outcome = await execute(
          {
            merchantId,
            currency,
            key: input.key,
            code,
            reference: input.reference ?? null,
            debit: code === 'bet' ? cash : house,
            credit: code === 'bet' ? house : cash,
            amountMinor: input.amountMinor,
            reversesKey: null,
          },
          bound,
        );
        const balanceMinor =
          code === 'bet' ? outcome.transfer.debitBalanceAfterMinor : outcome.transfer.creditBalanceAfterMinor;
        return { ...outcome, balanceMinor };
      };
      const cashIn = async () => {
        const account = await findAccountById(trx, cash.id);
        assertInvariant(account !== undefined, 'wallet: a resolved account exists');
        return account.balance_minor;
      };
      const rollbackIn = async (
        input: Omit<RollbackInput, 'merchantId' | 'memberId' | 'currency'>,
      ): Promise<RollbackOutcome> => {
        checkInput({ ...input, currency });
        assertKey(input.betKey, 'betKey');
        // Two rounds at most: a bet that lands between the lookup and the marker is then found.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const bet = await findTransferByKey(trx, merchantId, input.betKey);
          if (bet?.code === 'void')
            return { status: 'voided', duplicate: true, balanceMinor: await cashIn() };
          if (bet) {
            const stake = toTransfer(bet);
            if (stake.code !== 'bet' || stake.debitAccountId !== cash.id) {
              throw new AppError('CONFLICT', { value: { reason: 'NOT_A_BET' } });
            }
            const earlier = await findTransferReversing(trx, merchantId, input.betKey);
            if (earlier) return reversedBy(toTransfer(earlier), true);
            const house = await findAccountById(trx, stake.creditAccountId);
            assertInvariant(house !== undefined, 'wallet: a bet credited an account that exists');
            const outcome = await execute(
              {
                merchantId,
                currency,
                key: input.key,
                code: 'rollback',
                reference: input.reference ?? null,
                debit: { id: house.id, kind: house.kind, ownerId: null },
                credit: cash,
                amountMinor: stake.amountMinor,
                reversesKey: input.betKey,
              },
              bound,
            );
            return reversedBy(outcome.transfer, outcome.duplicate);
          }
          const marked = await insertVoidMarker(trx, {
            id: uuidv7(),
            merchantId,
            key: input.betKey,
            currency,
            reference: input.key,
          });
          if (marked) return { status: 'voided', duplicate: false, balanceMinor: await cashIn() };
        }
        throw new InvariantError('wallet: a bet key was neither found nor free');
      };
      return work(
        {
          debitForBet: (input) => move('bet', input),
          creditForWin: (input) => move('win', input),
          rollback: rollbackIn,
        },
        trx,
      );
    });
    for (const tell of committed) tell();
    return result;
  }

  /**
   * The accounts a member's game moves go between (their cash and their game house shard), for a
   * one-step bet whose stake and win move inside one server-side statement (one-step-bets.ts).
   */
  async function resolveGameAccounts(player: {
    merchantId: string;
    memberId: string;
    currency: string;
  }): Promise<{ cashAccountId: string; houseAccountId: string }> {
    checkInput({ key: 'game', currency: player.currency });
    const [cash, house] = await Promise.all([
      resolvePlayerAccount(player.merchantId, player.memberId, player.currency, 'cash'),
      resolveHouseAccount(player.merchantId, 'game', player.currency, player.memberId),
    ]);
    return { cashAccountId: cash.id, houseAccountId: house.id };
  }

  /** Tells the member of their cash after game moves committed in such a statement, in order. */
  function announceGameMoves(
    player: { merchantId: string; memberId: string; currency: string },
    balancesMinor: bigint[],
  ): void {
    for (const balanceMinor of balancesMinor) {
      assertInvariant(balanceMinor >= 0n, 'wallet: a player balance stays at or above zero');
      deps.onBalanceChanged?.({ ...player, wallet: 'cash', balanceMinor });
    }
  }

  // Our own games' one-step bets: the stake, the win and the round in one statement, the wallet's
  // checks of each move made here first, as for every other transfer.
  const { playOneStepBet } = createOneStepBets({
    db,
    checkMove: (move) => {
      checkInput(move);
      assertAmount(move.amountMinor);
    },
    resolveGameAccounts,
    announceGameMoves,
  });

  /**
   * Cancels a bet by its key: the stake goes back once, however many rollbacks arrive and with
   * whatever keys. A rollback of a bet that never arrived is recorded, and the bet is refused
   * if it arrives later.
   */
  async function rollback(input: RollbackInput): Promise<RollbackOutcome> {
    checkInput(input);
    assertKey(input.betKey, 'betKey');
    const { merchantId, memberId, currency } = input;
    const cash = await resolvePlayerAccount(merchantId, memberId, currency, 'cash');
    // Two rounds at most: a bet that lands between the lookup and the marker is then found.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bet = await findTransferByKey(db, merchantId, input.betKey);
      if (bet?.code === 'void') {
        return {
          status: 'voided',
          duplicate: true,
          balanceMinor: await readCash(merchantId, memberId, currency),
        };
      }
      if (bet) {
        const stake = toTransfer(bet);
        if (stake.code !== 'bet' || stake.debitAccountId !== cash.id) {
          throw new AppError('CONFLICT', { value: { reason: 'NOT_A_BET' } });
        }
        const earlier = await findTransferReversing(db, merchantId, input.betKey);
        if (earlier) return reversedBy(toTransfer(earlier), true);
        const house = await findAccountById(db, stake.creditAccountId);
        assertInvariant(house !== undefined, 'wallet: a bet credited an account that exists');
        try {
          const outcome = await execute({
            merchantId,
            currency,
            key: input.key,
            code: 'rollback',
            reference: input.reference ?? null,
            debit: { id: house.id, kind: house.kind, ownerId: null },
            credit: cash,
            amountMinor: stake.amountMinor,
            reversesKey: input.betKey,
          });
          assertInvariant(
            outcome.transfer.reversesKey === input.betKey,
            'wallet: a rollback key reverses one bet',
          );
          return reversedBy(outcome.transfer, outcome.duplicate);
        } catch (error) {
          // Another rollback of the same bet, under another key, won the race.
          if (!isUniqueViolation(error, TRANSFER_REVERSES_INDEX)) throw error;
          const winner = await findTransferReversing(db, merchantId, input.betKey);
          assertInvariant(winner !== undefined, 'wallet: the winning rollback exists');
          return reversedBy(toTransfer(winner), true);
        }
      }
      const marked = await insertVoidMarker(db, {
        id: uuidv7(),
        merchantId,
        key: input.betKey,
        currency,
        reference: input.key,
      });
      if (marked) {
        return {
          status: 'voided',
          duplicate: false,
          balanceMinor: await readCash(merchantId, memberId, currency),
        };
      }
    }
    throw new InvariantError('wallet: a bet key was neither found nor free');
  }

  return { debitForBet, creditForWin, withGameLedger, debitForBetAfterCheck, playOneStepBet, rollback };
}
