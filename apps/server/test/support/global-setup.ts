import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/platform/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database each test file clones, when DATABASE_URL is set. */
    templateDatabase: string | undefined;
    /** A file holding a migrated PGlite data directory each test file loads, when it is not. */
    pgliteDataDirDump: string | undefined;
  }
}

/**
 * Runs the migrations once per run rather than once per test file: into a template database on the
 * PostgreSQL server of DATABASE_URL, or into an in-memory PGlite whose data directory is dumped to a
 * temporary file. createTestDatabase clones the one or loads the other.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `panalo_test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', connectionString: url.toString(), poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    project.provide('templateDatabase', name);
    project.provide('pgliteDataDirDump', undefined);
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }

  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const directory = await mkdtemp(join(tmpdir(), 'panalo-test-'));
  try {
    await migrateToLatest(handle.db);
    const dump = await handle.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite gave no data directory dump');
    const file = join(directory, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('templateDatabase', undefined);
    project.provide('pgliteDataDirDump', file);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
  }
  return () => rm(directory, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}
