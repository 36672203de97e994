import { buildApp } from './app.ts';
import { migrateToLatest } from './db/migrate.ts';
import { CONFIG_ERROR_EXIT_CODE, loadConfigOrReport, openConfiguredDatabase } from './open-configured.ts';
import { startSandboxes } from './sandboxes.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoArticles } from './seed/demo-articles.ts';
import { seedDemoContracts } from './seed/demo-contracts.ts';
import { seedDemoMerchant } from './seed/demo-merchant.ts';
import { seedDemoMissions } from './seed/demo-missions.ts';
import { DEMO_OPERATORS, seedDemoOperators } from './seed/demo-operators.ts';
import { seedDemoPoints } from './seed/demo-points.ts';
import { seedDemoPromotions } from './seed/demo-promotions.ts';
import { seedDemoRedEnvelopes } from './seed/demo-red-envelopes.ts';
import { seedDemoReferral } from './seed/demo-referral.ts';
import { seedDemoRewards } from './seed/demo-rewards.ts';
import { seedDemoInHouseVendor } from './seed/demo-vendors.ts';
import { seedDemoVip } from './seed/demo-vip.ts';

// Longer than the job runner's stop timeout (JOB_RUNNER_TUNING_DEFAULT.stopTimeoutMs), so that
// in-flight jobs get their chance, and shorter than an orchestrator's usual 30 s before SIGKILL.
const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfigOrReport();
  if (!config) process.exit(CONFIG_ERROR_EXIT_CODE);
  const database = await openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  const seeded = config.seedDemo
    ? await seedDemoMerchant(database.db, new Date(), { publicOrigin: config.publicOrigin })
    : false;
  if (config.seedDemo) await seedDemoAccounts(database.db);
  if (config.seedDemo) await seedDemoContracts(database.db);
  if (config.seedDemo) await seedDemoPromotions(database.db);
  if (config.seedDemo) await seedDemoPoints(database.db);
  if (config.seedDemo) await seedDemoMissions(database.db);
  if (config.seedDemo) await seedDemoRedEnvelopes(database.db);
  if (config.seedDemo) await seedDemoVip(database.db);
  if (config.seedDemo) await seedDemoRewards(database.db);
  if (config.seedDemo) await seedDemoReferral(database.db);
  if (config.seedDemo) await seedDemoArticles(database.db);
  if (config.seedDemo) await seedDemoOperators(database.db);

  const app = await buildApp({ config, database });
  if (config.seedDemo) await seedDemoInHouseVendor(database.db, app.games);
  const sandboxes = config.sandboxes.start
    ? await startSandboxes({
        config,
        db: database.db,
        payments: app.payments,
        games: app.games,
        logger: app.log,
      })
    : null;
  if (sandboxes) app.merchantService.invalidate();
  await app.listen({ host: config.host, port: config.port });
  printBanner(config.port, config.publicOrigin, seeded);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // close() disconnects sockets (preClose), stops accepting connections, waits for in-flight
    // requests, then runs the onClose hooks: job workers finish their jobs, Socket.IO and Redis close.
    await app.close();
    await sandboxes?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function printBanner(port: number, publicOrigin: string, seeded: boolean): void {
  const lines = [
    `  Panalo is running on http://localhost:${port}`,
    `  API documentation:   http://localhost:${port}/docs`,
  ];
  if (seeded) lines.push('  The demo merchant "panalo" was created (it answers on localhost and 127.0.0.1).');
  lines.push(`  Links and callbacks name ${publicOrigin} unless a merchant has a main origin of its own.`);
  lines.push('  Demo accounts (account / password):');
  for (const demo of DEMO_ACCOUNTS) lines.push(`    ${demo.account} / ${demo.password}  — ${demo.role}`);
  for (const demo of DEMO_OPERATORS)
    lines.push(`    ${demo.username} / ${demo.password}  — ${demo.role} (at /admin/)`);
  console.log(`\n${lines.join('\n')}\n`);
}

await main();
