import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { createTestDatabase } from './test-database.ts';

export type PlatformTestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
};

/**
 * Like createTestApp(), with the platform's test seams: test-only routes, a socket token resolver,
 * job tuning, and an existing database (two apps on one database play two server processes).
 */
export async function createPlatformTestApp(
  options: Omit<Partial<AppOptions>, 'config'> & { config?: Partial<Config> } = {},
): Promise<PlatformTestApp> {
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const config: Config = { ...loadConfig({ NODE_ENV: 'test' }), runJobs: false, ...options.config };
  const app = await buildApp({ ...options, config, database });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
