import { createRoundRng } from '@panalo/games/fairness/round-rng.ts';
import { parseState, serializeState } from '@panalo/games/state-json.ts';
import type { PlayedRound } from '@panalo/games/verifier/verify-round.ts';
import { readBetLimits } from '../../db/in-house-games.ts';
import {
  capWin,
  isHouseGameCode,
  isMultiStep,
  listActions,
  playOneStep,
  type RoundProgress,
  startRound,
  takeActionWithinLimits,
  toAppError,
  viewProgress,
  type WireAction,
} from '../../modules/house-rounds/house-games.ts';
import type {
  DemoSessionRow,
  RevealedSeeds,
  SeedsView,
} from '../../modules/house-rounds/house-rounds.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { codeOf, type LaunchCache } from './launch-cache.ts';
import type { DemoTable, HouseGameDeps, HouseMerchant, RoundView } from './table.ts';
import { toWireJson } from './table.ts';

export type DemoPlay = ReturnType<typeof createDemoPlay>;

/** Demo play: the same engines and fairness, play money in the demo session, no ledger. */
export function createDemoPlay(
  deps: Pick<HouseGameDeps, 'games' | 'houseRounds'> & { launches: LaunchCache },
) {
  const { games, houseRounds, launches } = deps;

  /** Starts demo play of one of our games that offers it (supportPlay 0): a new play-money session. */
  async function openDemo(
    merchant: HouseMerchant,
    gameCode: string,
  ): Promise<{ token: string; table: DemoTable }> {
    const vendor = await launches.inHouseVendor(merchant.id);
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
    table: DemoTable,
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

  function demoRoundView(table: DemoTable): RoundView | null {
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

  async function placeDemoBet(table: DemoTable, played: PlayedRound, stakeMinor: bigint): Promise<RoundView> {
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

  async function takeDemoAction(table: DemoTable, action: WireAction): Promise<RoundView> {
    const { session } = table;
    const progress = demoProgress(session);
    if (!progress) throw new AppError('CONFLICT', { value: { reason: 'ROUND_CLOSED' } });
    const next = takeActionWithinLimits(progress, action, table.limits);
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

  async function setDemoClientSeed(table: DemoTable, clientSeed: string): Promise<SeedsView> {
    await houseRounds.setDemoClientSeed(table.session, clientSeed);
    return { ...houseRounds.demoSeedsOf(table.session), clientSeed };
  }

  /** A new demo seed pair (the old server seed revealed), as rotation does for members. */
  async function rotateDemoSeeds(
    table: DemoTable,
    nextClientSeed?: string,
  ): Promise<{ revealed: RevealedSeeds; next: SeedsView }> {
    const revealed = await houseRounds.rotateDemoSeeds(table.session, nextClientSeed);
    const session = await houseRounds.findDemoSessionById(table.session.id);
    if (!session) throw new AppError('NOT_LOGGED_IN');
    return { revealed, next: houseRounds.demoSeedsOf(session) };
  }

  return { openDemo, demoRoundView, placeDemoBet, takeDemoAction, setDemoClientSeed, rotateDemoSeeds };
}
