import type { VendorRow } from '../../src/modules/game/game.service.ts';
import {
  configureDemoVendors,
  SANDBOX_VENDOR_CODES,
  sandboxVendorSecret,
} from '../../src/seed/demo-vendors.ts';
import { demoMerchantId } from './game-fixtures.ts';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process.ts';
import { createSeededApp } from './seeded-app.ts';
import type { TestApp } from './test-app.ts';

/** The sandbox's transfer-wallet vendor (apps/vendor-sandbox/src/transfer-catalogue.ts). */
export const TRANSFER_VENDOR = 'DIWATA';
export type VendorFault = 'drop' | 'apply_then_drop' | 'slow' | 'refuse' | 'error';

export type TransferWorld = {
  testApp: TestApp;
  sandbox: SandboxProcess;
  merchantId: string;
  vendor: VendorRow;
  /** The sandbox vendor's base URL (`<sandbox>/diwata`). */
  vendorUrl: string;
  /** Queues what the vendor's next deposit, withdraw or status calls do. */
  injectFaults(faults: VendorFault[], delayMs?: number): Promise<void>;
  /** A player's balance as the vendor keeps it, in minor units. */
  vendorBalance(memberId: string): Promise<bigint>;
  close(): Promise<void>;
};

/**
 * The seeded app listening on loopback, and the vendor sandbox in its own process with its
 * vendors imported into the demo merchant: our transfer calls reach the vendor over real HTTP.
 */
export async function startTransferWorld(): Promise<TransferWorld> {
  const testApp = await createSeededApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const sandbox = await startSandboxProcess('apps/vendor-sandbox/src/main.ts', {
    VENDOR_SANDBOX_PORT: '0',
    VENDOR_SANDBOX_WALLET_URL: `http://127.0.0.1:${address.port}`,
    VENDOR_SANDBOX_SECRETS: JSON.stringify(
      SANDBOX_VENDOR_CODES.map((vendor) => ({
        vendor,
        secret: sandboxVendorSecret(testApp.config.appSecret, vendor),
      })),
    ),
    VENDOR_SANDBOX_DUPLICATE_RATE: '0',
  });
  await configureDemoVendors(testApp.database.db, testApp.app.games, {
    url: sandbox.ready.url ?? '',
    appSecret: testApp.config.appSecret,
  });
  const merchantId = await demoMerchantId(testApp);
  const vendor = await testApp.app.games.findVendor(merchantId, TRANSFER_VENDOR);
  if (!vendor?.api_url) throw new Error('the transfer vendor was not registered');
  const vendorUrl = vendor.api_url;
  return {
    testApp,
    sandbox,
    merchantId,
    vendor,
    vendorUrl,
    async injectFaults(faults, delayMs = 0) {
      const response = await fetch(`${vendorUrl}/control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults, delayMs }),
      });
      if (response.status !== 200) throw new Error(`faults refused: ${response.status}`);
    },
    async vendorBalance(memberId) {
      const response = await fetch(`${vendorUrl}/control/state?playerId=${encodeURIComponent(memberId)}`);
      const body = (await response.json()) as { balance: string };
      return BigInt(body.balance.replace('.', ''));
    },
    async close() {
      await sandbox.close();
      await testApp.close();
    },
  };
}
