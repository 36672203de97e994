import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './platform/db/database.ts';

/** The exit code of a process whose configuration is wrong (sysexits' EX_CONFIG). */
export const CONFIG_ERROR_EXIT_CODE = 78;

/**
 * The configuration from the environment; undefined, after printing what is wrong with it, when it
 * does not hold together, so that the process ends with CONFIG_ERROR_EXIT_CODE and no stack trace.
 */
export function loadConfigOrReport(): Config | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return undefined;
    }
    throw error;
  }
}

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', connectionString: config.databaseUrl }
      : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
  );
}
