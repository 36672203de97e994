import { type Kysely, sql } from 'kysely';

// The member's internal inbox (spec §3 "Messages"): what happened to their money and mail from the
// site. A message keeps its kind and parameters, and is worded in the reader's language when read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('params', 'jsonb', (column) => column.notNull())
    /** Makes a message once-only: the same event told twice (a retried callback) is one message. */
    .addColumn('dedupe_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('member_messages_dedupe_uq')
    .on('member_messages')
    .columns(['member_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('member_messages_member_idx')
    .on('member_messages')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_messages_unread_idx')
    .on('member_messages')
    .column('member_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_messages').execute();
}
