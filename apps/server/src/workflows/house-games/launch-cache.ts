import { INHOUSE_VASSALAGE, readBetLimits } from '../../db/in-house-games.ts';
import type { GameRow, LaunchTokenRow } from '../../modules/game/game.service.ts';
import { type HouseGameCode, isHouseGameCode, isMultiStep } from '../../modules/house-rounds/house-games.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { HouseGameDeps, HouseMerchant, HouseTable, RealTable } from './table.ts';

/** Bounds the per-process memory of vendor ids, opened launch tokens and games. */
const REMEMBERED_ENTRIES_MAX = 100_000;

export function codeOf(game: GameRow): HouseGameCode {
  if (!isHouseGameCode(game.game_code)) throw new AppError('NOT_FOUND');
  return game.game_code;
}

export type LaunchCache = ReturnType<typeof createLaunchCache>;

/**
 * The tables game tokens open, and what this process remembers of them. Every call of the game
 * client names its table by its token, so these are read on every bet. Neither a merchant's
 * vendor id nor an opened launch token's member, session and game changes once known (only the
 * session's liveness changes, and that is checked each time); a game is remembered as last read,
 * and the round's statement plays a bet on it only if its limits are still the same.
 */
export function createLaunchCache(deps: Pick<HouseGameDeps, 'games' | 'houseRounds' | 'members'>) {
  const { games, houseRounds, members } = deps;
  const vendorIds = new Map<string, string>();
  const openedLaunches = new Map<string, LaunchTokenRow>();
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

  /** A launch whose session is over: a self-excluded member hears so, anyone else NOT_LOGGED_IN. */
  async function refuseClosedSession(memberId: string): Promise<never> {
    const member = await members.findById(memberId);
    if (member?.status === 'self_excluded') throw new AppError('SELF_EXCLUDED');
    throw new AppError('NOT_LOGGED_IN');
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

  /**
   * The table of a launch token this process has opened, for a one-step game, from memory alone;
   * null when there is none (a demo, a multi-step game, a token not seen yet). The session's
   * liveness and the game's limits are then vouched for by the round's own statement.
   */
  function rememberedTable(merchant: HouseMerchant, token: string): RealTable | null {
    const launch = openedLaunches.get(token);
    const game = launch?.merchant_id === merchant.id ? gamesById.get(launch.game_id) : undefined;
    if (!launch || !game || !isHouseGameCode(game.game_code) || isMultiStep(game.game_code)) return null;
    return {
      kind: 'real',
      player: { merchantId: merchant.id, memberId: launch.member_id },
      sessionId: launch.session_id,
      game,
      code: game.game_code,
      limits: readBetLimits(game.bet_limits),
      currency: merchant.currency,
    };
  }

  return { inHouseVendor, resolveTable, rememberedTable, refuseClosedSession };
}
