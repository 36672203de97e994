import type { WireAction } from '../../modules/house-rounds/house-games.ts';
import type { RevealedSeeds, SeedsView } from '../../modules/house-rounds/house-rounds.service.ts';
import { isAppError } from '../../platform/errors/errors.ts';
import { createBonusHolders } from './bonus-holders.ts';
import { createRoundSteps } from './continue-round.ts';
import { createDemoPlay } from './demo-play.ts';
import { createLaunchCache } from './launch-cache.ts';
import { createBetPlacement } from './place-bet.ts';
import { createOverdueSettlement } from './settle-job.ts';
import {
  demoAnswerOf,
  type HouseGameDeps,
  type HouseTable,
  type RoundAnswer,
  type RoundView,
  type TableState,
} from './table.ts';

export { createSettleHouseRoundsJob, SETTLE_HOUSE_ROUNDS_JOB_NAME } from './settle-job.ts';
export type {
  HouseGameDeps,
  HouseMerchant,
  HouseTable,
  RoundAnswer,
  RoundView,
  TableState,
} from './table.ts';

/**
 * Our own games' rounds (ARCHITECTURE.md "Games", GAMES.md): the in-house game client sits at a
 * table with the launch token of a member's session (real money, through the wallet service) or
 * with a demo session (play money that never touches the ledger). A bet is placed in
 * place-bet.ts, a round's later steps and moves are in continue-round.ts, demo play in
 * demo-play.ts, the tables tokens open in launch-cache.ts, and the overdue-round job in
 * settle-job.ts; this composes them into what the routes call.
 */
export function createHouseGames(deps: HouseGameDeps) {
  const { houseRounds } = deps;
  const launches = createLaunchCache(deps);
  const steps = createRoundSteps(deps);
  const demo = createDemoPlay({ ...deps, launches });
  const holders = createBonusHolders(deps);
  const bets = createBetPlacement({ ...deps, launches, steps, demo, holders });
  const settleOverdueRound = createOverdueSettlement({ ...deps, steps });

  /**
   * What the client shows when it opens: the game, limits, balances (cash, and the bonus money our
   * games stake once cash runs short), seeds and any open round.
   */
  async function describeTable(table: HouseTable): Promise<TableState> {
    if (table.kind === 'demo') {
      return {
        mode: 'demo',
        gameCode: table.code,
        game: table.game,
        limits: table.limits,
        balanceMinor: BigInt(table.session.balance_minor),
        bonusBalanceMinor: 0n,
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
    const { cashMinor, bonusMinor } = await holders.readBalances(table);
    return {
      mode: 'real',
      gameCode: table.code,
      game: table.game,
      limits: table.limits,
      balanceMinor: cashMinor,
      bonusBalanceMinor: bonusMinor,
      seeds: await houseRounds.getSeeds(table.player),
      round: round && round.status === 'open' ? round : null,
    };
  }

  /**
   * An action on the member's open round (a tile, a cash-out, hit, stand, double …), answered with
   * the member's balances after it: a further stake or a win may move bonus money.
   */
  async function takeAction(table: HouseTable, roundId: string, action: WireAction): Promise<RoundAnswer> {
    if (table.kind === 'demo') return demoAnswerOf(await demo.takeDemoAction(table, action));
    return holders.answerWithBalances(table, await steps.takeAction(table, roundId, action));
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
