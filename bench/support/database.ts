/**
 * The benches' databases: each run makes its own database on the PostgreSQL server of
 * DATABASE_URL and drops it at the end, or uses an in-memory PGlite when there is none.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { seedDemoMerchant } from '../../apps/server/src/seed/demo-merchant.ts';

/** Runs one statement on the server's maintenance database (create or drop a database). */
export async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs a statement on a bench database with a client of its own (set-up and the final audit). */
export async function query<T extends pg.QueryResultRow>(
  connectionString: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export type BenchDatabase = { connectionString: string; drop(): Promise<void> };

/** A fresh database with a random name on the PostgreSQL server of serverUrl. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `panalo_bench_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    drop: () => runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The database a served app runs on: a fresh one on DATABASE_URL's server, else PGlite in memory,
 * not migrated yet (see migrateAndSeed). close() closes it and drops a PostgreSQL one.
 */
export async function openServedDatabase(): Promise<{ database: DatabaseHandle; close(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  const created = serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  const database = await openDatabase(
    created
      ? { kind: 'postgres', connectionString: created.connectionString }
      : { kind: 'pglite', dataDir: undefined },
  );
  const close = async () => {
    await database.close();
    await created?.drop();
  };
  return { database, close };
}

/** Migrates a database and seeds the demo merchant into it. */
export async function migrateAndSeed(database: DatabaseHandle): Promise<void> {
  await migrateToLatest(database.db);
  await seedDemoMerchant(database.db);
}
