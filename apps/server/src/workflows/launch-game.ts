import {
  type GameRow,
  type GameService,
  LOTTERY_VASSALAGES,
  lotteryRouteOf,
  type VendorRow,
} from '../modules/game/game.service.ts';
import type { LotteryService } from '../modules/lottery/lottery.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import type { VendorTransfers } from './vendor-transfer.ts';

export type LaunchMode = 'real' | 'demo';

/** Who asks to play: the request's live session, or null for a visitor. */
export type LaunchPlayer = {
  memberId: string;
  sessionId: string;
  isTrial: boolean;
  isSelfExcluded: boolean;
  mustChangePassword: boolean;
};

export type LaunchOutcome =
  /** Open this in the game iframe; the game's names, for the page's bar to title it. */
  | { kind: 'url'; url: string; gameNames: Record<string, string> }
  /** A lottery: the web app's own page (spec §4). */
  | { kind: 'route'; route: string; gameCode: string }
  /** The game or its vendor is under maintenance: hot games to offer instead. */
  | { kind: 'maintenance'; suggestions: GameRow[] };

/** A template without a scheme or host (`/game/…`) is our own game client, served by this server. */
function isOwnGameClient(template: string): boolean {
  return template.startsWith('/') && !template.startsWith('//');
}

/**
 * The vendor's launch URL for a game: its template with `{gameCode}` filled in, and the launch
 * parameters appended. A template without a scheme (our own game client, `/game/…`) stays
 * relative to the site, so the iframe opens it on the player's own origin.
 *
 * Our own client gets the launch token in the fragment (`#token=…`): a browser never sends the
 * fragment, so the token cannot reach our request log (or a proxy's), and the client reads it from
 * `location.hash`. A vendor's page is the vendor's: its token stays in the query its protocol names.
 */
export function buildLaunchUrl(
  vendor: VendorRow,
  game: GameRow,
  parameters: { mode: LaunchMode; language: string; token?: string; extra?: Record<string, string> },
): string {
  if (!vendor.launch_url) throw new AppError('NOT_FOUND');
  const base = vendor.launch_url.replaceAll('{gameCode}', encodeURIComponent(game.game_code));
  const inFragment = isOwnGameClient(base);
  const query = new URLSearchParams({
    ...parameters.extra,
    gameCode: game.game_code,
    mode: parameters.mode,
    language: parameters.language,
    ...(parameters.token && !inFragment ? { token: parameters.token } : {}),
  });
  const url = `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`;
  if (!parameters.token || !inFragment) return url;
  return `${url}#${new URLSearchParams({ token: parameters.token }).toString()}`;
}

/**
 * Real play needs a member who may play now, and a vendor whose wallet we can serve: seamless, or
 * (where the caller moves the money) transfer.
 */
