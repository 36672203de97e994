import { type Kysely, sql } from 'kysely';

// Players, trial accounts and agents of a merchant, their sessions, their login history and the
// second login step asked from an address a member has not used before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    /** The login name as the member typed it; `account_key` is its lower-case form. */
    .addColumn('account', 'text', (column) => column.notNull())
    .addColumn('account_key', 'text', (column) => column.notNull())
    /** 0 member, 4 trial; agents 1, 2, 41, 42 (spec §6, §9). */
    .addColumn('type', 'smallint', (column) =>
      column.notNull().defaultTo(0).check(sql`type in (0, 1, 2, 4, 41, 42)`),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'locked', 'self_excluded')`),
    )
    .addColumn('upline_id', 'text', (column) => column.references('members.id'))
    /** The code an agent hands out so that registrations land under them. */
    .addColumn('affiliate_code', 'text')
    /** The member's own code for the referral programme. */
    .addColumn('referral_code', 'text', (column) => column.notNull())
    /** The referral code the member registered with, if any. */
    .addColumn('referred_by_code', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('password_changed_at', 'timestamptz')
    /** Set by an operator's reset or an emailed temporary password: the next login must change it. */
    .addColumn('must_change_password', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('payment_password_hash', 'text')
    .addColumn('nickname', 'text')
    /** The real name; also the bank account name asked by the second login step. */
    .addColumn('payee_name', 'text')
    .addColumn('email', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('mobile_dialing_code', 'text')
    /** The national number, digits only; with the dialing code it identifies a phone. */
    .addColumn('mobile_number', 'text')
    .addColumn('mobile_verified_at', 'timestamptz')
    .addColumn('birthday', 'date')
    .addColumn('contacts', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('id_number', 'text')
    .addColumn('icon', 'text')
    /** The TOTP secret, sealed with the server's data key; set once enrolment is confirmed. */
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('register_ip', 'text')
    .addColumn('register_domain', 'text')
    .addColumn('register_method', 'text')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('members_account_uq')
    .on('members')
    .columns(['merchant_id', 'account_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('members_mobile_uq')
    .on('members')
    .columns(['merchant_id', 'mobile_dialing_code', 'mobile_number'])
    .unique()
    .where(sql.ref('mobile_number'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('members_affiliate_code_uq')
    .on('members')
    .columns(['merchant_id', 'affiliate_code'])
    .unique()
    .where(sql.ref('affiliate_code'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('members_referral_code_uq')
    .on('members')
    .columns(['merchant_id', 'referral_code'])
    .unique()
    .execute();
  await db.schema.createIndex('members_upline_idx').on('members').column('upline_id').execute();
  await db.schema
    .createIndex('members_email_idx')
    .on('members')
    .columns(['merchant_id', 'email'])
    .where(sql.ref('email'), 'is not', null)
    .execute();

  await db.schema
    .createTable('member_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    /** SHA-256 of the opaque token, hex; the token itself is never stored. */
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('login_method', 'text', (column) => column.notNull())
    .addColumn('agent_page', 'boolean', (column) => column.notNull().defaultTo(false))
    /** A session that may only change the password or log out (API.md, "Sessions and roles"). */
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
    .createIndex('member_sessions_live_idx')
    .on('member_sessions')
    .column('member_id')
    .where(sql.ref('ended_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('member_logins')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('session_id', 'text')
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('country', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('member_logins_member_idx')
    .on('member_logins')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_logins_member_ip_idx')
    .on('member_logins')
    .columns(['member_id', 'ip'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('member_id', 'text', (column) => column.notNull().references('members.id'))
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('methods', sql`text[]`, (column) => column.notNull())
    /** What the first step established (login type, agent page), replayed when the step is done. */
    .addColumn('context', 'jsonb', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('completed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('member_logins').execute();
  await db.schema.dropTable('member_sessions').execute();
  await db.schema.dropTable('members').execute();
}
