import { type Kysely, sql } from 'kysely';

// Accounts of identity providers (Google, Facebook) linked to members, and the state of logins
// under way: the PKCE verifier and nonce between the redirect out and the callback, then the
// one-time code the browser exchanges for a session.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_identities')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('provider', 'text', (column) => column.notNull())
    /** The provider's stable subject identifier (the ID token's `sub`). */
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('social_identities_subject_uq')
    .on('social_identities')
    .columns(['merchant_id', 'provider', 'subject'])
    .unique()
    .execute();

  await db.schema
    .createTable('social_login_states')
    /** SHA-256 of the `state` parameter, hex. */
    .addColumn('state_hash', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('code_verifier', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('return_to', 'text', (column) => column.notNull())
    /** An agent's invitation code carried from the page that started the login to a new account. */
    .addColumn('affiliate_code', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('callback_at', 'timestamptz')
    /**
     * Set by the callback: the member signed in, or the code of why not; and the hash of the
     * one-time ticket that hands either to the page.
     */
    .addColumn('member_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('login_code_hash', 'text', (column) => column.unique())
    .addColumn('login_code_expires_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('social_login_states_expires_idx')
    .on('social_login_states')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_login_states').execute();
  await db.schema.dropTable('social_identities').execute();
}
