import { type Kysely, sql } from 'kysely';

/**
 * The back office's staff: roles with their permissions, operator accounts (apart from players),
 * and their sessions. An operator without a merchant is a platform owner and sees every merchant.
 * The built-in roles exist once for the whole platform (merchant_id null); their permissions are
 * defined in code (modules/operator/permissions.ts) so that a later area adding a permission does
 * not need a migration. Custom roles belong to one merchant and keep their permissions here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_roles')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.references('merchants.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('is_builtin', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('permissions', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('operator_roles_builtin_is_platform_wide', sql`not is_builtin or merchant_id is null`)
    .addCheckConstraint('operator_roles_custom_has_merchant', sql`is_builtin or merchant_id is not null`)
    .execute();
  await db.schema
    .createIndex('operator_roles_name_uq')
    .on('operator_roles')
    .expression(sql`coalesce(merchant_id, ''), lower(name)`)
    .unique()
    .execute();
  await db
    .insertInto('operator_roles' as never)
    .values(
      (['owner', 'admin', 'finance', 'risk', 'support', 'content'] as const).map((id) => ({
        id,
        name: id[0]?.toUpperCase() + id.slice(1),
        is_builtin: true,
      })) as never,
    )
    .execute();

  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** Null for a platform owner, who sees every merchant. */
    .addColumn('merchant_id', 'text', (column) => column.references('merchants.id'))
    /** The login name as typed; `username_key` is its lower-case form, unique on the platform. */
    .addColumn('username', 'text', (column) => column.notNull())
    .addColumn('username_key', 'text', (column) => column.notNull().unique())
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('role_id', 'text', (column) => column.notNull().references('operator_roles.id'))
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'locked')`),
    )
    /** argon2id. */
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('password_changed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    /** Set for a new account or after a reset: the next sign-in must choose a new password. */
    .addColumn('must_change_password', 'boolean', (column) => column.notNull().defaultTo(false))
    /** The authenticator secret, sealed with the server's key; pending until totp_enabled_at is set. */
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    /** The last authenticator step used, so that one code never signs in twice. */
    .addColumn('totp_last_step', 'bigint')
    /** Failed sign-ins since the last successful one, shown to whoever manages staff. */
    .addColumn('failed_login_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_failed_login_at', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('last_login_ip', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('operators_merchant_idx').on('operators').column('merchant_id').execute();
  await db.schema.createIndex('operators_role_idx').on('operators').column('role_id').execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** SHA-256 of the opaque token, hex; the token itself is never stored. */
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('operator_id', 'text', (column) => column.notNull().references('operators.id'))
    /** A session that may only change the password or sign out. */
    .addColumn('password_change_required', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('idle_expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema
    .createIndex('operator_sessions_live_idx')
    .on('operator_sessions')
    .column('operator_id')
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
  await db.schema.dropTable('operator_roles').execute();
}
