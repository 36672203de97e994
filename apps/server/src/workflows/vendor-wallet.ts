import { formatAmount, parseAmount } from '@panalo/money/amount.ts';
import type { Transaction } from 'kysely';
import { SPIN_LINES_MAX } from '../db/bonus-terms-bounds.ts';
import type { Database } from '../db/schema.ts';
import { checkBonusStakeIn } from '../modules/bonus/bonus-stake.ts';
import type { GameService, VendorRow, VendorTransactionRow } from '../modules/game/game.service.ts';
import type { MemberService } from '../modules/member/member.service.ts';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service.ts';
import type { GameLedger } from '../modules/wallet/game-moves.ts';
import { type MoneyParts, type WalletService, winPartsOf } from '../modules/wallet/wallet.service.ts';
import { isAppError } from '../platform/errors/errors.ts';

/** The statuses of a /wallet/v1 reply (API.md "Seamless wallet"). */
export type VendorWalletStatus =
  | 'OK'
  | 'INVALID_SIGNATURE'
  | 'INVALID_TOKEN'
  | 'INSUFFICIENT_FUNDS'
  | 'TRANSACTION_NOT_FOUND'
  | 'ROUND_CLOSED'
  | 'ERROR';

export type VendorWalletAction =
  | 'authenticate'
  | 'balance'
  | 'debit'
  | 'credit'
  | 'rollback'
  | 'resettle'
  | 'void';

/** A vendor's call, as its JSON body carries it (fields unchecked until here). */
export type VendorWalletCall = {
  playerToken?: unknown;
  playerId?: unknown;
  currency?: unknown;
  transactionId?: unknown;
  roundId?: unknown;
  gameCode?: unknown;
  amount?: unknown;
  refTransactionId?: unknown;
  /** resettle and void: the vendor's round they change. */
  refRoundId?: unknown;
  /** debit, optional: the lines a slot spin is played on (1 to 1,024), which a bonus's spin rule reads. */
  lines?: unknown;
};

export type VendorWalletReply = {
  status: VendorWalletStatus;
  /**
   * The player's balance after the call, as the vendor may stake it: cash, and bonus money too at a
   * bonus-playable vendor; null when the player is not known.
   */
  balance: string | null;
  transactionId: string | null;
  /** The transaction id had been seen: this is the first call's result, nothing changed now. */
  duplicate?: true;
  /** authenticate: whom the token names, for calls made without it. */
  playerId?: string;
  currency?: string;
};

const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A debit's `lines`: null when left out, undefined when it is not a whole number from 1 to 1,024. */
function linesOf(call: VendorWalletCall): number | null | undefined {
  if (call.lines === undefined || call.lines === null) return null;
  const { lines } = call;
  return typeof lines === 'number' && Number.isInteger(lines) && lines >= 1 && lines <= SPIN_LINES_MAX
    ? lines
    : undefined;
}

type Player = { memberId: string; gameId: string | null; isLive: boolean };

/** A debit, credit or rollback under way: its player, its round (if the vendor opened one) and its answers. */
type Move = {
  vendor: VendorRow;
  currency: string;
  call: VendorWalletCall;
  transactionId: string;
  roundId: string;
  player: Player;
  round: Awaited<ReturnType<GameService['findRound']>>;
  /** Answers the call with this status and the player's balance now. */
  refuse: (status: VendorWalletStatus) => Promise<VendorWalletReply>;
  /** OK with the balance after, or, when a concurrent delivery of the id was recorded first, its result. */
  finish: (isFirst: boolean, balanceAfterMinor: bigint) => Promise<VendorWalletReply>;
};

/** A seamless vendor the merchant lets bonus money play at (a transfer-wallet vendor never is). */
function isBonusPlayable(vendor: VendorRow): boolean {
  return vendor.is_bonus_playable && vendor.wallet_mode === 'seamless';
}

/** What of a round's stake was cash and what bonus money, as stored on the round. */
function stakePartsOf(round: {
  stake_minor: bigint | string;
  bonus_stake_minor: bigint | string;
}): MoneyParts {
  const bonusMinor = BigInt(round.bonus_stake_minor);
  return { cashMinor: BigInt(round.stake_minor) - bonusMinor, bonusMinor };
}