function assertMayPlayForReal(
  player: LaunchPlayer | null,
  vendor: VendorRow,
  options: { allowTransfer?: boolean } = {},
): LaunchPlayer {
  if (!player) throw new AppError('NOT_LOGGED_IN');
  if (player.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  if (player.isTrial) throw new AppError('TRIAL_ACCOUNT');
  if (player.isSelfExcluded) throw new AppError('SELF_EXCLUDED');
  if (vendor.wallet_mode === 'transfer' && options.allowTransfer) return player;
  if (vendor.wallet_mode !== 'seamless') throw new AppError('FEATURE_DISABLED');
  return player;
}

/**
 * Launches a game (API.md "launch", "Demo play"): lotteries answer their page; a game under
 * maintenance answers hot games instead; demo play (play money at the vendor, never the ledger)
 * for games that offer it, to anyone; real play for members only, with a short-lived launch
 * token in the URL (the fragment of our own client's) that the vendor exchanges for the player on
 * /wallet/v1.
 *
 * A transfer-wallet vendor's game (workflows/vendor-transfer.ts) opens the same way; the vendor's
 * page shows the vendor's own balance. In a one-wallet merchant (wallet mode `single`) the launch
 * first brings the other transfer vendors' money home and moves the whole main wallet to this
 * vendor (and any other game's launch brings all of it home); in a `transfer` merchant it moves
 * nothing (the member moves money on the game-wallets page).
 */
export async function launchGame(
  deps: { games: GameService; vendorTransfers?: VendorTransfers },
  input: {
    merchantId: string;
    /** The merchant's currency and wallet mode: what a transfer vendor's launch needs. */
    currency?: string;
    walletMode?: 'single' | 'transfer';
    nodeId: string;
    mode: LaunchMode;
    language: string;
    player: LaunchPlayer | null;
  },
): Promise<LaunchOutcome> {
  const game = await deps.games.findGameByNodeId(input.merchantId, input.nodeId);
  if (!game || game.status === 'hidden') throw new AppError('NOT_FOUND');
  const vendor = await deps.games.findVendorById(game.vendor_id);
  if (!vendor || vendor.status === 'disabled') throw new AppError('NOT_FOUND');
  if (game.status === 'maintenance' || vendor.status === 'maintenance') {
    const hot = await deps.games.findPlayableHotGames(input.merchantId);
    return { kind: 'maintenance', suggestions: hot.filter((candidate) => candidate.id !== game.id) };
  }

  const route = lotteryRouteOf(game.vassalage);
  if (route !== null) return { kind: 'route', route, gameCode: game.game_code };

  if (input.mode === 'demo') {
    // supportPlay 0 is the spec's "this game has a demo".
    if (game.support_play !== 0) throw new AppError('FEATURE_DISABLED');
    return {
      kind: 'url',
      url: buildLaunchUrl(vendor, game, { mode: 'demo', language: input.language }),
      gameNames: game.names,
    };
  }

  const { vendorTransfers } = deps;
  const player = assertMayPlayForReal(input.player, vendor, {
    allowTransfer: vendorTransfers !== undefined && input.currency !== undefined,
  });
  if (vendorTransfers && input.currency && vendor.wallet_mode === 'transfer') {
    // A transfer vendor reports no rounds to check a stake against: its launch checks the
    // member's break and session time (responsible gaming), as every move into it does.
    await vendorTransfers.checkLaunchAllowed(
      { id: input.merchantId, currency: input.currency },
      player.memberId,
    );
  }
  if (vendorTransfers && input.currency && input.walletMode === 'single') {
    const merchant = { id: input.merchantId, currency: input.currency };
    const member = { id: player.memberId, status: player.isSelfExcluded ? 'self_excluded' : 'active' };
    // One wallet: the money follows the member to the game they open.
    if (vendor.wallet_mode === 'transfer') await vendorTransfers.moveAllInto(merchant, member, vendor);
    else await vendorTransfers.bringHome(merchant, member);
  }
  const token = await deps.games.issueLaunchToken({
    merchantId: input.merchantId,
    memberId: player.memberId,
    sessionId: player.sessionId,
    game,
  });
  return {
    kind: 'url',
    url: buildLaunchUrl(vendor, game, { mode: 'real', language: input.language, token }),
    gameNames: game.names,
  };
}

/** The lobby launch's parameters (spec §7 "Lottery": lottoArea, launchMode, prize mode, view, device, backUrl). */
export type LotteryLaunchParameters = {
  lottoArea: string;
  launchMode: string;
  prizeMode: string;
  view: 'betting' | 'lobby';
  device: string;
  backUrl?: string | undefined;
};

/**
 * Opens a lottery game on the lottery page (spec §2 /lottery, /seaLottery, /vnLottery): the
 * general launch answers those games with the page's route; this call, from the page, answers
 * the vendor's URL for its frame, real play only, with the lobby launch's parameters passed on.
 */
export async function launchLotteryLobby(
  deps: { games: GameService; lottery: LotteryService },
  input: {
    merchantId: string;
    gameCode: string;
    language: string;
    player: LaunchPlayer | null;
    parameters: LotteryLaunchParameters;
  },
): Promise<LaunchOutcome> {
  // A visitor is told to log in before anything about the game is looked up.
  if (!input.player) throw new AppError('NOT_LOGGED_IN');
  const game = await deps.lottery.findGame(input.merchantId, LOTTERY_VASSALAGES, input.gameCode);
  const vendor = await deps.games.findVendorById(game.vendor_id);
  if (!vendor || vendor.status === 'disabled') throw new AppError('NOT_FOUND');
  if (game.status === 'maintenance' || vendor.status === 'maintenance') {
    const hot = await deps.games.findPlayableHotGames(input.merchantId);
    return { kind: 'maintenance', suggestions: hot.filter((candidate) => candidate.id !== game.id) };
  }
  const player = assertMayPlayForReal(input.player, vendor);
  const token = await deps.games.issueLaunchToken({
    merchantId: input.merchantId,
    memberId: player.memberId,
    sessionId: player.sessionId,
    game,
  });
  const { backUrl, ...rest } = input.parameters;
  return {
    kind: 'url',
    url: buildLaunchUrl(vendor, game, {
      mode: 'real',
      language: input.language,
      token,
      extra: { ...rest, ...(backUrl ? { backUrl } : {}) },
    }),
    gameNames: game.names,
  };
}
