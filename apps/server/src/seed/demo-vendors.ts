import { createHmac } from 'node:crypto';
import { CLASSIC_LINES } from '@panalo/games/classic-slot/classic-slot.ts';
import { VIDEO_LINES } from '@panalo/games/video-slot/video-slot.ts';
import type { Kysely } from 'kysely';
import { fillInHouseHouseEdges } from '../db/house-edges.ts';
import { INHOUSE_VASSALAGE } from '../db/in-house-games.ts';
import type { Database } from '../db/schema.ts';
import { type GameService, parseCatalogueFeed, type VendorRow } from '../modules/game/game.service.ts';

/**
 * The vendors the vendor sandbox serves (apps/vendor-sandbox), by their codes on the platform:
 * two casino vendors (RNG and LIVE), a sportsbook (SPORTS), a lottery vendor under the spec's LOTT
 * code (LOTT and ELOTT games, opened on /lottery) and a South-East-Asian digits lottery under
 * TCG_SEA (4D and 3D draws, opened on /seaLottery) on the seamless wallet, and a transfer-wallet
 * vendor (DIWATA) that keeps the players' money itself.
 */
export const SANDBOX_VENDOR_CODES = ['LAKAN', 'SAMPAGUITA', 'TAMBULI', 'LOTT', 'TCG_SEA', 'DIWATA'] as const;
const FEED_TIMEOUT_MS = 5_000;

/**
 * The secret the demo merchant shares with a sandbox vendor: derived from the server's own secret,
 * so it is the same on every start (the registry keeps it sealed) and never leaves this machine.
 */
export function sandboxVendorSecret(appSecret: Buffer, vendorCode: string): string {
  return createHmac('sha256', appSecret).update(`vendor-sandbox:${vendorCode}`).digest('base64url');
}

async function findDemoMerchantId(db: Kysely<Database>): Promise<string | null> {
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirst();
  return merchant?.id ?? null;
}

/**
 * Registers the vendor sandbox's vendors with the demo merchant and imports their catalogue feeds
 * (the same import the back office will run). A vendor's first import marks its first game hot,
 * so that the demo has hot games to suggest; later starts leave the operator's choices alone.
 * Answers how many games were imported.
 */
export async function configureDemoVendors(
  db: Kysely<Database>,
  games: GameService,
  sandbox: { url: string; appSecret: Buffer },
): Promise<number> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return 0;
  const listing = (await (
    await fetch(sandbox.url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) })
  ).json()) as {
    vendors: {
      vendor: string;
      name: string;
      catalogueUrl: string;
      launchUrl: string;
      walletMode?: 'seamless' | 'transfer';
      apiUrl?: string;
    }[];
  };
  let imported = 0;
  for (const entry of listing.vendors) {
    if (!(SANDBOX_VENDOR_CODES as readonly string[]).includes(entry.vendor)) continue;
    const isNew = (await games.findVendor(merchantId, entry.vendor)) === undefined;
    const vendor = await games.registerVendor({
      merchantId,
      vassalage: entry.vendor,
      name: entry.name,
      walletMode: entry.walletMode === 'transfer' ? 'transfer' : 'seamless',
      launchUrl: entry.launchUrl,
      catalogueUrl: entry.catalogueUrl,
      apiUrl: entry.apiUrl ?? null,
      secret: sandboxVendorSecret(sandbox.appSecret, entry.vendor),
    });
    const response = await fetch(entry.catalogueUrl, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    const feed = parseCatalogueFeed(await response.json());
    imported += await games.importCatalogue(merchantId, vendor, feed);
    const first = feed.games[0];
    if (isNew && first) {
      const game = await games.findGameByCode(vendor.id, first.gameCode);
      if (game) await games.updateGame(game.id, { is_hot: true });
    }
  }
  return imported;
}

/**
 * Registers the vendor our own games are listed under, with our own game client as its launch
 * URL (apps/web/game). Its games are registered by the in-house games' own seed.
 */
export async function seedDemoInHouseVendor(db: Kysely<Database>, games: GameService): Promise<void> {
  const merchantId = await findDemoMerchantId(db);
  if (!merchantId) return;
  const vendor =
    (await games.findVendor(merchantId, INHOUSE_VASSALAGE)) ??
    (await games.registerVendor({
      merchantId,
      vassalage: INHOUSE_VASSALAGE,
      name: 'Panalo Originals',
      walletMode: 'seamless',
      launchUrl: '/game/?game={gameCode}',
    }));
  await seedDemoInHouseGames(merchantId, vendor, games);
  // Their house edges, for rebates on theoretical loss (an operator's own choice stays).
  await fillInHouseHouseEdges(db);
}

/**
 * Our own games (apps/web/game), in the demo catalogue of the INHOUSE vendor: names in TY and EN,
 * icons drawn by the project (seed assets), demo play offered. Known games keep an operator's
 * status and order; their names and icons follow this list.
 */
export const IN_HOUSE_GAMES: ReadonlyArray<{
  gameCode: string;
  names: { TY: string; EN: string };
  /** A slot's lines (games.paylines), which bonuses' spin rules read. */
  paylines?: number;
}> = [
  { gameCode: 'dice', names: { TY: 'Dais', EN: 'Dice' } },
  { gameCode: 'mines', names: { TY: 'Mina', EN: 'Mines' } },
  { gameCode: 'blackjack', names: { TY: 'Blackjack', EN: 'Blackjack' } },
  { gameCode: 'roulette', names: { TY: 'Roleta', EN: 'European Roulette' } },
  { gameCode: 'baccarat', names: { TY: 'Baccarat', EN: 'Baccarat' } },
  { gameCode: 'dragon-tiger', names: { TY: 'Dragon Tiger', EN: 'Dragon Tiger' } },
  { gameCode: 'sic-bo', names: { TY: 'Sic Bo', EN: 'Sic Bo' } },
  { gameCode: 'colour-game', names: { TY: 'Color Game', EN: 'Color Game' } },
  { gameCode: 'fish-prawn-crab', names: { TY: 'Isda Hipon Alimango', EN: 'Fish Prawn Crab' } },
  {
    gameCode: 'classic-slot',
    names: { TY: 'Klasikong 777', EN: 'Classic 777' },
    paylines: CLASSIC_LINES.length,
  },
  {
    gameCode: 'video-slot',
    names: { TY: 'Mangga at Jeepney', EN: 'Mango Jeepney' },
    paylines: VIDEO_LINES.length,
  },
];

async function seedDemoInHouseGames(
  merchantId: string,
  vendor: VendorRow,
  games: GameService,
): Promise<void> {
  await games.importCatalogue(merchantId, vendor, {
    vendor: INHOUSE_VASSALAGE,
    name: vendor.name,
    games: IN_HOUSE_GAMES.map((game) => ({
      gameCode: game.gameCode,
      names: game.names,
      gameType: 'RNG',
      iconUrl: `/media/house-${game.gameCode}.svg`,
      demo: true,
      paylines: game.paylines ?? null,
    })),
  });
}