/** Who and what a ledger transfer of a move names: the player's cash, keyed by `key`, in this round. */
function ledgerEntryOf(move: Move, key: string) {
  return {
    merchantId: move.vendor.merchant_id,
    memberId: move.player.memberId,
    currency: move.currency,
    key,
    reference: `${move.vendor.vassalage}:${move.roundId}`,
  };
}

/**
 * The seamless wallet a vendor calls (API.md "Seamless wallet"): the vendor's transactionId is
 * the idempotency key of every effect, recorded with its result so that a repeat answers the
 * first result; money moves only through the wallet service, keyed by the vendor and its id.
 * Stakes need the player's live session; wins and rollbacks do not, since vendors retry them
 * until they land, long after the player has left.
 */
export function createVendorWallet(deps: {
  games: GameService;
  members: MemberService;
  wallet: WalletService;
  responsibleGaming: ResponsibleGamingService;
}) {
  const { games, members, wallet, responsibleGaming } = deps;
  // Calls of one round reaching this process are answered one after the other, so that they do
  // not queue on the round's row lock holding a connection each. Across processes the database
  // orders them: every call that reads a round's status and moves money does both, with the call's
  // record and the round's new state, in one transaction that locks the round's row (a stake in the
  // statement that adds it to the round while it is open), so a win and a rollback of one round
  // never both take effect.
  const roundQueues = new Map<string, Promise<unknown>>();
  function inRoundOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = roundQueues.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    roundQueues.set(key, tail);
    void tail.then(() => {
      if (roundQueues.get(key) === tail) roundQueues.delete(key);
    });
    return result;
  }

  const ledgerKeyOf = (vendor: VendorRow, transactionId: string) => `vendor:${vendor.id}:${transactionId}`;

  /**
   * The balance a vendor sees of a player (docs/promotions.md "The money rules"): cash, plus the
   * bonus wallet at a seamless vendor the merchant marks bonus-playable.
   */
  function playableOf(vendor: VendorRow, balances: { cashMinor: bigint; bonusMinor: bigint }): bigint {
    return isBonusPlayable(vendor) ? balances.cashMinor + balances.bonusMinor : balances.cashMinor;
  }

  async function balanceOf(vendor: VendorRow, memberId: string, currency: string): Promise<string> {
    const balances = await wallet.getBalances({ merchantId: vendor.merchant_id, memberId, currency });
    return formatAmount(playableOf(vendor, balances));
  }

  /** The player a call names: by launch token, or (not for stakes) by player id. */
  async function resolvePlayer(
    vendor: VendorRow,
    call: VendorWalletCall,
    allowPlayerId: boolean,
  ): Promise<Player | null> {
    if (typeof call.playerToken === 'string') {
      const resolved = await games.resolveLaunchToken(call.playerToken, vendor.id);
      if (!resolved) return null;
      const isLive = resolved.isOpen && (await members.isSessionLive(resolved.row.session_id));
      return { memberId: resolved.row.member_id, gameId: resolved.row.game_id, isLive };
    }
    if (allowPlayerId && typeof call.playerId === 'string' && call.playerId.length <= 64) {
      const member = await members.findById(call.playerId);
      if (!member || member.merchant_id !== vendor.merchant_id) return null;
      return { memberId: member.id, gameId: null, isLive: false };
    }
    return null;
  }

  /** The answer to a repeated transaction id: the first result, or ERROR if it meant something else. */
  function replayOf(
    record: VendorTransactionRow,
    expected: { type: VendorTransactionRow['type']; amountMinor?: bigint; refTransactionId?: string },
  ): VendorWalletReply {
    const isSame =
      record.type === expected.type &&
      (expected.amountMinor === undefined || BigInt(record.amount_minor) === expected.amountMinor) &&
      (expected.refTransactionId === undefined || record.ref_transaction_id === expected.refTransactionId);
    if (!isSame) return { status: 'ERROR', balance: null, transactionId: record.transaction_id };
    return {
      status: 'OK',
      balance: formatAmount(BigInt(record.balance_after_minor)),
      transactionId: record.transaction_id,
      duplicate: true,
    };
  }

  /**
   * What a debit, a credit and a rollback each begin with: the player the call names (a stake needs
   * the player's live session, a win or a rollback does not, since vendors retry those long after
   * the player has left) and the vendor's round, if there is one. Answers the call itself when the
   * player is not known or the round is another player's.
   */
  async function beginMove(
    vendor: VendorRow,
    currency: string,
    call: VendorWalletCall,
    ids: { transactionId: string; roundId: string },
    isStake: boolean,
  ): Promise<{ answer: VendorWalletReply } | { move: Move }> {
    const { transactionId, roundId } = ids;
    const reply = (status: VendorWalletStatus, balance: string | null): VendorWalletReply => ({
      status,
      balance,
      transactionId,
    });
    const player = await resolvePlayer(vendor, call, !isStake);
    if (!player || (isStake && !player.isLive)) return { answer: reply('INVALID_TOKEN', null) };
    const refuse = async (status: VendorWalletStatus) =>
      reply(status, await balanceOf(vendor, player.memberId, currency));
    const round = await games.findRound(vendor.id, roundId);
    if (round && round.member_id !== player.memberId) return { answer: await refuse('ERROR') };
    return {
      move: {
        vendor,
        currency,
        call,
        transactionId,
        roundId,
        player,
        round,
        refuse,
        finish: async (isFirst, balanceAfterMinor) =>
          isFirst ? reply('OK', formatAmount(balanceAfterMinor)) : answerRecorded(vendor, transactionId),
      },
    };
  }

  /** The game a move is of: its round's, else the game the call names, else the launch token's. */
  async function gameIdOf(move: Move): Promise<string | null> {
    const { gameCode } = move.call;
    const game =
      typeof gameCode === 'string' ? await games.findGameByCode(move.vendor.id, gameCode) : undefined;
    return move.round?.game_id ?? game?.id ?? move.player.gameId;
  }

  /** Answers one call of a vendor whose signature has been checked. */
  async function handle(
    action: VendorWalletAction,
    vendor: VendorRow,
    currency: string,
    call: VendorWalletCall,
  ): Promise<VendorWalletReply> {
    const transactionId =
      typeof call.transactionId === 'string' && ID_PATTERN.test(call.transactionId)
        ? call.transactionId
        : null;
    const error = (
      status: VendorWalletStatus = 'ERROR',
      balance: string | null = null,
    ): VendorWalletReply => ({
      status,
      balance,
      transactionId,
    });
    if (call.currency !== undefined && call.currency !== currency) return error();
    // A transfer-wallet vendor holds the player's money itself: it may only learn whom a launch
    // token names, never move our cash.
    if (vendor.wallet_mode === 'transfer' && action !== 'authenticate') return error();

    if (action === 'authenticate' || action === 'balance') {
      const player = await resolvePlayer(vendor, call, action === 'balance');
      if (!player || (action === 'authenticate' && !player.isLive)) return error('INVALID_TOKEN');
      return {
        status: 'OK',
        balance: await balanceOf(vendor, player.memberId, currency),
        transactionId,
        ...(action === 'authenticate' ? { playerId: player.memberId, currency } : {}),
      };
    }

    const amount = typeof call.amount === 'string' ? parseAmount(call.amount) : null;
    if (action === 'resettle' || action === 'void') {
      const refRoundId =
        typeof call.refRoundId === 'string' && ID_PATTERN.test(call.refRoundId) ? call.refRoundId : null;
      if (transactionId === null || refRoundId === null) return error();
      if (call.roundId !== undefined && call.roundId !== refRoundId) return error();
      let newWinMinor: bigint | null = null;
      if (action === 'resettle') {
        if (!amount?.ok) return error();
        newWinMinor = amount.minor;
      }
      return inRoundOrder(`${vendor.id}:${refRoundId}`, async () => {
        const seen = await games.findVendorTransaction(vendor.id, transactionId);
        if (seen) return replayOf(seen, { type: action, amountMinor: newWinMinor ?? 0n });
        return adjust(vendor, currency, call, { transactionId, refRoundId, newWinMinor });
      });
    }

    const roundId = typeof call.roundId === 'string' && ID_PATTERN.test(call.roundId) ? call.roundId : null;
    if (transactionId === null || roundId === null) return error();
    const refTransactionId =
      typeof call.refTransactionId === 'string' && ID_PATTERN.test(call.refTransactionId)
        ? call.refTransactionId
        : null;

    const withMove = async (isStake: boolean, work: (move: Move) => Promise<VendorWalletReply>) => {
      const begun = await beginMove(vendor, currency, call, { transactionId, roundId }, isStake);
      return 'answer' in begun ? begun.answer : work(begun.move);
    };
    return inRoundOrder(`${vendor.id}:${roundId}`, async () => {
      const seen = await games.findVendorTransaction(vendor.id, transactionId);
      if (action === 'rollback') {
        if (refTransactionId === null) return error();
        if (seen) return replayOf(seen, { type: 'rollback', refTransactionId });
        return withMove(false, (move) => rollback(move, refTransactionId));
      }
      if (!amount?.ok) return error();
      if (seen) return replayOf(seen, { type: action, amountMinor: amount.minor });
      const amountMinor = amount.minor;
      if (action === 'credit') return withMove(false, (move) => credit(move, amountMinor));
      const lines = linesOf(call);
      if (lines === undefined) return error();
      // A stake needs the player at the table: a live, opened token (a self-excluded or locked
      // player's sessions have ended, so their tokens are dead too).
      return withMove(true, (move) => debit(move, amountMinor, lines));
    });
  }

  async function debit(move: Move, amountMinor: bigint, lines: number | null): Promise<VendorWalletReply> {
    const { vendor, currency, transactionId, roundId, player, round, refuse } = move;
    if (amountMinor <= 0n) return refuse('ERROR');
    if (round && round.status !== 'open') return refuse('ROUND_CLOSED');
    const gameId = await gameIdOf(move);
    if (gameId === null) return refuse('ERROR');

    // The player's own loss and session-time limits and breaks (responsible gaming), and an active
    // bonus's maximum stake, checked in the debit's transaction under the member's play lock, so
    // that simultaneous debits cannot pass a limit together; the protocol has no status of its own
    // for them, so the stake is refused as an ERROR. The stake joins its round (the bet record,
    // which loss limits read) in that same transaction.
    const member = { memberId: player.memberId, merchantId: vendor.merchant_id };
    const ledgerKey = ledgerKeyOf(vendor, transactionId);
    const entry = { ...ledgerEntryOf(move, ledgerKey), amountMinor };
    const check = async (trx: Transaction<Database>) => {
      await responsibleGaming.checkBetAllowedIn(trx, member, amountMinor);
      await checkBonusStakeIn(trx, player.memberId, amountMinor);
      await games.stakeRound(trx, {
        vendor,
        memberId: player.memberId,
        gameId,
        currency,
        vendorRoundId: roundId,
        amountMinor,
        lines,
      });
    };
    let balanceAfterMinor: bigint;
    try {
      if (isBonusPlayable(vendor)) {
        // Cash first, then bonus money; the round accumulates the bonus parts of its debits.
        const outcome = await wallet.stakeAfterCheck(entry, check, {
          checkIn: (trx) => checkBonusStakeIn(trx, player.memberId, amountMinor),
          recordIn: async (trx, parts) => {
            if (parts.bonusMinor > 0n) {
              await wallet.addRoundBonusStakeIn(
                trx,
                { vendorId: vendor.id, vendorRoundId: roundId },
                parts.bonusMinor,
              );
            }
          },
        });
        balanceAfterMinor = outcome.balanceMinor + outcome.bonusBalanceMinor;
      } else {
        balanceAfterMinor = (await wallet.debitForBetAfterCheck(entry, check)).balanceMinor;
      }
    } catch (caught) {
      if (!isAppError(caught)) throw caught;
      if (caught.code === 'INSUFFICIENT_FUNDS') return refuse('INSUFFICIENT_FUNDS');
      // The vendor rolled this stake back before it arrived: it must never be taken now.
      if (caught.code === 'CONFLICT' && caught.value?.reason === 'ROLLED_BACK') return refuse('ROUND_CLOSED');
      // The round closed (a win, rollback or void committed first, maybe in another process).
      if (caught.code === 'CONFLICT' && caught.value?.reason === 'ROUND_CLOSED')
        return refuse('ROUND_CLOSED');
      return refuse('ERROR');
    }
    const isFirst = await games.recordDebit({
      vendor,
      memberId: player.memberId,
      gameId,
      currency,
      transactionId,
      vendorRoundId: roundId,
      ledgerKey,
      amountMinor,
      balanceAfterMinor,
    });
    return move.finish(isFirst, balanceAfterMinor);
  }

  /**
   * Runs the money move of a credit or a rollback in one transaction with its round's row locked
   * (when the round exists): the status check, the ledger transfer, the call's record and the
   * round's new state commit together, so that a win and a rollback of one round arriving at two
   * server processes are ordered by the database and only the first takes effect. `work` answers
   * a refusal with `{ refused }`, which moves nothing; a concurrent delivery of the same id that
   * was recorded first rolls this attempt back and is answered with its result.
   */
  async function inLockedRound(
    move: Move,
    work: (
      ledger: GameLedger,
      trx: Transaction<Database>,
      round: Move['round'],
    ) => Promise<{ refused: VendorWalletStatus } | { isFirst: boolean; balanceMinor: bigint }>,
  ): Promise<VendorWalletReply> {
    const { vendor, currency, transactionId, roundId, player, refuse } = move;
    const duplicate = new Error('vendor wallet: a concurrent delivery recorded this call first');
    let outcome: { refused: VendorWalletStatus } | { isFirst: boolean; balanceMinor: bigint };
    try {
      outcome = await wallet.withGameLedger(
        { merchantId: vendor.merchant_id, memberId: player.memberId, currency },
        async (ledger, trx) => {
          if (await games.findVendorTransactionIn(trx, vendor.id, transactionId)) throw duplicate;
          const round = await games.lockRound(trx, vendor.id, roundId);
          if (round && round.member_id !== player.memberId) return { refused: 'ERROR' as const };
          const done = await work(ledger, trx, round);
          if ('isFirst' in done && !done.isFirst) throw duplicate;
          return done;
        },
      );
    } catch (caught) {
      if (caught === duplicate) return answerRecorded(vendor, transactionId);
      if (!isAppError(caught)) throw caught;
      if (caught.code === 'INSUFFICIENT_FUNDS') return refuse('INSUFFICIENT_FUNDS');
      return refuse('ERROR');
    }
    if ('refused' in outcome) return refuse(outcome.refused);
    return { status: 'OK', balance: formatAmount(outcome.balanceMinor), transactionId };
  }

  async function credit(move: Move, amountMinor: bigint): Promise<VendorWalletReply> {
    const { vendor, currency, transactionId, player } = move;
    // No money moves for a lost round (a credit of 0.00 settles it): its balance is read first.
    const balanceBeforeMinor =
      amountMinor > 0n
        ? 0n
        : playableOf(
            vendor,
            await wallet.getBalances({ merchantId: vendor.merchant_id, memberId: player.memberId, currency }),
          );
    return inLockedRound(move, async (ledger, trx, round) => {
      // A win belongs to a round we took a stake for; it may arrive before its stake, and the
      // vendor then retries it until the stake is here.
      if (!round) return { refused: 'TRANSACTION_NOT_FOUND' };
      if (round.status !== 'open') return { refused: 'ROUND_CLOSED' };
      const ledgerKey = amountMinor > 0n ? ledgerKeyOf(vendor, transactionId) : null;
      let balanceMinor = balanceBeforeMinor;
      let bonusWinMinor = 0n;
      if (ledgerKey !== null) {
        const win = { key: ledgerKey, reference: ledgerEntryOf(move, ledgerKey).reference, amountMinor };
        const stake = stakePartsOf(round);
        if (stake.bonusMinor > 0n || isBonusPlayable(vendor)) {
          // Paid by the parts stored on its round, even when the win comes after its bonus ended.
          const paid = await ledger.creditWin(win, stake);
          bonusWinMinor = paid.parts.bonusMinor;
          balanceMinor = playableOf(vendor, {
            cashMinor: paid.balanceMinor,
            bonusMinor: paid.bonusBalanceMinor,
          });
        } else {
          balanceMinor = (await ledger.creditForWin(win)).balanceMinor;
        }
      }
      const isFirst = await games.recordCredit(trx, {
        vendor,
        memberId: player.memberId,
        round,
        transactionId,
        ledgerKey,
        amountMinor,
        balanceAfterMinor: balanceMinor,
      });
      if (isFirst && bonusWinMinor > 0n) await wallet.setRoundBonusWinIn(trx, round.id, bonusWinMinor);
      return { isFirst, balanceMinor };
    });
  }

  async function rollback(move: Move, refTransactionId: string): Promise<VendorWalletReply> {
    const { vendor, currency, transactionId, roundId, player } = move;
    const gameId = await gameIdOf(move);
    return inLockedRound(move, async (ledger, trx, round) => {
      const stake = await games.findVendorTransactionIn(trx, vendor.id, refTransactionId);
      if (stake && (stake.type !== 'debit' || stake.member_id !== player.memberId))
        return { refused: 'ERROR' };
      // A stake whose round has paid out stays taken: the vendor cannot roll back a finished round
      // (settled, resettled or void); it voids or resettles it instead.
      if (round && round.status !== 'open' && round.status !== 'rolled_back')
        return { refused: 'ROUND_CLOSED' };
      if (stake?.round_id && stake.round_id !== round?.id) return { refused: 'ERROR' };
      const toRollBack = { vendor, memberId: player.memberId, gameId, currency, vendorRoundId: roundId };
      const roundIdBefore = await games.rollBackRoundIn(trx, toRollBack);
      const key = ledgerKeyOf(vendor, transactionId);
      const outcome = await ledger.rollback({
        key,
        betKey: ledgerKeyOf(vendor, refTransactionId),
        reference: ledgerEntryOf(move, key).reference,
      });
      // A stake that opened its round while this rollback waited for the stake's key has its round
      // now: it is rolled back too.
      const roundIdNow =
        roundIdBefore ??
        (outcome.status === 'reversed' ? await games.rollBackRoundIn(trx, toRollBack) : null);
      // Each part of the stake went back to its own wallet; the vendor hears of them together.
      const balanceMinor = playableOf(vendor, {
        cashMinor: outcome.balanceMinor,
        bonusMinor: outcome.bonusBalanceMinor,
      });
      const isFirst = await games.recordRollback(trx, {
        vendor,
        memberId: player.memberId,
        roundId: roundIdNow,
        transactionId,
        refTransactionId,
        ledgerKey: outcome.status === 'reversed' ? outcome.transfer.key : null,
        amountMinor: outcome.status === 'reversed' ? outcome.parts.cashMinor + outcome.parts.bonusMinor : 0n,
        status: outcome.status === 'reversed' ? 'applied' : 'voided',
        balanceAfterMinor: balanceMinor,
      });
      return { isFirst, balanceMinor };
    });
  }

  /**
   * A resettle (`newWinMinor`: the round's new total payout) or a void (null) of a vendor's round.
   * The member's cash moves by the difference: a resettle by new payout - old payout, a void by
   * stake - payout (the stake comes back, any payout goes). Money to the member is a `win`, money
   * back from them a `bet` of the game house account, keyed by the vendor and its transactionId
   * and referencing the round; when the member's cash is short of what goes back, nothing happens
   * and the call answers INSUFFICIENT_FUNDS (the vendor retries; the balance never goes below
   * zero). A round staked partly with bonus money moves each part to or from its own wallet: its
   * stake's parts as stored, its payout's split in the same proportion (docs/promotions.md "The
   * money rules"); either wallet short of what goes back refuses the whole call. The round is
   * locked, the money moved, the call recorded and the round's new state written in one
   * transaction, so a burst of the same call has one effect.
   */
  async function adjust(
    vendor: VendorRow,
    currency: string,
    call: VendorWalletCall,
    ids: { transactionId: string; refRoundId: string; newWinMinor: bigint | null },
  ): Promise<VendorWalletReply> {
    const { transactionId, refRoundId, newWinMinor } = ids;
    const type = newWinMinor === null ? 'void' : 'resettle';
    const player = await resolvePlayer(vendor, call, true);
    if (!player) return { status: 'INVALID_TOKEN', balance: null, transactionId };
    const { memberId } = player;
    const merchantId = vendor.merchant_id;
    const refuse = async (status: VendorWalletStatus): Promise<VendorWalletReply> => ({
      status,
      balance: await balanceOf(vendor, memberId, currency),
      transactionId,
    });
    const round = await games.findRound(vendor.id, refRoundId);
    if (!round) return refuse('TRANSACTION_NOT_FOUND');
    if (round.member_id !== memberId) return refuse('ERROR');
    // A resettle adjusts a payout: a round still open is settled by a credit first.
    if (type === 'resettle' && round.status === 'open') return refuse('ERROR');
    const balanceBeforeMinor = playableOf(
      vendor,
      await wallet.getBalances({ merchantId, memberId, currency }),
    );
    const key = ledgerKeyOf(vendor, transactionId);
    const reference = `${vendor.vassalage}:${refRoundId}`;
    type Outcome = { status: 'done'; balanceMinor: bigint } | { status: 'closed' } | { status: 'seen' };
    const duplicate = new Error('vendor wallet: a concurrent delivery recorded this call first');
    let outcome: Outcome;
    try {
      outcome = await wallet.withGameLedger({ merchantId, memberId, currency }, async (ledger, trx) => {
        const locked = await games.lockRound(trx, vendor.id, refRoundId);
        if (!locked) return { status: 'closed' } as const;
        const isAdjustable =
          locked.status === 'settled' ||
          locked.status === 'resettled' ||
          (type === 'void' && locked.status === 'open');
        if (!isAdjustable) return { status: 'closed' } as const;
        const stake = stakePartsOf(locked);
        const winMinor = BigInt(locked.win_minor);
        const bonusWinMinor = BigInt(locked.bonus_win_minor);
        const isCashOnly = stake.bonusMinor === 0n && bonusWinMinor === 0n;
        // The payout after: a resettle's new one, split as its stake was; a void's stays as it was.
        const newBonusWinMinor =
          newWinMinor === null || isCashOnly ? bonusWinMinor : winPartsOf(newWinMinor, stake).bonusMinor;
        const change: MoneyParts =
          newWinMinor === null
            ? {
                cashMinor: stake.cashMinor - (winMinor - bonusWinMinor),
                bonusMinor: stake.bonusMinor - bonusWinMinor,
              }
            : {
                cashMinor: newWinMinor - newBonusWinMinor - (winMinor - bonusWinMinor),
                bonusMinor: newBonusWinMinor - bonusWinMinor,
              };
        let balanceMinor = balanceBeforeMinor;
        if (!isCashOnly || isBonusPlayable(vendor)) {
          const moved = await ledger.adjust({ key, reference, change });
          balanceMinor = playableOf(vendor, {
            cashMinor: moved.balanceMinor,
            bonusMinor: moved.bonusBalanceMinor,
          });
        } else if (change.cashMinor > 0n) {
          balanceMinor = (await ledger.creditForWin({ key, reference, amountMinor: change.cashMinor }))
            .balanceMinor;
        } else if (change.cashMinor < 0n) {
          balanceMinor = (await ledger.debitForBet({ key, reference, amountMinor: -change.cashMinor }))
            .balanceMinor;
        }
        // The win's bonus part never passes the win: lowered before the round's new payout is
        // written, raised after it.
        if (newBonusWinMinor < bonusWinMinor)
          await wallet.setRoundBonusWinIn(trx, locked.id, newBonusWinMinor);
        const isFirst = await games.recordAdjustment(trx, {
          vendor,
          memberId,
          round: locked,
          transactionId,
          type,
          ledgerKey: change.cashMinor === 0n && change.bonusMinor === 0n ? null : key,
          amountMinor: newWinMinor ?? 0n,
          balanceAfterMinor: balanceMinor,
        });
        // Rolls this attempt back: what the first delivery did stands, and is answered below.
        if (!isFirst) throw duplicate;
        if (newBonusWinMinor > bonusWinMinor)
          await wallet.setRoundBonusWinIn(trx, locked.id, newBonusWinMinor);
        return { status: 'done', balanceMinor } as const;
      });
    } catch (caught) {
      if (caught === duplicate) outcome = { status: 'seen' };
      else if (!isAppError(caught)) throw caught;
      else if (caught.code === 'INSUFFICIENT_FUNDS') return refuse('INSUFFICIENT_FUNDS');
      else return refuse('ERROR');
    }
    // A concurrent delivery of this id that finished first (a void closes its round) is answered
    // with its result, as any repeat is.
    if (outcome.status === 'seen') return answerRecorded(vendor, transactionId);
    if (outcome.status === 'closed') {
      const seen = await games.findVendorTransaction(vendor.id, transactionId);
      return seen ? replayOf(seen, { type, amountMinor: newWinMinor ?? 0n }) : refuse('ROUND_CLOSED');
    }
    return { status: 'OK', balance: formatAmount(outcome.balanceMinor), transactionId };
  }

  /** Another delivery of the same id was recorded first (a concurrent duplicate): its result. */
  async function answerRecorded(vendor: VendorRow, transactionId: string): Promise<VendorWalletReply> {
    const record = await games.findVendorTransaction(vendor.id, transactionId);
    if (!record) throw new Error('vendor wallet: a transaction reported as recorded is missing');
    return replayOf(record, { type: record.type });
  }

  return { handle };
}

export type VendorWallet = ReturnType<typeof createVendorWallet>;
