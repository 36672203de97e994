import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, InvariantError, present } from '../../platform/errors/invariant.ts';
import {
  assertAmount,
  assertKey,
  type BalanceChange,
  type Balances,
  type BoundLedger,
  IDEMPOTENCY_KEY_LENGTH_MAX,
  type Ledger,
  type PlayerWallet,
  type ResolvedAccount,
  type Transfer,
  type TransferCode,
  type TransferOutcome,
  toTransfer,
} from './ledger.ts';
import { createOneStepBets } from './one-step-bets.ts';
import {
  findAccountBalances,
  findAccountById,
  findTransferByKey,
  findTransferReversing,
  insertVoidMarker,
  isUniqueViolation,
  TRANSFER_KEY_INDEX,
  TRANSFER_REVERSES_INDEX,
  type TransferRow,
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
 * What of a stake, a win or a rollback was the member's cash and what their bonus money
 * (docs/promotions.md "The money rules"). In a change of a settled round (`adjust`) each part is
 * signed: above zero to the member, below zero back from them.
 */
export type MoneyParts = { cashMinor: bigint; bonusMinor: bigint };

/**
 * A stake that bonus money may pay for where cash falls short: our own games, and a seamless
 * vendor the merchant marks bonus-playable. `checkIn` runs in the stake's transaction once the
 * member's wallets are locked and before any bonus money is taken, so that a bonus activated
 * meanwhile is seen (the bonus's maximum stake); `recordIn` writes the parts beside the stake (the
 * bet record), in the same transaction, when the stake is new.
 */
export type BonusPlay = {
  checkIn: (trx: Transaction<Database>) => Promise<void>;
  recordIn?: (trx: Transaction<Database>, parts: MoneyParts) => Promise<void>;
};

/**
 * A move made in parts: what of it was cash and bonus money, and the member's balances right
 * after (as the first call left them, on a duplicate, for the parts it moved).
 */
export type PartsOutcome = {
  duplicate: boolean;
  parts: MoneyParts;
  /** The member's cash. */
  balanceMinor: bigint;
  /** The member's bonus wallet. */
  bonusBalanceMinor: bigint;
};

/**
 * One member's game moves inside a caller's transaction: INSUFFICIENT_FUNDS when the stake is
 * short (the caller's transaction then rolls back with everything it wrote).
 */
export type GameLedger = {
  /** A stake from cash only. */
  debitForBet(input: GameLedgerMove): Promise<GameMoveOutcome>;
  /** A win to cash only. */
  creditForWin(input: GameLedgerMove): Promise<GameMoveOutcome>;
  /**
   * A stake from cash first, then from bonus money for what cash does not cover; INSUFFICIENT_FUNDS
   * when both together are short. The member's cash, bonus and game house accounts are locked
   * first, together, so that the split holds until the transaction ends.
   */
  stake(input: GameLedgerMove, bonus: BonusPlay): Promise<PartsOutcome>;
  /**
   * A win paid by the parts of the stake it pays: floor(win × bonus stake / stake) to the bonus
   * wallet, the rest (the rounding too) to cash.
   */
  creditWin(input: GameLedgerMove, stake: MoneyParts): Promise<PartsOutcome>;
  /**
   * A change of a settled round, each part to or from its own wallet (`change`, signed: above zero
   * to the member); INSUFFICIENT_FUNDS when a wallet is short of what goes back.
   */
  adjust(input: Omit<GameLedgerMove, 'amountMinor'> & { change: MoneyParts }): Promise<PartsOutcome>;
  /**
   * A rollback of one of the member's bets (as `rollback`), in the caller's transaction: the
   * caller holds a lock that orders every rollback of the bet (its round's), so the reversal is
   * looked up, not raced.
   */
  rollback(input: Omit<RollbackInput, 'merchantId' | 'memberId' | 'currency'>): Promise<RollbackOutcome>;
  /** The member's cash and bonus balances as the transaction sees them. */
  balances(): Promise<Balances>;
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
 * `reversed`: the bet's stake went back to the player, each part to its own wallet (`transfer`:
 * the reversal of the stake's key). `voided`: no such bet had arrived; its key is now refused, so
 * a late debit cannot take money for a round the vendor has cancelled. `balanceMinor` is the
 * member's cash after, `bonusBalanceMinor` their bonus wallet.
 */
export type RollbackOutcome =
  | {
      status: 'reversed';
      transfer: Transfer;
      parts: MoneyParts;
      duplicate: boolean;
      balanceMinor: bigint;
      bonusBalanceMinor: bigint;
    }
  | { status: 'voided'; duplicate: boolean; balanceMinor: bigint; bonusBalanceMinor: bigint };

const BONUS_KEY_SUFFIX = ':bonus';

/**
 * The key of a move's bonus part: `<key>:bonus`. A key too long to take the suffix keeps its first
 * characters, then `~` and its SHA-256 (base64url), so that the bonus key stays within the ledger's
 * length and names one key only.
 */
export function bonusKeyOf(key: string): string {
  if (key.length + BONUS_KEY_SUFFIX.length <= IDEMPOTENCY_KEY_LENGTH_MAX) return `${key}${BONUS_KEY_SUFFIX}`;
  const digest = createHash('sha256').update(key).digest('base64url');
  const kept = IDEMPOTENCY_KEY_LENGTH_MAX - BONUS_KEY_SUFFIX.length - digest.length - 1;
  return `${key.slice(0, kept)}~${digest}${BONUS_KEY_SUFFIX}`;
}

/**
 * The keys of a move's parts: the cash part keeps the move's key and the bonus part takes its
 * bonus key; a move without a cash part is its bonus part alone, under the key itself, so that the
 * key always names the move (a rollback that arrives first voids it, a retry finds it).
 */
function partKeysOf(key: string, parts: MoneyParts): { cash: string; bonus: string } {
  return { cash: key, bonus: parts.cashMinor === 0n ? key : bonusKeyOf(key) };
}

/** What of a win is bonus money: in proportion to the stake's bonus part, rounded down. */
export function winPartsOf(winMinor: bigint, stake: MoneyParts): MoneyParts {
  const stakeMinor = stake.cashMinor + stake.bonusMinor;
  const bonusMinor = stakeMinor > 0n ? (winMinor * stake.bonusMinor) / stakeMinor : 0n;
  return { cashMinor: winMinor - bonusMinor, bonusMinor };
}

type Player = { merchantId: string; memberId: string; currency: string };
/** The accounts a member's game moves go between: their two wallets and their game house shard. */
type GameAccounts = { cash: ResolvedAccount; bonus: ResolvedAccount; house: ResolvedAccount };

/**
 * A member's game moves in one transaction: the accounts, and once they have been locked (every
 * move with a bonus part locks the three first), their balances as this transaction moved them.
 */
type Session = {
  bound: BoundLedger;
  player: Player;
  accounts: GameAccounts;
  locked: Balances | null;
};

/**
 * A member's game moves through the ledger: stakes and wins (one by one, bound to a caller's
 * transaction, or with a one-step round of our own games in one statement) and rollbacks of
 * stakes, each split between cash and bonus money where the game lets bonus money play. Vendors'
 * bets and our own games' rounds both come through here.
 */
export function createGameMoves(deps: {
  db: Kysely<Database>;
  ledger: Ledger;
  onBalanceChanged?: (change: BalanceChange) => void;
}) {
  const { db, ledger } = deps;
  const { checkInput, execute, lockBalances, resolveHouseAccount, resolvePlayerAccount, transfer } = ledger;

  async function resolveAccounts(player: Player): Promise<GameAccounts> {
    // The cash account's resolution makes both wallets on first use; the bonus one is then known.
    const cash = await resolvePlayerAccount(player.merchantId, player.memberId, player.currency, 'cash');
    const [bonus, house] = await Promise.all([
      resolvePlayerAccount(player.merchantId, player.memberId, player.currency, 'bonus'),
      resolveHouseAccount(player.merchantId, 'game', player.currency, player.memberId),
    ]);
    return { cash, bonus, house };
  }

  /**
   * Locks the member's cash, bonus and game house accounts together, in id order as every transfer
   * locks its two: a move with a bonus part takes all three before its first transfer, so that two
   * such moves of one member, or one and a cash move, never hold one each and wait for the other.
   */
  async function lockWallets(session: Session): Promise<Balances> {
    if (session.locked) return session.locked;
    const { cash, bonus, house } = session.accounts;
    const balances = await lockBalances(session.bound, [cash, bonus, house]);
    session.locked = {
      cashMinor: present(balances.get(cash.id), 'wallet: a resolved account exists'),
      bonusMinor: present(balances.get(bonus.id), 'wallet: a resolved account exists'),
    };
    return session.locked;
  }

  /** The member's two balances as the session's transaction sees them. */
  async function balancesOf(session: Session): Promise<Balances> {
    if (session.locked) return session.locked;
    const { cash, bonus } = session.accounts;
    const balances = await findAccountBalances(session.bound.trx, [cash.id, bonus.id]);
    return {
      cashMinor: present(balances.get(cash.id), 'wallet: a resolved account exists'),
      bonusMinor: present(balances.get(bonus.id), 'wallet: a resolved account exists'),
    };
  }

  /** One transfer between one of the member's wallets and a game house account, in the session. */
  async function movePart(
    session: Session,
    step: {
      wallet: PlayerWallet;
      toMember: boolean;
      key: string;
      code: TransferCode;
      reference: string | null;
      amountMinor: bigint;
      reversesKey?: string | null;
      house?: ResolvedAccount;
    },
  ): Promise<Transfer> {
    const { accounts, player } = session;
    const member = step.wallet === 'cash' ? accounts.cash : accounts.bonus;
    const house = step.house ?? accounts.house;
    const { transfer: made } = await execute(
      {
        merchantId: player.merchantId,
        currency: player.currency,
        key: step.key,
        code: step.code,
        reference: step.reference,
        debit: step.toMember ? house : member,
        credit: step.toMember ? member : house,
        amountMinor: step.amountMinor,
        reversesKey: step.reversesKey ?? null,
      },
      session.bound,
    );
    if (session.locked) {
      const balanceMinor = step.toMember ? made.creditBalanceAfterMinor : made.debitBalanceAfterMinor;
      session.locked =
        step.wallet === 'cash'
          ? { ...session.locked, cashMinor: balanceMinor }
          : { ...session.locked, bonusMinor: balanceMinor };
    }
    return made;
  }

  /**
   * Moves each non-zero part of a move between its wallet and the game house account, under the
   * part's key (`parts` signed: above zero a `win` to the member, below zero a `bet` from them); a
   * move with a bonus part locks the member's accounts first.
   */
  async function moveParts(
    session: Session,
    move: { key: string; reference: string | null },
    parts: MoneyParts,
  ): Promise<Balances> {
    if (parts.bonusMinor !== 0n) await lockWallets(session);
    const keys = partKeysOf(move.key, parts);
    for (const wallet of ['cash', 'bonus'] as const) {
      const amountMinor = wallet === 'cash' ? parts.cashMinor : parts.bonusMinor;
      if (amountMinor === 0n) continue;
      const toMember = amountMinor > 0n;
      await movePart(session, {
        wallet,
        toMember,
        key: keys[wallet],
        code: toMember ? 'win' : 'bet',
        reference: move.reference,
        amountMinor: toMember ? amountMinor : -amountMinor,
      });
    }
    return balancesOf(session);
  }

  async function stakeIn(session: Session, input: GameLedgerMove, bonus: BonusPlay): Promise<PartsOutcome> {
    checkMove(session, input);
    const before = await lockWallets(session);
    // Cash first: what cash does not cover is the bonus part.
    const bonusMinor = input.amountMinor > before.cashMinor ? input.amountMinor - before.cashMinor : 0n;
    const parts = { cashMinor: input.amountMinor - bonusMinor, bonusMinor };
    if (parts.bonusMinor > 0n) {
      if (before.bonusMinor < parts.bonusMinor) {
        throw new AppError('INSUFFICIENT_FUNDS', {
          value: { balanceMinor: String(before.cashMinor), bonusBalanceMinor: String(before.bonusMinor) },
        });
      }
      await bonus.checkIn(session.bound.trx);
    }
    const after = await moveParts(
      session,
      { key: input.key, reference: input.reference ?? null },
      { cashMinor: -parts.cashMinor, bonusMinor: -parts.bonusMinor },
    );
    return { duplicate: false, parts, balanceMinor: after.cashMinor, bonusBalanceMinor: after.bonusMinor };
  }

  async function creditWinIn(
    session: Session,
    input: GameLedgerMove,
    stake: MoneyParts,
  ): Promise<PartsOutcome> {
    checkMove(session, input);
    assertInvariant(
      stake.cashMinor >= 0n && stake.bonusMinor >= 0n,
      'wallet: a stake is paid in parts at or above zero',
    );
    const parts = winPartsOf(input.amountMinor, stake);
    const after = await moveParts(session, { key: input.key, reference: input.reference ?? null }, parts);
    return { duplicate: false, parts, balanceMinor: after.cashMinor, bonusBalanceMinor: after.bonusMinor };
  }

  async function adjustIn(
    session: Session,
    input: Omit<GameLedgerMove, 'amountMinor'> & { change: MoneyParts },
  ): Promise<PartsOutcome> {
    checkInput({ ...input, currency: session.player.currency });
    for (const amountMinor of [input.change.cashMinor, input.change.bonusMinor]) {
      if (amountMinor !== 0n) assertAmount(amountMinor > 0n ? amountMinor : -amountMinor);
    }
    const after = await moveParts(
      session,
      { key: input.key, reference: input.reference ?? null },
      input.change,
    );
    return {
      duplicate: false,
      parts: input.change,
      balanceMinor: after.cashMinor,
      bonusBalanceMinor: after.bonusMinor,
    };
  }

  function checkMove(session: Session, input: GameLedgerMove): void {
    checkInput({ ...input, currency: session.player.currency });
    assertAmount(input.amountMinor);
  }

  /**
   * The parts a stake's or a win's key made before, as a retry answers them, or null when the key
   * is new. A key a rollback voided is CONFLICT (ROLLED_BACK); a key made for something else (not
   * this member's `code` between their wallets and the game house, another reference, another
   * total) is CONFLICT (KEY_REUSED).
   */
  async function findPartsMade(
    executor: Executor,
    player: Player,
    accounts: GameAccounts,
    expected: { key: string; code: 'bet' | 'win'; reference: string | null; amountMinor: bigint },
  ): Promise<PartsOutcome | null> {
    const first = await findTransferByKey(executor, player.merchantId, expected.key);
    if (!first) return null;
    if (first.code === 'void') throw new AppError('CONFLICT', { value: { reason: 'ROLLED_BACK' } });
    const made = [toTransfer(first)];
    const walletOf = (row: Transfer): PlayerWallet | null => {
      const memberSide = expected.code === 'bet' ? row.debitAccountId : row.creditAccountId;
      const houseSide = expected.code === 'bet' ? row.creditAccountId : row.debitAccountId;
      if (row.code !== expected.code || row.reference !== expected.reference) return null;
      if (houseSide !== accounts.house.id) return null;
      if (memberSide === accounts.cash.id) return 'cash';
      return memberSide === accounts.bonus.id ? 'bonus' : null;
    };
    const firstWallet = walletOf(made[0] as Transfer);
    if (firstWallet === 'cash') {
      const second = await findTransferByKey(executor, player.merchantId, bonusKeyOf(expected.key));
      if (second && second.code !== 'void') made.push(toTransfer(second));
    }
    const parts: MoneyParts = { cashMinor: 0n, bonusMinor: 0n };
    const after: Partial<Record<PlayerWallet, bigint>> = {};
    for (const row of made) {
      const wallet = walletOf(row);
      if (wallet === null) throw new AppError('CONFLICT', { value: { reason: 'KEY_REUSED' } });
      if (wallet === 'cash') parts.cashMinor += row.amountMinor;
      else parts.bonusMinor += row.amountMinor;
      after[wallet] = expected.code === 'bet' ? row.debitBalanceAfterMinor : row.creditBalanceAfterMinor;
    }
    if (parts.cashMinor + parts.bonusMinor !== expected.amountMinor) {
      throw new AppError('CONFLICT', { value: { reason: 'KEY_REUSED' } });
    }
    const now =
      after.cash === undefined || after.bonus === undefined
        ? await findAccountBalances(executor, [accounts.cash.id, accounts.bonus.id])
        : null;
    return {
      duplicate: true,
      parts,
      balanceMinor: after.cash ?? present(now?.get(accounts.cash.id), 'wallet: a resolved account exists'),
      bonusBalanceMinor:
        after.bonus ?? present(now?.get(accounts.bonus.id), 'wallet: a resolved account exists'),
    };
  }

  /**
   * Reverses a bet's stake, each part back to its own wallet: the stake's key under the rollback's
   * key, its bonus part (when the stake had a cash part too) under the rollback's bonus key. A part
   * reversed before (by any rollback) stays as it was; when nothing is left to reverse, the answer
   * is a duplicate.
   */
  async function reverseStake(
    session: Session,
    stakeRow: TransferRow,
    input: { key: string; reference: string | null },
  ): Promise<RollbackOutcome> {
    const { trx } = session.bound;
    const { merchantId } = session.player;
    const { cash, bonus } = session.accounts;
    const stake = toTransfer(stakeRow);
    const walletOf = (row: Transfer): PlayerWallet | null => {
      if (row.code !== 'bet') return null;
      if (row.debitAccountId === cash.id) return 'cash';
      return row.debitAccountId === bonus.id ? 'bonus' : null;
    };
    if (walletOf(stake) === null) throw new AppError('CONFLICT', { value: { reason: 'NOT_A_BET' } });
    const stakes = [stake];
    if (walletOf(stake) === 'cash') {
      const second = await findTransferByKey(trx, merchantId, bonusKeyOf(stake.key));
      if (second && second.code !== 'void' && walletOf(toTransfer(second)) === 'bonus') {
        stakes.push(toTransfer(second));
      }
    }
    const reversals: Transfer[] = [];
    let isDuplicate = true;
    for (const [index, part] of stakes.entries()) {
      const earlier = await findTransferReversing(trx, merchantId, part.key);
      if (earlier) {
        reversals.push(toTransfer(earlier));
        continue;
      }
      const key = index === 0 ? input.key : bonusKeyOf(input.key);
      // A rollback key made for anything else is refused before money moves; one that reversed
      // this part was found above.
      if (await findTransferByKey(trx, merchantId, key)) {
        throw new AppError('CONFLICT', { value: { reason: 'KEY_REUSED' } });
      }
      const wallet = present(walletOf(part), 'wallet: a stake part is from a wallet');
      if (stakes.some((one) => walletOf(one) === 'bonus')) await lockWallets(session);
      const house =
        part.creditAccountId === session.accounts.house.id
          ? session.accounts.house
          : await houseOf(trx, part.creditAccountId);
      reversals.push(
        await movePart(session, {
          wallet,
          toMember: true,
          key,
          code: 'rollback',
          reference: input.reference,
          amountMinor: part.amountMinor,
          reversesKey: part.key,
          house,
        }),
      );
      isDuplicate = false;
    }
    const parts: MoneyParts = { cashMinor: 0n, bonusMinor: 0n };
    const after: Partial<Record<PlayerWallet, bigint>> = {};
    for (const reversal of reversals) {
      const wallet = reversal.creditAccountId === cash.id ? 'cash' : 'bonus';
      if (wallet === 'cash') parts.cashMinor += reversal.amountMinor;
      else parts.bonusMinor += reversal.amountMinor;
      after[wallet] = reversal.creditBalanceAfterMinor;
    }
    const now = after.cash === undefined || after.bonus === undefined ? await balancesOf(session) : null;
    return {
      status: 'reversed',
      transfer: present(reversals[0], 'wallet: a stake has its reversal'),
      parts,
      duplicate: isDuplicate,
      balanceMinor: after.cash ?? present(now, 'wallet: balances were read').cashMinor,
      bonusBalanceMinor: after.bonus ?? present(now, 'wallet: balances were read').bonusMinor,
    };
  }

  async function houseOf(executor: Executor, accountId: string): Promise<ResolvedAccount> {
    const house = await findAccountById(executor, accountId);
    assertInvariant(house?.kind === 'house', 'wallet: a bet credited a house account that exists');
    return { id: house.id, kind: house.kind, ownerId: null };
  }

  /**
   * A bet cancelled in the session's transaction: its stake goes back once, each part to its own
   * wallet; a bet that has not arrived is voided (a void marker takes its key, so that it is
   * refused if it comes later).
   */
  async function rollbackIn(
    session: Session,
    input: Omit<RollbackInput, 'merchantId' | 'memberId' | 'currency'>,
  ): Promise<RollbackOutcome> {
    const { trx } = session.bound;
    const { merchantId, currency } = session.player;
    checkInput({ ...input, currency });
    assertKey(input.betKey, 'betKey');
    const voided = async (duplicate: boolean): Promise<RollbackOutcome> => {
      const balances = await balancesOf(session);
      return {
        status: 'voided',
        duplicate,
        balanceMinor: balances.cashMinor,
        bonusBalanceMinor: balances.bonusMinor,
      };
    };
    // Two rounds at most: a bet that lands between the lookup and the marker is then found.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bet = await findTransferByKey(trx, merchantId, input.betKey);
      if (bet?.code === 'void') return voided(true);
      if (bet) return reverseStake(session, bet, { key: input.key, reference: input.reference ?? null });
      const marked = await insertVoidMarker(trx, {
        id: uuidv7(),
        merchantId,
        key: input.betKey,
        currency,
        reference: input.key,
      });
      if (marked) return voided(false);
    }
    throw new InvariantError('wallet: a bet key was neither found nor free');
  }

  /**
   * Runs `work` in one database transaction with a member's game moves bound to it: a round's
   * stake and win commit together with the caller's own writes in `trx` (the round's record), or
   * none of them does. The accounts are resolved before the transaction opens (creating one takes
   * a connection of its own, and PGlite has only one); the member hears of the new balances once
   * the transaction has committed.
   */
  async function withGameLedger<T>(
    player: Player,
    work: (ledger: GameLedger, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    checkInput({ key: 'game', currency: player.currency });
    const accounts = await resolveAccounts(player);
    const committed: Array<() => void> = [];
    const result = await db.transaction().execute((trx) => {
      const session: Session = { bound: { trx, committed }, player, accounts, locked: null };
      const cashMove = async (code: 'bet' | 'win', input: GameLedgerMove): Promise<GameMoveOutcome> => {
        checkMove(session, input);
        const made = await movePart(session, {
          wallet: 'cash',
          toMember: code === 'win',
          key: input.key,
          code,
          reference: input.reference ?? null,
          amountMinor: input.amountMinor,
        });
        const balanceMinor = code === 'bet' ? made.debitBalanceAfterMinor : made.creditBalanceAfterMinor;
        return { transfer: made, duplicate: false, balanceMinor };
      };
      return work(
        {
          debitForBet: (input) => cashMove('bet', input),
          creditForWin: (input) => cashMove('win', input),
          stake: (input, bonus) => stakeIn(session, input, bonus),
          creditWin: (input, stake) => creditWinIn(session, input, stake),
          adjust: (input) => adjustIn(session, input),
          rollback: (input) => rollbackIn(session, input),
          balances: () => balancesOf(session),
        },
        trx,
      );
    });
    for (const tell of committed) tell();
    return result;
  }

  /** debitForBet after `check`, in one transaction (see transferAfterCheck). */
  async function debitForBetAfterCheck(
    input: GameMoveInput,
    check: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<GameMoveOutcome> {
    const outcome = await ledger.transferAfterCheck(
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

  /**
   * A stake that bonus money may pay for where cash falls short (GameLedger.stake), in one
   * transaction after `check` (the member's limits, the round's record) has run in it. A key used
   * before answers its first parts without the check; the same key sent twice at once makes one
   * stake.
   */
  async function stakeAfterCheck(
    input: GameMoveInput,
    check: (trx: Transaction<Database>) => Promise<void>,
    bonus: BonusPlay,
  ): Promise<PartsOutcome> {
    checkInput(input);
    assertAmount(input.amountMinor);
    const accounts = await resolveAccounts(input);
    const expected = {
      key: input.key,
      code: 'bet' as const,
      reference: input.reference ?? null,
      amountMinor: input.amountMinor,
    };
    const first = await findPartsMade(db, input, accounts, expected);
    if (first) return first;
    try {
      return await withGameLedger(input, async (game, trx) => {
        await check(trx);
        const outcome = await game.stake(input, bonus);
        await bonus.recordIn?.(trx, outcome.parts);
        return outcome;
      });
    } catch (error) {
      // The same key, sent twice at once: the other one made the stake.
      if (!isUniqueViolation(error, TRANSFER_KEY_INDEX)) throw error;
      return present(
        await findPartsMade(db, input, accounts, expected),
        'wallet: a key that collided exists',
      );
    }
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
   * A win paid by the parts of the stake it pays (GameLedger.creditWin), both parts in one
   * transaction; a key used before answers its first parts.
   */
  async function creditWinByParts(input: GameMoveInput & { stake: MoneyParts }): Promise<PartsOutcome> {
    checkInput(input);
    assertAmount(input.amountMinor);
    const accounts = await resolveAccounts(input);
    const expected = {
      key: input.key,
      code: 'win' as const,
      reference: input.reference ?? null,
      amountMinor: input.amountMinor,
    };
    const first = await findPartsMade(db, input, accounts, expected);
    if (first) return first;
    try {
      return await withGameLedger(input, (game) => game.creditWin(input, input.stake));
    } catch (error) {
      if (!isUniqueViolation(error, TRANSFER_KEY_INDEX)) throw error;
      return present(
        await findPartsMade(db, input, accounts, expected),
        'wallet: a key that collided exists',
      );
    }
  }

  /**
   * The accounts a member's game moves go between (their cash and their game house shard), for a
   * one-step bet whose stake and win move inside one server-side statement (one-step-bets.ts).
   */
  async function resolveGameAccounts(
    player: Player,
  ): Promise<{ cashAccountId: string; houseAccountId: string }> {
    checkInput({ key: 'game', currency: player.currency });
    const [cash, house] = await Promise.all([
      resolvePlayerAccount(player.merchantId, player.memberId, player.currency, 'cash'),
      resolveHouseAccount(player.merchantId, 'game', player.currency, player.memberId),
    ]);
    return { cashAccountId: cash.id, houseAccountId: house.id };
  }

  /** Tells the member of their cash after game moves committed in such a statement, in order. */
  function announceGameMoves(player: Player, balancesMinor: bigint[]): void {
    for (const balanceMinor of balancesMinor) {
      assertInvariant(balanceMinor >= 0n, 'wallet: a player balance stays at or above zero');
      deps.onBalanceChanged?.({ ...player, wallet: 'cash', balanceMinor });
    }
  }

  // Our own games' one-step bets: the stake, the win and the round in one statement, the wallet's
  // checks of each move made here first, as for every other transfer. They stake cash only: a
  // member whose cash is short plays the round in a transaction (GameLedger.stake).
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
   * Cancels a bet by its key: the stake goes back once, each part to its own wallet, however many
   * rollbacks arrive and with whatever keys. A rollback of a bet that never arrived is recorded,
   * and the bet is refused if it arrives later.
   */
  async function rollback(input: RollbackInput): Promise<RollbackOutcome> {
    checkInput(input);
    assertKey(input.betKey, 'betKey');
    // Two rounds at most: when another rollback of the same bet (or the same rollback, delivered
    // twice) wins the race, this one's transaction fails on the ledger's unique indexes and the
    // second round finds what the winner did.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        return await withGameLedger(input, (game) => game.rollback(input));
      } catch (error) {
        if (
          !isUniqueViolation(error, TRANSFER_REVERSES_INDEX) &&
          !isUniqueViolation(error, TRANSFER_KEY_INDEX)
        ) {
          throw error;
        }
      }
    }
    throw new InvariantError('wallet: a rollback lost its race twice');
  }

  return {
    debitForBet,
    creditForWin,
    withGameLedger,
    debitForBetAfterCheck,
    stakeAfterCheck,
    creditWinByParts,
    playOneStepBet,
    rollback,
  };
}
