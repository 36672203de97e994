import type { WireAction } from '../../modules/house-rounds/house-games.ts';
import type { RevealedSeeds, SeedsView } from '../../modules/house-rounds/house-rounds.service.ts';
import { isAppError } from '../../platform/errors/errors.ts';
import { createRoundSteps } from './continue-round.ts';
import { createDemoPlay } from './demo-play.ts';
import { createLaunchCache } from './launch-cache.ts';
import { createBetPlacement } from './place-bet.ts';
import { createOverdueSettlement } from './settle-job.ts';
import type { HouseGameDeps, HouseTable, RoundView, TableState } from './table.ts';

export { createSettleHouseRoundsJob, SETTLE_HOUSE_ROUNDS_JOB_NAME } from './settle-job.ts';
export type { HouseGameDeps, HouseMerchant, HouseTable, RoundView, TableState } from './table.ts';

/**
 * Our own games' rounds (ARCHITECTURE.md "Games", GAMES.md): the in-house game client sits at a
 * table with the launch token of a member's session (real money, through the wallet service) or
 * with a demo session (play money that never touches the ledger). A bet is placed in
 * place-bet.ts, a round's later steps and moves are in continue-round.ts, demo play in
 * demo-play.ts, the tables tokens open in launch-cache.ts, and the overdue-round job in
 * settle-job.ts; this composes them into what the routes call.
 */
export function createHouseGames(deps: HouseGameDeps) {
  const { houseRounds, wallet } = deps;
  const launches = createLaunchCache(deps);
  const steps = createRoundSteps(deps);
  const demo = createDemoPlay({ ...deps, launches });
  const bets = createBetPlacement({ ...deps, launches, steps, demo });
  const settleOverdueRound = createOverdueSettlement({ ...deps, steps });

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
        round: demo.demoRoundView(table),
      };
    }
    const open = await houseRounds.findUnfinishedRound(table.player.memberId, table.game.id);
    let round: RoundView | null = null;
    try {
      round = open ? await steps.continueRound(table, open) : null;
    } catch (caught) {
      // A stake that could not be taken (the balance fell meanwhile) leaves no round to resume.
      if (!isAppError(caught)) throw caught;
    }
    return {
      mode: 'real',
      gameCode: table.code,
      game: table.game,
      limits: table.limits,
      balanceMinor: (await wallet.getBalances({ ...table.player, currency: table.currency })).cashMinor,
      seeds: await houseRounds.getSeeds(table.player),
      round: round && round.status === 'open' ? round : null,
    };
  }

  /** An action on the member's open round (a tile, a cash-out, hit, stand, double …). */
  function takeAction(table: HouseTable, roundId: string, action: WireAction): Promise<RoundView> {
    return table.kind === 'demo'
      ? demo.takeDemoAction(table, action)
      : steps.takeAction(table, roundId, action);
  }

  function setClientSeed(table: HouseTable, clientSeed: string): Promise<SeedsView> {
    return table.kind === 'demo'
      ? demo.setDemoClientSeed(table, clientSeed)
      : houseRounds.setClientSeed(table.player, clientSeed);
  }

  function rotateSeeds(
    table: HouseTable,
    nextClientSeed?: string,
  ): Promise<{ revealed: RevealedSeeds; next: SeedsView }> {
    return table.kind === 'demo'
      ? demo.rotateDemoSeeds(table, nextClientSeed)
      : houseRounds.rotateSeedPair(table.player, nextClientSeed);
  }

  return {
    resolveTable: launches.resolveTable,
    openDemo: demo.openDemo,
    describeTable,
    placeBet: bets.placeBet,
    placeBetWithToken: bets.placeBetWithToken,
    takeAction,
    setClientSeed,
    rotateSeeds,
    settleOverdueRound,
    viewOf: steps.viewOf,
  };
}

export type HouseGames = ReturnType<typeof createHouseGames>;
