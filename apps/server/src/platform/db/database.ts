import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema.ts';
import { prepareMarkedStatements } from './prepared-statements.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /** The embedded engine, when kind is pglite (pg-boss runs on it directly). */
  pglite: PGlite | undefined;
  /** The connection string, when kind is postgres. */
  connectionString: string | undefined;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      connectionString: string;
      poolSize?: number;
      /** Told when the server ends an idle pooled connection; the pool opens another on demand. */
      onIdleClientError?: (error: Error) => void;
    }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** A data directory dumped by PGlite's dumpDataDir, to start from (tests load a migrated one). */
      loadDataDir?: Blob;
    };

// PostgreSQL hands back int8 and numeric as strings; money is bigint in this code base, so
// int8 (OID 20) is parsed to bigint once here and nowhere else.
const INT8_OID = 20;
// A date (OID 1082) is a calendar day, not an instant: it is read as its yyyy-MM-dd text, never
// turned into a Date at midnight of the process's own time zone.
const DATE_OID = 1082;
const asText = (value: string) => value;
const POOL_SIZE_DEFAULT = 20;
const STATEMENT_TIMEOUT_MS = 15_000;

/** Opens the platform database: PostgreSQL when a connection string is given, else embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? POOL_SIZE_DEFAULT,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (value: string) => BigInt(value)
            : oid === DATE_OID
              ? asText
              : pg.types.getTypeParser(oid, format),
      },
    });
    pool.on('connect', prepareMarkedStatements);
    // Without a listener, an idle connection ended by the server (a restart, a dropped database)
    // would be an uncaught 'error' event and take the process down.
    pool.on('error', options.onIdleClientError ?? ((error) => console.warn(`database: ${error.message}`)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kind: 'postgres',
      db,
      pglite: undefined,
      connectionString: options.connectionString,
      close: () => db.destroy(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [INT8_OID]: (value: string) => BigInt(value), [DATE_OID]: asText },
    // Game search's trigram index (migration 0080).
    extensions: { pg_trgm },
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    kind: 'pglite',
    db,
    pglite,
    connectionString: undefined,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** The database's name (PostgreSQL's, from its connection string), or undefined for the embedded one. */
export function databaseNameOf(handle: Pick<DatabaseHandle, 'connectionString'>): string | undefined {
  if (!handle.connectionString) return undefined;
  return decodeURIComponent(new URL(handle.connectionString).pathname.slice(1)) || undefined;
}
