import { sql } from 'kysely';
import type { AppOptions } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { seedDemoMerchant } from '../../src/seed/demo-merchant.ts';
import { seedDemoOperators } from '../../src/seed/demo-operators.ts';
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

/**
 * Makes `origin` the demo merchant's main origin, as an operator sets it on the main domain route:
 * its host becomes the main PLAYER route, with the origin's scheme and port. Tests whose app listens
 * on a port of its own use it so that the addresses handed to a gateway lead back to that port.
 */
export async function setDemoMainOrigin(testApp: TestApp, origin: string): Promise<void> {
  const url = new URL(origin);
  const { db } = testApp.database;
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'panalo')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('merchant_domains')
      .set({ is_main: false })
      .where('merchant_id', '=', merchant.id)
      .where('route', '=', 'PLAYER')
      .execute();
    await trx
      .deleteFrom('merchant_domains')
      .where('merchant_id', '=', merchant.id)
      .where('domain', '=', url.hostname)
      .execute();
    await trx
      .insertInto('merchant_domains')
      .values({
        id: `main-${url.hostname}`,
        merchant_id: merchant.id,
        domain: url.hostname,
        route: 'PLAYER',
        is_main: true,
        scheme: url.protocol === 'https:' ? 'https' : 'http',
        port: url.port === '' ? null : Number(url.port),
      })
      .execute();
  });
  testApp.app.merchantService.invalidate();
}
