import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { prepared, statementNameOf } from './prepared-statements.ts';

// Compiles without a database: the names depend on the text alone.
const sqlOnly = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('prepared statements: names', () => {
  it('names a marked text by its hash, the same text always alike, and leaves an unmarked one unnamed', () => {
    const first = sql`${prepared}select ${1} as one`.compile(sqlOnly);
    const again = sql`${prepared}select ${2} as one`.compile(sqlOnly);
    const other = sql`${prepared}select ${1} as two`.compile(sqlOnly);
    const name = statementNameOf(first.sql);
    expect(name).toMatch(/^panalo_[0-9a-f]{32}$/);
    expect(statementNameOf(again.sql)).toBe(name);
    expect(statementNameOf(other.sql)).not.toBe(name);
    expect(statementNameOf(sql`select ${1} as one`.compile(sqlOnly).sql)).toBeUndefined();
  });
});

describe(`prepared statements (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table prepared_probe (id integer primary key, label text not null)`.execute(database.db);
    await sql`insert into prepared_probe (id, label) values (1, 'one'), (2, 'two')`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const readProbe = (id: number) =>
    sql<{ id: number; label: string }>`${prepared}select id, label from prepared_probe where id = ${id}`;

  it('answers a marked statement as any other, run after run on one connection', async () => {
    await database.db.connection().execute(async (connection) => {
      for (const id of [1, 2, 1, 2, 1, 2, 1]) {
        const { rows } = await readProbe(id).execute(connection);
        expect(rows).toEqual([{ id, label: id === 1 ? 'one' : 'two' }]);
      }
      if (database.kind !== 'postgres') return;
      // PostgreSQL holds it prepared under its name on the connection, parsed once.
      const name = statementNameOf(readProbe(1).compile(database.db).sql);
      const held = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection);
      expect(held.rows.map((row) => row.name)).toContain(name);
    });
  });

  it('keeps answering when a column is added to a table it reads by column names', async () => {
    await database.db.connection().execute(async (connection) => {
      expect((await readProbe(1).execute(connection)).rows).toEqual([{ id: 1, label: 'one' }]);
      // As a migration of another process would (the embedded database has one connection).
      await sql`alter table prepared_probe add column added text`.execute(
        database.kind === 'postgres' ? database.db : connection,
      );
      expect((await readProbe(1).execute(connection)).rows).toEqual([{ id: 1, label: 'one' }]);
    });
  });
});
