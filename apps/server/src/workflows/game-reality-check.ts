import { INHOUSE_VASSALAGE } from '../db/in-house-games.ts';
import type { GameService } from '../modules/game/game.service.ts';
import type { MemberService } from '../modules/member/member.service.ts';
import type { ResponsibleGamingService } from '../modules/responsible-gaming/responsible-gaming.service.ts';
import type { WalletService } from '../modules/wallet/wallet.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import type { HouseGames, HouseMerchant } from './house-games/house-games.ts';

export type GameRealityCheckDeps = {
  houseGames: HouseGames;
  games: GameService;
  members: MemberService;
  responsibleGaming: ResponsibleGamingService;
  wallet: WalletService;
  now: () => Date;
};

/**
 * What the reality-check reminder says inside a game: the interval the member chose (null when
 * they chose none, and for demo play), how long the member's login session has lasted, and their
 * game result since it began (wins and refunds less stakes, every game of the site together).
 */
export type GameRealityCheck = {
  intervalMinutes: number | null;
  playedMs: number;
  netResultMinor: bigint;
};

/**
 * The reality check of the game client opened on its own (no site around it to remind the
 * player), read with the table's game token. The time counts from the login, as the site's own
 * reminder does, so that moving between the site and a game does not restart it.
 */
export async function describeGameRealityCheck(
  deps: GameRealityCheckDeps,
  merchant: HouseMerchant,
  token: string,
): Promise<GameRealityCheck> {
  // Checks the token and that the member's session is live, as every call of the table does.
  const table = await deps.houseGames.resolveTable(merchant, token);
  if (table.kind === 'demo') return { intervalMinutes: null, playedMs: 0, netResultMinor: 0n };
  const vendor = await deps.games.findVendor(merchant.id, INHOUSE_VASSALAGE);
  const launch = vendor ? await deps.games.resolveLaunchToken(token, vendor.id) : null;
  const session = launch ? await deps.members.findLiveSession(launch.row.session_id) : undefined;
  if (!session) throw new AppError('NOT_LOGGED_IN');
  const overview = await deps.responsibleGaming.getOverview(table.player);
  if (overview.realityCheckMinutes === null) {
    return { intervalMinutes: null, playedMs: 0, netResultMinor: 0n };
  }
  const lostMinor = await deps.wallet.sumGameLossSince({
    ...table.player,
    currency: merchant.currency,
    since: session.created_at,
  });
  return {
    intervalMinutes: overview.realityCheckMinutes,
    playedMs: Math.max(0, deps.now().getTime() - session.created_at.getTime()),
    netResultMinor: -lostMinor,
  };
}
