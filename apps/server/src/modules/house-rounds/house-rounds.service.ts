import { randomBytes } from 'node:crypto';
import type { BlackjackState } from '@panalo/games/blackjack/blackjack.ts';
import {
  COMMITMENT_VERSION,
  type CommitmentVersion,
  createClientSeed,
  createRoundRng,
  createServerSeed,
  hashServerSeed,
} from '@panalo/games/fairness/round-rng.ts';
import type { MinesState } from '@panalo/games/mines/mines.ts';
import { parseState, serializeState } from '@panalo/games/state-json.ts';
import type { ValidBetRules } from '@panalo/games/valid-bet/valid-bet.ts';
import type { PlayedRound } from '@panalo/games/verifier/verify-round.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, HouseRoundPhase } from '../../db/schema.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { hashToken } from '../../platform/crypto/token-hash.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { assertInvariant, present } from '../../platform/errors/invariant.ts';
import {
  computeValidBetMinor,
  type HouseGameCode,
  playOneStep,
  type RoundProgress,
  startRound,
} from './house-games.ts';
import {
  advanceHouseRound,
  type DemoSessionRow,
  deleteExpiredDemoSessions,
  findActiveSeedPair,
  findDemoSessionByHash,
  findDemoSessionById,
  findHouseRound,
  findHouseRoundById,
  findOverdueRounds,
  findSeedPairById,
  findUnfinishedRound,
  type HouseRoundRow,
  hasUnfinishedRoundWithPair,
  insertDemoSession,
  insertHouseRound,
  insertHouseRoundReturning,
  insertSeedPair,
  listHouseRounds,
  lockActiveSeedPair,
  type RecordFilter,
  type RecordRow,
  revealSeedPair,
  type SeedPairRow,
  takeActiveNonce,
  takeNonce,
  updateClientSeed,
  updateDemoSession,
} from './house-rounds.repository.ts';

export type { DemoSessionRow, HouseRoundRow, RecordRow, SeedPairRow };

/** An open multi-step round is settled by the game's rule this long after the player's last move. */
export const HOUSE_ROUND_TIMEOUT_MS = 24 * 60 * 60_000;
/**
 * A round whose stake or win was not confirmed (the process stopped between the steps) is finished
 * by the job after this: long enough that the request that started it has ended either way.
 */
export const HOUSE_STEP_GRACE_MS = 2 * 60_000;
/** Play money a demo session starts with: ₱10,000.00. */
export const DEMO_BALANCE_MINOR = 1_000_000n;
export const DEMO_SESSION_MS = 24 * 60 * 60_000;
export const RECORDS_PAGE_SIZE_MAX = 50;
/** Bounds the per-process memory of active seed pairs (see drawInAdvance) and of pairs' commitment versions. */
const REMEMBERED_PAIRS_MAX = 100_000;
const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What the player sees of a seed pair: never the server seed while it is active; the commitment
 * version says how the hash was taken (1 over the seed's bytes, 2 over its hex text).
 */
export type SeedsView = {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  commitmentVersion: CommitmentVersion;
};
export type RevealedSeeds = SeedsView & { serverSeed: string };

/** Whose rounds: a member of a merchant. */
export type HousePlayer = { merchantId: string; memberId: string };

/**
 * A round of ours is the vendor round `<member>:<game>:<request id>` (migration 0114): a retried
 * request finds its round, and the same id sent to another game is a bet of that game.
 */
const vendorRoundIdOf = (memberId: string, gameId: string, requestId: string): string =>
  `${memberId}:${gameId}:${requestId}`;

/**
 * The maximum win a round's win was cut to, or null when the win is the engine's payout: recorded
 * on the round (win_cap_minor), so that the verifier holds the win equal to one or the other.
 */
const winCapOf = (payoutMinor: bigint, winMinor: bigint): bigint | null =>
  winMinor < payoutMinor ? winMinor : null;

function readJson<T>(value: unknown): T {
  return parseState<T>(typeof value === 'string' ? value : JSON.stringify(value));
}

function assertClientSeed(clientSeed: string): void {
  if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
    throw new AppError('VALIDATION', { value: { fields: { clientSeed: 'format' } } });
  }
}

/** A one-step round drawn from a pair and nonce read in advance, to be played by playDrawnRound. */
export type DrawnRound = { pair: SeedPairRow; nonce: bigint; progress: RoundProgress };

