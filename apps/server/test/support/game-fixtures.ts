import { signRequest } from '@panalo/crypto/request-signature.ts';
import type { FastifyInstance } from 'fastify';
import type { CatalogueGame, VendorRow } from '../../src/modules/game/game.service.ts';
import type { TestApp } from './test-app.ts';

export const TEST_VENDOR_SECRET = 'test-vendor-secret-0123456789abcdef';

/** Registers a vendor for the demo merchant and imports the given catalogue. */
export async function registerTestVendor(
  testApp: TestApp,
  input: { vassalage: string; launchUrl?: string; games: CatalogueGame[]; secret?: string },
): Promise<VendorRow> {
  const merchantId = await demoMerchantId(testApp);
  const vendor = await testApp.app.games.registerVendor({
    merchantId,
    vassalage: input.vassalage,
    name: `${input.vassalage} Test Vendor`,
    walletMode: 'seamless',
    launchUrl: input.launchUrl ?? `https://${input.vassalage.toLowerCase()}.vendor.test/play/{gameCode}`,
    secret: input.secret ?? TEST_VENDOR_SECRET,
  });
  await testApp.app.games.importCatalogue(merchantId, vendor, {
    vendor: input.vassalage,
    name: vendor.name,
    games: input.games,
  });
  return vendor;
}

export function catalogueGame(gameCode: string, overrides: Partial<CatalogueGame> = {}): CatalogueGame {
  return {
    gameCode,
    names: { EN: `Game ${gameCode}`, TY: `Laro ${gameCode}` },
    gameType: 'RNG',
    iconUrl: `https://icons.test/${gameCode}.svg`,
    demo: false,
    ...overrides,
  };
}

export async function demoMerchantId(testApp: TestApp): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function memberIdOf(testApp: TestApp, account: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('members')
    .select('id')
    .where('account_key', '=', account)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Puts money in a member's cash, as a deposit would. */
export async function fund(
  testApp: TestApp,
  memberId: string,
  amountMinor: bigint,
  key: string,
): Promise<void> {
  await testApp.app.wallet.transfer({
    merchantId: await demoMerchantId(testApp),
    currency: 'PHP',
    key,
    code: 'deposit',
    from: { house: 'deposit:test', shardKey: memberId },
    to: { memberId, wallet: 'cash' },
    amountMinor,
  });
}

export type WalletReply = {
  status: string;
  balance: string | null;
  transactionId: string | null;
  duplicate?: boolean;
  playerId?: string;
};

/** A vendor's signed call to /wallet/v1, through the app. */
export async function callWallet(
  app: FastifyInstance,
  action: string,
  body: Record<string, unknown>,
  options: { secret?: string; timestampSeconds?: number; signature?: string; rawBody?: string } = {},
): Promise<WalletReply> {
  const rawBody = options.rawBody ?? JSON.stringify(body);
  const timestamp = options.timestampSeconds ?? Math.floor(Date.now() / 1000);
  const response = await app.inject({
    method: 'POST',
    url: `/wallet/v1/${action}`,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(timestamp),
      'x-signature':
        options.signature ?? signRequest(options.secret ?? TEST_VENDOR_SECRET, timestamp, rawBody),
    },
    payload: rawBody,
  });
  if (response.statusCode !== 200)
    throw new Error(`/wallet/v1/${action} answered HTTP ${response.statusCode}`);
  return response.json() as WalletReply;
}

/** The launch token in a launch URL. */
export function tokenOf(url: string): string {
  // Our own game client's token is in the fragment; a vendor's in the query its protocol names.
  const parsed = new URL(url, 'http://localhost');
  const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? parsed.searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}
