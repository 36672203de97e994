import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { type DatabaseHandle, openDatabase } from '../../src/platform/db/database.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * with a random name on the PostgreSQL server of DATABASE_URL, dropped again on close. The
 * migrations run once per run (global-setup.ts): PGlite loads the migrated data directory and
 * PostgreSQL clones the migrated template database; without them, the file migrates its own.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dumpFile = inject('pgliteDataDirDump');
    if (dumpFile) {
      const loadDataDir = new Blob([await readFile(dumpFile)]);
      return await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir });
    }
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await migrateToLatest(handle.db);
    return handle;
  }

  const template = inject('templateDatabase');
  const name = `panalo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', connectionString: url.toString(), poolSize: 10 });
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