/** A round of ours read back: its row and its progress (what was played, its state). */
export type HouseRound = { row: HouseRoundRow; progress: RoundProgress | null };

export type HouseRoundsService = ReturnType<typeof createHouseRoundsService>;

/**
 * Seed pairs and the records of our own games' rounds (GAMES.md "The fairness protocol"), and the
 * play-money sessions of demo play. Money never moves here: the house-games workflow pairs
 * each step recorded here with the wallet.
 */
export function createHouseRoundsService(deps: ServiceDeps<{ secretBox: SecretBox }>) {
  const { db, secretBox } = deps;
  const now = clockOf(deps);
  // Each member's active pair as last read or played here, so that a one-step round is drawn
  // without reading it first. It may be stale (another process played, rotated or set a seed):
  // house_play_one_step then plays nothing and answers 'pair', and the pair is read again.
  // The server seed is kept opened with it: a pair's server seed never changes.
  const activePairs = new Map<string, { row: SeedPairRow; serverSeed: string }>();
  const pairKeyOf = (player: HousePlayer) => `${player.merchantId}|${player.memberId}`;
  const forgetPair = (player: HousePlayer) => activePairs.delete(pairKeyOf(player));

  function newPairRow(player: HousePlayer, clientSeed: string) {
    const serverSeed = createServerSeed();
    return {
      id: uuidv7(),
      merchant_id: player.merchantId,
      member_id: player.memberId,
      server_seed_sealed: secretBox.seal(serverSeed),
      server_seed_hash: hashServerSeed(serverSeed, COMMITMENT_VERSION),
      commitment_version: COMMITMENT_VERSION,
      client_seed: clientSeed,
    };
  }

  // Each pair's commitment version, as read: it never changes once the pair is committed.
  const commitmentVersions = new Map<string, CommitmentVersion>();
  function rememberPair(pair: SeedPairRow): SeedPairRow {
    if (commitmentVersions.size >= REMEMBERED_PAIRS_MAX) commitmentVersions.clear();
    commitmentVersions.set(pair.id, pair.commitment_version);
    return pair;
  }

  /**
   * The member's active pair, for a bet: a member who has none yet has not seen a commitment, so
   * one is made and the bet refused with its hash (GAMES.md): the client shows it and bets again.
   */
  async function requireShownPair(player: HousePlayer): Promise<SeedPairRow> {
    const found = await findActiveSeedPair(db, player.merchantId, player.memberId);
    if (found) return rememberPair(found);
    throw new AppError('CONFLICT', {
      value: { reason: 'SEEDS_NOT_SHOWN', ...viewOf(await ensureSeedPair(player)) },
    });
  }

  /** The member's active seed pair, made on first use with a fresh server seed and a random client seed. */
  async function ensureSeedPair(player: HousePlayer): Promise<SeedPairRow> {
    const found = await findActiveSeedPair(db, player.merchantId, player.memberId);
    if (found) return found;
    await insertSeedPair(db, newPairRow(player, createClientSeed()));
    return present(
      await findActiveSeedPair(db, player.merchantId, player.memberId),
      'house rounds: a seed pair just made is missing',
    );
  }

  const viewOf = (pair: SeedPairRow): SeedsView => ({
    serverSeedHash: pair.server_seed_hash,
    clientSeed: pair.client_seed,
    nonce: Number(pair.nonce),
    commitmentVersion: pair.commitment_version,
  });

  async function getSeeds(player: HousePlayer): Promise<SeedsView> {
    return viewOf(await ensureSeedPair(player));
  }

  /** Sets the client seed of the active pair; the next round uses it, the nonce runs on. */
  async function setClientSeed(player: HousePlayer, clientSeed: string): Promise<SeedsView> {
    assertClientSeed(clientSeed);
    const pair = await ensureSeedPair(player);
    forgetPair(player);
    await updateClientSeed(db, pair.id, clientSeed);
    return getSeeds(player);
  }

  /**
   * Reveals the active pair's server seed and commits to a new one (nonce 0, the same client
   * seed unless a new one is given). Refused while a round drawn from the pair is still open:
   * its seed would tell the player where the mines are.
   */
  async function rotateSeedPair(
    player: HousePlayer,
    nextClientSeed?: string,
  ): Promise<{ revealed: RevealedSeeds; next: SeedsView }> {
    if (nextClientSeed !== undefined) assertClientSeed(nextClientSeed);
    const pair = await ensureSeedPair(player);
    if (await hasUnfinishedRoundWithPair(db, pair.id)) {
      throw new AppError('CONFLICT', { value: { reason: 'ROUND_OPEN' } });
    }
    forgetPair(player);
    const revealed = await db.transaction().execute(async (trx) => {
      const locked = await lockActiveSeedPair(trx, player.merchantId, player.memberId);
      if (!locked) throw new AppError('CONFLICT', { value: { reason: 'ROTATED' } });
      if (await hasUnfinishedRoundWithPair(trx, locked.id)) {
        throw new AppError('CONFLICT', { value: { reason: 'ROUND_OPEN' } });
      }
      const serverSeed = secretBox.open(locked.server_seed_sealed);
      await revealSeedPair(trx, locked.id, serverSeed, now());
      await insertSeedPair(trx, newPairRow(player, nextClientSeed ?? locked.client_seed));
      return { ...viewOf(locked), serverSeed };
    });
    return { revealed, next: await getSeeds(player) };
  }

  /**
   * Records a new round for a request id, or finds the one it already made. A new round takes the
   * pair's next nonce in the same transaction, and starts in `staking`: its stake is not taken yet.
   * `checkIn` runs in that transaction before anything is recorded (a bonus's maximum stake): a
   * refusal leaves no round and takes no nonce.
   */
  async function beginRound(input: {
    player: HousePlayer;
    game: { id: string; vendorId: string; code: HouseGameCode };
    currency: string;
    requestId: string;
    played: PlayedRound;
    stakeMinor: bigint;
    checkIn?: (trx: Transaction<Database>) => Promise<void>;
  }): Promise<{ row: HouseRoundRow; isNew: boolean }> {
    const vendorRoundId = vendorRoundIdOf(input.player.memberId, input.game.id, input.requestId);
    const existing = await findHouseRound(db, input.game.vendorId, vendorRoundId);
    if (existing) return { row: existing, isNew: false };
    await requireShownPair(input.player);
    forgetPair(input.player);
    const isNew = await db
      .transaction()
      .execute(async (trx) => {
        await input.checkIn?.(trx);
        const pair = await lockActiveSeedPair(trx, input.player.merchantId, input.player.memberId);
        if (!pair) throw new AppError('CONFLICT', { value: { reason: 'ROTATED' } });
        // One unfinished round per member and game. The pair's lock makes the member's new rounds
        // take turns, so this read, after the lock, sees a round another request has just opened.
        const open = await findUnfinishedRound(trx, input.player.memberId, input.game.id);
        if (open) throw new AppError('CONFLICT', { value: { reason: 'ROUND_OPEN', roundId: open.id } });
        const nonce = await takeNonce(trx, pair.id);
        const id = uuidv7();
        const inserted = await insertHouseRound(trx, {
          id,
          merchant_id: input.player.merchantId,
          member_id: input.player.memberId,
          game_id: input.game.id,
          vendor_id: input.game.vendorId,
          vendor_round_id: vendorRoundId,
          currency: input.currency,
          stake_minor: input.stakeMinor,
          status: 'open',
          server_seed_hash: pair.server_seed_hash,
          client_seed: pair.client_seed,
          nonce,
          seed_pair_id: pair.id,
          request_id: input.requestId,
          played: serializeState(input.played),
          phase: 'staking',
          deadline_at: new Date(now().getTime() + HOUSE_STEP_GRACE_MS),
        });
        // A concurrent request with the same id won: give the nonce back by failing this transaction.
        if (!inserted) throw new AppError('CONFLICT', { value: { reason: 'DUPLICATE' } });
        return true;
      })
      .catch(async (error: unknown) => {
        if (error instanceof AppError && error.value?.reason === 'DUPLICATE') return false;
        throw error;
      });
    const row = present(
      await findHouseRound(db, input.game.vendorId, vendorRoundId),
      'house rounds: a round just recorded is missing',
    );
    return { row, isNew };
  }

  /**
   * Takes the member's next nonce inside the caller's transaction. The pair stays locked until the
   * transaction ends: rounds and rotations take turns. A member without a pair was refused before
   * (requireShownPair, drawInAdvance), since no round is played on a pair whose hash was not shown.
   */
  async function takeNextNonce(
    trx: Transaction<Database>,
    player: HousePlayer,
  ): Promise<{ pair: SeedPairRow; nonce: bigint }> {
    forgetPair(player);
    const pair = await takeActiveNonce(trx, player.merchantId, player.memberId);
    if (!pair) throw new AppError('CONFLICT', { value: { reason: 'ROTATED' } });
    return { pair: rememberPair(pair), nonce: BigInt(pair.nonce) - 1n };
  }

  /** Draws a one-step round from the pair and nonce taken for it. */
  function drawOneStep(pair: SeedPairRow, nonce: bigint, played: PlayedRound): RoundProgress {
    const seeds = {
      serverSeed: secretBox.open(pair.server_seed_sealed),
      clientSeed: pair.client_seed,
      nonce: Number(nonce),
    };
    return playOneStep(seeds, played);
  }

  /**
   * Records a one-step round played to its end in the caller's transaction, with its stake and
   * win already moved there: settled, nothing left to finish, its valid bet by the merchant's
   * rules. Undefined when the request id had already made a round (the caller rolls back and
   * answers that one).
   */
  async function recordSettledRound(
    trx: Transaction<Database>,
    input: {
      id: string;
      player: HousePlayer;
      game: { id: string; vendorId: string };
      currency: string;
      requestId: string;
      pair: SeedPairRow;
      nonce: bigint;
      progress: RoundProgress;
      stakeMinor: bigint;
      winMinor: bigint;
      /** What of the stake and of the win was bonus money (docs/promotions.md "The money rules"). */
      bonusStakeMinor: bigint;
      bonusWinMinor: bigint;
      balanceBeforeMinor: bigint;
      balanceAfterMinor: bigint;
      validBetRules: ValidBetRules;
    },
  ): Promise<HouseRoundRow | undefined> {
    const { progress } = input;
    return insertHouseRoundReturning(trx, {
      id: input.id,
      merchant_id: input.player.merchantId,
      member_id: input.player.memberId,
      game_id: input.game.id,
      vendor_id: input.game.vendorId,
      vendor_round_id: vendorRoundIdOf(input.player.memberId, input.game.id, input.requestId),
      currency: input.currency,
      stake_minor: input.stakeMinor,
      win_minor: input.winMinor,
      bonus_stake_minor: input.bonusStakeMinor,
      bonus_win_minor: input.bonusWinMinor,
      win_cap_minor: winCapOf(progress.payoutMinor, input.winMinor),
      status: 'settled',
      server_seed_hash: input.pair.server_seed_hash,
      client_seed: input.pair.client_seed,
      nonce: input.nonce,
      seed_pair_id: input.pair.id,
      request_id: input.requestId,
      played: serializeState(progress.played),
      state: null,
      ...(progress.result ? { outcome: serializeState(progress.result.outcome) } : {}),
      phase: 'done',
      balance_before_minor: input.balanceBeforeMinor,
      balance_after_minor: input.balanceAfterMinor,
      settled_at: now(),
      deadline_at: null,
      updated_at: new Date(),
      valid_bet_minor: computeValidBetMinor(progress, input.validBetRules),
    });
  }

  /**
   * Draws a one-step round from the member's active pair and its next nonce as known here (read
   * once, then kept), to be played by playDrawnRound. A member without a pair is refused with the
   * hash of one made now (requireShownPair).
   */
  async function drawInAdvance(player: HousePlayer, played: PlayedRound): Promise<DrawnRound> {
    const key = pairKeyOf(player);
    let known = activePairs.get(key);
    if (!known) {
      const row = await requireShownPair(player);
      if (activePairs.size >= REMEMBERED_PAIRS_MAX) activePairs.clear();
      known = { row, serverSeed: secretBox.open(row.server_seed_sealed) };
      activePairs.set(key, known);
    }
    const { row: pair, serverSeed } = known;
    const nonce = BigInt(pair.nonce);
    const seeds = { serverSeed, clientSeed: pair.client_seed, nonce: Number(nonce) };
    return { pair, nonce, progress: playOneStep(seeds, played) };
  }

  /**
   * The round record of a one-step round drawn in advance, as the wallet's one-statement bet
   * (playOneStepBet) records it with its stake and win: settled, nothing left to finish, its valid
   * bet by the merchant's rules. The bet was checked against the limits the statement confirms
   * unchanged, so its win is never cut there, and the round records no cap.
   */
  function oneStepRoundOf(input: {
    id: string;
    player: HousePlayer;
    game: { id: string; vendorId: string };
    requestId: string;
    drawn: DrawnRound;
    winMinor: bigint;
    validBetRules: ValidBetRules;
  }) {
    const { pair, nonce, progress } = input.drawn;
    assertInvariant(
      input.winMinor === progress.payoutMinor,
      'house rounds: a one-step round drawn in advance would be paid short',
    );
    return {
      roundId: input.id,
      vendorId: input.game.vendorId,
      vendorRoundId: vendorRoundIdOf(input.player.memberId, input.game.id, input.requestId),
      requestId: input.requestId,
      pairId: pair.id,
      clientSeed: pair.client_seed,
      nonce,
      serverSeedHash: pair.server_seed_hash,
      played: serializeState(progress.played),
      outcome: progress.result ? serializeState(progress.result.outcome) : null,
      validBetMinor: computeValidBetMinor(progress, input.validBetRules),
    };
  }

  /**
   * The row of a one-step round the wallet's statement has just played and recorded, as it was
   * written (no read back); the member's pair as known here moves on to its next nonce.
   */
  function playedRoundOf(
    input: { player: HousePlayer; game: { id: string }; currency: string; drawn: DrawnRound },
    round: ReturnType<typeof oneStepRoundOf>,
    money: { stakeMinor: bigint; winMinor: bigint; balanceBeforeMinor: bigint; balanceAfterMinor: bigint },
    at: { openedAt: Date; settledAt: Date },
    recorded: { gameType: string; uplineId: string | null; settledDay: string },
  ): HouseRoundRow {
    const { player, drawn } = input;
    const known = activePairs.get(pairKeyOf(player));
    if (known?.row.id === drawn.pair.id)
      activePairs.set(pairKeyOf(player), { ...known, row: { ...drawn.pair, nonce: drawn.nonce + 1n } });
    return {
      id: round.roundId,
      merchant_id: player.merchantId,
      member_id: player.memberId,
      game_id: input.game.id,
      vendor_id: round.vendorId,
      vendor_round_id: round.vendorRoundId,
      currency: input.currency,
      stake_minor: money.stakeMinor,
      win_minor: money.winMinor,
      status: 'settled',
      server_seed_hash: round.serverSeedHash,
      client_seed: round.clientSeed,
      nonce: round.nonce,
      outcome: round.outcome,
      opened_at: at.openedAt,
      settled_at: at.settledAt,
      updated_at: at.openedAt,
      seed_pair_id: round.pairId,
      request_id: round.requestId,
      played: round.played,
      state: null,
      phase: 'done',
      action_count: 0,
      balance_before_minor: money.balanceBeforeMinor,
      balance_after_minor: money.balanceAfterMinor,
      deadline_at: null,
      win_cap_minor: null,
      game_type: recorded.gameType,
      valid_bet_minor: round.validBetMinor,
      upline_id: recorded.uplineId,
      settled_day: recorded.settledDay,
      resettled_at: null,
      // A one-step round stakes cash only (a short cash is played the full way); the trigger may
      // have counted it toward a bonus, which this view does not show.
      bonus_stake_minor: 0n,
      bonus_win_minor: 0n,
      bonus_id: null,
      lines: null,
    };
  }

  /** How the commitment of a round's pair was computed (remembered: it never changes). */
  async function commitmentVersionOf(row: HouseRoundRow): Promise<CommitmentVersion> {
    const known = commitmentVersions.get(pairIdOf(row));
    if (known !== undefined) return known;
    return rememberPair(await pairOf(row)).commitment_version;
  }

  function pairIdOf(row: HouseRoundRow): string {
    return present(row.seed_pair_id, 'house rounds: a round of ours without a seed pair');
  }

  async function pairOf(row: HouseRoundRow): Promise<SeedPairRow> {
    return present(
      await findSeedPairById(db, pairIdOf(row)),
      'house rounds: a round names a missing seed pair',
    );
  }

  /** The server seed a round was drawn from (it never leaves the server while the pair is active). */
  async function serverSeedOf(row: HouseRoundRow): Promise<string> {
    const pair = await pairOf(row);
    return pair.server_seed ?? secretBox.open(pair.server_seed_sealed);
  }

  /** Draws a round from its recorded seeds: to the end, or to a multi-step round's first decision. */
  async function drawRound(row: HouseRoundRow): Promise<RoundProgress> {
    const played = readJson<PlayedRound>(row.played);
    const seeds = {
      serverSeed: await serverSeedOf(row),
      clientSeed: row.client_seed ?? '',
      nonce: Number(row.nonce),
    };
    if (played.game === 'mines' || played.game === 'blackjack')
      return startRound(played, createRoundRng(seeds));
    return playOneStep(seeds, played);
  }

  /** An open round's progress, from its stored state. */
  function progressOf(row: HouseRoundRow): RoundProgress | null {
    if (row.state === null) return null;
    const played = readJson<PlayedRound>(row.played);
    const state = readJson<MinesState | BlackjackState>(row.state);
    const stakedMinor =
      state.game === 'mines'
        ? state.stakeMinor
        : state.hands.reduce((sum, hand) => sum + hand.stakeMinor, state.insuranceStakeMinor);
    const isOpen = state.game === 'mines' ? state.status === 'playing' : state.phase !== 'settled';
    return {
      played,
      state,
      result: isOpen ? null : ({ game: state.game, outcome: state } as RoundProgress['result']),
      isOpen,
      stakedMinor,
      payoutMinor: isOpen ? 0n : state.payoutMinor,
    };
  }

  async function advance(
    row: HouseRoundRow,
    to: {
      phase: HouseRoundPhase;
      progress?: RoundProgress;
      stakeMinor?: bigint;
      winMinor?: bigint;
      /** What of the stake (all of it so far) and of the win was bonus money. */
      bonusStakeMinor?: bigint;
      bonusWinMinor?: bigint;
      balanceBeforeMinor?: bigint;
      balanceAfterMinor?: bigint;
      status?: 'open' | 'settled' | 'rolled_back';
      actionCount?: number;
    },
  ): Promise<boolean> {
    const at = now();
    const progress = to.progress;
    const isFinal = to.phase === 'done' || to.phase === 'refused';
    return advanceHouseRound(
      db,
      row.id,
      { phase: row.phase ?? 'staking', actionCount: row.action_count },
      {
        phase: to.phase,
        ...(progress
          ? {
              played: serializeState(progress.played),
              state: progress.state ? serializeState(progress.state) : null,
              ...(progress.result ? { outcome: serializeState(progress.result.outcome) } : {}),
            }
          : {}),
        ...(to.stakeMinor !== undefined ? { stake_minor: to.stakeMinor } : {}),
        ...(to.winMinor !== undefined ? { win_minor: to.winMinor } : {}),
        ...(to.bonusStakeMinor !== undefined ? { bonus_stake_minor: to.bonusStakeMinor } : {}),
        ...(to.bonusWinMinor !== undefined ? { bonus_win_minor: to.bonusWinMinor } : {}),
        ...(to.winMinor !== undefined && progress
          ? { win_cap_minor: winCapOf(progress.payoutMinor, to.winMinor) }
          : {}),
        ...(to.balanceBeforeMinor !== undefined ? { balance_before_minor: to.balanceBeforeMinor } : {}),
        ...(to.balanceAfterMinor !== undefined ? { balance_after_minor: to.balanceAfterMinor } : {}),
        ...(to.status ? { status: to.status } : {}),
        ...(to.actionCount !== undefined ? { action_count: to.actionCount } : {}),
        ...(isFinal ? { settled_at: at, deadline_at: null } : {}),
        ...(to.phase === 'playing' ? { deadline_at: new Date(at.getTime() + HOUSE_ROUND_TIMEOUT_MS) } : {}),
        ...(to.phase === 'paying' ? { deadline_at: new Date(at.getTime() + HOUSE_STEP_GRACE_MS) } : {}),
      },
    );
  }

  async function listRecords(
    filter: RecordFilter,
    page: { page: number; pageSize: number },
  ): Promise<{ rows: RecordRow[]; totalPages: number }> {
    const pageSize = Math.min(page.pageSize, RECORDS_PAGE_SIZE_MAX);
    const { rows, total } = await listHouseRounds(db, filter, {
      offset: (page.page - 1) * pageSize,
      limit: pageSize,
    });
    return { rows, totalPages: Math.ceil(total / pageSize) };
  }

  /** The revealed server seed of a round's pair, once the pair has been rotated; else null. */
  async function revealedSeedOf(row: HouseRoundRow): Promise<string | null> {
    if (!row.seed_pair_id) return null;
    return (await findSeedPairById(db, row.seed_pair_id))?.server_seed ?? null;
  }

  // Demo play: play money and a seed pair per demo session, nothing in the ledger or in game_rounds.

  async function createDemoSession(input: {
    merchantId: string;
    gameId: string;
  }): Promise<{ token: string; session: DemoSessionRow }> {
    const token = randomBytes(32).toString('base64url');
    const serverSeed = createServerSeed();
    await insertDemoSession(db, {
      id: uuidv7(),
      token_hash: hashToken(token),
      merchant_id: input.merchantId,
      game_id: input.gameId,
      balance_minor: DEMO_BALANCE_MINOR,
      server_seed_sealed: secretBox.seal(serverSeed),
      server_seed_hash: hashServerSeed(serverSeed, COMMITMENT_VERSION),
      commitment_version: COMMITMENT_VERSION,
      client_seed: createClientSeed(),
      expires_at: new Date(now().getTime() + DEMO_SESSION_MS),
    });
    const session = present(
      await findDemoSessionByHash(db, hashToken(token)),
      'house rounds: a demo session just made is missing',
    );
    return { token, session };
  }

  async function findDemoSession(token: string): Promise<DemoSessionRow | null> {
    if (token.length === 0 || token.length > 100) return null;
    const session = await findDemoSessionByHash(db, hashToken(token));
    if (!session || session.expires_at <= now()) return null;
    return session;
  }

  const demoSeedsOf = (session: DemoSessionRow): SeedsView => ({
    serverSeedHash: session.server_seed_hash,
    clientSeed: session.client_seed,
    nonce: Number(session.nonce),
    commitmentVersion: session.commitment_version,
  });

  return {
    getSeeds,
    setClientSeed,
    rotateSeedPair,
    beginRound,
    newRoundId: (): string => uuidv7(),
    takeNextNonce,
    drawOneStep,
    recordSettledRound,
    drawInAdvance,
    oneStepRoundOf,
    playedRoundOf,
    /** The member's pair moved on elsewhere (another round, a rotation): it is read again next time. */
    forgetPair,
    drawRound,
    progressOf,
    advance,
    serverSeedOf,
    revealedSeedOf,
    commitmentVersionOf,
    listRecords,
    findRoundById: (id: string) => findHouseRoundById(db, id),
    findRoundByRequest: (vendorId: string, memberId: string, gameId: string, requestId: string) =>
      findHouseRound(db, vendorId, vendorRoundIdOf(memberId, gameId, requestId)),
    findUnfinishedRound: (memberId: string, gameId: string) => findUnfinishedRound(db, memberId, gameId),
    findOverdueRounds: (limit: number) => findOverdueRounds(db, now(), limit),
    createDemoSession,
    findDemoSession,
    findDemoSessionById: (id: string) => findDemoSessionById(db, id),
    demoSeedsOf,
    openDemoServerSeed: (session: DemoSessionRow) => secretBox.open(session.server_seed_sealed),
    updateDemoSession: (session: DemoSessionRow, changes: Parameters<typeof updateDemoSession>[3]) =>
      updateDemoSession(db, session.id, session.version, changes),
    /** A new demo seed pair (the old server seed revealed), as rotation does for members. */
    rotateDemoSeeds: async (session: DemoSessionRow, nextClientSeed?: string) => {
      if (nextClientSeed !== undefined) assertClientSeed(nextClientSeed);
      if (session.round_state !== null) throw new AppError('CONFLICT', { value: { reason: 'ROUND_OPEN' } });
      const serverSeed = createServerSeed();
      const revealed: RevealedSeeds = {
        ...demoSeedsOf(session),
        serverSeed: secretBox.open(session.server_seed_sealed),
      };
      const changed = await updateDemoSession(db, session.id, session.version, {
        server_seed_sealed: secretBox.seal(serverSeed),
        server_seed_hash: hashServerSeed(serverSeed, COMMITMENT_VERSION),
        commitment_version: COMMITMENT_VERSION,
        client_seed: nextClientSeed ?? session.client_seed,
        nonce: 0n,
        revealed_server_seed: revealed.serverSeed,
      });
      if (!changed) throw new AppError('CONFLICT', { value: { reason: 'BUSY' } });
      return revealed;
    },
    setDemoClientSeed: async (session: DemoSessionRow, clientSeed: string) => {
      assertClientSeed(clientSeed);
      const changed = await updateDemoSession(db, session.id, session.version, { client_seed: clientSeed });
      if (!changed) throw new AppError('CONFLICT', { value: { reason: 'BUSY' } });
    },
    deleteExpiredDemoSessions: () => deleteExpiredDemoSessions(db, now()),
    now,
  };
}
