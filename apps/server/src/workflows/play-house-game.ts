import { type CommitmentVersion, createRoundRng } from '@panalo/games/fairness/round-rng.ts';
import { parseState, serializeState } from '@panalo/games/state-json.ts';
import type { PlayedRound } from '@panalo/games/verifier/verify-round.ts';
import { type BetLimits, INHOUSE_VASSALAGE, readBetLimits } from '../db/in-house-games.ts';
import type { GameRow, GameService, LaunchTokenRow } from '../modules/game/game.service.ts';
import {
  applyAction,
  assertActionWithinMaxWin,
  assertWithinLimits,
  capWin,
  computeInitialStake,
  type HouseGameCode,
  isHouseGameCode,
  isMultiStep,
  listActions,
  parseBet,
  playOneStep,
  type RoundProgress,
  settleByRule,
  startRound,
  toAppError,
  viewProgress,
  type WireAction,
  type WireBet,
} from '../modules/house-rounds/house-games.ts';
import type {
  DemoSessionRow,
  HousePlayer,
  HouseRoundRow,
  HouseRoundsService,
  RevealedSeeds,
  SeedsView,
} from '../modules/house-rounds/house-rounds.service.ts';
import type { MemberService } from '../modules/member/member.service.ts';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import { AppError, isAppError } from '../platform/errors/errors.ts';
import { defineJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

export type HouseGameDeps = {
  games: GameService;
  houseRounds: HouseRoundsService;
  members: MemberService;
  wallet: WalletService;
  responsibleGaming: ResponsibleGamingService;
};

/** The merchant a request came to: its id and currency. */
export type HouseMerchant = { id: string; currency: string };

/** Who sits at the table: a member with a live launch token, or a demo session with play money. */
export type HouseTable =
  | {
      kind: 'real';
      player: HousePlayer;
      /** The member session the launch token lives by; null for the overdue-round job. */
      sessionId: string | null;
      game: GameRow;
      code: HouseGameCode;
      limits: BetLimits;
      currency: string;
    }
  | { kind: 'demo'; session: DemoSessionRow; game: GameRow; code: HouseGameCode; limits: BetLimits };

/** A round as the game client shows it; the outcome is state-json (bigints as {"$bigint"}). */
export type RoundView = {
  roundId: string;
  gameCode: HouseGameCode;
  status: 'open' | 'settled' | 'rolled_back';
  stakeMinor: bigint;
  winMinor: bigint;
  balanceBeforeMinor: bigint | null;
  balanceAfterMinor: bigint | null;
  serverSeedHash: string;
  /** How serverSeedHash was computed: 1 over the seed's bytes (pairs committed before), 2 over its hex text. */
  commitmentVersion: CommitmentVersion;
  clientSeed: string;
  nonce: number;
  /** Only once the seed pair has been rotated. */
  serverSeed: string | null;
  /** The maximum win the win was cut to; null when the win is the payout the seeds give. */
  winCapMinor: bigint | null;
  outcome: unknown;
  played: unknown;
  actions: string[];
  openedAt: Date;
  settledAt: Date | null;
};

export type TableState = {
  mode: 'real' | 'demo';
  gameCode: HouseGameCode;
  game: GameRow;
  limits: BetLimits;
  balanceMinor: bigint;
  seeds: SeedsView;
  round: RoundView | null;
};

const stakeKey = (roundId: string) => `house:${roundId}:stake`;
const extraStakeKey = (roundId: string, index: number, action: string) =>
  `house:${roundId}:stake:${index}:${action}`;
const winKey = (roundId: string) => `house:${roundId}:win`;
const refundKey = (roundId: string, suffix = '') => `house:${roundId}:refund${suffix}`;
/** Blackjack's actions that take more money (doubling, splitting, insurance). */
const STAKING_ACTIONS = ['double', 'split', 'insure'] as const;
const CONTINUE_ATTEMPTS_MAX = 6;
/** Bounds the per-process memory of vendor ids, opened launch tokens and games (see createHouseGames). */
const REMEMBERED_ENTRIES_MAX = 100_000;
/** Draws of a one-step round from a seed pair that another round moved on meanwhile. */
const DRAW_ATTEMPTS_MAX = 3;

/**
 * Thrown by a bet played from what this process remembered (the launch token's session and game)
 * when the round's statement found it no longer holds, or when the bet was refused before the
 * statement could vouch for the session: the bet is then placed again the full way.
 */
const NOT_AS_REMEMBERED = new Error('house games: the table is not as remembered');

/** Whether the round's statement has vouched for a remembered table's session and game yet. */
type RememberedTable = { isConfirmed: boolean };

/** A bet refused because the member had no seed pair: one was made, and its hash is in the refusal. */
function isSeedsNotShown(caught: unknown): boolean {
  return isAppError(caught) && caught.value?.reason === 'SEEDS_NOT_SHOWN';
}

/** Plain JSON of an engine value (bigints as {"$bigint"}), for the wire. */
function toWireJson(value: unknown): unknown {
  return value === null || value === undefined ? null : JSON.parse(serializeState(value));
}

/** JSON with every object's keys sorted: jsonb keeps keys in its own order, not the one written. */
function canonicalOf(value: unknown): string {
  return JSON.stringify(JSON.parse(serializeState(value)), (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => left.localeCompare(right)))
      : item,
  );
}

