import { createRoundRng } from '@panalo/games/fairness/round-rng.ts';
import { serializeState } from '@panalo/games/state-json.ts';
import type { ValidBetRules } from '@panalo/games/valid-bet/valid-bet.ts';
import type { PlayedRound } from '@panalo/games/verifier/verify-round.ts';
import { INHOUSE_VASSALAGE } from '../../db/in-house-games.ts';
import { checkBonusStakeIn } from '../../modules/bonus/bonus-stake.ts';
import {
  assertWithinLimits,
  capWin,
  computeInitialStake,
  isMultiStep,
  parseBet,
  type RoundProgress,
  startRound,
  toAppError,
  type WireBet,
} from '../../modules/house-rounds/house-games.ts';
import type { DrawnRound, HouseRoundRow } from '../../modules/house-rounds/house-rounds.service.ts';
import { AppError, isAppError } from '../../platform/errors/errors.ts';
import { assertInvariant } from '../../platform/errors/invariant.ts';
import type { BonusHolders } from './bonus-holders.ts';
import type { RoundSteps } from './continue-round.ts';
import type { DemoPlay } from './demo-play.ts';
import type { LaunchCache } from './launch-cache.ts';
import {
  demoAnswerOf,
  type HouseGameDeps,
  type HouseMerchant,
  type HouseTable,
  isSeedsNotShown,
  type RealTable,
  type RoundAnswer,
  type RoundView,
  readJson,
  stakeKey,
  winKey,
} from './table.ts';

/** Draws of a one-step round from a seed pair that another round moved on meanwhile. */
const DRAW_ATTEMPTS_MAX = 3;

/**
 * A bet placed from what this process remembered of its table: answered, or `stale` when the
 * round's statement found the table no longer as remembered (or the bet was refused before the
 * statement could vouch for it), and nothing was written: the bet is then placed the full way.
 */
type Attempt = { status: 'answered'; answer: RoundAnswer } | { status: 'stale' };
const STALE: Attempt = { status: 'stale' };
const answered = (answer: RoundAnswer): Attempt => ({ status: 'answered', answer });

/** JSON with every object's keys sorted: jsonb keeps keys in its own order, not the one written. */
function canonicalOf(value: unknown): string {
  return JSON.stringify(JSON.parse(serializeState(value)), (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => left.localeCompare(right)))
      : item,
  );
}

/** The bet part of what was played (a multi-step round's actions grow as it is played). */
function betOf(played: PlayedRound): unknown {
  return 'bets' in played ? played.bets : played.bet;
}

/** The bet on the wire, parsed and checked against the table's limits, and its stake. */
function readBet(table: HouseTable, wire: WireBet): { played: PlayedRound; stakeMinor: bigint } {
  try {
    const played = parseBet(table.code, wire);
    assertWithinLimits(played, table.limits);
    return { played, stakeMinor: computeInitialStake(played) };
  } catch (caught) {
    throw toAppError(caught);
  }
}

/**
 * A checked bet at a table with real money, under the request id that makes its round once, with
 * the merchant's rules of what counts as valid bet (settings `validBet`).
 */
type RealBet = {
  table: RealTable;
  requestId: string;
  played: PlayedRound;
  stakeMinor: bigint;
  validBetRules: ValidBetRules;
};

/**
 * A bet in our own games, followed down in one pass: the table (launch-cache.ts), the bet read
 * and checked against the game's limits, then for a one-step round (dice, slots, the tables) one
 * statement through the wallet that checks the session, the limits and the member's responsible
 * gaming, takes the stake, pays the win and records the round; a multi-step round (mines,
 * blackjack) is recorded first and staked through the same wallet steps as its later moves
 * (continue-round.ts); demo play moves play money only (demo-play.ts).
 */
