/**
 * Generated bench data kept as a template database on the PostgreSQL server: named by a hash of
 * the generator's version and text, the sizes and the migrations, generated once into a database
 * of a temporary name and renamed when complete (a run cut off while generating leaves nothing
 * to be reused), then copied by each run (`CREATE DATABASE … TEMPLATE …`) in seconds. Templates of
 * other keys stay on the server until dropped by hand.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runAdminQuery } from './database.ts';

/** A template's name: `prefix` and a hash of the generator (its version, sizes and text) and the migrations' text. */
export function templateNameOf(
  prefix: string,
  generator: { version: number; sizes: Record<string, number>; text: string },
): string {
  const directory = path.join(import.meta.dirname, '../../apps/server/src/db/migrations');
  const migrations = readdirSync(directory).sort();
  const hash = createHash('sha256')
    .update(JSON.stringify({ version: generator.version, sizes: generator.sizes, migrations }))
    .update(generator.text);
  // A migration edited in place (an index added, a key dropped) makes a new template too.
  for (const migration of migrations) hash.update(readFileSync(path.join(directory, migration)));
  const key = hash.digest('hex').slice(0, 16);
  return `${prefix}${key}`;
}

/** The template `name` on the server of serverUrl, made by `generate` (into an empty database) when missing. */
export async function ensureTemplate(
  serverUrl: string,
  name: string,
  log: (line: string) => void,
  generate: (connectionString: string) => Promise<void>,
): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  let exists: boolean;
  try {
    exists = (await client.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  } finally {
    await client.end();
  }
  if (exists) {
    log(`  template ${name} found`);
    return name;
  }
  const building = `${name}_building`;
  log(`  generating template ${name}`);
  await runAdminQuery(serverUrl, `drop database if exists ${building} with (force)`);
  await runAdminQuery(serverUrl, `create database ${building}`);
  try {
    const started = performance.now();
    await generate(databaseUrlOf(serverUrl, building));
    log(`  generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    await runAdminQuery(serverUrl, `drop database if exists ${building} with (force)`);
    throw error;
  }
  await runAdminQuery(serverUrl, `alter database ${building} rename to ${name}`);
  return name;
}

/** The address of database `name` on the server of serverUrl. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A copy of a template for one run, with its address and its drop. */
export async function copyTemplate(
  serverUrl: string,
  template: string,
  name: string,
): Promise<{ connectionString: string; drop(): Promise<void> }> {
  await runAdminQuery(serverUrl, `create database ${name} template ${template}`);
  return {
    connectionString: databaseUrlOf(serverUrl, name),
    drop: () => runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
