import { sql } from 'kysely';
import type { AppOptions } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { seedDemoAccounts } from '../../src/db/seed/demo-accounts.ts';
import { seedDemoMerchant } from '../../src/db/seed/demo-merchant.ts';
import { seedDemoOperators } from '../../src/db/seed/demo-operators.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The whole app on a fresh database holding the demo merchant. */
export async function createSeededApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'now'> = {},
): Promise<TestApp> {
  const testApp = await createTestApp(overrides, options);
  await seedDemoMerchant(testApp.database.db);
  await seedDemoAccounts(testApp.database.db, options.now);
  await seedDemoOperators(testApp.database.db, options.now);
  testApp.app.merchantService.invalidate();
  return testApp;
}

/** Changes the demo merchant's settings document (a jsonb merge) and drops the merchant cache. */
export async function patchDemoSettings(testApp: TestApp, patch: Record<string, unknown>): Promise<void> {
  await testApp.database.db
    .updateTable('merchants')
    .set({ settings: sql`settings || ${JSON.stringify(patch)}::jsonb` })
    .where('code', '=', 'panalo')
    .execute();
  testApp.app.merchantService.invalidate();
}