export function createBetPlacement(
  deps: HouseGameDeps & { launches: LaunchCache; steps: RoundSteps; demo: DemoPlay; holders: BonusHolders },
) {
  const { houseRounds, wallet, responsibleGaming, launches, steps, demo, holders } = deps;

  /**
   * A bet: checked, recorded, staked, drawn and paid, its valid bet by the merchant's rules; the
   * same request id answers the same round. Answered with the member's balances after it.
   */
  async function placeBet(
    table: HouseTable,
    requestId: string,
    wire: WireBet,
    validBetRules: ValidBetRules,
  ): Promise<RoundAnswer> {
    const { played, stakeMinor } = readBet(table, wire);
    if (table.kind === 'demo') return demoAnswerOf(await demo.placeDemoBet(table, played, stakeMinor));
    const bet = { table, requestId, played, stakeMinor, validBetRules };
    if (!isMultiStep(table.code)) {
      const attempt = await placeOneStepBet(bet, false);
      assertInvariant(attempt.status === 'answered', 'house games: a bet at a resolved table was stale');
      return attempt.answer;
    }
    return holders.answerWithBalances(table, await placeMultiStepBet(bet));
  }

  /**
   * A bet at the table a game token opens. The game client bets again and again with one launch
   * token, so a token this process has opened, and its game, are taken from memory, and the
   * round's own statement checks that the session is live and the game's limits unchanged; a
   * demo, a multi-step round, a token not seen yet or a stale memory goes the full way
   * (resolveTable, then placeBet).
   */
  async function placeBetWithToken(
    merchant: HouseMerchant,
    token: string,
    requestId: string,
    wire: WireBet,
    validBetRules: ValidBetRules,
  ): Promise<RoundAnswer> {
    const remembered = launches.rememberedTable(merchant, token);
    if (remembered) {
      const attempt = await placeRememberedBet(remembered, requestId, wire, validBetRules);
      if (attempt.status === 'answered') return attempt.answer;
    }
    return placeBet(await launches.resolveTable(merchant, token), requestId, wire, validBetRules);
  }

  async function placeRememberedBet(
    table: RealTable,
    requestId: string,
    wire: WireBet,
    validBetRules: ValidBetRules,
  ): Promise<Attempt> {
    let bet: { played: PlayedRound; stakeMinor: bigint };
    try {
      bet = readBet(table, wire);
    } catch {
      // Refused by the limits as remembered: the full way checks them as they now are.
      return STALE;
    }
    return placeOneStepBet({ table, requestId, ...bet, validBetRules }, true);
  }

  async function placeOneStepBet(bet: RealBet, isRemembered: boolean): Promise<Attempt> {
    const { table, requestId, played } = bet;
    try {
      return await playOneStepRound(bet, isRemembered);
    } catch (caught) {
      // A retry of a bet that made its round answers that round, whatever refused this attempt
      // (its round, a balance now short, a limit now reached): retries are rare, so they are
      // looked for only once an attempt has been refused, and a one-step round rolls back whole.
      if (!isAppError(caught)) throw caught;
      const existing = await findRoundOfRequest(table, requestId);
      if (existing) {
        return answered(await holders.answerWithBalances(table, await answerRetry(table, existing, played)));
      }
      assertInvariant(caught.value?.reason !== 'DUPLICATE', 'house games: a duplicate round is missing');
      throw caught;
    }
  }

  function findRoundOfRequest(table: RealTable, requestId: string) {
    return houseRounds.findRoundByRequest(
      table.game.vendor_id,
      table.player.memberId,
      table.game.id,
      requestId,
    );
  }

  /** Mines and blackjack: the round recorded first, then staked and drawn (continue-round.ts). */
  async function placeMultiStepBet(bet: RealBet): Promise<RoundView> {
    const { table, requestId, played, stakeMinor } = bet;
    const existing = await findRoundOfRequest(table, requestId);
    if (existing) return answerRetry(table, existing, played);
    const open = await houseRounds.findUnfinishedRound(table.player.memberId, table.game.id);
    if (open) throw new AppError('CONFLICT', { value: { reason: 'ROUND_OPEN', roundId: open.id } });
    await responsibleGaming.checkBetAllowed(table.player, stakeMinor);
    // Most short stakes are refused here, before the round takes a nonce: cash and bonus money
    // together pay our games' stakes.
    const { cashMinor, bonusMinor } = await wallet.getBalances({ ...table.player, currency: table.currency });
    if (cashMinor + bonusMinor < stakeMinor) throw new AppError('INSUFFICIENT_FUNDS');
    try {
      // The engine checks the bet's shape once more before anything is recorded.
      startRound(played, createRoundRng({ serverSeed: '0'.repeat(64), clientSeed: 'check', nonce: 0 }));
    } catch (caught) {
      throw toAppError(caught);
    }
    const { row } = await houseRounds.beginRound({
      player: table.player,
      game: { id: table.game.id, vendorId: table.game.vendor_id, code: table.code },
      currency: table.currency,
      requestId,
      played,
      stakeMinor,
      // An active bonus's maximum stake refuses the bet before a round is recorded.
      checkIn: (trx) => checkBonusStakeIn(trx, table.player.memberId, stakeMinor),
    });
    return steps.continueRound(table, row);
  }

  /** A retried request answers its round, finishing it first; the same id for another bet is refused. */
  function answerRetry(table: RealTable, existing: HouseRoundRow, played: PlayedRound): Promise<RoundView> {
    const stored = readJson<PlayedRound>(existing.played);
    if (canonicalOf(betOf(stored)) !== canonicalOf(betOf(played))) {
      throw new AppError('CONFLICT', { value: { reason: 'REQUEST_ID_REUSED' } });
    }
    return steps.continueRound(table, existing);
  }

  /**
   * A one-step round (dice, slots, the tables), all of it committed together or none of it: the
   * nonce taken, the round drawn, its stake taken and its win paid, and the round recorded
   * settled. A crash leaves nothing half done, and a short balance refuses the bet without taking
   * a nonce. Of two requests with the same id, the one that records the round first wins; the
   * other is refused (CONFLICT DUPLICATE) for the caller to answer that round.
   *
   * The round is drawn in advance from the member's seed pair as this process knows it and played
   * in one statement through the wallet (playOneStepBet), which also checks the session, the
   * game's limits and the member's responsible-gaming settings: one round trip to the database
   * for a bet. A member with a break, a self-exclusion or a loss or session-time limit on record,
   * or an active bonus whose maximum stake is below this stake, plays in a transaction instead, the
   * limits checked in it under the member's play lock (checkBetAllowedIn, checkBonusStakeIn): their
   * bets take turns, and none passes a limit. So does a stake that cash alone is short of, which
   * bonus money pays the rest of. `isRemembered`: the table
   * came from this process's memory, and any doubt before the statement has vouched for it
   * answers `stale`.
   */
  async function playOneStepRound(bet: RealBet, isRemembered: boolean): Promise<Attempt> {
    const { table, requestId, played, stakeMinor, validBetRules } = bet;
    const { player, sessionId } = table;
    let isConfirmed = !isRemembered;
    const refuse = async (refusal: () => Promise<never>): Promise<Attempt> =>
      isConfirmed ? refusal() : STALE;
    if (sessionId === null) return answered(await playOneStepRoundInTransaction(bet, false));
    const id = houseRounds.newRoundId();
    const game = { id: table.game.id, vendorId: table.game.vendor_id };
    // Whether the round's statement found no break, exclusion or loss or session-time limit on
    // record: then the transaction below need not check them again.
    let isPlayVouched = false;
    for (let attempt = 0; attempt < DRAW_ATTEMPTS_MAX; attempt += 1) {
      let drawn: DrawnRound;
      try {
        drawn = await houseRounds.drawInAdvance(player, played);
      } catch (caught) {
        // A member without a seed pair is refused with the hash of one made now: the full way
        // would find that pair and play on it before the player has seen its hash.
        if (isSeedsNotShown(caught)) throw caught;
        return refuse(() => Promise.reject(toAppError(caught)));
      }
      const winMinor = capWin(drawn.progress.payoutMinor, table.limits);
      const round = houseRounds.oneStepRoundOf({
        id,
        player,
        game,
        requestId,
        drawn,
        winMinor,
        validBetRules,
      });
      const at = houseRounds.now();
      // The responsible-gaming settings and the game's limits are checked in the stake's own
      // statement, with the session the launch token lives by.
      const outcome = await wallet.playOneStepBet({
        ...player,
        currency: table.currency,
        reference: `${INHOUSE_VASSALAGE}:${id}`,
        stake: { key: stakeKey(id), amountMinor: stakeMinor },
        win: { key: winKey(id), amountMinor: winMinor },
        checks: { sessionId, checkPlay: true, gameId: game.id, betLimits: table.game.bet_limits, now: at },
        round,
      });
      if (outcome.status === 'session') return refuse(() => launches.refuseClosedSession(player.memberId));
      if (outcome.status === 'game') {
        // The game's limits changed since it was read: check the bet against them afresh.
        return refuse(() => Promise.reject(new AppError('CONFLICT', { value: { reason: 'BUSY' } })));
      }
      isConfirmed = true;
      if (outcome.status === 'play') {
        // Self-exclusion, breaks, and the member's loss and session-time limits (responsible
        // gaming), and an active bonus's maximum stake: checked in the round's own transaction
        // under the member's play lock, so that simultaneous bets cannot pass a limit together.
        return answered(await playOneStepRoundInTransaction(bet, true));
      }
      if (outcome.status === 'duplicate') throw new AppError('CONFLICT', { value: { reason: 'DUPLICATE' } });
      if (outcome.status === 'short') {
        // Cash alone is short: bonus money pays the rest of our games' stakes, in a round played
        // in a transaction of its own (the statement stakes cash only). The statement has just
        // found no break, exclusion, limit or bonus cap on record for this stake.
        const { bonusMinor } = await wallet.getBalances({ ...player, currency: table.currency });
        if (outcome.balanceMinor + bonusMinor >= stakeMinor) {
          return answered(await playOneStepRoundInTransaction(bet, false));
        }
        throw new AppError('INSUFFICIENT_FUNDS', { value: { balanceMinor: String(outcome.balanceMinor) } });
      }
      if (outcome.status === 'played') {
        const row = houseRounds.playedRoundOf(
          { player, game, currency: table.currency, drawn },
          round,
          {
            stakeMinor,
            winMinor,
            balanceBeforeMinor: outcome.balanceAfterStakeMinor + stakeMinor,
            balanceAfterMinor: outcome.balanceAfterMinor,
          },
          { openedAt: outcome.openedAt, settledAt: at },
          outcome.recorded,
        );
        // Drawn from the active pair just now: its server seed is not revealed.
        const view = await steps.viewOf(row, { serverSeed: null });
        // The statement staked and paid cash only. A member who may hold bonus money is read
        // again, as a bonus converted to cash meanwhile moves both balances; the rest are not.
        if (holders.mayHold(player.memberId)) return answered(await holders.answerWithBalances(table, view));
        return answered({ round: view, balanceMinor: outcome.balanceAfterMinor, bonusBalanceMinor: null });
      }
      houseRounds.forgetPair(player);
      // 'pair': another round (or a rotation) moved the pair on; draw again from it as it is now.
      isPlayVouched = true;
    }
    if (isRemembered && !isConfirmed) return STALE;
    return answered(await playOneStepRoundInTransaction(bet, !isPlayVouched));
  }

  /**
   * A one-step round in a transaction of its own, the nonce taken there: the member's first round
   * (it makes the seed pair), a round whose pair others keep moving on, a round whose cash is short
   * and which bonus money pays the rest of, and every round of a member with a break, a loss or
   * session-time limit or a bonus's maximum stake on record (`checkPlay`), whose limits are checked
   * first in that transaction, under the member's play lock. An active bonus's maximum stake is
   * checked in it in every case: the stake here may take bonus money.
   */
  async function playOneStepRoundInTransaction(bet: RealBet, checkPlay: boolean): Promise<RoundAnswer> {
    const { table, requestId, played, stakeMinor } = bet;
    const { memberId } = table.player;
    const id = houseRounds.newRoundId();
    const reference = `${INHOUSE_VASSALAGE}:${id}`;
    const { row, after } = await wallet.withGameLedger(
      { ...table.player, currency: table.currency },
      async (ledger, trx) => {
        if (checkPlay) await responsibleGaming.checkBetAllowedIn(trx, table.player, stakeMinor);
        await checkBonusStakeIn(trx, memberId, stakeMinor);
        const { pair, nonce } = await houseRounds.takeNextNonce(trx, table.player);
        let progress: RoundProgress;
        try {
          progress = houseRounds.drawOneStep(pair, nonce, played);
        } catch (caught) {
          throw toAppError(caught);
        }
        // Cash first, then bonus money (our games are always bonus-playable).
        const stake = await ledger.stake(
          { key: stakeKey(id), reference, amountMinor: stakeMinor },
          { checkIn: (locked) => checkBonusStakeIn(locked, memberId, stakeMinor) },
        );
        const winMinor = capWin(progress.payoutMinor, table.limits);
        const win =
          winMinor > 0n
            ? await ledger.creditWin({ key: winKey(id), reference, amountMinor: winMinor }, stake.parts)
            : null;
        const recorded = await houseRounds.recordSettledRound(trx, {
          id,
          player: table.player,
          game: { id: table.game.id, vendorId: table.game.vendor_id },
          currency: table.currency,
          requestId,
          pair,
          nonce,
          progress,
          stakeMinor,
          winMinor,
          bonusStakeMinor: stake.parts.bonusMinor,
          bonusWinMinor: win?.parts.bonusMinor ?? 0n,
          // The round's balances are the member's cash, as the one-step statement records them.
          balanceBeforeMinor: stake.balanceMinor + stake.parts.cashMinor,
          balanceAfterMinor: win?.balanceMinor ?? stake.balanceMinor,
          validBetRules: bet.validBetRules,
        });
        // The request id made a round already: this attempt rolls back, and the caller answers that one.
        if (!recorded) throw new AppError('CONFLICT', { value: { reason: 'DUPLICATE' } });
        // Both wallets as the round left them, under the lock its stake took.
        return { row: recorded, after: win ?? stake };
      },
    );
    holders.note(memberId, after.bonusBalanceMinor);
    // Drawn from the active pair just now: its server seed is not revealed.
    return {
      round: await steps.viewOf(row, { serverSeed: null }),
      balanceMinor: after.balanceMinor,
      bonusBalanceMinor: after.bonusBalanceMinor,
    };
  }

  return { placeBet, placeBetWithToken };
}
