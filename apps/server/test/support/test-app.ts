import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
};

/** The whole app on a fresh test database; call close() in afterAll. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'now'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    runJobs: false,
    ...overrides,
  };
  const app = await buildApp({ config, database, ...options });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
