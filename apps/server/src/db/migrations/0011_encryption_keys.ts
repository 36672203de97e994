import { type Kysely, sql } from 'kysely';

// RSA-OAEP-256 key pairs for sealed request bodies. The newest active row is the current key, the
// one before it stays accepted until the next rotation retires it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('encryption_keys')
    .addColumn('kid', 'text', (column) => column.primaryKey())
    .addColumn('public_jwk', 'jsonb', (column) => column.notNull())
    .addColumn('private_jwk', 'jsonb', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('encryption_keys_active_idx')
    .on('encryption_keys')
    .column('created_at')
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('encryption_keys').execute();
}
