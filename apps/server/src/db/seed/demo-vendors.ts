import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type GameService, INHOUSE_VASSALAGE, parseCatalogueFeed } from '../../modules/game/game.service.ts';
import type { Database } from '../schema.ts';

/** The vendors the vendor sandbox serves (apps/vendor-sandbox), by their codes on the platform. */
export const SANDBOX_VENDOR_CODES = ['LAKAN', 'SAMPAGUITA'] as const;
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
    vendors: { vendor: string; name: string; catalogueUrl: string; launchUrl: string }[];
  };
  let imported = 0;
  for (const entry of listing.vendors) {
    if (!(SANDBOX_VENDOR_CODES as readonly string[]).includes(entry.vendor)) continue;
    const isNew = (await games.findVendor(merchantId, entry.vendor)) === undefined;
    const vendor = await games.registerVendor({
      merchantId,
      vassalage: entry.vendor,
      name: entry.name,
      walletMode: 'seamless',
      launchUrl: entry.launchUrl,
      catalogueUrl: entry.catalogueUrl,
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
  if (!merchantId || (await games.findVendor(merchantId, INHOUSE_VASSALAGE))) return;
  await games.registerVendor({
    merchantId,
    vassalage: INHOUSE_VASSALAGE,
    name: 'Panalo Originals',
    walletMode: 'seamless',
    launchUrl: '/game/?game={gameCode}',
  });
}