function readJson<T>(value: unknown): T {
  return parseState<T>(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * Our own games' rounds (ARCHITECTURE.md "Games", GAMES.md): the in-house game client sits at a
 * table with the launch token of a member's session (real money, through the wallet service) or
 * with a demo session (play money that never touches the ledger). A one-step round (dice, slots,
 * the tables) is drawn, staked, paid and recorded in one transaction. A multi-step round (mines,
 * blackjack) is recorded before money moves and each money step is keyed by the round, so a retry
 * with the same request id or a crash between steps never takes a stake twice or loses a win: the
 * request's retry, or the overdue-round job, finishes what was started.
 */
export function createHouseGames(deps: HouseGameDeps) {
  const { games, houseRounds, members, wallet, responsibleGaming } = deps;
  // Every call of the game client names its table by its token, so these are read on every bet.
  // Neither changes once known: a merchant's vendor keeps its id, and an opened launch token its
  // member, session and game (only the session's liveness changes, and that is checked each time).
  const vendorIds = new Map<string, string>();
  const openedLaunches = new Map<string, LaunchTokenRow>();
  // A game as last read here. A bet is checked and its win capped against these limits, and the
  // round's statement plays it only if the game's limits are still the same (see placeBetWithToken).
  const gamesById = new Map<string, GameRow>();

  function remember<T>(map: Map<string, T>, key: string, value: T): void {
    if (map.size >= REMEMBERED_ENTRIES_MAX) map.clear();
    map.set(key, value);
  }

  async function inHouseVendor(merchantId: string) {
    const vendor = await games.findVendor(merchantId, INHOUSE_VASSALAGE);
    if (!vendor) throw new AppError('NOT_FOUND');
    remember(vendorIds, merchantId, vendor.id);
    return vendor;
  }

  /** The launch token's row if it is one of ours and open (opening it now within its window). */
  async function resolveLaunch(merchantId: string, token: string) {
    const known = openedLaunches.get(token);
    if (known) return { row: known, isOpen: true };
    const vendorId = vendorIds.get(merchantId) ?? (await inHouseVendor(merchantId)).id;
    const launch = await games.resolveLaunchToken(token, vendorId);
    if (launch?.isOpen) remember(openedLaunches, token, launch.row);
    return launch;
  }

  function codeOf(game: GameRow): HouseGameCode {
    if (!isHouseGameCode(game.game_code)) throw new AppError('NOT_FOUND');
    return game.game_code;
  }

  /** The table a game token opens: a live launch token of ours, or a demo session. */
  async function resolveTable(merchant: HouseMerchant, token: string): Promise<HouseTable> {
    const launch = await resolveLaunch(merchant.id, token);
    if (launch) {
      const { row } = launch;
      if (row.merchant_id !== merchant.id) throw new AppError('NOT_LOGGED_IN');
      // The launch token lives as long as the member's session: logging out ends play.
      if (!launch.isOpen || !(await members.isSessionLive(row.session_id))) {
        return refuseClosedSession(row.member_id);
      }
      const game = await games.findGameById(row.game_id);
      if (!game) throw new AppError('NOT_FOUND');
      remember(gamesById, game.id, game);
      return {
        kind: 'real',
        player: { merchantId: merchant.id, memberId: row.member_id },
        sessionId: row.session_id,
        game,
        code: codeOf(game),
        limits: readBetLimits(game.bet_limits),
        currency: merchant.currency,
      };
    }
    const session = await houseRounds.findDemoSession(token);
    if (!session || session.merchant_id !== merchant.id) throw new AppError('NOT_LOGGED_IN');
    const game = await games.findGameById(session.game_id);
    if (!game) throw new AppError('NOT_FOUND');
    return { kind: 'demo', session, game, code: codeOf(game), limits: readBetLimits(game.bet_limits) };
  }

  /** Starts demo play of one of our games that offers it (supportPlay 0): a new play-money session. */
  async function openDemo(
    merchant: HouseMerchant,
    gameCode: string,
  ): Promise<{ token: string; table: HouseTable }> {
    const vendor = await inHouseVendor(merchant.id);
    const game = await games.findGameByCode(vendor.id, gameCode);
    if (!game || game.status === 'hidden' || !isHouseGameCode(game.game_code))
      throw new AppError('NOT_FOUND');
    if (game.status === 'maintenance' || vendor.status !== 'active') throw new AppError('GAME_MAINTENANCE');
    if (game.support_play !== 0) throw new AppError('FEATURE_DISABLED');
    const { token, session } = await houseRounds.createDemoSession({
      merchantId: merchant.id,
      gameId: game.id,
    });
    return {
      token,
      table: { kind: 'demo', session, game, code: codeOf(game), limits: readBetLimits(game.bet_limits) },
    };
  }

  async function cashOf(table: Extract<HouseTable, { kind: 'real' }>): Promise<bigint> {
    return (await wallet.getBalances({ ...table.player, currency: table.currency })).cashMinor;
  }

  /** What the client shows when it opens: the game, limits, balance, seeds and any open round. */
  async function describeTable(table: HouseTable): Promise<TableState> {
    if (table.kind === 'demo') {
      return {
        mode: 'demo',
        gameCode: table.code,
        game: table.game,
        limits: table.limits,
        balanceMinor: BigInt(table.session.balance_minor),
        seeds: houseRounds.demoSeedsOf(table.session),
        round: demoRoundView(table),
      };
    }
    const open = await houseRounds.findUnfinishedRound(table.player.memberId, table.game.id);
    let round: RoundView | null = null;
    try {
      round = open ? await continueRound(table, open) : null;
    } catch (caught) {
      // A stake that could not be taken (the balance fell meanwhile) leaves no round to resume.
      if (!isAppError(caught)) throw caught;
    }
    return {
      mode: 'real',
      gameCode: table.code,
      game: table.game,
      limits: table.limits,
      balanceMinor: await cashOf(table),
      seeds: await houseRounds.getSeeds(table.player),
      round: round && round.status === 'open' ? round : null,
    };
  }

  /**
   * A round as the client shows it. `known.serverSeed`: the revealed seed when the caller knows it
   * (null for a round just drawn from the active pair), else it is looked up.
   */
  async function viewOf(row: HouseRoundRow, known?: { serverSeed: string | null }): Promise<RoundView> {
    const progress = houseRounds.progressOf(row);
    const isOpen = row.phase === 'playing' && progress?.isOpen === true;
    const outcome =
      isOpen && progress ? viewProgress(progress) : row.outcome === null ? null : readJson(row.outcome);
    const played = readJson<PlayedRound>(row.played);
    const game = played.game as HouseGameCode;
    return {
      roundId: row.id,
      gameCode: game,
      status: row.status,
      stakeMinor: BigInt(row.stake_minor),
      winMinor: BigInt(row.win_minor),
      balanceBeforeMinor: row.balance_before_minor === null ? null : BigInt(row.balance_before_minor),
      balanceAfterMinor: row.balance_after_minor === null ? null : BigInt(row.balance_after_minor),
      serverSeedHash: row.server_seed_hash ?? '',
      commitmentVersion: await houseRounds.commitmentVersionOf(row),
      clientSeed: row.client_seed ?? '',
      nonce: Number(row.nonce),
      serverSeed: known ? known.serverSeed : await houseRounds.revealedSeedOf(row),
      winCapMinor: row.win_cap_minor === null ? null : BigInt(row.win_cap_minor),
      outcome: toWireJson(outcome),
      played: toWireJson(played),
      actions: isOpen && progress ? listActions(progress) : [],
      openedAt: row.opened_at,
      settledAt: row.settled_at,
    };
  }

  /**
   * Takes a round through its remaining money steps from wherever it stands — staking (take the
   * stake, draw), paying (credit the win), or nothing left (answer it) — each step keyed so that
   * running it again changes nothing. Answers the round as it stands after.
   */
  async function continueRound(
    table: Extract<HouseTable, { kind: 'real' }>,
    start: HouseRoundRow,
  ): Promise<RoundView> {
    let row = start;
    for (let attempt = 0; attempt < CONTINUE_ATTEMPTS_MAX; attempt += 1) {
      if (row.phase === 'staking') {
        await takeStake(table, row);
      } else if (row.phase === 'paying') {
        await payWin(table, row);
      } else if (row.phase === 'refused') {
        throw new AppError('INSUFFICIENT_FUNDS');
      } else {
        return viewOf(row);
      }
      const fresh = await houseRounds.findRoundById(row.id);
      if (!fresh) throw new Error('house games: a round vanished');
      row = fresh;
    }
    throw new Error('house games: a round did not settle in its steps');
  }

  async function takeStake(table: Extract<HouseTable, { kind: 'real' }>, row: HouseRoundRow): Promise<void> {
    const stakeMinor = BigInt(row.stake_minor);
    let balanceAfterDebit: bigint;
    try {
      // The member's limits are checked in the stake's own transaction, under their play lock.
      const debit = await wallet.debitForBetAfterCheck(
        {
          ...table.player,
          currency: row.currency,
          key: stakeKey(row.id),
          reference: `${INHOUSE_VASSALAGE}:${row.id}`,
          amountMinor: stakeMinor,
        },
        (trx) => responsibleGaming.checkBetAllowedIn(trx, table.player, stakeMinor),
      );
      balanceAfterDebit = debit.balanceMinor;
    } catch (caught) {
      if (!isAppError(caught)) throw caught;
      if (caught.code === 'INSUFFICIENT_FUNDS' || caught.value?.reason === 'ROLLED_BACK') {
        await houseRounds.advance(row, { phase: 'refused', status: 'rolled_back' });
        throw new AppError('INSUFFICIENT_FUNDS', { value: caught.value ?? {} });
      }
      if (caught.code === 'LIMIT_REACHED' || caught.code === 'SELF_EXCLUDED') {
        // Refused by a limit that another bet reached meanwhile: the round never had its stake.
        await houseRounds.advance(row, { phase: 'refused', status: 'rolled_back' });
      }
      throw caught;
    }
    const progress = await houseRounds.drawRound(row);
    const balanceBeforeMinor = balanceAfterDebit + stakeMinor;
    if (progress.isOpen) {
      await houseRounds.advance(row, {
        phase: 'playing',
        progress,
        balanceBeforeMinor,
        balanceAfterMinor: balanceAfterDebit,
      });
      return;
    }
    await houseRounds.advance(row, {
      phase: 'paying',
      progress,
      winMinor: capWin(progress.payoutMinor, table.limits),
      balanceBeforeMinor,
      balanceAfterMinor: balanceAfterDebit,
    });
  }

  async function payWin(table: Extract<HouseTable, { kind: 'real' }>, row: HouseRoundRow): Promise<void> {
    const winMinor = BigInt(row.win_minor);
    let balanceAfterMinor = row.balance_after_minor === null ? null : BigInt(row.balance_after_minor);
    if (winMinor > 0n) {
      const credit = await wallet.creditForWin({
        ...table.player,
        currency: row.currency,
        key: winKey(row.id),
        reference: `${INHOUSE_VASSALAGE}:${row.id}`,
        amountMinor: winMinor,
      });
      balanceAfterMinor = credit.balanceMinor;
    }
    await houseRounds.advance(row, {
      phase: 'done',
      status: 'settled',
      ...(balanceAfterMinor !== null ? { balanceAfterMinor } : {}),
    });
  }

  /** A bet: checked, recorded, staked, drawn and paid; the same request id answers the same round. */
  async function placeBet(
    table: HouseTable,
    requestId: string,
    wire: WireBet,
    remembered?: RememberedTable,
  ): Promise<RoundView> {
    let played: PlayedRound;
    try {
      played = parseBet(table.code, wire);
      assertWithinLimits(played, table.limits);
    } catch (caught) {
      throw toAppError(caught);
    }
    const stakeMinor = computeInitialStake(played);
    if (table.kind === 'demo') return placeDemoBet(table, played, stakeMinor);

    const vendorId = table.game.vendor_id;
    if (!isMultiStep(table.code)) {
      try {
        return await playOneStepRound(table, requestId, played, stakeMinor, remembered);
      } catch (caught) {
        // A retry of a bet that made its round answers that round, whatever refused this attempt
        // (its round, a balance now short, a limit now reached): retries are rare, so they are
        // looked for only once an attempt has been refused, and a one-step round rolls back whole.
        if (!isAppError(caught)) throw caught;
        const existing = await houseRounds.findRoundByRequest(
          vendorId,
          table.player.memberId,
          table.game.id,
          requestId,
        );
        if (existing) return answerRetry(table, existing, played);
        if (caught.value?.reason === 'DUPLICATE')
          throw new Error('house games: a duplicate round is missing');
        throw caught;
      }
    }
    const existing = await houseRounds.findRoundByRequest(
      vendorId,
      table.player.memberId,
      table.game.id,
      requestId,
    );
    if (existing) return answerRetry(table, existing, played);
    const open = await houseRounds.findUnfinishedRound(table.player.memberId, table.game.id);
    if (open) throw new AppError('CONFLICT', { value: { reason: 'ROUND_OPEN', roundId: open.id } });
    await responsibleGaming.checkBetAllowed(table.player, stakeMinor);
    // Most short stakes are refused here, before the round takes a nonce.
    if ((await cashOf(table)) < stakeMinor) throw new AppError('INSUFFICIENT_FUNDS');
    try {
      // The engine checks the bet's shape once more before anything is recorded.
      startRound(played, createRoundRng({ serverSeed: '0'.repeat(64), clientSeed: 'check', nonce: 0 }));
    } catch (caught) {
      throw toAppError(caught);
    }
    const { row } = await houseRounds.beginRound({
      player: table.player,
      game: { id: table.game.id, vendorId, code: table.code },
      currency: table.currency,
      requestId,
      played,
      stakeMinor,
    });
    return continueRound(table, row);
  }

  /**
   * A bet at the table a game token opens. The game client bets again and again with one launch
   * token, so a token this process has opened, and its game, are taken from memory, and the
   * round's own statement checks that the session is live and the game's limits unchanged; a
   * demo, a multi-step round, a token not seen yet or any doubt goes the full way (resolveTable,
   * then placeBet).
   */
  async function placeBetWithToken(
    merchant: HouseMerchant,
    token: string,
    requestId: string,
    wire: WireBet,
  ): Promise<RoundView> {
    const launch = openedLaunches.get(token);
    const game = launch?.merchant_id === merchant.id ? gamesById.get(launch.game_id) : undefined;
    if (launch && game && isHouseGameCode(game.game_code) && !isMultiStep(game.game_code)) {
      const remembered: RememberedTable = { isConfirmed: false };
      const table: HouseTable = {
        kind: 'real',
        player: { merchantId: merchant.id, memberId: launch.member_id },
        sessionId: launch.session_id,
        game,
        code: game.game_code,
        limits: readBetLimits(game.bet_limits),
        currency: merchant.currency,
      };
      try {
        return await placeBet(table, requestId, wire, remembered);
      } catch (caught) {
        if (caught !== NOT_AS_REMEMBERED && (remembered.isConfirmed || !isAppError(caught))) throw caught;
        // A seed pair made just now for this bet: the full way would play on it unseen.
        if (isSeedsNotShown(caught)) throw caught;
        // Refused before the round's statement vouched for the session and the game: the full
        // way reads both afresh, and refuses the bet (or plays it) as they now are.
      }
    }
    return placeBet(await resolveTable(merchant, token), requestId, wire);
  }

  /** A retried request answers its round, finishing it first; the same id for another bet is refused. */
  function answerRetry(
    table: Extract<HouseTable, { kind: 'real' }>,
    existing: HouseRoundRow,
    played: PlayedRound,
  ): Promise<RoundView> {
    const stored = readJson<PlayedRound>(existing.played);
    if (canonicalOf(betOf(stored)) !== canonicalOf(betOf(played))) {
      throw new AppError('CONFLICT', { value: { reason: 'REQUEST_ID_REUSED' } });
    }
    return continueRound(table, existing);
  }

  /**
   * A one-step round (dice, slots, the tables), all of it committed together or none of it: the
   * nonce taken, the round drawn, its stake taken and its win paid, and the round recorded
   * settled. A crash leaves nothing half done, and a short balance refuses the bet without taking
   * a nonce. Of two requests with the same id, the one that records the round first wins; the
   * other is refused (CONFLICT DUPLICATE) for the caller to answer that round.
   *
   * The round is drawn in advance from the member's seed pair as this process knows it and played
   * in one statement (house_play_one_step), which also checks the session, the game's limits and
   * the member's responsible-gaming settings: one round trip to the database for a bet. A member
   * with a break, a self-exclusion or a loss or session-time limit on record plays in a
   * transaction instead, the limits checked in it under the member's play lock
   * (checkBetAllowedIn): their bets take turns, and none passes a limit. `remembered`: the table
   * came from this process's memory, and any doubt sends the bet back to be placed the full way
   * (NOT_AS_REMEMBERED).
   */
  async function playOneStepRound(
    table: Extract<HouseTable, { kind: 'real' }>,
    requestId: string,
    played: PlayedRound,
    stakeMinor: bigint,
    remembered?: RememberedTable,
  ): Promise<RoundView> {
    const { player, sessionId } = table;
    const fallBack = (refusal: () => Promise<never>): Promise<never> =>
      remembered && !remembered.isConfirmed ? Promise.reject(NOT_AS_REMEMBERED) : refusal();
    if (sessionId === null) return playOneStepRoundInTransaction(table, requestId, played, stakeMinor, false);
    const id = houseRounds.newRoundId();
    const reference = `${INHOUSE_VASSALAGE}:${id}`;
    const money = {
      ...(await wallet.resolveGameAccounts({ ...player, currency: table.currency })),
      reference,
      stakeKey: stakeKey(id),
      winKey: winKey(id),
    };
    // Whether the round's statement found no break, exclusion or loss or session-time limit on
    // record: then the transaction below need not check them again.
    let isPlayVouched = false;
    for (let attempt = 0; attempt < DRAW_ATTEMPTS_MAX; attempt += 1) {
      let drawn: Awaited<ReturnType<HouseRoundsService['drawInAdvance']>>;
      try {
        drawn = await houseRounds.drawInAdvance(player, played);
      } catch (caught) {
        // A member without a seed pair is refused with the hash of one made now: the full way
        // would find that pair and play on it before the player has seen its hash.
        if (isSeedsNotShown(caught)) throw caught;
        return fallBack(() => Promise.reject(toAppError(caught)));
      }
      const winMinor = capWin(drawn.progress.payoutMinor, table.limits);
      const outcome = await houseRounds.playDrawnRound({
        id,
        player,
        sessionId,
        checkPlay: true,
        game: { id: table.game.id, vendorId: table.game.vendor_id, betLimits: table.game.bet_limits },
        currency: table.currency,
        requestId,
        drawn,
        stakeMinor,
        winMinor,
        money,
      });
      if (outcome.status === 'session') return fallBack(() => refuseClosedSession(player.memberId));
      if (outcome.status === 'game') {
        // The game's limits changed since it was read: check the bet against them afresh.
        return fallBack(() => Promise.reject(new AppError('CONFLICT', { value: { reason: 'BUSY' } })));
      }
      if (remembered) remembered.isConfirmed = true;
      if (outcome.status === 'play') {
        // Self-exclusion, breaks, and the member's loss and session-time limits (responsible
        // gaming): checked in the round's own transaction under the member's play lock, so that
        // simultaneous bets cannot pass a limit together.
        return playOneStepRoundInTransaction(table, requestId, played, stakeMinor, true);
      }
      if (outcome.status === 'duplicate') throw new AppError('CONFLICT', { value: { reason: 'DUPLICATE' } });
      if (outcome.status === 'short') {
        throw new AppError('INSUFFICIENT_FUNDS', { value: { balanceMinor: String(outcome.balanceMinor) } });
      }
      if (outcome.status === 'played') {
        // The stake and the win committed together: the member's sockets hear only where it ended.
        wallet.announceGameMoves({ ...player, currency: table.currency }, [
          outcome.row.balance_after_minor ?? outcome.balanceAfterStakeMinor,
        ]);
        // Drawn from the active pair just now: its server seed is not revealed.
        return viewOf(outcome.row, { serverSeed: null });
      }
      // 'pair': another round (or a rotation) moved the pair on; draw again from it as it is now.
      isPlayVouched = true;
    }
    if (remembered && !remembered.isConfirmed) throw NOT_AS_REMEMBERED;
    return playOneStepRoundInTransaction(table, requestId, played, stakeMinor, !isPlayVouched);
  }

  /** A launch whose session is over: a self-excluded member hears so, anyone else NOT_LOGGED_IN. */
  async function refuseClosedSession(memberId: string): Promise<never> {
    const member = await members.findById(memberId);
    if (member?.status === 'self_excluded') throw new AppError('SELF_EXCLUDED');
    throw new AppError('NOT_LOGGED_IN');
  }

  /**
   * A one-step round in a transaction of its own, the nonce taken there: the member's first round
   * (it makes the seed pair), a round whose pair others keep moving on, and every round of a
   * member with a break or a loss or session-time limit on record (`checkPlay`), whose limits are
   * checked first in that transaction, under the member's play lock.
   */
  async function playOneStepRoundInTransaction(
    table: Extract<HouseTable, { kind: 'real' }>,
    requestId: string,
    played: PlayedRound,
    stakeMinor: bigint,
    checkPlay: boolean,
  ): Promise<RoundView> {
    const id = houseRounds.newRoundId();
    const reference = `${INHOUSE_VASSALAGE}:${id}`;
    const row = await wallet.withGameLedger(
      { ...table.player, currency: table.currency },
      async (ledger, trx) => {
        if (checkPlay) await responsibleGaming.checkBetAllowedIn(trx, table.player, stakeMinor);
        const { pair, nonce } = await houseRounds.takeNextNonce(trx, table.player);
        let progress: RoundProgress;
        try {
          progress = houseRounds.drawOneStep(pair, nonce, played);
        } catch (caught) {
          throw toAppError(caught);
        }
        const debit = await ledger.debitForBet({ key: stakeKey(id), reference, amountMinor: stakeMinor });
        const winMinor = capWin(progress.payoutMinor, table.limits);
        const balanceAfterMinor =
          winMinor > 0n
            ? (await ledger.creditForWin({ key: winKey(id), reference, amountMinor: winMinor })).balanceMinor
            : debit.balanceMinor;
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
          balanceBeforeMinor: debit.balanceMinor + stakeMinor,
          balanceAfterMinor,
        });
        // The request id made a round already: this attempt rolls back, and the caller answers that one.
        if (!recorded) throw new AppError('CONFLICT', { value: { reason: 'DUPLICATE' } });
        return recorded;
      },
    );
    // Drawn from the active pair just now: its server seed is not revealed.
    return viewOf(row, { serverSeed: null });
  }

  /** The bet part of what was played (a multi-step round's actions grow as it is played). */
  function betOf(played: PlayedRound): unknown {
    return 'bets' in played ? played.bets : played.bet;
  }

  /** An action on the member's open round (a tile, a cash-out, hit, stand, double …). */
  async function takeAction(table: HouseTable, roundId: string, action: WireAction): Promise<RoundView> {
    if (table.kind === 'demo') return takeDemoAction(table, action);
    const row = await houseRounds.findRoundById(roundId);
    if (!row || row.member_id !== table.player.memberId || row.game_id !== table.game.id) {
      throw new AppError('NOT_FOUND');
    }
    if (row.phase !== 'playing') {
      if (row.phase === 'staking' || row.phase === 'paying') return continueRound(table, row);
      throw new AppError('CONFLICT', { value: { reason: 'ROUND_CLOSED' } });
    }
    const progress = houseRounds.progressOf(row);
    if (!progress) throw new Error('house games: a playing round without its state');
    let next: RoundProgress;
    try {
      next = applyAction(progress, action);
    } catch (caught) {
      throw toAppError(caught);
    }
    assertActionWithinMaxWin(progress, action, next, table.limits);
    const extraMinor = next.stakedMinor - progress.stakedMinor;
    let balanceAfterMinor = row.balance_after_minor === null ? undefined : BigInt(row.balance_after_minor);
    const key = extraStakeKey(row.id, row.action_count, action.type);
    if (extraMinor > 0n) {
      const debit = await wallet.debitForBetAfterCheck(
        {
          ...table.player,
          currency: row.currency,
          key,
          reference: `${INHOUSE_VASSALAGE}:${row.id}`,
          amountMinor: extraMinor,
        },
        (trx) => responsibleGaming.checkBetAllowedIn(trx, table.player, extraMinor),
      );
      balanceAfterMinor = debit.balanceMinor;
    }
    const moved = await houseRounds.advance(row, {
      phase: next.isOpen ? 'playing' : 'paying',
      progress: next,
      stakeMinor: next.stakedMinor,
      actionCount: row.action_count + 1,
      ...(next.isOpen ? {} : { winMinor: capWin(next.payoutMinor, table.limits) }),
      ...(balanceAfterMinor !== undefined ? { balanceAfterMinor } : {}),
    });
    const fresh = await houseRounds.findRoundById(row.id);
    if (!fresh) throw new Error('house games: a round vanished');
    if (!moved && extraMinor > 0n) {
      // Another request moved the round first. Its action at this index took this stake only if
      // it was the same action (the same key); otherwise this stake goes back.
      const won = readJson<PlayedRound>(fresh.played);
      const taken = 'actions' in won ? won.actions[row.action_count] : undefined;
      if (taken !== action.type) {
        await wallet.rollback({
          ...table.player,
          currency: row.currency,
          key: `${key}:refund`,
          betKey: key,
          reference: `${INHOUSE_VASSALAGE}:${row.id}`,
        });
      }
    }
    return continueRound(table, fresh);
  }

  /**
   * The overdue-round job's work on one round: a stake never confirmed goes back (or is voided so
   * that it can never be taken), an open round is finished by the game's rule, a win not yet
   * credited is credited.
   */
  async function settleOverdueRound(row: HouseRoundRow): Promise<void> {
    const player = { merchantId: row.merchant_id, memberId: row.member_id };
    const game = await games.findGameById(row.game_id);
    if (!game) throw new Error('house games: a round names a missing game');
    const table: Extract<HouseTable, { kind: 'real' }> = {
      kind: 'real',
      player,
      sessionId: null,
      game,
      code: codeOf(game),
      limits: readBetLimits(game.bet_limits),
      currency: row.currency,
    };
    const refund = (key: string, betKey: string) =>
      wallet.rollback({
        ...player,
        currency: row.currency,
        key,
        betKey,
        reference: `${INHOUSE_VASSALAGE}:${row.id}`,
      });

    if (row.phase === 'staking') {
      const outcome = await refund(refundKey(row.id), stakeKey(row.id));
      await houseRounds.advance(row, {
        phase: outcome.status === 'reversed' ? 'done' : 'refused',
        status: 'rolled_back',
        balanceAfterMinor: outcome.balanceMinor,
      });
      return;
    }
    if (row.phase === 'playing') {
      const progress = houseRounds.progressOf(row);
      if (!progress) throw new Error('house games: a playing round without its state');
      // A stake for an action the process never recorded (it stopped in between) goes back.
      if (progress.state?.game === 'blackjack') {
        for (const action of STAKING_ACTIONS) {
          const key = extraStakeKey(row.id, row.action_count, action);
          await refund(`${key}:refund`, key);
        }
      }
      const settled = settleByRule(progress);
      if (!settled) {
        const outcome = await refund(refundKey(row.id), stakeKey(row.id));
        await houseRounds.advance(row, {
          phase: 'done',
          status: 'rolled_back',
          progress,
          balanceAfterMinor: outcome.balanceMinor,
        });
        return;
      }
      const actionsAdded =
        'actions' in settled.played && 'actions' in progress.played
          ? settled.played.actions.length - progress.played.actions.length
          : 0;
      await houseRounds.advance(row, {
        phase: 'paying',
        progress: settled,
        stakeMinor: settled.stakedMinor,
        winMinor: capWin(settled.payoutMinor, table.limits),
        actionCount: row.action_count + actionsAdded,
      });
    }
    const fresh = await houseRounds.findRoundById(row.id);
    if (fresh?.phase === 'paying') await continueRound(table, fresh);
  }

  // Demo play: the same engines and fairness, play money in the demo session, no ledger.

  function demoSeeds(session: DemoSessionRow) {
    return {
      serverSeed: houseRounds.openDemoServerSeed(session),
      clientSeed: session.client_seed,
      nonce: Number(session.nonce),
    };
  }

  function demoProgress(session: DemoSessionRow): RoundProgress | null {
    if (session.round_state === null || session.round_played === null) return null;
    const state = parseState<NonNullable<RoundProgress['state']>>(session.round_state);
    const played = parseState<PlayedRound>(session.round_played);
    const stakedMinor =
      state.game === 'mines'
        ? state.stakeMinor
        : state.hands.reduce((sum, hand) => sum + hand.stakeMinor, state.insuranceStakeMinor);
    return { played, state, result: null, isOpen: true, stakedMinor, payoutMinor: 0n };
  }

  function demoView(
    table: Extract<HouseTable, { kind: 'demo' }>,
    progress: RoundProgress,
    round: { nonce: number; balanceBeforeMinor: bigint; balanceAfterMinor: bigint; winMinor: bigint },
    session: DemoSessionRow,
  ): RoundView {
    return {
      roundId: `demo-${session.id}-${round.nonce}`,
      gameCode: table.code,
      status: progress.isOpen ? 'open' : 'settled',
      stakeMinor: progress.stakedMinor,
      winMinor: round.winMinor,
      balanceBeforeMinor: round.balanceBeforeMinor,
      balanceAfterMinor: round.balanceAfterMinor,
      serverSeedHash: session.server_seed_hash,
      commitmentVersion: session.commitment_version,
      clientSeed: session.client_seed,
      nonce: round.nonce,
      serverSeed: null,
      winCapMinor: round.winMinor < progress.payoutMinor ? round.winMinor : null,
      outcome: toWireJson(viewProgress(progress)),
      played: toWireJson(progress.played),
      actions: listActions(progress),
      openedAt: new Date(),
      settledAt: progress.isOpen ? null : new Date(),
    };
  }

  function demoRoundView(table: Extract<HouseTable, { kind: 'demo' }>): RoundView | null {
    const progress = demoProgress(table.session);
    if (!progress) return null;
    const balance = BigInt(table.session.balance_minor);
    return demoView(
      table,
      progress,
      {
        nonce: Number(table.session.round_nonce),
        balanceBeforeMinor: balance + progress.stakedMinor,
        balanceAfterMinor: balance,
        winMinor: 0n,
      },
      table.session,
    );
  }

  async function placeDemoBet(
    table: Extract<HouseTable, { kind: 'demo' }>,
    played: PlayedRound,
    stakeMinor: bigint,
  ): Promise<RoundView> {
    const { session } = table;
    if (session.round_state !== null) throw new AppError('CONFLICT', { value: { reason: 'ROUND_OPEN' } });
    const balance = BigInt(session.balance_minor);
    if (balance < stakeMinor) throw new AppError('INSUFFICIENT_FUNDS');
    const seeds = demoSeeds(session);
    let progress: RoundProgress;
    try {
      progress = isMultiStep(table.code)
        ? startRound(played, createRoundRng(seeds))
        : playOneStep(seeds, played);
    } catch (caught) {
      throw toAppError(caught);
    }
    const winMinor = progress.isOpen ? 0n : capWin(progress.payoutMinor, table.limits);
    const balanceAfterMinor = balance - stakeMinor + winMinor;
    const changed = await houseRounds.updateDemoSession(session, {
      balance_minor: balanceAfterMinor,
      nonce: BigInt(seeds.nonce + 1),
      round_played: progress.isOpen ? serializeState(progress.played) : null,
      round_state: progress.isOpen && progress.state ? serializeState(progress.state) : null,
      round_nonce: progress.isOpen ? BigInt(seeds.nonce) : null,
    });
    if (!changed) throw new AppError('CONFLICT', { value: { reason: 'BUSY' } });
    return demoView(
      table,
      progress,
      { nonce: seeds.nonce, balanceBeforeMinor: balance, balanceAfterMinor, winMinor },
      session,
    );
  }

  async function takeDemoAction(
    table: Extract<HouseTable, { kind: 'demo' }>,
    action: WireAction,
  ): Promise<RoundView> {
    const { session } = table;
    const progress = demoProgress(session);
    if (!progress) throw new AppError('CONFLICT', { value: { reason: 'ROUND_CLOSED' } });
    let next: RoundProgress;
    try {
      next = applyAction(progress, action);
    } catch (caught) {
      throw toAppError(caught);
    }
    assertActionWithinMaxWin(progress, action, next, table.limits);
    const balance = BigInt(session.balance_minor);
    const extraMinor = next.stakedMinor - progress.stakedMinor;
    if (extraMinor > balance) throw new AppError('INSUFFICIENT_FUNDS');
    const winMinor = next.isOpen ? 0n : capWin(next.payoutMinor, table.limits);
    const balanceAfterMinor = balance - extraMinor + winMinor;
    const changed = await houseRounds.updateDemoSession(session, {
      balance_minor: balanceAfterMinor,
      round_played: next.isOpen ? serializeState(next.played) : null,
      round_state: next.isOpen && next.state ? serializeState(next.state) : null,
      ...(next.isOpen ? {} : { round_nonce: null }),
    });
    if (!changed) throw new AppError('CONFLICT', { value: { reason: 'BUSY' } });
    return demoView(
      table,
      next,
      {
        nonce: Number(session.round_nonce),
        balanceBeforeMinor: balance + progress.stakedMinor,
        balanceAfterMinor,
        winMinor,
      },
      session,
    );
  }

  async function setClientSeed(table: HouseTable, clientSeed: string): Promise<SeedsView> {
    if (table.kind === 'demo') {
      await houseRounds.setDemoClientSeed(table.session, clientSeed);
      return { ...houseRounds.demoSeedsOf(table.session), clientSeed };
    }
    return houseRounds.setClientSeed(table.player, clientSeed);
  }

  async function rotateSeeds(
    table: HouseTable,
    nextClientSeed?: string,
  ): Promise<{ revealed: RevealedSeeds; next: SeedsView }> {
    if (table.kind === 'demo') {
      const revealed = await houseRounds.rotateDemoSeeds(table.session, nextClientSeed);
      return { revealed, next: await demoSeedsAfterRotation(table) };
    }
    return houseRounds.rotateSeedPair(table.player, nextClientSeed);
  }

  async function demoSeedsAfterRotation(table: Extract<HouseTable, { kind: 'demo' }>): Promise<SeedsView> {
    const session = await houseRounds.findDemoSessionById(table.session.id);
    if (!session) throw new AppError('NOT_LOGGED_IN');
    return houseRounds.demoSeedsOf(session);
  }

  return {
    resolveTable,
    openDemo,
    describeTable,
    placeBet,
    placeBetWithToken,
    takeAction,
    setClientSeed,
    rotateSeeds,
    settleOverdueRound,
    viewOf,
  };
}

export type HouseGames = ReturnType<typeof createHouseGames>;

export const SETTLE_HOUSE_ROUNDS_JOB_NAME = 'house-rounds.settle-overdue';
/** Rounds one pass settles; the next minute's pass takes the rest. */
const OVERDUE_ROUNDS_PER_PASS = 200;

/**
 * Every minute: rounds of ours left open past their deadline are settled by the game's rule
 * (blackjack stands, mines cashes out what is revealed), and money steps a stopped process left
 * half done are finished; expired demo sessions are dropped.
 */
export function createSettleHouseRoundsJob(deps: {
  houseGames: HouseGames;
  houseRounds: HouseRoundsService;
}): JobDefinition<object> {
  return defineJob<object>({
    name: SETTLE_HOUSE_ROUNDS_JOB_NAME,
    schedule: { cron: '* * * * *', data: {} },
    retry: { limit: 2, delaySeconds: 10, backoff: false },
    timeoutSeconds: 120,
    async handle() {
      const rounds = await deps.houseRounds.findOverdueRounds(OVERDUE_ROUNDS_PER_PASS);
      for (const round of rounds) await deps.houseGames.settleOverdueRound(round);
      await deps.houseRounds.deleteExpiredDemoSessions();
    },
  });
}
